# ddtb-vs-dds on seeded random deals, for CTest (bench/CMakeLists.txt):
#   cmake -DRUNNER=<ddtb-vs-dds> -P check_vs_dds.cmake
# The 20 single-answer solves of 3 random deals, two rounds, --per-deal:
# every answer must agree (exit 0) and the per-deal summary must be there.
# --only with --random must be refused (exit 2): random deals have no
# answers to check one side against. --versus-tables none compares ddtb
# with ddtb without tables (the no-trump solves alone with --nt-only), the
# peer named "base". No timing is checked.
if(NOT RUNNER)
  message(FATAL_ERROR "check_vs_dds.cmake needs -DRUNNER=...")
endif()

execute_process(COMMAND ${RUNNER} --random 3 --seed 11 --work trick1 --rounds 2 --per-deal
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "exit ${rc}\n${out}${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "ddtb-vs-dds --random 3 --work trick1: exit status ${rc}, expected 0")
endif()
foreach(line "3 random deals of seed 11 \\(deals 1 to 3\\)"
             "median of 2 rounds: trick1 x20 [0-9.]+"
             "\n +[123] +[0-9.]+ +[0-9.]+ +[0-9.]+( ~)?\n"
             "trick1 x20 per deal: p50 [0-9.]+, p95 [0-9.]+, max [0-9.]+; over 1.0: [0-3] of 3 deals"
             "trick1 x20, the 3 worst deals:"
             "all 3 trick1 x20 sets \\(60 solves\\) agree \\(ddtb = dds\\)")
  if(NOT out MATCHES "${line}")
    message(FATAL_ERROR "no line matching '${line}' in:\n${out}")
  endif()
endforeach()

execute_process(COMMAND ${RUNNER} --random 3 --only ddtb
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "--random")
  message(FATAL_ERROR "--random with --only: exit ${rc}, expected 2 and a message:\n${err}")
endif()

execute_process(COMMAND ${RUNNER} --random 2 --seed 5 --work trick1 --nt-only --versus-tables none
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "--versus-tables none: exit status ${rc}, expected 0:\n${out}${err}")
endif()
foreach(line "base: ddtb as above, without endgame tables"
             "totals +ddtb cpu +base cpu"
             "all 2 trick1 x20 sets \\(8 solves\\) agree \\(ddtb = base\\)")
  if(NOT out MATCHES "${line}")
    message(FATAL_ERROR "no line matching '${line}' in:\n${out}")
  endif()
endforeach()
