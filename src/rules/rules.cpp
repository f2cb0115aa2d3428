#include "jpd/rules.hpp"

#include "jpd/encoding.hpp"
#include "strings.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <functional>
#include <nlohmann/json.hpp>

namespace jpd {

RulesError::RulesError(Message m)
    : std::invalid_argument(text(m, Lang::en)), MessageError(std::move(m)) {}

namespace {

// ---------------------------------------------------------------------------------------------
// Enum names.
template <class E>
struct Named {
  E value;
  const char* name;
};

constexpr Named<PauseRule> kPause[] = {{PauseRule::two_consecutive, "two_consecutive"},
                                       {PauseRule::agreed, "agreed"},
                                       {PauseRule::both, "both"}};
constexpr Named<KoRule> kKo[] = {{KoRule::simple, "simple"},
                                 {KoRule::positional, "positional"},
                                 {KoRule::situational, "situational"},
                                 {KoRule::generalized, "generalized"}};
constexpr Named<CycleResult> kCycle[] = {{CycleResult::no_result, "no_result"},
                                         {CycleResult::draw, "draw"}};
constexpr Named<Compensation> kComp[] = {{Compensation::art, "art"},
                                         {Compensation::law, "law"},
                                         {Compensation::first_virtual, "first_virtual"},
                                         {Compensation::living_a, "living_a"},
                                         {Compensation::living_b, "living_b"},
                                         {Compensation::living_a_first_event, "living_a_first_event"},
                                         {Compensation::black_last_pays, "black_last_pays"}};
constexpr Named<CountedMoves> kCounted[] = {{CountedMoves::real, "real"},
                                            {CountedMoves::real_and_virtual, "real_and_virtual"},
                                            {CountedMoves::all, "all"}};
constexpr Named<DisputeMode> kDispute[] = {{DisputeMode::continue_play, "continue"},
                                           {DisputeMode::independent, "independent"}};
constexpr Named<CountingMethod> kCounting[] = {
    {CountingMethod::area, "area"},
    {CountingMethod::territory_refill, "territory_refill"},
    {CountingMethod::territory_generalized, "territory_generalized"},
    {CountingMethod::fill_up, "fill_up"},
    {CountingMethod::living_stones, "living_stones"},
    {CountingMethod::japanese, "japanese"},
    {CountingMethod::aga, "aga"}};
constexpr Named<SekiTerritory> kSeki[] = {{SekiTerritory::owned, "owned"},
                                          {SekiTerritory::none, "none"}};
constexpr Named<EyeReading> kEyeReading[] = {{EyeReading::none, "none"},
                                              {EyeReading::japanese, "japanese"}};
constexpr Named<Dame> kDame[] = {{Dame::shared, "shared"},
                                 {Dame::fill_at_making, "fill_at_making"},
                                 {Dame::fill_at_making_if_agreed, "fill_at_making_if_agreed"},
                                 {Dame::fill_at_making_if_odd, "fill_at_making_if_odd"}};

constexpr Named<HandicapCompensation> kHandicap[] = {{HandicapCompensation::none, "none"},
                                                    {HandicapCompensation::n_minus_1, "n_minus_1"},
                                                    {HandicapCompensation::n, "n"}};

template <class E, size_t N>
std::string_view enum_name(const Named<E> (&table)[N], E v) {
  for (auto& e : table)
    if (e.value == v) return e.name;
  return "?";
}

template <class E, size_t N>
std::string enum_choices(const Named<E> (&table)[N]) {
  std::string s;
  for (auto& e : table) {
    if (!s.empty()) s += ", ";
    s += e.name;
  }
  return s;
}

std::string normalise(std::string_view s) { return strings::lower_replacing(s, '-', '_'); }

template <class E, size_t N>
E parse_enum(const Named<E> (&table)[N], std::string_view key, std::string_view text) {
  std::string t = normalise(text);
  for (auto& e : table)
    if (t == e.name) return e.value;
  throw RulesError(
      Message("error.rules.invalid_value", {std::string(text), std::string(key), enum_choices(table)}));
}

bool parse_bool(std::string_view key, std::string_view text) {
  std::string t = normalise(text);
  if (t == "true" || t == "yes" || t == "on" || t == "1" || t == "allowed") return true;
  if (t == "false" || t == "no" || t == "off" || t == "0" || t == "forbidden") return false;
  throw RulesError(Message("error.rules.invalid_value", {std::string(text), std::string(key), "true, false"}));
}

double parse_number(std::string_view key, std::string_view text, double lo, double hi) {
  std::string t(text);
  char* end = nullptr;
  double v = std::strtod(t.c_str(), &end);
  if (t.empty() || end != t.c_str() + t.size() || !std::isfinite(v) || v < lo || v > hi) {
    char from[32], to[32];
    std::snprintf(from, sizeof from, "%g", lo);
    std::snprintf(to, sizeof to, "%g", hi);
    throw RulesError(Message("error.rules.invalid_number", {t, std::string(key), from, to}));
  }
  return v;
}

std::string number_text(double v) {
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof buf, v);  // shortest form that reads back exactly
  return std::string(buf, res.ptr);
}

// ---------------------------------------------------------------------------------------------
// The field table: one entry per Ruleset field, driving text and JSON forms alike.
enum class Kind { boolean, number, integer, text };

struct Field {
  FieldInfo info;
  Kind kind;
  std::function<std::string(const Ruleset&)> get;
  std::function<void(Ruleset&, std::string_view)> set;
};

#define JPD_ENUM_FIELD(member, key, table, meaning)                                          \
  Field {                                                                                    \
    {key, enum_choices(table), meaning}, Kind::text,                                                          \
        [](const Ruleset& r) { return std::string(enum_name(table, r.member)); },            \
        [](Ruleset& r, std::string_view v) { r.member = parse_enum(table, key, v); }           \
  }
#define JPD_BOOL_FIELD(member, key, meaning)                                                 \
  Field {                                                                                    \
    {key, "true, false", meaning}, Kind::boolean,                                            \
        [](const Ruleset& r) { return std::string(r.member ? "true" : "false"); },           \
        [](Ruleset& r, std::string_view v) { r.member = parse_bool(key, v); }                 \
  }

const std::vector<Field>& fields() {
  static const std::vector<Field> table = {
      Field{{"first_player", "B, W", "who moves first and pays komi"},
            Kind::text,
            [](const Ruleset& r) { return std::string(color_letter(r.first_player)); },
            [](Ruleset& r, std::string_view v) {
              auto c = parse_color(v);
              if (!c)
                throw RulesError(
                    Message("error.rules.invalid_value", {std::string(v), "first_player", "B, W"}));
              r.first_player = *c;
            }},
      Field{{"komi", "a number", "points the first player gives the second"},
            Kind::number,
            [](const Ruleset& r) { return number_text(r.komi); },
            [](Ruleset& r, std::string_view v) { r.komi = parse_number("komi", v, -1000, 1000); }},
      JPD_BOOL_FIELD(allow_pass, "allow_pass", "passing (放弃) is a legal move"),
      JPD_BOOL_FIELD(allow_virtual, "allow_virtual", "virtual moves (虚着) are legal"),
      JPD_ENUM_FIELD(pause, "pause", kPause, "how the contest pauses (休止)"),
      JPD_ENUM_FIELD(ko, "ko", kKo, "ko / superko rule"),
      JPD_ENUM_FIELD(cycle_result, "cycle_result", kCycle,
                     "result of a long cycle under simple ko"),
      Field{{"cycle_repeats", "an integer 2..100",
             "how often a (position, side to move) recurs in a phase before it is a long cycle"},
            Kind::integer,
            [](const Ruleset& r) { return std::to_string(r.cycle_repeats); },
            [](Ruleset& r, std::string_view v) {
              r.cycle_repeats = int(parse_number("cycle_repeats", v, 2, 100));
              if (std::to_string(r.cycle_repeats) != v)
                throw RulesError(
                    Message("error.rules.invalid_integer", {std::string(v), "cycle_repeats", 2, 100}));
            }},
      JPD_BOOL_FIELD(cycle_through_non_board, "cycle_through_non_board",
                     "a repetition with a pass or virtual move in it is a long cycle too"),
      JPD_BOOL_FIELD(reset_history_at_pause, "reset_history_at_pause",
                     "superko history starts afresh at each pause (两弃为界)"),
      JPD_BOOL_FIELD(suicide, "suicide", "suicide of one's own chain is allowed"),
      JPD_ENUM_FIELD(compensation, "compensation", kComp, "who pays for extra moves"),
      JPD_ENUM_FIELD(counted_moves, "counted_moves", kCounted,
                     "which moves count for the art payment"),
      JPD_ENUM_FIELD(dispute_compensation, "dispute_compensation", kComp,
                     "payment rule inside the dispute phase"),
      JPD_ENUM_FIELD(dispute_mode, "dispute_mode", kDispute,
                     "count after the dispute, or the pause position with the statuses and "
                     "claims it confirmed"),
      JPD_BOOL_FIELD(dispute_virtuals, "dispute_virtuals",
                     "resumed play starts with one virtual move by each side, in the original order"),
      JPD_ENUM_FIELD(counting, "counting", kCounting, "primary counting method"),
      JPD_ENUM_FIELD(seki_territory, "seki_territory", kSeki,
                     "whether eyes of groups in seki are territory"),
      JPD_BOOL_FIELD(seki_exclusive_liberties, "seki_exclusive_liberties",
                     "a seki liberty touching only one side's stones is that side's"),
      JPD_ENUM_FIELD(eye_reading, "eye_reading", kEyeReading,
                     "how the Japanese view finds territory: by units, or by reading eyes"),
      JPD_BOOL_FIELD(claims, "claims", "ko spaces and one-sided dame may be claimed"),
      JPD_ENUM_FIELD(dame, "dame", kDame, "what happens to unfilled dame"),
      JPD_BOOL_FIELD(remove_dead, "remove_dead", "dead stones are removed before counting"),
      JPD_BOOL_FIELD(pass_stone, "pass_stone", "a pass hands one stone to the opponent (AGA)"),
      JPD_BOOL_FIELD(white_passes_last, "white_passes_last", "White must make the last pass (AGA)"),
      Field{{"group_tax", "an integer 0..10", "points subtracted per living group (ancient)"},
            Kind::integer,
            [](const Ruleset& r) { return std::to_string(r.group_tax); },
            [](Ruleset& r, std::string_view v) {
              r.group_tax = int(parse_number("group_tax", v, 0, 10));
              if (std::to_string(r.group_tax) != v)
                throw RulesError(
                    Message("error.rules.invalid_integer", {std::string(v), "group_tax", 0, 10}));
            }},
      JPD_BOOL_FIELD(setup_counts, "setup_counts",
                     "setup and handicap stones count as stones placed by their colour"),
      JPD_BOOL_FIELD(button, "button", "half a point to the first to pass (the button)"),
      JPD_ENUM_FIELD(handicap_compensation, "handicap_compensation", kHandicap,
                     "points White receives for Black's N handicap stones: none, N - 1, N"),
      JPD_BOOL_FIELD(friendly_pass, "friendly_pass",
                     "a pass may leave dead stones to be removed by agreement (else clean up first)"),
      JPD_BOOL_FIELD(lose_on_time, "lose_on_time",
                     "a player whose time runs out loses (else only marked out of time)"),
  };
  return table;
}

const Field* find_field(std::string_view key) {
  std::string k = normalise(key);
  if (k == "ko_rule") k = "ko";  // SPEC §4 spelling
  for (auto& f : fields())
    if (k == f.info.key) return &f;
  return nullptr;
}

std::string key_list() {
  std::string s;
  for (auto& f : fields()) {
    if (!s.empty()) s += ", ";
    s += f.info.key;
  }
  return s;
}

// ---------------------------------------------------------------------------------------------
// The preset table (SPEC §5). Values the sources do not give are [interpretation]s: keep them
// configurable (every one is a field) and documented in docs/rules.md.
Ruleset make(const char* name, auto&& edit) {
  Ruleset r;
  r.preset = name;
  edit(r);
  return r;
}

// Shared shapes.
void jpd_common(Ruleset& r) {
  r.seki_territory = SekiTerritory::owned;
  r.seki_exclusive_liberties = true;
  r.claims = true;
  r.dame = Dame::shared;
}
void sci(Ruleset& r, bool art, bool pass, bool virt, KoRule ko, CountedMoves counted) {
  jpd_common(r);
  r.allow_pass = pass;
  r.allow_virtual = virt;
  r.pause = PauseRule::two_consecutive;
  r.ko = ko;
  r.reset_history_at_pause = true;
  r.compensation = art ? Compensation::art : Compensation::law;
  r.counted_moves = counted;
  r.dispute_compensation = Compensation::law;
  r.komi = art ? 6.5 : 7.5;
  r.counting = CountingMethod::territory_refill;
}
void living(Ruleset& r, Compensation comp) {
  jpd_common(r);
  r.first_player = Color::White;
  r.allow_pass = false;
  r.allow_virtual = true;
  r.pause = PauseRule::agreed;
  r.ko = KoRule::simple;
  r.compensation = comp;
  r.dispute_compensation = Compensation::law;
  r.dispute_virtuals = true;
  r.komi = 7.5;
  r.counting = CountingMethod::living_stones;
}
void standard(Ruleset& r) {
  r.seki_exclusive_liberties = false;
  r.claims = false;
  r.dame = Dame::shared;
  r.allow_pass = true;
  r.allow_virtual = false;
  r.pause = PauseRule::two_consecutive;
  r.compensation = Compensation::law;
  r.dispute_compensation = Compensation::law;
}

const std::vector<Preset>& table() {
  static const std::vector<Preset> t = {
      {"tang-song", "seed 000, art. 1-19", true, make("tang-song", [](Ruleset& r) {
         jpd_common(r);
         r.allow_pass = false;
         r.allow_virtual = true;
         r.pause = PauseRule::both;
         r.ko = KoRule::simple;
         r.cycle_result = CycleResult::no_result;
         r.compensation = Compensation::first_virtual;
         r.dispute_compensation = Compensation::law;
         r.komi = 6.5;
         r.counting = CountingMethod::territory_refill;
         r.dame = Dame::fill_at_making_if_agreed;
       })},
      {"ming-qing", "seed 000 introduction, seed 004 art. 2", true, make("ming-qing", [](Ruleset& r) {
         jpd_common(r);
         r.allow_pass = false;
         r.allow_virtual = true;
         r.pause = PauseRule::both;
         r.ko = KoRule::simple;
         r.compensation = Compensation::law;
         r.dispute_compensation = Compensation::law;
         r.komi = 7.5;
         r.counting = CountingMethod::territory_refill;
         // Tang-Song's making (000 art. 10): the two versions differ only in who pays for the
         // extra move (SPEC §5 Dame).
         r.dame = Dame::fill_at_making_if_agreed;
       })},
      {"sci-1-1", "seed 002, 1-1", true, make("sci-1-1", [](Ruleset& r) {
         sci(r, true, true, false, KoRule::positional, CountedMoves::real);
       })},
      {"sci-1-2", "seed 002, 1-2", true, make("sci-1-2", [](Ruleset& r) {
         sci(r, false, true, false, KoRule::positional, CountedMoves::real);
       })},
      {"sci-2-1", "seed 002, list 2-1", true, make("sci-2-1", [](Ruleset& r) {
         sci(r, true, true, true, KoRule::generalized, CountedMoves::real_and_virtual);
       })},
      {"sci-2-2", "seed 002, list 2-2", true, make("sci-2-2", [](Ruleset& r) {
         sci(r, false, true, true, KoRule::generalized, CountedMoves::real_and_virtual);
       })},
      {"sci-3-1", "seed 002, list 3-1", true, make("sci-3-1", [](Ruleset& r) {
         sci(r, true, false, true, KoRule::positional, CountedMoves::real);
       })},
      {"sci-3-2", "seed 002, list 3-2", true, make("sci-3-2", [](Ruleset& r) {
         sci(r, false, false, true, KoRule::positional, CountedMoves::real);
       })},
      {"sci-4-1", "seed 002, list 4-1", true, make("sci-4-1", [](Ruleset& r) {
         sci(r, true, true, false, KoRule::positional, CountedMoves::all);
         r.counting = CountingMethod::territory_generalized;
       })},
      {"sci-4-2", "seed 002, list 4-2", true, make("sci-4-2", [](Ruleset& r) {
         sci(r, false, true, false, KoRule::positional, CountedMoves::all);
         r.counting = CountingMethod::territory_generalized;
       })},
      {"art-great", "seed 004, art. 1-10, 原创 8-9", true,
       make("art-great", [](Ruleset& r) {
         jpd_common(r);
         r.allow_pass = true;
         r.allow_virtual = false;
         r.pause = PauseRule::two_consecutive;
         r.ko = KoRule::simple;
         r.cycle_result = CycleResult::draw;
         r.compensation = Compensation::art;
         r.counted_moves = CountedMoves::real;
         r.dispute_compensation = Compensation::law;
         r.dispute_mode = DisputeMode::independent;
         r.komi = 6.5;
         r.counting = CountingMethod::territory_refill;
       })},
      {"living-a", "seed 003, art. 25-26",
       true, make("living-a", [](Ruleset& r) { living(r, Compensation::living_a); })},
      {"living-b", "seed 003, art. 25-26",
       true, make("living-b", [](Ruleset& r) {
         living(r, Compensation::living_b);
         r.dame = Dame::fill_at_making_if_odd;  // 003 art. 26.2
       })},
      {"living-a-1v", "seed 003, art. 27", true,
       make("living-a-1v", [](Ruleset& r) { living(r, Compensation::living_a_first_event); })},
      // Comparison presets: the standard rule sets, so users see where they differ.
      {"chinese", "Chinese Weiqi rules", false,
       make("chinese", [](Ruleset& r) {
         standard(r);
         r.ko = KoRule::positional;
         r.komi = 7.5;
         r.counting = CountingMethod::area;
         // Chinese rules: in a handicap game Black returns half its handicap stones (N points).
         r.handicap_compensation = HandicapCompensation::n;
       })},
      {"chinese-2008", "WMSG 2008", false, make("chinese-2008", [](Ruleset& r) {
         standard(r);
         r.ko = KoRule::positional;
         r.komi = 7.5;
         r.compensation = Compensation::black_last_pays;
         r.counting = CountingMethod::area;
         r.handicap_compensation = HandicapCompensation::n;  // as the Chinese rules
       })},
      {"japanese", "Japanese 1989 rules",
       false, make("japanese", [](Ruleset& r) {
         standard(r);
         r.ko = KoRule::simple;
         r.reset_history_at_pause = true;
         // A dispute is the confirmation play of these rules (J1989 art. 9 and its rulings):
         // it settles life and death and costs no point; the position at the stop is counted.
         r.dispute_mode = DisputeMode::independent;
         r.komi = 6.5;
         r.counting = CountingMethod::japanese;
         r.seki_territory = SekiTerritory::none;
         r.eye_reading = EyeReading::japanese;
       })},
      {"korean", "Korean rules", false,
       make("korean", [](Ruleset& r) {
         standard(r);
         r.ko = KoRule::simple;
         r.reset_history_at_pause = true;
         // A dispute is the confirmation play of these rules (J1989 art. 9 and its rulings):
         // it settles life and death and costs no point; the position at the stop is counted.
         r.dispute_mode = DisputeMode::independent;
         r.komi = 6.5;
         r.counting = CountingMethod::japanese;
         r.seki_territory = SekiTerritory::none;
         r.eye_reading = EyeReading::japanese;
       })},
      {"aga", "AGA 2004 rules", false,
       make("aga", [](Ruleset& r) {
         standard(r);
         r.ko = KoRule::situational;
         r.komi = 7.5;
         r.counting = CountingMethod::aga;
         r.pass_stone = true;
         r.white_passes_last = true;
         // AGA: White receives one point for each handicap stone after the first.
         r.handicap_compensation = HandicapCompensation::n_minus_1;
       })},
      {"ing", "Ing 1996 rules", false,
       make("ing", [](Ruleset& r) {
         standard(r);
         r.ko = KoRule::situational;
         r.suicide = true;
         r.komi = 8;
         r.counting = CountingMethod::fill_up;
         // Ing's overtime costs points (two per extension), not the game: interpretation 31.
         r.lose_on_time = false;
       })},
      {"new-zealand", "New Zealand rules", false,
       make("new-zealand", [](Ruleset& r) {
         standard(r);
         r.ko = KoRule::situational;
         r.suicide = true;
         r.komi = 7;
         r.counting = CountingMethod::area;
       })},
      {"tromp-taylor", "Tromp-Taylor concise rules", false,
       make("tromp-taylor", [](Ruleset& r) {
         standard(r);
         r.ko = KoRule::positional;
         r.suicide = true;
         r.komi = 7.5;
         r.counting = CountingMethod::area;
         r.remove_dead = false;
         // Every stone on the board at the end counts: dead stones are captured before passing.
         r.friendly_pass = false;
         r.lose_on_time = false;  // the concise rules say nothing of time: interpretation 31
       })},
      {"ancient", "Ming-Qing practice",
       false, make("ancient", [](Ruleset& r) {
         standard(r);
         r.ko = KoRule::simple;
         r.komi = 0;
         r.counting = CountingMethod::area;
         r.group_tax = 2;
         r.lose_on_time = false;  // counted before clocks: interpretation 31
       })},
  };
  return t;
}

}  // namespace

// -------------------------------------------------------------------------------------------------

std::string_view name_of(PauseRule v) { return enum_name(kPause, v); }
std::string_view name_of(KoRule v) { return enum_name(kKo, v); }
std::string_view name_of(CycleResult v) { return enum_name(kCycle, v); }
std::string_view name_of(Compensation v) { return enum_name(kComp, v); }
std::string_view name_of(CountedMoves v) { return enum_name(kCounted, v); }
std::string_view name_of(DisputeMode v) { return enum_name(kDispute, v); }
std::string_view name_of(CountingMethod v) { return enum_name(kCounting, v); }
std::string_view name_of(SekiTerritory v) { return enum_name(kSeki, v); }
std::string_view name_of(EyeReading v) { return enum_name(kEyeReading, v); }
std::string_view name_of(Dame v) { return enum_name(kDame, v); }
std::string_view name_of(HandicapCompensation v) { return enum_name(kHandicap, v); }

std::span<const Preset> presets() { return table(); }

const Preset* find_preset(std::string_view name) {
  const std::string n = strings::lower_replacing(name, '_', '-');
  for (auto& p : table())
    if (n == p.name) return &p;
  return nullptr;
}

std::vector<std::string> preset_names() {
  std::vector<std::string> v;
  for (auto& p : table()) v.push_back(p.name);
  return v;
}

std::span<const FieldInfo> ruleset_fields() {
  static const std::vector<FieldInfo> infos = [] {
    std::vector<FieldInfo> v;
    for (auto& f : fields()) v.push_back(f.info);
    return v;
  }();
  return infos;
}

std::string Ruleset::to_string() const {
  const Preset* base = find_preset(preset);
  std::string s = preset;
  for (auto& f : fields()) {
    std::string v = f.get(*this);
    if (base && f.get(base->rules) == v) continue;
    s += "," + std::string(f.info.key) + "=" + v;
  }
  return s;
}

RulesText parse_rules_text(std::string_view text) {
  using strings::trim;
  std::vector<std::string_view> parts;
  size_t start = 0;
  for (size_t i = 0; i <= text.size(); ++i)
    if (i == text.size() || text[i] == ',') {
      parts.push_back(trim(text.substr(start, i - start)));
      start = i + 1;
    }
  if (parts.empty() || parts[0].empty())
    throw RulesError(Message("error.rules.no_preset", {[] {
      std::string s;
      for (auto& n : preset_names()) s += (s.empty() ? "" : ", ") + n;
      return s;
    }()}));
  const Preset* p = find_preset(parts[0]);
  if (!p) {
    std::string s;
    for (auto& n : preset_names()) s += (s.empty() ? "" : ", ") + n;
    throw RulesError(Message("error.rules.unknown_preset", {std::string(parts[0]), s}));
  }
  RulesText out{p->rules, {}};
  for (size_t i = 1; i < parts.size(); ++i) {
    auto kv = parts[i];
    auto eq = kv.find('=');
    if (kv.empty()) throw RulesError(Message("error.rules.empty_setting", {std::string(text)}));
    if (eq == std::string_view::npos)
      throw RulesError(Message("error.rules.setting_form", {std::string(kv), key_list()}));
    auto key = trim(kv.substr(0, eq)), value = trim(kv.substr(eq + 1));
    const Field* f = find_field(key);
    if (!f) throw RulesError(Message("error.rules.unknown_key", {std::string(key), key_list()}));
    f->set(out.rules, value);
    out.keys.push_back(f->info.key);
  }
  return out;
}

void set_rule(Ruleset& r, std::string_view key, std::string_view value) {
  const Field* f = find_field(strings::trim(key));
  if (!f) throw RulesError(Message("error.rules.unknown_key", {std::string(key), key_list()}));
  f->set(r, strings::trim(value));
}

bool RulesText::sets(std::string_view key) const {
  return std::find(keys.begin(), keys.end(), key) != keys.end();
}

RulesText rules_text_of(const Ruleset& r) {
  RulesText out{r, {}};
  const Preset* base = find_preset(r.preset);
  for (auto& f : fields())
    if (!base || f.get(base->rules) != f.get(r)) out.keys.push_back(f.info.key);
  return out;
}

Ruleset parse_ruleset(std::string_view text) { return parse_rules_text(text).rules; }

std::string preset_for_sgf_rules(std::string_view ru) {
  const std::string t = strings::lower_without_space(ru);
  if (t.rfind("jpd:", 0) == 0) {
    auto rest = t.substr(4);
    auto comma = rest.find(',');
    auto name = rest.substr(0, comma);
    return find_preset(name) ? std::string(ru.substr(ru.find(':') + 1)) : "";
  }
  if (find_preset(t)) return find_preset(t)->name;
  struct Alias {
    const char* text;
    const char* preset;
  };
  static const Alias aliases[] = {
      {"japanese", "japanese"}, {"jp", "japanese"}, {"japan", "japanese"}, {"日本", "japanese"},
      {"chinese", "chinese"}, {"cn", "chinese"}, {"china", "chinese"}, {"中国", "chinese"},
      {"wmsg", "chinese-2008"}, {"korean", "korean"}, {"kr", "korean"}, {"korea", "korean"},
      {"aga", "aga"}, {"american", "aga"}, {"bga", "aga"}, {"french", "aga"},
      {"nz", "new-zealand"}, {"newzealand", "new-zealand"}, {"new_zealand", "new-zealand"},
      {"ing", "ing"}, {"goe", "ing"}, {"ing's", "ing"}, {"tromp-taylor", "tromp-taylor"},
      {"tromptaylor", "tromp-taylor"}, {"tromp_taylor", "tromp-taylor"}, {"tt", "tromp-taylor"},
  };
  for (auto& a : aliases)
    if (t == a.text) return a.preset;
  return "";
}

std::string standard_sgf_rules(const Ruleset& r) {
  static const std::pair<const char*, const char*> standard[] = {
      {"chinese", "Chinese"}, {"japanese", "Japanese"}, {"korean", "Korean"},
      {"aga", "AGA"},         {"new-zealand", "NZ"},    {"ing", "GOE"}};
  const Preset* p = find_preset(r.preset);
  if (!p) return "";
  Ruleset plain = r;
  plain.komi = p->rules.komi;
  if (plain.to_string() != p->name) return "";
  for (const auto& [preset, ru] : standard)
    if (r.preset == preset && preset_for_sgf_rules(ru) == preset) return ru;
  return "";
}

nlohmann::json to_json(const Ruleset& r) {
  nlohmann::json j;
  j["preset"] = r.preset;
  j["canonical"] = r.to_string();
  for (auto& f : fields()) {
    std::string v = f.get(r);
    switch (f.kind) {
      case Kind::boolean: j[f.info.key] = (v == "true"); break;
      case Kind::number: j[f.info.key] = std::strtod(v.c_str(), nullptr); break;
      case Kind::integer: j[f.info.key] = std::stoi(v); break;
      case Kind::text: j[f.info.key] = v; break;
    }
  }
  return j;
}

namespace {
// A JSON value in an error message: at most 40 characters, invalid UTF-8 replaced (dump() would
// throw on it).
std::string shown(const nlohmann::json& v) {
  return shortened(v.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace), 40);
}
}  // namespace

Ruleset ruleset_from_json(const nlohmann::json& j) {
  if (!j.is_object()) throw RulesError(Message("error.rules.json_object"));
  // Every value is checked for its type here: nlohmann's own conversions would throw its
  // exceptions, or convert an out-of-range floating-point number to an integer (undefined).
  std::string preset = kDefaultPreset;
  if (auto it = j.find("preset"); it != j.end()) {
    if (!it->is_string()) throw RulesError(Message("error.rules.json_preset", {shown(*it)}));
    preset = it->get<std::string>();
  }
  Ruleset r = parse_ruleset(preset);
  for (auto it = j.begin(); it != j.end(); ++it) {
    if (it.key() == "preset" || it.key() == "canonical") continue;
    const Field* f = find_field(it.key());
    if (!f) throw RulesError(Message("error.rules.unknown_key", {it.key(), key_list()}));
    const auto& v = *it;
    if (v.is_boolean()) f->set(r, v.get<bool>() ? "true" : "false");
    else if (v.is_number_integer()) f->set(r, v.dump());  // digits exactly as written
    else if (v.is_number()) f->set(r, number_text(v.get<double>()));  // 2.0 reads "2", 2.5 fails
    else if (v.is_string()) f->set(r, v.get<std::string>());
    else throw RulesError(Message("error.rules.json_value", {shown(v), it.key()}));
  }
  return r;
}

}  // namespace jpd
