# Fuzz targets (docs/HARDENING.md): the PBN reader of ddsolve, the deal
# parser and position factories, the tablebase file reader and the C API's
# input checks.
#
# Every build compiles each target with a small replay main() and replays
# its seed corpus and past findings (tests/fuzz/regressions/<name>/) in the
# default suite: ddtb_fuzz_<name>_replay, a few seconds. With -DDDTB_FUZZ=ON
# (Clang) the targets link libFuzzer instead, and ddtb_fuzz_<name> (labels
# fuzz and long, so never in the default suite) fuzzes each one for
# DDTB_FUZZ_SECONDS and fails on any crash, sanitizer report, leak, timeout
# or out-of-memory:
#   ctest --test-dir build-fuzz -L fuzz --output-on-failure
# The seeds are written at test time by ddtb_fuzz_seeds (a fixture) from
# examples/, tests/data/cli/, tests/data/golden/deals.txt, the 4- and 8-card
# tables built on the spot and DDTB_REF_DIR's list100.txt when present;
# nothing is copied into the tree.
set(DDTB_FUZZ_SECONDS 60 CACHE STRING
    "Seconds each fuzz target runs under ctest -L fuzz (environment DDTB_FUZZ_SECONDS overrides)")

set(_fuzz_src ${CMAKE_CURRENT_LIST_DIR})
set(_fuzz_out ${CMAKE_CURRENT_BINARY_DIR}/fuzz)
set(_fuzz_seeds ${_fuzz_out}/seeds)

add_executable(ddtb_fuzz_seeds ${_fuzz_src}/fuzz_seeds.cpp)
target_link_libraries(ddtb_fuzz_seeds PRIVATE ddtb_test_support ddtb_builder
                      ${DDTB_ZSTD_LIBRARY} ${DDTB_XXHASH_LIBRARY})
target_include_directories(ddtb_fuzz_seeds PRIVATE ${DDTB_ZSTD_INCLUDE} ${DDTB_XXHASH_INCLUDE})
add_test(NAME ddtb_fuzz_seeds
         COMMAND ddtb_fuzz_seeds ${_fuzz_seeds} ${PROJECT_SOURCE_DIR} ${DDTB_REF_DIR})
set_tests_properties(ddtb_fuzz_seeds PROPERTIES FIXTURES_SETUP ddtb_fuzz_seeds TIMEOUT 900)
add_custom_target(ddtb_fuzzers)
add_dependencies(ddtb_fuzzers ddtb_fuzz_seeds)

# ddtb_add_fuzzer(<name> SOURCES <files...> LIBS <libs...> [DICT <file>])
function(ddtb_add_fuzzer name)
  cmake_parse_arguments(ARG "" "DICT" "SOURCES;LIBS" ${ARGN})
  set(target ddtb_fuzz_${name})
  add_executable(${target} ${ARG_SOURCES})
  target_link_libraries(${target} PRIVATE ddtb_test_support ${ARG_LIBS})
  add_dependencies(ddtb_fuzzers ${target})
  set(regressions "")
  if(EXISTS ${_fuzz_src}/regressions/${name})
    set(regressions ${_fuzz_src}/regressions/${name})
  endif()
  if(DDTB_FUZZ)
    target_link_options(${target} PRIVATE -fsanitize=fuzzer)
    # -runs=0: execute the given corpora once, no fuzzing.
    set(replay_args -runs=0)
    math(EXPR timeout "${DDTB_FUZZ_SECONDS} * 2 + 600")
    set(dict "")
    if(ARG_DICT)
      set(dict ${ARG_DICT})
    endif()
    add_test(NAME ${target}
             COMMAND ${CMAKE_COMMAND} -DFUZZER=$<TARGET_FILE:${target}>
                     -DSECONDS=${DDTB_FUZZ_SECONDS} -DWORK=${_fuzz_out}/${name}
                     -DSEEDS=${_fuzz_seeds}/${name} "-DREGRESSIONS=${regressions}"
                     "-DDICT=${dict}" -P ${_fuzz_src}/run_fuzzer.cmake)
    set_tests_properties(${target} PROPERTIES
      LABELS "fuzz;long" FIXTURES_REQUIRED ddtb_fuzz_seeds TIMEOUT ${timeout})
  else()
    target_sources(${target} PRIVATE ${_fuzz_src}/replay_main.cpp)
    set(replay_args "")
  endif()
  add_test(NAME ${target}_replay
           COMMAND ${target} ${replay_args} ${_fuzz_seeds}/${name} ${regressions})
  set_tests_properties(${target}_replay PROPERTIES
    LABELS fuzz-replay FIXTURES_REQUIRED ddtb_fuzz_seeds TIMEOUT 600)
endfunction()

ddtb_add_fuzzer(deal SOURCES ${_fuzz_src}/fuzz_deal.cpp)
ddtb_add_fuzzer(tablebase SOURCES ${_fuzz_src}/fuzz_tablebase.cpp
                LIBS ${DDTB_ZSTD_LIBRARY} ${DDTB_XXHASH_LIBRARY})
target_include_directories(ddtb_fuzz_tablebase PRIVATE ${DDTB_ZSTD_INCLUDE} ${DDTB_XXHASH_INCLUDE})
if(TARGET ddtb_cli)
  ddtb_add_fuzzer(pbn_reader SOURCES ${_fuzz_src}/fuzz_pbn_reader.cpp LIBS ddtb_cli
                  DICT ${_fuzz_src}/pbn.dict)
endif()
if(TARGET ddtb_dds)
  ddtb_add_fuzzer(capi SOURCES ${_fuzz_src}/fuzz_capi.cpp LIBS ddtb_dds_internal)
endif()
# Constraint scripts (analysis/deal_script.hpp): seeds are examples/scripts/.
ddtb_add_fuzzer(deal_script SOURCES ${_fuzz_src}/fuzz_deal_script.cpp DICT ${_fuzz_src}/deal_script.dict)
