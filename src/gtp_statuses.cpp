// The dead stones of the GTP engine (final_score, final_status_list, jpd-count) and of the match
// referee when the players disagree.
#include "jpd/gtp.hpp"
#include "jpd/gtp_client.hpp"
#include "jpd/match.hpp"
#include "jpd/status_gtp.hpp"

namespace jpd {

// Until the built-in estimator is in the library: GNU Go, else none.
Statuses referee_statuses(const Game& g) {
  try {
    return statuses_from_gtp(g, "gnugo --mode gtp --level 1", 60);
  } catch (const GtpError& e) {
    Statuses st;
    st.source = StatusSource::none;
    st.source_detail = std::string("no estimator: ") + e.what();
    return st;
  }
}

Statuses default_gtp_statuses(const Game& g) { return referee_statuses(g); }

}  // namespace jpd
