# The replay benchmark end to end, for CTest (bench/CMakeLists.txt):
#   cmake -DGEN=<ddtb-replay-gen> -DRUNNER=<ddtb-vs-dds> -DDIR=<scratch dir>
#         -DMODE=replay|ben|malformed -P check_replay.cmake
# replay:    generates a tiny workload of mix v1 (2 deals, 4 boards per call)
#            and replays it with --rounds 1; every answer must agree (exit 0).
# ben:       the same with the calibrated mix (2 deals, every call capped at
#            6 boards) and --rounds 2; every answer must agree, the file must
#            hold the mix's four purposes and no "dd" call, and the report
#            must print libdds's share per purpose and the per-call spread.
# malformed: the workload of "replay" with one line broken, twice (bad JSON,
#            then a field out of range); the runner must refuse it (exit 2)
#            with a message naming the file, the line and the column.
# No timing is checked.
foreach(var GEN RUNNER DIR MODE)
  if(NOT ${var})
    message(FATAL_ERROR "check_replay.cmake needs -D${var}=...")
  endif()
endforeach()

file(MAKE_DIRECTORY ${DIR})
set(work ${DIR}/tiny.jsonl)
if(MODE STREQUAL "ben")
  set(gen_args --mix ben --boards 6)
  set(rounds 2)
else()
  set(gen_args --mix v1 --boards 4)
  set(rounds 1)
endif()
execute_process(COMMAND ${GEN} --seed 7 --deals 2 ${gen_args} --quiet --out ${work}
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${GEN} failed (${rc}):\n${err}")
endif()

# Replays `file` with --rounds ${rounds} and requires exit status `want`;
# leaves the outputs in `out` and `err`.
function(replay file want)
  execute_process(COMMAND ${RUNNER} --replay ${file} --rounds ${rounds} --quiet
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message(STATUS "${file}: exit ${rc}\n${out}${err}")
  if(NOT rc EQUAL want)
    message(FATAL_ERROR "ddtb-vs-dds --replay ${file}: exit status ${rc}, expected ${want}")
  endif()
  set(out "${out}" PARENT_SCOPE)
  set(err "${err}" PARENT_SCOPE)
endfunction()

if(MODE STREQUAL "replay" OR MODE STREQUAL "ben")
  replay(${work} 0)
  if(NOT out MATCHES "all [0-9]+ calls \\([0-9]+ boards\\) agree \\(ddtb = dds = file\\)")
    message(FATAL_ERROR "no 'all ... agree' line in:\n${out}")
  endif()
  if(MODE STREQUAL "replay")
    return()
  endif()
  file(READ ${work} text)
  foreach(purpose bid lead play claimcheck)
    if(NOT text MATCHES "\"purpose\":\"${purpose}\"")
      message(FATAL_ERROR "the ben mix wrote no ${purpose} call")
    endif()
  endforeach()
  if(text MATCHES "\"purpose\":\"dd\"")
    message(FATAL_ERROR "the ben mix wrote a dd call")
  endif()
  foreach(line "dds cpu share per purpose \\(per cent\\), median of 2 rounds: bid [0-9.]+"
               "median of 2 rounds: total [0-9.]+"
               "\nper call \\(each side's median CPU time of 2 rounds"
               "\ntotal +[0-9]+ +[-0-9.]+ +[-0-9.]+ +[-0-9.]+ +[0-9]+ +[0-9]+\n"
               "\ntotal nt +[0-9]+ +[0-9]+ +[0-9.]+ s +[0-9.]+ s "
               "\ntotal suit +[0-9]+ +[0-9]+ +[0-9.]+ s +[0-9.]+ s "
               "\ntotal nt +[0-9]+ +[0-9]+ +[0-9.]+\n")
    if(NOT out MATCHES "${line}")
      message(FATAL_ERROR "no line matching '${line}' in:\n${out}")
    endif()
  endforeach()
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
