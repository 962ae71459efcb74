# The soak test (tests/soak_test.cpp): random endings and full deals solved
# from 4 threads with 8 Solvers, half of them sharing 4- to 12-card tables,
# every answer checked against the brute-force reference or libdds, memory
# bounded. The default run takes about 20 s in Release; the long one
# (label long: ctest --test-dir build -R SoakLong) runs 4 rounds of 6,000
# endings and 60 deals instead of 2 of 600 and 4.
# DDTB_SOAK_SCALE scales the counts (the sanitizer builds use 0.25),
# DDTB_SOAK_SEED sets the seed.
if(NOT TARGET ddtb_dds_peer)
  return()
endif()
ddtb_add_test(ddtb_soak_test SOURCES soak_test.cpp TIMEOUT 900)
target_link_libraries(ddtb_soak_test PRIVATE ddtb_builder)
ddtb_add_test(ddtb_soak_long_test SOURCES soak_test.cpp LABELS long TIMEOUT 7200)
target_link_libraries(ddtb_soak_long_test PRIVATE ddtb_builder)
target_compile_definitions(ddtb_soak_long_test PRIVATE DDTB_SOAK_LONG)
