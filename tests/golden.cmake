# The project's golden data (data/golden/, README.md there): ddtb-make-golden
# writes it from the reference libdds's answers, and ddtb_golden_data_check
# makes it again and compares it with the committed files byte for byte
# (about a minute of DDS's CPU), so that the data cannot drift from what the
# generator and libdds give. Regenerate it with:
#   build/bin/ddtb-make-golden tests/data/golden
if(NOT TARGET ddtb_dds OR NOT TARGET ddtb_dds_peer OR NOT TARGET ddtb_tools)
  return()
endif()

add_executable(ddtb-make-golden tools/make_golden.cpp tools/golden_deals.cpp
                                tools/golden_files.cpp)
# ddtb_dds_internal only for the C struct conversions of the test support
# (capi_compare.cpp); every answer written comes from libdds through the peer.
target_link_libraries(ddtb-make-golden PRIVATE ddtb_test_support ddtb_tools ddtb_dds_internal)
ddtb_warnings(ddtb-make-golden)

add_test(NAME ddtb_golden_data_check
         COMMAND ddtb-make-golden --check ${DDTB_GOLDEN_DIR})
set_tests_properties(ddtb_golden_data_check PROPERTIES TIMEOUT 900)
