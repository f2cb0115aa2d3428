#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>

#include "jpd/replay.hpp"
#include "jpd/rules.hpp"
#include "jpd/sgf.hpp"

using namespace jpd;

TEST(Rules, EveryPresetOfTheSpecExistsOnce) {
  const std::set<std::string> expected = {
      "tang-song", "ming-qing", "sci-1-1", "sci-1-2", "sci-2-1", "sci-2-2", "sci-3-1",
      "sci-3-2", "sci-4-1", "sci-4-2", "art-great", "living-a", "living-b", "living-a-1v",
      "chinese", "chinese-2008", "japanese", "korean", "aga", "ing", "new-zealand",
      "tromp-taylor", "ancient"};
  auto names = preset_names();
  EXPECT_EQ(std::set<std::string>(names.begin(), names.end()), expected);
  EXPECT_EQ(names.size(), expected.size());
}

TEST(Rules, EveryPresetPrintsAsItsNameAndParsesBackEqual) {
  for (const Preset& p : presets()) {
    EXPECT_EQ(p.rules.preset, p.name);
    EXPECT_EQ(p.rules.to_string(), p.name);
    EXPECT_EQ(parse_ruleset(p.name), p.rules) << p.name;
    EXPECT_EQ(ruleset_from_json(to_json(p.rules)), p.rules) << p.name;
  }
}

TEST(Rules, ModifiedRulesetRoundTripsThroughTextAndJson) {
  Ruleset r = parse_ruleset("tang-song,komi=7.5,ko=situational");
  EXPECT_EQ(r.komi, 7.5);
  EXPECT_EQ(r.ko, KoRule::situational);
  EXPECT_EQ(r.to_string(), "tang-song,komi=7.5,ko=situational");
  EXPECT_EQ(parse_ruleset(r.to_string()), r);
  EXPECT_EQ(ruleset_from_json(to_json(r)), r);
  // Order of keys and their spelling do not matter; the canonical form follows the table.
  Ruleset s = parse_ruleset(" tang-song , ko = situational , KOMI=7.5 ");
  EXPECT_EQ(s, r);
  EXPECT_EQ(parse_ruleset("sci-1-1,ko-rule=simple").ko, KoRule::simple);
  // A key set to the preset's own value vanishes from the canonical form.
  EXPECT_EQ(parse_ruleset("chinese,komi=7.5").to_string(), "chinese");
}

TEST(Rules, EveryFieldOfEveryPresetRoundTripsWhenChanged) {
  // Flip each field of each preset to another valid value and back through the text form.
  for (const Preset& p : presets())
    for (const FieldInfo& f : ruleset_fields()) {
      std::vector<std::string> values;
      if (f.values == "true, false") values = {"true", "false"};
      else if (f.key == "komi") values = {"0", "-3.5", "7.25", "0.1"};
      else if (f.key == "cycle_repeats") values = {"2", "5"};
      else if (f.key == "group_tax") values = {"0", "3"};
      else if (f.key == "first_player") values = {"B", "W"};
      else {
        std::string v = f.values;
        size_t a = 0;
        while (a < v.size()) {
          size_t b = v.find(", ", a);
          values.push_back(v.substr(a, b == std::string::npos ? std::string::npos : b - a));
          if (b == std::string::npos) break;
          a = b + 2;
        }
      }
      ASSERT_FALSE(values.empty()) << f.key;
      for (auto& v : values) {
        Ruleset r = parse_ruleset(std::string(p.name) + "," + f.key + "=" + v);
        EXPECT_EQ(parse_ruleset(r.to_string()), r) << r.to_string();
        EXPECT_EQ(ruleset_from_json(to_json(r)), r) << r.to_string();
      }
    }
}

// One parse says whether the text sets the komi (a record's KM applies only where it does not),
// whatever the key's spelling; the preset's own komi does not count as given.
TEST(Rules, RulesTextSaysWhetherTheTextItselfSetsTheKomi) {
  EXPECT_FALSE(parse_rules_text("japanese").komi_given());
  EXPECT_FALSE(parse_rules_text("japanese,ko=positional").komi_given());
  const RulesText t = parse_rules_text(" Japanese , KOMI = 0.5 ");
  EXPECT_TRUE(t.komi_given());
  EXPECT_EQ(t.rules.komi, 0.5);
  EXPECT_EQ(t.rules, parse_ruleset("japanese,komi=0.5"));
  const sgf::Record rec = sgf::read_record_text("(;SZ[9]KM[6.5];B[ee])", "k.sgf");
  EXPECT_EQ(rules_for_record(rec, parse_rules_text("japanese")).komi, 6.5);
  EXPECT_EQ(rules_for_record(rec, parse_rules_text("japanese,komi=0.5")).komi, 0.5);
}

// One field set by its key, as a rules text sets it: what a server convention and KataGo's
// kata-set-rules change, without printing the rule set and reading it again.
TEST(Rules, SetRuleSetsOneFieldAsTheRulesTextWouldAndKeepsThePreset) {
  Ruleset r = parse_ruleset("japanese");
  set_rule(r, " Eye-Reading ", "none");
  set_rule(r, "komi", " 0.5");
  EXPECT_EQ(r, parse_ruleset("japanese,eye_reading=none,komi=0.5"));
  EXPECT_EQ(r.preset, "japanese");
  const Ruleset before = r;
  EXPECT_THROW(set_rule(r, "colour", "red"), RulesError);
  EXPECT_THROW(set_rule(r, "komi", "lots"), RulesError);
  EXPECT_THROW(set_rule(r, "komi", "1e308"), RulesError);
  EXPECT_EQ(r, before);  // a refused value changes nothing
}

// The keys a text sets, by their field names: what a server convention leaves alone.
TEST(Rules, RulesTextNamesTheKeysTheTextSets) {
  const RulesText t = parse_rules_text("chinese, Eye-Reading = japanese,ko_rule=positional,komi=7");
  EXPECT_EQ(t.keys, (std::vector<std::string>{"eye_reading", "ko", "komi"}));
  EXPECT_TRUE(t.sets("eye_reading"));
  EXPECT_FALSE(t.sets("remove_dead"));
  EXPECT_TRUE(parse_rules_text("chinese").keys.empty());
}

// A rule set given as such reads as its canonical text would.
TEST(Rules, RulesTextOfARulesetIsItsCanonicalTextRead) {
  for (const Preset& p : presets())
    for (const char* more : {"", ",komi=0", ",komi=-3.25,ko=situational", ",remove_dead=false"}) {
      const Ruleset r = parse_ruleset(std::string(p.name) + more);
      EXPECT_EQ(rules_text_of(r), parse_rules_text(r.to_string())) << r.to_string();
    }
}

// The options that hold a rule set (GtpEngineOptions, MatchOptions) start from Ruleset{}: the
// default preset's.
TEST(Rules, ADefaultRulesetIsTheDefaultPresets) {
  EXPECT_EQ(Ruleset{}, parse_ruleset(kDefaultPreset));
}

TEST(Rules, UnknownPresetListsTheValidOnes) {
  try {
    parse_ruleset("tang-dynasty");
    FAIL();
  } catch (const RulesError& e) {
    std::string m = e.what();
    EXPECT_NE(m.find("unknown preset 'tang-dynasty'"), std::string::npos);
    EXPECT_NE(m.find("tang-song"), std::string::npos);
    EXPECT_NE(m.find("living-a-1v"), std::string::npos);
  }
}

TEST(Rules, UnknownKeyAndBadValueAreExplained) {
  try {
    parse_ruleset("tang-song,colour=red");
    FAIL();
  } catch (const RulesError& e) {
    std::string m = e.what();
    EXPECT_NE(m.find("unknown rule key 'colour'"), std::string::npos);
    EXPECT_NE(m.find("komi"), std::string::npos);
  }
  try {
    parse_ruleset("tang-song,ko=superko");
    FAIL();
  } catch (const RulesError& e) {
    EXPECT_NE(std::string(e.what()).find("simple, positional, situational, generalized"),
              std::string::npos);
  }
  EXPECT_THROW(parse_ruleset("tang-song,komi=abc"), RulesError);
  EXPECT_THROW(parse_ruleset("tang-song,komi"), RulesError);
  EXPECT_THROW(parse_ruleset("tang-song,,komi=1"), RulesError);
  EXPECT_THROW(parse_ruleset(""), RulesError);
  EXPECT_THROW(parse_ruleset("tang-song,cycle_repeats=2.5"), RulesError);
}

TEST(Rules, PresetTableFollowsTheSpec) {
  auto r = [](const char* n) { return parse_ruleset(n); };
  EXPECT_FALSE(r("tang-song").allow_pass);
  EXPECT_TRUE(r("tang-song").allow_virtual);
  EXPECT_EQ(r("tang-song").compensation, Compensation::first_virtual);
  EXPECT_EQ(r("tang-song").komi, 6.5);
  EXPECT_EQ(r("ming-qing").compensation, Compensation::law);
  EXPECT_TRUE(r("sci-1-1").allow_pass);
  EXPECT_FALSE(r("sci-1-1").allow_virtual);
  EXPECT_TRUE(r("sci-1-1").reset_history_at_pause);
  EXPECT_EQ(r("sci-1-1").compensation, Compensation::art);
  EXPECT_EQ(r("sci-1-1").dispute_compensation, Compensation::law);
  EXPECT_EQ(r("sci-1-2").komi, 7.5);
  EXPECT_EQ(r("sci-2-1").ko, KoRule::generalized);
  EXPECT_EQ(r("sci-2-1").counted_moves, CountedMoves::real_and_virtual);
  EXPECT_FALSE(r("sci-3-1").allow_pass);
  EXPECT_EQ(r("sci-4-1").counting, CountingMethod::territory_generalized);
  EXPECT_EQ(r("sci-4-1").counted_moves, CountedMoves::all);
  EXPECT_EQ(r("art-great").cycle_result, CycleResult::draw);
  EXPECT_EQ(r("art-great").dispute_mode, DisputeMode::independent);
  EXPECT_FALSE(r("art-great").suicide);
  EXPECT_EQ(r("living-a").first_player, Color::White);
  EXPECT_EQ(r("living-a").pause, PauseRule::agreed);
  EXPECT_EQ(r("living-b").compensation, Compensation::living_b);
  EXPECT_EQ(r("living-a-1v").compensation, Compensation::living_a_first_event);
  EXPECT_EQ(r("japanese").seki_territory, SekiTerritory::none);
  EXPECT_FALSE(r("japanese").seki_exclusive_liberties);
  EXPECT_TRUE(r("aga").pass_stone);
  EXPECT_TRUE(r("ing").suicide);
  EXPECT_EQ(r("ing").komi, 8);
  EXPECT_EQ(r("new-zealand").ko, KoRule::situational);
  EXPECT_FALSE(r("tromp-taylor").remove_dead);
  EXPECT_EQ(r("ancient").group_tax, 2);
  EXPECT_EQ(r("chinese-2008").compensation, Compensation::black_last_pays);
  for (const Preset& p : presets()) EXPECT_EQ(p.jpd, p.rules.seki_exclusive_liberties) << p.name;
  // The Japanese view reads eyes under the japanese and korean presets only.
  for (const Preset& p : presets()) {
    const std::string n = p.name;
    EXPECT_EQ(p.rules.eye_reading,
              n == "japanese" || n == "korean" ? EyeReading::japanese : EyeReading::none)
        << n;
  }
}

TEST(Rules, KataGosRuleFamiliesTakeEachPresetsValueFromItsRuleText) {
  // The button, White's compensation for handicap stones under area counting and friendly passes
  // (docs/rules.md, interpretation 29): Chinese N, AGA N - 1, the others none; no preset has the
  // button; only Tromp-Taylor, which counts the stones on the board as they stand, has no
  // friendly pass.
  for (const Preset& p : presets()) {
    const std::string n = p.name;
    EXPECT_FALSE(p.rules.button) << n;
    const HandicapCompensation h = n == "chinese" || n == "chinese-2008" ? HandicapCompensation::n
                                   : n == "aga" ? HandicapCompensation::n_minus_1
                                                : HandicapCompensation::none;
    EXPECT_EQ(p.rules.handicap_compensation, h) << n;
    EXPECT_EQ(p.rules.friendly_pass, n != "tromp-taylor") << n;
  }
  const Ruleset r = parse_ruleset("chinese,button=true,handicap_compensation=n_minus_1,friendly_pass=false");
  EXPECT_EQ(r.to_string(), "chinese,button=true,handicap_compensation=n_minus_1,friendly_pass=false");
  EXPECT_EQ(ruleset_from_json(to_json(r)), r);
  EXPECT_EQ(to_json(r)["handicap_compensation"], "n_minus_1");
  EXPECT_THROW(parse_ruleset("chinese,handicap_compensation=half"), RulesError);
}

TEST(Rules, LoseOnTimeIsFalseOnlyUnderIngTrompTaylorAndAncient) {
  // docs/rules.md, interpretation 31: Ing's overtime costs points, Tromp-Taylor says nothing of
  // time, ancient counting had no clocks; every other preset forfeits a player out of time.
  for (const Preset& p : presets()) {
    const std::string n = p.name;
    EXPECT_EQ(p.rules.lose_on_time, n != "ing" && n != "tromp-taylor" && n != "ancient") << n;
  }
  const Ruleset r = parse_ruleset("chinese,lose_on_time=false");
  EXPECT_FALSE(r.lose_on_time);
  EXPECT_EQ(r.to_string(), "chinese,lose_on_time=false");
  EXPECT_EQ(ruleset_from_json(to_json(r)), r);
  EXPECT_EQ(to_json(parse_ruleset("ing"))["lose_on_time"], false);
}

TEST(Rules, JapaneseAndKoreanDisputesAreIndependentConfirmationPlay) {
  for (const char* n : {"japanese", "korean"})
    EXPECT_EQ(parse_ruleset(n).dispute_mode, DisputeMode::independent) << n;
  for (const char* n : {"chinese", "aga", "tang-song", "sci-1-1"})
    EXPECT_EQ(parse_ruleset(n).dispute_mode, DisputeMode::continue_play) << n;
}

TEST(Rules, EyeReadingIsAFieldLikeAnyOther) {
  const Ruleset r = parse_ruleset("japanese,eye_reading=none");
  EXPECT_EQ(r.eye_reading, EyeReading::none);
  EXPECT_EQ(r.to_string(), "japanese,eye_reading=none");
  EXPECT_EQ(parse_ruleset(r.to_string()), r);
  EXPECT_EQ(to_json(r)["eye_reading"], "none");
  EXPECT_EQ(ruleset_from_json(to_json(r)), r);
  EXPECT_EQ(parse_ruleset("tang-song,eye-reading=Japanese").to_string(),
            "tang-song,eye_reading=japanese");
  try {
    parse_ruleset("japanese,eye_reading=goscorer");
    ADD_FAILURE() << "an unknown value was accepted";
  } catch (const RulesError& e) {
    EXPECT_NE(std::string(e.what()).find("none, japanese"), std::string::npos) << e.what();
  }
}

TEST(Rules, SgfRulesNamesMapToPresets) {
  EXPECT_EQ(preset_for_sgf_rules("Japanese"), "japanese");
  EXPECT_EQ(preset_for_sgf_rules("Chinese"), "chinese");
  EXPECT_EQ(preset_for_sgf_rules("AGA"), "aga");
  EXPECT_EQ(preset_for_sgf_rules("NZ"), "new-zealand");
  EXPECT_EQ(preset_for_sgf_rules("Korean"), "korean");
  EXPECT_EQ(preset_for_sgf_rules("Ing"), "ing");
  EXPECT_EQ(preset_for_sgf_rules("JPD:tang-song"), "tang-song");
  EXPECT_EQ(preset_for_sgf_rules("JPD:sci-1-1,komi=5.5"), "sci-1-1,komi=5.5");
  EXPECT_EQ(preset_for_sgf_rules("Something else"), "");
}
