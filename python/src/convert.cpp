#include "convert.hpp"

#include <pybind11/stl.h>

#include "jpd/score.hpp"

namespace jpd::py {

pyb::object to_python(const nlohmann::json& j) {
  using T = nlohmann::json::value_t;
  switch (j.type()) {
    case T::null:
    case T::discarded: return pyb::none();
    case T::boolean: return pyb::bool_(j.get<bool>());
    case T::number_integer: return pyb::int_(j.get<long long>());
    case T::number_unsigned: return pyb::int_(j.get<unsigned long long>());
    case T::number_float: return pyb::float_(j.get<double>());
    case T::string: return pyb::str(j.get_ref<const std::string&>());
    case T::array: {
      pyb::list out;
      for (const auto& v : j) out.append(to_python(v));
      return out;
    }
    case T::object: {
      pyb::dict out;
      for (auto it = j.begin(); it != j.end(); ++it) out[pyb::str(it.key())] = to_python(it.value());
      return out;
    }
    case T::binary: break;
  }
  throw pyb::type_error("a JSON value of an unexpected type");
}

nlohmann::json to_json_value(pyb::handle h) {
  if (h.is_none()) return nullptr;
  if (pyb::isinstance<pyb::bool_>(h)) return h.cast<bool>();
  if (pyb::isinstance<pyb::int_>(h)) return h.cast<long long>();
  if (pyb::isinstance<pyb::float_>(h)) return h.cast<double>();
  if (pyb::isinstance<pyb::str>(h)) return h.cast<std::string>();
  if (pyb::isinstance<pyb::dict>(h)) {
    nlohmann::json out = nlohmann::json::object();
    for (auto [k, v] : h.cast<pyb::dict>()) out[pyb::str(k).cast<std::string>()] = to_json_value(v);
    return out;
  }
  if (pyb::isinstance<pyb::list>(h) || pyb::isinstance<pyb::tuple>(h)) {
    nlohmann::json out = nlohmann::json::array();
    for (auto v : h) out.push_back(to_json_value(v));
    return out;
  }
  throw pyb::type_error("cannot use a value of type " +
                        pyb::str(pyb::type::of(h).attr("__name__")).cast<std::string>() +
                        " here (expected None, bool, int, float, str, list or dict)");
}

Color color_arg(pyb::handle h) {
  if (pyb::isinstance<Color>(h)) return h.cast<Color>();
  if (pyb::isinstance<pyb::str>(h)) {
    const auto text = h.cast<std::string>();
    if (auto c = parse_color(text)) return *c;
    throw pyb::value_error("'" + text + "' is not a colour (B, W, black or white)");
  }
  throw pyb::type_error("a colour is a Color or the text B, W, black or white");
}

pyb::object color_or_none(Color c) { return is_stone(c) ? pyb::cast(c) : pyb::none(); }

Point point_arg(pyb::handle h, int width, int height) {
  if (pyb::isinstance<Point>(h)) {
    Point p = h.cast<Point>();
    if (!p.inside(width, height))
      throw PointError(Message("error.point.pair_off_board", {int(p.x), int(p.y), width, height}));
    return p;
  }
  if (pyb::isinstance<pyb::str>(h)) return parse_point(h.cast<std::string>(), width, height);
  if (pyb::isinstance<pyb::tuple>(h) || pyb::isinstance<pyb::list>(h)) {
    auto seq = h.cast<pyb::sequence>();
    if (seq.size() == 2 && pyb::isinstance<pyb::int_>(seq[0]) && pyb::isinstance<pyb::int_>(seq[1])) {
      const long x = seq[0].cast<long>(), y = seq[1].cast<long>();
      if (x < 0 || y < 0 || x >= width || y >= height)
        throw PointError(Message("error.point.pair_off_board", {x, y, width, height}));
      return Point(int(x), int(y));
    }
  }
  throw pyb::type_error("a point is a Point, a pair (x, y) from the top-left, or text such as "
                        "'D4' (GTP) or 'dd' (SGF)");
}

std::vector<Point> points_arg(pyb::handle h, int width, int height) {
  if (pyb::isinstance<pyb::str>(h)) return parse_point_list(h.cast<std::string>(), width, height);
  std::vector<Point> out;
  for (auto item : h) out.push_back(point_arg(item, width, height));
  return out;
}

Claim claim_arg(pyb::handle h, int width, int height) {
  if (pyb::isinstance<Claim>(h)) {
    Claim c = h.cast<Claim>();
    return Claim{c.color, point_arg(pyb::cast(c.point), width, height)};
  }
  if (pyb::isinstance<pyb::str>(h)) return parse_claim(h.cast<std::string>(), width, height);
  if (pyb::isinstance<pyb::tuple>(h) || pyb::isinstance<pyb::list>(h)) {
    auto seq = h.cast<pyb::sequence>();
    if (seq.size() == 2) return Claim{color_arg(seq[0]), point_arg(seq[1], width, height)};
  }
  throw pyb::type_error("a claim is a Claim, text such as 'B:D4', or a pair (colour, point)");
}

std::vector<Claim> claims_arg(pyb::handle h, int width, int height) {
  std::vector<Claim> out;
  if (h.is_none()) return out;
  if (pyb::isinstance<pyb::str>(h) || pyb::isinstance<Claim>(h))
    return {claim_arg(h, width, height)};
  for (auto item : h) out.push_back(claim_arg(item, width, height));
  return out;
}

Ruleset ruleset_arg(pyb::handle h, const Ruleset& fallback) {
  if (h.is_none()) return fallback;
  if (pyb::isinstance<Ruleset>(h)) return h.cast<Ruleset>();
  if (pyb::isinstance<pyb::str>(h)) return parse_ruleset(h.cast<std::string>());
  throw pyb::type_error("rules are a Ruleset or text such as 'tang-song,komi=7.5'");
}

std::optional<std::string> rules_text_arg(pyb::handle h) {
  if (h.is_none()) return std::nullopt;
  if (pyb::isinstance<Ruleset>(h)) return h.cast<Ruleset>().to_string();
  if (pyb::isinstance<pyb::str>(h)) return h.cast<std::string>();
  throw pyb::type_error("rules are a Ruleset or text such as 'tang-song,komi=7.5'");
}

std::optional<RulesText> rules_arg(pyb::handle h) {
  const std::optional<std::string> text = rules_text_arg(h);
  if (!text) return std::nullopt;
  return parse_rules_text(*text);
}

std::pair<int, int> size_arg(pyb::handle h) {
  if (pyb::isinstance<pyb::int_>(h)) {
    const int n = h.cast<int>();
    return {n, n};
  }
  if (pyb::isinstance<pyb::tuple>(h) || pyb::isinstance<pyb::list>(h)) {
    auto seq = h.cast<pyb::sequence>();
    if (seq.size() == 2) return {seq[0].cast<int>(), seq[1].cast<int>()};
  }
  throw pyb::type_error("a board size is an int or a pair (width, height)");
}

std::string path_arg(pyb::handle h) {
  return pyb::str(pyb::module_::import("os").attr("fspath")(h)).cast<std::string>();
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  size_t a = 0;
  while (a < text.size()) {
    size_t b = text.find('\n', a);
    if (b == std::string::npos) b = text.size();
    out.push_back(text.substr(a, b - a));
    a = b + 1;
  }
  return out;
}

}  // namespace jpd::py
