// Fuzz harness: the GTP engine's command loop (`jpd gtp`) as protocol and referee, without the
// engine's work (genmove lines skipped, no dead stones estimated): fast, to explore the protocol.
// gtp_engine_fuzzer runs the same sessions with genmove and the estimator. fuzz/gtp_session.hpp
// has the session and its oracles.
#include <cstdint>

#include "gtp_session.hpp"

namespace jpd::fuzz {

void gtp_input(std::string_view data) { gtp_session(data, false); }

}  // namespace jpd::fuzz

#ifndef JPD_FUZZ_NO_ENTRY
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  jpd::fuzz::gtp_input({reinterpret_cast<const char*>(data), size});
  return 0;
}
#endif
