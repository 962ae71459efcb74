// A thread that cannot start makes a batch call fail with
// RETURN_THREAD_CREATE, and nothing crashes. The process caps its own
// address space just above what it uses before the C API starts any thread,
// so that the first worker's stack cannot be mapped. A program of its own:
// glibc keeps the stacks of finished threads for reuse, so the cap must come
// before any thread ever ran. Exit 0: passed; 77: skipped (one core).
#include <sys/resource.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <thread>

#include "ddtb/dll.h"

int main() {
  if (std::thread::hardware_concurrency() < 2) {
    std::puts("skipped: needs two cores for a second worker thread");
    return 77;
  }
  SetMaxThreads(2);
  static ddTableDealsPBN tables{};
  tables.noOfTables = 2;
  for (int i = 0; i < 2; ++i)
    std::snprintf(tables.deals[i].cards, sizeof tables.deals[i].cards, "%s",
                  "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3");
  int filter[DDS_STRAINS] = {0, 0, 0, 0, 0};
  static ddTablesRes results;

  long pages = 0;
  std::ifstream("/proc/self/statm") >> pages;
  constexpr rlim_t kHeadroom = rlim_t{4} << 20;  // far below a thread's 8 MiB stack
  const rlim_t limit =
      static_cast<rlim_t>(pages) * static_cast<rlim_t>(::sysconf(_SC_PAGESIZE)) + kHeadroom;
  const rlimit rl{limit, limit};
  if (::setrlimit(RLIMIT_AS, &rl) != 0) {
    std::perror("setrlimit");
    return 1;
  }
  const int rc = CalcAllTablesPBN(&tables, -1, filter, &results, nullptr);
  std::printf("CalcAllTablesPBN with no room for a thread: %d (want %d)\n", rc,
              RETURN_THREAD_CREATE);
  return rc == RETURN_THREAD_CREATE ? 0 : 1;
}
