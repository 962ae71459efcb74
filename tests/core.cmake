# Core correctness tests: the card and position types, the solver against a
# brute-force reference, and the solver against DDS's golden hands.

ddtb_add_test(ddtb_cards_test SOURCES cards_test.cpp)
ddtb_add_test(ddtb_position_test SOURCES position_test.cpp)
# Names of strains, seats, vulnerabilities, sides, and contracts.
ddtb_add_test(ddtb_names_test SOURCES names_test.cpp)
# Module tests of the search's parts on their own.
ddtb_add_test(ddtb_tt_test SOURCES tt_test.cpp)
ddtb_add_test(ddtb_sure_tricks_test SOURCES sure_tricks_test.cpp)
# The one thread pool (core/parallel.hpp).
ddtb_add_test(ddtb_parallel_test SOURCES parallel_test.cpp)
# Option structs from older, shorter headers (docs/USAGE.md, "ABI").
ddtb_add_test(ddtb_options_abi_test SOURCES options_abi_test.cpp)
# Par against a reference written from the definitions.
ddtb_add_test(ddtb_par_test SOURCES par_test.cpp)
# Seeded random positions against the reference, with every optimization on
# and with each one off on its own (about two minutes in Release).
ddtb_add_test(ddtb_property_test SOURCES property_test.cpp TIMEOUT 900)
# The project's golden deals (data/golden/) and, when DDTB_REF_DIR holds
# it, DDS's list100.txt: DD tables, SolveBoard results and play analysis;
# and the positions of data/golden/positions.txt with each single-answer form.
ddtb_add_test(ddtb_golden_test SOURCES golden_test.cpp golden_positions_test.cpp TIMEOUT 900)
# The positions' answers are compared as the C API's are (capi_compare.hpp).
target_link_libraries(ddtb_golden_test PRIVATE ddtb_dds_internal)
# list1000.txt: the same for all 1000 deals, from the same source; run by
# hand (ctest -L long), skipped without the file.
ddtb_add_test(ddtb_golden_long_test SOURCES golden_test.cpp LABELS long TIMEOUT 3600)
target_compile_definitions(ddtb_golden_long_test PRIVATE DDTB_GOLDEN_LONG)

# The x86-64-v3 search variant (core/isa.hpp): its objects define nothing
# the linker could mistake for the baseline's code, and it searches exactly
# the same tree as the baseline (same answers and node counts, the bench
# signature run both ways).
if(TARGET ddtb_search_v3)
  # Machines with x86-64-v3 run the v3 search everywhere else; the property
  # tests run once more on the baseline variant.
  gtest_discover_tests(ddtb_property_test DISCOVERY_TIMEOUT 60 TEST_PREFIX "isa-base/"
                       PROPERTIES TIMEOUT 900 ENVIRONMENT DDTB_ISA=base)
  add_test(NAME ddtb_isa_v3_symbols
           COMMAND ${CMAKE_COMMAND} -DNM=${CMAKE_NM} "-DOBJECTS=$<TARGET_OBJECTS:ddtb_search_v3>"
                   -P ${CMAKE_CURRENT_SOURCE_DIR}/isa_symbols.cmake)
endif()

# Includes go the modules' way only (tests/module_arrows.cmake).
add_test(NAME ddtb_module_arrows
         COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${PROJECT_SOURCE_DIR} -P
                 ${CMAKE_CURRENT_SOURCE_DIR}/module_arrows.cmake)

# Every source file formatted as .clang-format says (tests/clang_format.cmake),
# with the pinned clang-format-14 (scripts/install-deps.sh installs it).
# Without it the test is still there, and fails saying what is missing: a
# check that cannot run must not pass.
find_program(DDTB_CLANG_FORMAT NAMES clang-format-14)
if(NOT DDTB_CLANG_FORMAT)
  message(WARNING "clang-format-14 not found: the test ddtb_clang_format will fail "
                  "(scripts/install-deps.sh installs it)")
endif()
add_test(NAME ddtb_clang_format
         COMMAND ${CMAKE_COMMAND} -DCLANG_FORMAT=${DDTB_CLANG_FORMAT}
                 -DSOURCE_DIR=${PROJECT_SOURCE_DIR} -P
                 ${CMAKE_CURRENT_SOURCE_DIR}/clang_format.cmake)

# Every relative link and cited repository path in the documents, the CMake
# files and the sources' comments leads somewhere in the repository
# (tests/check_links.py), and the check itself reports a planted dead
# reference of each kind (--self-test). Python 3 comes with Debian's
# python3-dev (scripts/install-deps.sh); without it both tests fail.
find_package(Python3 3.8 COMPONENTS Interpreter)
if(Python3_Interpreter_FOUND)
  set(ddtb_links_python ${Python3_EXECUTABLE})
else()
  message(WARNING "Python 3 not found: the tests ddtb_links and ddtb_links_selftest will fail")
  set(ddtb_links_python python3-NOTFOUND)
endif()
add_test(NAME ddtb_links
         COMMAND ${ddtb_links_python} ${CMAKE_CURRENT_SOURCE_DIR}/check_links.py
                 ${PROJECT_SOURCE_DIR})
add_test(NAME ddtb_links_selftest
         COMMAND ${ddtb_links_python} ${CMAKE_CURRENT_SOURCE_DIR}/check_links.py --self-test)


# Constraint scripts in dealer's language (include/ddtb/deal_script.hpp):
# each against a hand-written reference on 100,000 random deals, and every
# kind of error with its line and column.
ddtb_add_test(ddtb_deal_script_test SOURCES deal_script_test.cpp TIMEOUT 300)
# Shape-first sampling under scripts and predicates (analysis/deal_sampler.cpp):
# chi-square against enumeration and against plain rejection on a rare
# constraint.
ddtb_add_test(ddtb_deal_sampler_shape_test SOURCES deal_sampler_shape_test.cpp TIMEOUT 300)
