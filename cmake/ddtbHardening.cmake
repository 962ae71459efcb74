# Sanitizer and fuzzing builds (docs/HARDENING.md).
#
#   -DDDTB_SANITIZE=address   AddressSanitizer + UndefinedBehaviorSanitizer on
#                             every target (GCC or Clang); any UB report aborts.
#   -DDDTB_SANITIZE=thread    ThreadSanitizer on every target.
#   -DDDTB_FUZZ=ON            the libFuzzer targets of tests/fuzz (Clang only);
#                             implies DDTB_SANITIZE=address unless set.
#
# The flags go on every target of the project (library, tools, tests), so
# they are set with add_compile_options/add_link_options before any target is
# defined: include this file right after project(). Sanitized builds keep
# assert() on (-UNDEBUG): a broken invariant is as much a finding as a bad
# read. Prebuilt Debian libraries (GoogleTest, zstd, xxHash, libdds for the
# peer) are not instrumented; tests/sanitizers/sanitizers.cmake says what that
# implies for the test suite.
set(DDTB_SANITIZE "" CACHE STRING "Sanitizers for every target: address (ASan+UBSan), thread (TSan), or empty")
set_property(CACHE DDTB_SANITIZE PROPERTY STRINGS "" address thread)
option(DDTB_FUZZ "Build the libFuzzer targets of tests/fuzz (Clang only)" OFF)

if(DDTB_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR
      "DDTB_FUZZ needs Clang's libFuzzer (Debian: clang-14 and libclang-rt-14-dev, "
      "installed by scripts/install-deps.sh); configure with "
      "-DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14")
  endif()
  if(DDTB_SANITIZE STREQUAL "")
    set(DDTB_SANITIZE address CACHE STRING "" FORCE)
  endif()
endif()

set(_ddtb_sanitize_flags "")
if(DDTB_SANITIZE STREQUAL "address")
  set(_ddtb_sanitize_flags
    -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
elseif(DDTB_SANITIZE STREQUAL "thread")
  if(DDTB_FUZZ)
    message(FATAL_ERROR "DDTB_FUZZ runs under AddressSanitizer; use DDTB_SANITIZE=address")
  endif()
  set(_ddtb_sanitize_flags -fsanitize=thread -fno-omit-frame-pointer)
elseif(NOT DDTB_SANITIZE STREQUAL "")
  message(FATAL_ERROR "DDTB_SANITIZE is '${DDTB_SANITIZE}'; use address, thread or leave it empty")
endif()

if(_ddtb_sanitize_flags)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    message(FATAL_ERROR "DDTB_SANITIZE needs GCC or Clang")
  endif()
  message(STATUS "ddtb: sanitizers ${DDTB_SANITIZE}: ${_ddtb_sanitize_flags}")
  add_compile_options(${_ddtb_sanitize_flags} -UNDEBUG)
  add_link_options(${_ddtb_sanitize_flags})
endif()
if(DDTB_FUZZ)
  # Coverage feedback for everything; only the fuzz targets link libFuzzer's
  # main (tests/fuzz/fuzz.cmake adds -fsanitize=fuzzer to them).
  add_compile_options(-fsanitize=fuzzer-no-link)
endif()
