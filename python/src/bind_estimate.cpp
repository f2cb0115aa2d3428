// The built-in life-and-death estimator (include/jpd/estimate.hpp): _jipingdian.estimate(game,
// playouts=0, seed=..., open_shapes='from_rules') returns what `jpd estimate FILE --json` prints
// for the game's position, as a dict: every chain with its status and alive probability, the
// expected owner of every point, open kos, suggested claims, notes, and the statuses to count
// with. jipingdian.estimate (python/jipingdian/_estimate.py) forwards to it; score(...,
// dead_from="estimate") uses the estimator through the library.
#include <cmath>
#include <nlohmann/json.hpp>

#include "bindings.hpp"
#include "convert.hpp"
#include "jpd/estimate.hpp"
#include "jpd/text.hpp"

namespace jpd::py {

namespace {

pyb::dict estimate_game(const Game& g, int playouts, uint64_t seed, const std::string& open_shapes) {
  EstimateOptions o;
  o.playouts = playouts;
  o.seed = seed;
  if (open_shapes == "from_rules") o.open_shapes = OpenShapes::from_rules;
  else if (open_shapes == "unsettled") o.open_shapes = OpenShapes::unsettled;
  else if (open_shapes == "decided") o.open_shapes = OpenShapes::decided;
  else throw pyb::value_error("open_shapes '" + open_shapes + "': not one of from_rules, unsettled, decided");
  if (playouts < 0) throw pyb::value_error("playouts must be 0 (the default) or more");
  // The game belongs to Python: another thread may play or undo on it as soon as the lock is
  // released, so the estimator works on a copy taken while the lock is held (as score does).
  const Game copy = g;
  Estimate e;
  {
    pyb::gil_scoped_release unlocked;
    e = estimate(copy, o);
  }
  const int h = e.height;
  auto colour = [](Color c) { return std::string(color_letter(c)); };
  nlohmann::json j;
  j["playouts"] = e.playouts;
  j["detail"] = text(e.detail(), Lang::en);
  nlohmann::json chains = nlohmann::json::array();
  for (const ChainEstimate& c : e.chains)
    chains.push_back({{"stone", to_gtp(c.stone, h)}, {"color", colour(c.color)}, {"size", c.size},
                      {"status", std::string(name_of(c.status))}, {"alive_probability", c.alive_probability},
                      {"unconditional", c.unconditional}, {"open_shape", c.open_shape}, {"reason", text(c.reason, Lang::en)},
                      {"settle", c.settle.valid() ? nlohmann::json(to_gtp(c.settle, h)) : nlohmann::json()}});
  j["chains"] = chains;
  nlohmann::json own = nlohmann::json::array();
  for (int y = 0; y < h; ++y) {
    nlohmann::json row = nlohmann::json::array();
    for (int x = 0; x < e.width; ++x) row.push_back(e.owner_at(Point(x, y)));
    own.push_back(row);
  }
  j["ownership"] = own;
  nlohmann::json claims = nlohmann::json::array();
  for (const Claim& c : e.suggested_claims) claims.push_back({{"color", colour(c.color)}, {"point", to_gtp(c.point, h)}});
  j["suggested_claims"] = claims;
  nlohmann::json kos = nlohmann::json::array();
  for (const OpenKo& k : e.open_kos)
    kos.push_back({{"space", to_gtp(k.space, h)}, {"stone", to_gtp(k.stone, h)}, {"holder", colour(k.holder)},
                   {"decides_life", k.decides_life}});
  j["open_kos"] = kos;
  j["notes"] = text(e.notes, Lang::en);
  const Statuses st = e.statuses();
  nlohmann::json dead = nlohmann::json::array();
  for (Point p : st.dead) dead.push_back(to_gtp(p, h));
  nlohmann::json unsure = nlohmann::json::array();
  for (const UncertainChain& u : st.uncertain)
    unsure.push_back({{"stone", to_gtp(u.stone, h)}, {"color", colour(u.color)},
                      {"alive_probability", u.alive_probability}, {"reason", text(u.reason, Lang::en)},
                      {"settle", u.settle.valid() ? nlohmann::json(to_gtp(u.settle, h)) : nlohmann::json()}});
  j["statuses"] = {{"source", "estimate"}, {"detail", text(st.source_detail, Lang::en)}, {"dead", dead}, {"uncertain", unsure}};
  return to_python(j);
}

}  // namespace

void bind_estimate(pyb::module_& m) {
  m.def("estimate", &estimate_game, pyb::arg("game"), pyb::kw_only(), pyb::arg("playouts") = 0,
        pyb::arg("seed") = EstimateOptions{}.seed, pyb::arg("open_shapes") = "from_rules",
        "The built-in life-and-death estimate of the position play ended with (after an "
        "independent dispute too: counting maps its statuses onto the pause position): a dict with 'chains' (status alive/dead/seki/unsettled, "
        "alive_probability, reason, settle: the point whose first move decides an unsettled chain, "
        "or None), 'ownership' (rows from the top, +1 Black ... -1 White), "
        "'open_kos', 'suggested_claims', 'notes' and 'statuses' (the dead stones and uncertain "
        "chains to count with). playouts 0: the default for the board size.");
}

}  // namespace jpd::py
