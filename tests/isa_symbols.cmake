# Checks the rule of core/isa.hpp on the objects of the x86-64-v3 search:
# every function they define outside the isa_v3 namespace would be linked
# by name, so a weak one (an inline function, a template) could replace the
# baseline's copy and run x86-64-v3 instructions on any CPU. Only strong
# definitions of the one factory may live outside it.
#   cmake -DNM=nm -DOBJECTS="a.o;b.o" -P isa_symbols.cmake
separate_arguments(objects NATIVE_COMMAND "${OBJECTS}")
set(bad "")
foreach(obj IN LISTS objects)
  execute_process(COMMAND ${NM} -C --defined-only ${obj} OUTPUT_VARIABLE out RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${NM} failed on ${obj}")
  endif()
  string(REPLACE "\n" ";" lines "${out}")
  foreach(line IN LISTS lines)
    # Symbol kinds: W/V weak, u unique global, T/t/i code.
    if(NOT line MATCHES "^[0-9a-f]+ ([WVuTi]) (.*)$")
      continue()
    endif()
    set(name "${CMAKE_MATCH_2}")
    if(name MATCHES "isa_v3|^typeinfo |^vtable |^DW\\.ref\\.|^ddtb::detail::make_search_isa_v3\\(")
      continue()
    endif()
    string(APPEND bad "  ${obj}: ${line}\n")
  endforeach()
endforeach()
if(bad)
  message(FATAL_ERROR "symbols of the x86-64-v3 search outside its namespace:\n${bad}")
endif()
list(LENGTH objects n)
message(STATUS "${n} objects checked: every symbol is in isa_v3")
