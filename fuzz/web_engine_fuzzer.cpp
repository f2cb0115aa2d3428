// Fuzz harness: the web referee's request handling with the engine's work: the estimator's dead
// stones at every pause, and genmove, estimate, count and making requests (at most one an
// input, boards up to 5x5). fuzz/web_session.hpp has the session.
#include <cstdint>

#include "web_session.hpp"

namespace jpd::fuzz {

void web_engine_input(std::string_view data) { web_session(data, true); }

}  // namespace jpd::fuzz

#ifndef JPD_FUZZ_NO_ENTRY
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  jpd::fuzz::web_engine_input({reinterpret_cast<const char*>(data), size});
  return 0;
}
#endif
