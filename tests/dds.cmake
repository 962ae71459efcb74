# The libdds peer and the differential tests against it.
#
# The reference DDS 2.9.0 (Debian's libdds) is loaded at run time with dlopen
# (tests/support/dds_peer.hpp explains why it is never linked). Its path is
# found here, at configure time, and compiled in as DDTB_LIBDDS_PATH.
#
# bench/ includes this file too when the tests are off, to get the peer
# library alone; everything test-specific below is skipped then.

if(NOT TARGET ddtb_dds_peer)
  find_library(DDTB_LIBDDS NAMES libdds.so.0 dds
    DOC "The reference libdds (DDS 2.9.0) that tests and benchmarks compare against")
  find_path(DDTB_DDS_INCLUDE_DIR dds/dll.h
    DOC "Directory holding dds/dll.h (DDS 2.9.0's header; declarations only)")
  if(NOT DDTB_LIBDDS OR NOT DDTB_DDS_INCLUDE_DIR)
    message(FATAL_ERROR
      "The tests and benchmarks compare ddtb with the reference DDS 2.9.0, but "
      "libdds (library: ${DDTB_LIBDDS}, header dds/dll.h: ${DDTB_DDS_INCLUDE_DIR}) "
      "was not found. Run scripts/install-deps.sh (it installs libdds-dev), or "
      "point -DDDTB_LIBDDS=/path/to/libdds.so.0 and -DDDTB_DDS_INCLUDE_DIR=... at "
      "a DDS 2.9.0 build.")
  endif()
  message(STATUS "Reference libdds for tests and benchmarks: ${DDTB_LIBDDS}")

  # A static library of its own so that the tests and bench/ share one peer.
  add_library(ddtb_dds_peer STATIC ${CMAKE_CURRENT_LIST_DIR}/support/dds_peer.cpp)
  target_include_directories(ddtb_dds_peer
    PUBLIC ${PROJECT_SOURCE_DIR}
    PRIVATE ${DDTB_DDS_INCLUDE_DIR})
  target_compile_definitions(ddtb_dds_peer PRIVATE DDTB_LIBDDS_PATH="${DDTB_LIBDDS}")
  # dlopen only: never link libdds itself (docs/DESIGN.md, "Two libraries with
  # DDS's names").
  target_link_libraries(ddtb_dds_peer PUBLIC ddtb_internal ${CMAKE_DL_LIBS})
endif()

if(NOT COMMAND ddtb_add_test)
  return()
endif()

target_link_libraries(ddtb_test_support PUBLIC ddtb_dds_peer)

# The default run: the peer's own checks, 40 random deals and 1,000 endgames
# (about a minute of CPU in Release). The long run, from the same source: the
# other 160 deals of the 200 and 9,000 more endgames (a few CPU-minutes).
ddtb_add_test(ddtb_dds_diff_test SOURCES dds_diff_test.cpp)
ddtb_add_test(ddtb_dds_diff_long_test SOURCES dds_diff_test.cpp LABELS long TIMEOUT 1800)
target_compile_definitions(ddtb_dds_diff_long_test PRIVATE DDTB_DDS_DIFF_LONG)
