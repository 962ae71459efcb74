# The compiler warnings of the project's own code, in one place.
#
#   ddtb_warnings(<target> [PEDANTIC] [ERRORS])
#
# GCC and Clang (emscripten's too): -Wall -Wextra on the target's C and C++
# sources; PEDANTIC adds -pedantic (strict ISO), ERRORS -Werror (the C
# programs that check the public C headers compile with no warning at all).
# Other compilers get nothing. Warnings are PRIVATE: a target's warnings
# never reach what links it.
function(ddtb_warnings target)
  cmake_parse_arguments(ARG "PEDANTIC;ERRORS" "" "" ${ARGN})
  set(flags -Wall -Wextra)
  if(ARG_PEDANTIC)
    list(APPEND flags -pedantic)
  endif()
  if(ARG_ERRORS)
    list(APPEND flags -Werror)
  endif()
  list(JOIN flags "$<SEMICOLON>" flags)
  target_compile_options(${target} PRIVATE
    "$<$<OR:$<COMPILE_LANG_AND_ID:CXX,GNU,Clang>,$<COMPILE_LANG_AND_ID:C,GNU,Clang>>:${flags}>")
endfunction()
