# libddtb.so exports exactly the symbols listed in tests/library_exports.txt:
# the ABI of libddtb.so.<major> that programs link against (docs/USAGE.md,
# "ABI"). Demangled (nm -C), without addresses and symbol kinds, sorted; a
# constructor or destructor appears once per variant the library defines.
#   cmake -DNM=nm -DLIBRARY=libddtb.so -DLIST=tests/library_exports.txt -P library_exports.cmake
# -DUPDATE=ON writes the library's list to LIST instead of comparing.
foreach(var NM LIBRARY LIST)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "library_exports.cmake: -D${var}=... is required")
  endif()
endforeach()

execute_process(COMMAND ${NM} -D --defined-only -C "${LIBRARY}"
                OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${NM} failed on ${LIBRARY}")
endif()
# Each line: address, kind, name.
string(REPLACE "\n" ";" lines "${out}")
set(exported "")
foreach(line IN LISTS lines)
  if(line MATCHES "^[0-9a-f]+ [A-Za-z] (.+)$")
    list(APPEND exported "${CMAKE_MATCH_1}")
  endif()
endforeach()
list(SORT exported)
list(JOIN exported "\n" exported_text)
set(header
    "# The symbols libddtb.so exports (tests/library_exports.cmake): the ABI of\n"
    "# libddtb.so.<major>. Removing or changing a line breaks programs linked\n"
    "# against the library (docs/USAGE.md, \"ABI\").\n")
string(CONCAT exported_text ${header} "${exported_text}\n")

set(update_command
    "cmake -DNM=${NM} -DLIBRARY=${LIBRARY} -DLIST=${LIST} -DUPDATE=ON -P ${CMAKE_CURRENT_LIST_FILE}")
if(UPDATE)
  file(WRITE "${LIST}" "${exported_text}")
  list(LENGTH exported n)
  message(STATUS "wrote the ${n} symbols of ${LIBRARY} to ${LIST}")
  return()
endif()

if(NOT EXISTS "${LIST}")
  message(FATAL_ERROR "no list ${LIST}; make it with:\n  ${update_command}")
endif()
file(READ "${LIST}" listed_text)
if(listed_text STREQUAL exported_text)
  list(LENGTH exported n)
  message(STATUS "${LIBRARY} exports the ${n} symbols of ${LIST}, nothing else")
  return()
endif()

# The difference, as diff shows it (diffutils is on every Debian system).
get_filename_component(name "${LIBRARY}" NAME)
set(actual "${CMAKE_CURRENT_BINARY_DIR}/${name}.exports.txt")
file(WRITE "${actual}" "${exported_text}")
find_program(DIFF diff)
if(DIFF)
  execute_process(COMMAND ${DIFF} -u "${LIST}" "${actual}" OUTPUT_VARIABLE difference)
else()
  set(difference "(no diff program: compare ${LIST} with ${actual})")
endif()
message(FATAL_ERROR
  "${LIBRARY} does not export the symbols of ${LIST} (- listed only, + exported only):\n"
  "${difference}\n"
  "A symbol only added keeps programs built against the listed ABI working; a "
  "symbol removed or changed breaks them, which libddtb.so.<major> must not do "
  "(docs/USAGE.md, \"ABI\"). When the change is meant, update the list and commit it:\n"
  "  ${update_command}")
