// SetMaxThreads, SetThreading, SetResources, FreeMemory and GetDDSInfo.
#include <cstdio>
#include <cstring>
#include <string>
#include <thread>

#include "capi/boundary.hpp"
#include "capi/context.hpp"

namespace ddtb::capi {

namespace {

// DDSInfo.system / compiler / constructor codes (dll.h).
constexpr int kSystemLinux = 3;
constexpr int kSystemApple = 4;
constexpr int kSystemWindows = 1;
constexpr int kCompilerGnu = 3;
constexpr int kCompilerClang = 4;
constexpr int kConstructorUnix = 2;

// DDS threading codes a caller may select. 0 asks for the default; the
// others name systems DDS can be built with and all map to our threads.
bool accepted_threading(int code) {
  return code == 0 || code == 2 || code == 4 || code == 5;
}

int system_code() {
#if defined(_WIN32)
  return kSystemWindows;
#elif defined(__APPLE__)
  return kSystemApple;
#else
  return kSystemLinux;
#endif
}

int compiler_code() {
#if defined(__clang__)
  return kCompilerClang;
#else
  return kCompilerGnu;
#endif
}

template <std::size_t N>
void put(char (&dst)[N], const std::string& s) {
  std::snprintf(dst, N, "%s", s.c_str());
}

}  // namespace

}  // namespace ddtb::capi

using ddtb::capi::context;
using ddtb::capi::guarded;
using ddtb::capi::guarded_void;

void SetMaxThreads(int userThreads) {
  guarded_void([&] { context().set_threads(userThreads); });
}

int SetThreading(int code) {
  return guarded([&] {
    if (!ddtb::capi::accepted_threading(code)) return RETURN_THREAD_MISSING;
    context().set_threading(code);
    return RETURN_NO_FAULT;
  });
}

void SetResources(int maxMemoryMB, int maxThreads) {
  guarded_void([&] { context().set_resources(maxMemoryMB, maxThreads); });
}

void FreeMemory(void) {
  guarded_void([] { context().free_memory(); });
}

void GetDDSInfo(DDSInfo* info) {
  guarded_void([&] {
    if (!info) return;
    namespace capi = ddtb::capi;
    std::memset(info, 0, sizeof *info);
    info->major = DDS_VERSION / 10000;
    info->minor = DDS_VERSION / 100 % 100;
    info->patch = DDS_VERSION % 100;
    capi::put(info->versionString, std::to_string(info->major) + "." + std::to_string(info->minor) +
                                       "." + std::to_string(info->patch));
    info->system = capi::system_code();
    info->numBits = static_cast<int>(sizeof(void*) * 8);
    info->compiler = capi::compiler_code();
    info->constructor = capi::kConstructorUnix;
    info->numCores = static_cast<int>(std::thread::hardware_concurrency());
    info->threading = context().threading();
    info->noOfThreads = context().threads();
    capi::put(info->threadSizes, std::to_string(info->noOfThreads) + " ddtb solvers");
    const auto tables = context().tablebase();
    const int memory = context().memory_mb();
    capi::put(info->systemString,
              "ddtb, a double-dummy solver with the DDS 2.9 interface\n"
              "Threads                  " +
                  std::to_string(info->noOfThreads) +
                  "\n"
                  "Memory (MB)              " +
                  (memory > 0 ? std::to_string(memory) : std::string("default")) +
                  "\n"
                  "Endgame tables           " +
                  (tables ? tables->cards_text() + ", " + context().tablebase_dir()
                          : std::string("none")) +
                  "\n");
  });
}
