# The tablebase: the canonical form; the builder's parts on their own
# against brute force; and end to end (build the 4- to 12-card tables,
# verify them both ways, reproducibility, corrupt files, probes, the solver
# with and without tables), each test a few seconds to a minute.
ddtb_add_test(ddtb_canonical_test SOURCES canonical_test.cpp)
target_link_libraries(ddtb_canonical_test PRIVATE ddtb_builder)
# A partition's states as positions valued by the brute-force reference,
# and layers made of them state by state (support/partition_states.hpp):
# what the builder's unit tests check against.
add_library(ddtb_partition_states STATIC support/partition_states.cpp)
target_link_libraries(ddtb_partition_states PUBLIC ddtb_builder ddtb_test_support)
# The builder's set operations (compaction, scans) against brute force.
ddtb_add_test(ddtb_builder_sets_test SOURCES builder_sets_test.cpp)
target_link_libraries(ddtb_builder_sets_test PRIVATE ddtb_partition_states)
# The builder's consistency oracle and its partition builder on their own,
# against brute force over layers below made by brute force.
ddtb_add_test(ddtb_oracle_test SOURCES oracle_test.cpp)
target_link_libraries(ddtb_oracle_test PRIVATE ddtb_partition_states)
ddtb_add_test(ddtb_partition_builder_test SOURCES partition_builder_test.cpp)
target_link_libraries(ddtb_partition_builder_test PRIVATE ddtb_partition_states)
# The tablebase end to end, one program per module, ddtb_tablebase_<module>_test
# from tablebase_<module>_test.cpp, each test on the same 4-, 8- and 12-card
# tables, built by the fixture of support/tables_fixture.hpp (its test suite
# is "Tables": scripts/sanitize.sh names some of its tests):
#   build    the builder end to end: set counts, bound layers, reproducibility
#   verify   ddtb-build verify, both ways, and what it must report
#   sample   samples over the partitions one trick reaches
#   file     the table files: damage refused, in-place scans, raw, compressed
#            and old layouts, repacking
#   packed   the packed layout: its scan against the sets as built, the
#            default's cover, damage, repacking, verify
#   probe    Tablebase::probe and probe_at_least against the solver, both layouts
#   session  the search's probe sessions
#   solver   the solver with and without tables
#   reader   a second reader written from tablebase/FORMAT.md alone
#            (tests/format_reader.py) against the C++ probe, three layouts
add_library(ddtb_tables_fixture STATIC support/tables_fixture.cpp)
target_link_libraries(ddtb_tables_fixture PUBLIC ddtb_builder ddtb_test_support GTest::gtest)
foreach(module build verify sample file packed probe session solver reader)
  ddtb_add_test(ddtb_tablebase_${module}_test SOURCES tablebase_${module}_test.cpp TIMEOUT 1200)
  target_link_libraries(ddtb_tablebase_${module}_test PRIVATE ddtb_tables_fixture)
endforeach()
# The second reader needs Debian's python3-xxhash and python3-zstandard
# (scripts/install-deps.sh): the first interpreter that has them, else the
# test fails naming what is missing.
set(ddtb_reader_python "")
foreach(candidate IN ITEMS ${Python3_EXECUTABLE} /usr/bin/python3)
  execute_process(COMMAND ${candidate} -c "import xxhash, zstandard"
                  RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
  if(rc EQUAL 0)
    set(ddtb_reader_python ${candidate})
    break()
  endif()
endforeach()
if(NOT ddtb_reader_python)
  message(WARNING "no python3 with xxhash and zstandard: ddtb_tablebase_reader_test will fail "
                  "(install python3-xxhash and python3-zstandard)")
  set(ddtb_reader_python "python3-with-xxhash-and-zstandard-NOTFOUND")
endif()
target_compile_definitions(ddtb_tablebase_reader_test PRIVATE
  DDTB_READER_PYTHON="${ddtb_reader_python}"
  DDTB_FORMAT_READER="${CMAKE_CURRENT_SOURCE_DIR}/format_reader.py")
# The default tables' search path on made-up environments and directories.
ddtb_add_test(ddtb_tablebase_search_test
  SOURCES tablebase_search_test.cpp support/small_tables.cpp TIMEOUT 300)
target_link_libraries(ddtb_tablebase_search_test PRIVATE ddtb_builder)
