// The CPU time of the calling thread: what a benchmark or a count per record reports, which
// other work on the machine does not distort as it does the wall clock.
#pragma once

#include <ctime>

namespace jpd {

// CPU time of the calling thread, in seconds (0 where unavailable).
inline double thread_cpu_seconds() {
#if defined(CLOCK_THREAD_CPUTIME_ID)
  timespec ts{};
  if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) == 0) return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
#endif
  return 0;
}

}  // namespace jpd
