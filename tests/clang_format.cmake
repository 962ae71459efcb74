# Fails when a source file is not formatted as .clang-format says, naming the
# files (fix them with: clang-format-14 -i FILE...). Used by CTest:
#   cmake -DCLANG_FORMAT=<clang-format-14> -DSOURCE_DIR=<repo> -P clang_format.cmake
# The version is pinned: another clang-format formats some constructs
# differently.
if(NOT SOURCE_DIR)
  message(FATAL_ERROR "usage: cmake -DCLANG_FORMAT=<clang-format-14> -DSOURCE_DIR=<repo> -P clang_format.cmake")
endif()
# A missing tool fails the check: the formatting would go unchecked.
if(NOT CLANG_FORMAT OR NOT EXISTS "${CLANG_FORMAT}")
  message(FATAL_ERROR "clang-format-14 not found (CLANG_FORMAT=\"${CLANG_FORMAT}\"): the "
                      "formatting cannot be checked. Install it (Debian: apt-get install "
                      "clang-format-14, or scripts/install-deps.sh) and configure again.")
endif()
set(files "")
foreach(dir core solver tablebase builder capi cli tools python wasm bench tests include)
  file(GLOB_RECURSE found "${SOURCE_DIR}/${dir}/*.c" "${SOURCE_DIR}/${dir}/*.h"
       "${SOURCE_DIR}/${dir}/*.cpp" "${SOURCE_DIR}/${dir}/*.hpp")
  list(APPEND files ${found})
endforeach()
# What `pip install ./python` leaves in the source tree (python/build: CMake's
# own probe sources) is not ours.
list(FILTER files EXCLUDE REGEX "/python/build/")
set(bad "")
foreach(f IN LISTS files)
  execute_process(COMMAND "${CLANG_FORMAT}" --dry-run -Werror "${f}"
                  RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
  if(NOT rc EQUAL 0)
    file(RELATIVE_PATH rel "${SOURCE_DIR}" "${f}")
    list(APPEND bad "${rel}")
  endif()
endforeach()
list(LENGTH files n_files)
if(bad)
  list(LENGTH bad n_bad)
  string(REPLACE ";" "\n  " bad_text "${bad}")
  message(FATAL_ERROR "${n_bad} of ${n_files} files are not formatted (clang-format-14 -i):\n  ${bad_text}")
endif()
message(STATUS "all ${n_files} source files formatted")
