# libdds.so.0 exports exactly the functions the C API's headers declare
# (include/ddtb/dll.h and dds_c_api.h, every declaration marked
# DDTB_DDS_API): capi/libdds.map lists each of them and nothing else.
#   cmake -DNM=nm -DLIBRARY=libdds.so.0 -DHEADERS="dll.h;dds_c_api.h" -P capi_exports.cmake
separate_arguments(headers NATIVE_COMMAND "${HEADERS}")
set(declared "")
foreach(header IN LISTS headers)
  file(READ "${header}" text)
  # The name before the first '(' after DDTB_DDS_API; the macro's own
  # definitions (__declspec(...), __attribute__(...)) are not functions.
  string(REGEX MATCHALL "DDTB_DDS_API[^(#]*[^A-Za-z0-9_][A-Za-z_][A-Za-z0-9_]*[ \t\n]*\\("
         found "${text}")
  foreach(declaration IN LISTS found)
    string(REGEX MATCH "([A-Za-z_][A-Za-z0-9_]*)[ \t\n]*\\($" _ "${declaration}")
    set(name "${CMAKE_MATCH_1}")  # if(MATCHES) below resets CMAKE_MATCH_1
    if(NOT name MATCHES "^__")
      list(APPEND declared "${name}")
    endif()
  endforeach()
endforeach()

execute_process(COMMAND ${NM} -D --defined-only "${LIBRARY}" OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${NM} failed on ${LIBRARY}")
endif()
string(REGEX MATCHALL "[0-9a-f]+ [A-Za-z] [^\n]+" lines "${out}")
set(exported "")
foreach(line IN LISTS lines)
  string(REGEX REPLACE "^[0-9a-f]+ [A-Za-z] ([^@ ]+).*$" "\\1" name "${line}")
  list(APPEND exported "${name}")
endforeach()

list(SORT declared)
list(REMOVE_DUPLICATES declared)
list(SORT exported)
set(missing ${declared})
list(REMOVE_ITEM missing ${exported})
set(extra ${exported})
list(REMOVE_ITEM extra ${declared})
if(missing OR extra)
  message(FATAL_ERROR "libdds.so.0 and the headers disagree (capi/libdds.map):\n"
                      "  declared, not exported: ${missing}\n  exported, not declared: ${extra}")
endif()
list(LENGTH declared n)
message(STATUS "libdds.so.0 exports the ${n} functions the headers declare, nothing else")
