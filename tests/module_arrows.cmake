# Fails when a source file includes a header against the modules' arrows
# (docs/ARCHITECTURE.md): core/ at the bottom; tablebase/ and solver/ on
# core/ only; the builder on core/, tablebase/ and the search interface
# (solver/search.hpp) and tools/; the C API on the public headers
# (include/ddtb/) and core/, as the Python module (python/) and the
# WebAssembly binding (wasm/src/); the CLI on those and tools/ (the tools' shared
# command line and progress bar, itself on core/ only). Every module may include include/ddtb/, whose
# headers include only each other. bench/, tests/ and examples/ may include
# anything. Used by CTest: cmake -DSOURCE_DIR=<repo> -P module_arrows.cmake
if(NOT SOURCE_DIR)
  message(FATAL_ERROR "usage: cmake -DSOURCE_DIR=<repo> -P module_arrows.cmake")
endif()

# module -> what its files may include besides ddtb/ and themselves
set(allowed_core "")
set(allowed_solver "core")
set(allowed_tablebase "core")
set(allowed_builder "core;tablebase;solver/search.hpp;tools")
set(allowed_capi "core")
set(allowed_cli "core;tools")
set(allowed_tools "core")
set(allowed_python "core")
set(allowed_wasm "core")
set(allowed_include "")

set(violations 0)
foreach(module core solver tablebase builder capi cli tools python wasm include)
  if(module STREQUAL "include")
    file(GLOB_RECURSE files "${SOURCE_DIR}/include/*.h" "${SOURCE_DIR}/include/*.hpp")
  elseif(module STREQUAL "python" OR module STREQUAL "wasm")
    # The binding's sources; its tests (python/tests/, wasm/tests/) and
    # wasm/bench_main.cpp (a benchmark) may include anything.
    file(GLOB_RECURSE files "${SOURCE_DIR}/${module}/src/*.hpp" "${SOURCE_DIR}/${module}/src/*.cpp")
  else()
    file(GLOB_RECURSE files "${SOURCE_DIR}/${module}/*.h" "${SOURCE_DIR}/${module}/*.hpp"
         "${SOURCE_DIR}/${module}/*.c" "${SOURCE_DIR}/${module}/*.cpp")
  endif()
  if(NOT files)
    message(SEND_ERROR "module ${module}: no source files found under ${SOURCE_DIR}")
    math(EXPR violations "${violations} + 1")
  endif()
  foreach(f IN LISTS files)
    file(STRINGS "${f}" lines REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
    foreach(line IN LISTS lines)
      string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*\"([^\"]*)\".*" "\\1" header "${line}")
      if(NOT header MATCHES "/")
        continue()  # a file next to the includer
      endif()
      string(REGEX REPLACE "/.*" "" folder "${header}")
      if(folder STREQUAL "ddtb" OR folder STREQUAL module)
        continue()
      endif()
      set(ok FALSE)
      foreach(a IN LISTS allowed_${module})
        if(folder STREQUAL a OR header STREQUAL a)
          set(ok TRUE)
        endif()
      endforeach()
      if(NOT ok)
        file(RELATIVE_PATH rel "${SOURCE_DIR}" "${f}")
        message(SEND_ERROR "${rel}: includes \"${header}\": module ${module}/ may include only "
                           "include/ddtb/, ${module}/ and: ${allowed_${module}}")
        math(EXPR violations "${violations} + 1")
      endif()
    endforeach()
  endforeach()
endforeach()
if(violations GREATER 0)
  message(FATAL_ERROR "${violations} include(s) against the module arrows")
endif()
message(STATUS "module arrows: every include goes the right way")
