# Runs `${BENCH} signature` twice and fails unless both runs print the same
# "signature nodes N" line and the same per-item lines, and N is the number
# pinned in ${EXPECTED} (bench/signature.txt). The second run uses the
# baseline search variant (DDTB_ISA=base, core/isa.hpp), so the check also
# shows that the variants search the same tree. Used by CTest
# (bench/CMakeLists.txt, and wasm/tests/tests.cmake with RUNNER=node for the
# WebAssembly ddtb-bench.js, whose one variant is the portable one):
#   cmake [-DRUNNER=<node>] -DBENCH=<path to ddtb-bench> -DEXPECTED=<signature.txt> -P check_signature.cmake
if(NOT BENCH OR NOT EXPECTED)
  message(FATAL_ERROR "usage: cmake -DBENCH=<ddtb-bench> -DEXPECTED=<signature.txt> -P check_signature.cmake")
endif()
file(STRINGS "${EXPECTED}" pinned REGEX "^[0-9]+$")
list(LENGTH pinned n_pinned)
if(NOT n_pinned EQUAL 1)
  message(FATAL_ERROR "${EXPECTED}: expected one line holding the node count, found ${n_pinned}")
endif()

set(totals "")
set(env_1 "")
set(env_2 DDTB_ISA=base)
foreach(run 1 2)
  execute_process(COMMAND ${CMAKE_COMMAND} -E env ${env_${run}} ${RUNNER} ${BENCH} signature
                  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "run ${run}: ${BENCH} signature failed (${rc}):\n${err}")
  endif()
  if(NOT out MATCHES "signature nodes ([0-9]+)")
    message(FATAL_ERROR "run ${run}: no 'signature nodes' line in:\n${out}")
  endif()
  message(STATUS "run ${run}: signature nodes ${CMAKE_MATCH_1} (${err})")
  list(APPEND totals ${CMAKE_MATCH_1})
  set(out_${run} "${out}")
endforeach()

list(GET totals 0 first)
list(GET totals 1 second)
if(NOT first STREQUAL second)
  message(FATAL_ERROR "the signature differs between two runs: ${first} vs ${second}")
endif()
if(NOT out_1 STREQUAL out_2)
  message(FATAL_ERROR "same total, but the per-item output differs:\n${out_1}\n---\n${out_2}")
endif()
if(NOT first STREQUAL pinned)
  message(FATAL_ERROR "the search's node count changed: ddtb-bench counts ${first}, "
                      "${EXPECTED} says ${pinned}. If the change to the search is meant, "
                      "write the new number there and give both in the commit message.")
endif()

