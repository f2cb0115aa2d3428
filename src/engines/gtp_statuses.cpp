// The dead stones of the GTP engine (final_score, final_status_list, jpd-count) and of the match
// referee when the players disagree: the built-in estimator.
#include "jpd/estimate.hpp"
#include "jpd/gtp.hpp"
#include "jpd/gtp_client.hpp"
#include "jpd/match.hpp"
#include "jpd/status_gtp.hpp"

namespace jpd {

namespace {

Statuses estimated_statuses(const Game& g, const EstimateOptions& opts) {
  try {
    return estimate(g, opts).statuses();
  } catch (const std::exception& e) {
    // A position the estimator cannot take (none is known): GNU Go, else no dead stones.
    try {
      Statuses st = statuses_from_gtp(g, "gnugo --mode gtp --level 1", 60);
      st.source_detail = Message("statuses.estimator_failed",
                                 {MessageArg::message(std::move(st.source_detail)), std::string(e.what())});
      return st;
    } catch (const GtpError& f) {
      Statuses st;
      st.source = StatusSource::none;
      st.source_detail = Message("statuses.neither", {std::string(e.what()), std::string(f.what())});
      return st;
    }
  }
}

}  // namespace

Statuses referee_statuses(const Game& g) { return estimated_statuses(g, {}); }

Statuses default_gtp_statuses(const Game& g, const EstimateOptions& opts) {
  return estimated_statuses(g, opts);
}

}  // namespace jpd
