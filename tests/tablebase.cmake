# The tablebase: the canonical form, and end to end (build the 4- to 12-card
# tables, verify them both ways, reproducibility, corrupt files, the solver
# with and without tables). The end-to-end test takes about a minute.
ddtb_add_test(ddtb_canonical_test SOURCES canonical_test.cpp)
target_link_libraries(ddtb_canonical_test PRIVATE ddtb_builder)
# The builder's set operations (compaction, scans) against brute force.
ddtb_add_test(ddtb_builder_sets_test SOURCES builder_sets_test.cpp)
target_link_libraries(ddtb_builder_sets_test PRIVATE ddtb_builder)
ddtb_add_test(ddtb_tablebase_test SOURCES tablebase_test.cpp TIMEOUT 1200)
target_link_libraries(ddtb_tablebase_test PRIVATE ddtb_builder)
# The default tables' search path on made-up environments and directories.
ddtb_add_test(ddtb_tablebase_search_test
  SOURCES tablebase_search_test.cpp support/small_tables.cpp TIMEOUT 300)
target_link_libraries(ddtb_tablebase_search_test PRIVATE ddtb_builder)
