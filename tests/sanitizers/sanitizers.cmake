# The test suite under -DDDTB_SANITIZE=address|thread (cmake/ddtbHardening.cmake,
# scripts/sanitize.sh, docs/HARDENING.md): what differs from the plain
# suite, and why. Included last by tests/CMakeLists.txt, so that every test
# named here is already defined.
#
# Prebuilt Debian libraries (GoogleTest, zstd, xxHash, Open MPI, the
# reference libdds loaded by tests/support/dds_peer.cpp) are not
# instrumented: ASan does not see their bad reads, TSan does not see their
# memory accesses (their locks and atomics through the pthread interceptors
# it does see). Every file of this project is instrumented.
if(DDTB_SANITIZE STREQUAL "address" AND TEST dist_mpi)
  # Open MPI (libmpi, libhwloc and the MCA plugins it loads with dlopen)
  # leaves memory allocated at MPI_Finalize: LeakSanitizer reports about
  # 120 KB in 3,350 blocks per rank, none allocated by ddtb's code. The
  # plugins are unloaded by then, so most of those stacks end in
  # "<unknown module>" and no suppression can name them. Leak checking is
  # off for this test's processes only; ASan and UBSan stay on.
  set_property(TEST dist_mpi APPEND PROPERTY ENVIRONMENT
               "ASAN_OPTIONS=detect_leaks=0:check_initialization_order=1:strict_init_order=1")
endif()
