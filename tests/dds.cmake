# The differential tests against the reference libdds, loaded through
# ddtb_dds_peer (tests/support/CMakeLists.txt; tests/support/dds_peer.hpp
# explains why it is never linked).

# The default run: the peer's own checks, 40 random deals and 1,000 endgames
# (about a minute of CPU in Release). The long run, from the same source: the
# other 160 deals of the 200 and 9,000 more endgames (a few CPU-minutes).
ddtb_add_test(ddtb_dds_diff_test SOURCES dds_diff_test.cpp)
ddtb_add_test(ddtb_dds_diff_long_test SOURCES dds_diff_test.cpp LABELS long TIMEOUT 1800)
target_compile_definitions(ddtb_dds_diff_long_test PRIVATE DDTB_DDS_DIFF_LONG)
# Single-dummy analysis (include/ddtb/single_dummy.hpp): the sampler against
# enumerated deals (chi-square), its constraints and errors, and every
# figure against the sampled deals solved one by one by libdds.
ddtb_add_test(ddtb_single_dummy_test SOURCES single_dummy_test.cpp TIMEOUT 900)
# Paired comparison of leads and contracts (include/ddtb/comparison.hpp):
# every per-deal figure against libdds, every paired error computed directly.
ddtb_add_test(ddtb_comparison_test SOURCES comparison_test.cpp TIMEOUT 900)
