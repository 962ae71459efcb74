# Core correctness tests: the card and position types, the solver against a
# brute-force reference, and the solver against DDS's golden hands.
target_sources(ddtb_test_support PRIVATE
  ${CMAKE_CURRENT_SOURCE_DIR}/support/reference.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/support/ref_file.cpp)

ddtb_add_test(ddtb_cards_test SOURCES cards_test.cpp)
ddtb_add_test(ddtb_position_test SOURCES position_test.cpp)
# Seeded random positions against the reference, with every optimization on
# and with each one off on its own (about two minutes in Release).
ddtb_add_test(ddtb_property_test SOURCES property_test.cpp TIMEOUT 900)
# list100.txt: DD tables and SolveBoard results of 100 deals.
ddtb_add_test(ddtb_golden_test SOURCES golden_test.cpp TIMEOUT 900)
# list1000.txt: the same for all 1000 deals, from the same source; run by
# hand (ctest -L long).
ddtb_add_test(ddtb_golden_long_test SOURCES golden_test.cpp LABELS long TIMEOUT 3600)
target_compile_definitions(ddtb_golden_long_test PRIVATE DDTB_GOLDEN_LONG)
