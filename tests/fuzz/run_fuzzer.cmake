# Runs one libFuzzer target for a fixed time (tests/fuzz/fuzz.cmake):
#   cmake -DFUZZER=<binary> -DSECONDS=<s> -DWORK=<dir> -DSEEDS=<dir>
#         [-DREGRESSIONS=<dir>] [-DDICT=<file>] -P run_fuzzer.cmake
# The environment variable DDTB_FUZZ_SECONDS overrides SECONDS. The corpus
# grown in WORK/corpus is kept between runs; a crashing input is written to
# WORK/artifacts/ and the test fails (libFuzzer exits non-zero on a crash, a
# sanitizer report, a leak, an input running longer than the unit timeout
# or memory above the RSS limit).
if(DEFINED ENV{DDTB_FUZZ_SECONDS})
  set(SECONDS $ENV{DDTB_FUZZ_SECONDS})
endif()
set(unit_timeout 60)  # seconds for one input: any more is a hang
set(rss_limit_mb 2048)
file(MAKE_DIRECTORY ${WORK}/corpus ${WORK}/artifacts)
set(args -max_total_time=${SECONDS} -timeout=${unit_timeout} -rss_limit_mb=${rss_limit_mb}
         -print_final_stats=1 -artifact_prefix=${WORK}/artifacts/)
if(DICT)
  list(APPEND args -dict=${DICT})
endif()
set(corpora ${WORK}/corpus ${SEEDS})
if(REGRESSIONS)
  list(APPEND corpora ${REGRESSIONS})
endif()
message(STATUS "${FUZZER} ${args} ${corpora}")
execute_process(COMMAND ${FUZZER} ${args} ${corpora} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${FUZZER} failed (${rc}); the input is in ${WORK}/artifacts/")
endif()
