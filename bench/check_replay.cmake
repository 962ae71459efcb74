# The replay benchmark end to end, for CTest (bench/CMakeLists.txt):
#   cmake -DGEN=<ddtb-replay-gen> -DRUNNER=<ddtb-vs-dds> -DDIR=<scratch dir>
#         -DMODE=replay|malformed -P check_replay.cmake
# replay:    generates a tiny workload (2 deals, 4 boards per call) and
#            replays it with --rounds 1; every answer must agree (exit 0).
# malformed: the same workload with one line broken, twice (bad JSON, then a
#            field out of range); the runner must refuse it (exit 2) with a
#            message naming the file, the line and the column.
# No timing is checked.
foreach(var GEN RUNNER DIR MODE)
  if(NOT ${var})
    message(FATAL_ERROR "check_replay.cmake needs -D${var}=...")
  endif()
endforeach()

file(MAKE_DIRECTORY ${DIR})
set(work ${DIR}/tiny.jsonl)
execute_process(COMMAND ${GEN} --seed 7 --deals 2 --boards 4 --quiet --out ${work}
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${GEN} failed (${rc}):\n${err}")
endif()

# Replays `file` with --rounds 1 and requires exit status `want`; leaves the
# outputs in `out` and `err`.
function(replay file want)
  execute_process(COMMAND ${RUNNER} --replay ${file} --rounds 1 --quiet
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message(STATUS "${file}: exit ${rc}\n${out}${err}")
  if(NOT rc EQUAL want)
    message(FATAL_ERROR "ddtb-vs-dds --replay ${file}: exit status ${rc}, expected ${want}")
  endif()
  set(out "${out}" PARENT_SCOPE)
  set(err "${err}" PARENT_SCOPE)
endfunction()

if(MODE STREQUAL "replay")
  replay(${work} 0)
  if(NOT out MATCHES "all [0-9]+ calls \\([0-9]+ boards\\) agree \\(ddtb = dds = file\\)")
    message(FATAL_ERROR "no 'all ... agree' line in:\n${out}")
  endif()
  return()
endif()

# Line 3 is the first solve record (line 1 is "meta", line 2 "board").
file(STRINGS ${work} lines)
list(GET lines 2 solve)
string(SUBSTRING "${solve}" 0 40 truncated)  # ends inside the record: bad JSON
string(REPLACE "\"strain_i\":" "\"strain_i\":7,\"x\":" out_of_range "${solve}")
foreach(case truncated out_of_range)
  set(broken ${lines})
  list(REMOVE_AT broken 2)
  list(INSERT broken 2 "${${case}}")
  list(JOIN broken "\n" text)
  file(WRITE ${DIR}/${case}.jsonl "${text}\n")
  replay(${DIR}/${case}.jsonl 2)
  if(NOT err MATCHES "${case}\\.jsonl:3:[0-9]+: ")
    message(FATAL_ERROR "${case}: the message does not name line 3 and a column:\n${err}")
  endif()
endforeach()
