// Fuzz harness: GTP sessions with the engine's work: genmove (at most one a session, on boards
// up to 5x5, 16 playouts) and the estimator's dead stones for final_score, final_status_list and
// jpd-count. The protocol alone is gtp_fuzzer's. fuzz/gtp_session.hpp has the session.
#include <cstdint>

#include "gtp_session.hpp"

namespace jpd::fuzz {

void gtp_engine_input(std::string_view data) { gtp_session(data, true); }

}  // namespace jpd::fuzz

#ifndef JPD_FUZZ_NO_ENTRY
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  jpd::fuzz::gtp_engine_input({reinterpret_cast<const char*>(data), size});
  return 0;
}
#endif
