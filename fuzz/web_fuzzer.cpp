// Fuzz harness: the web referee's request handling (`jpd serve`) without the engine's work (no
// estimator at pauses, no genmove, estimate, count or making requests): the API, the seats and
// the referee, fast. web_engine_fuzzer adds the engine. fuzz/web_session.hpp has the session.
#include <cstdint>

#include "web_session.hpp"

namespace jpd::fuzz {

void web_input(std::string_view data) { web_session(data, false); }

}  // namespace jpd::fuzz

#ifndef JPD_FUZZ_NO_ENTRY
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  jpd::fuzz::web_input({reinterpret_cast<const char*>(data), size});
  return 0;
}
#endif
