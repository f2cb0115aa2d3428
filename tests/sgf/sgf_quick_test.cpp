// read_record_text reads a record straight from the text when it is one game tree without
// variations (quick_main_line in sgf.cpp), else through the parsed tree. Both must give the same
// record, locations included, or the same error: compared here on the corpus, on records of random
// games, and on those texts cut, spliced and sprinkled with white space, line breaks of every
// convention, escapes, comments, FF[3] identifiers, variations and garbage.
#include <gtest/gtest.h>

#include <random>
#include <sstream>
#include <string>

#include "random_game.hpp"
#include "jpd/replay.hpp"
#include "jpd/rules.hpp"
#include "jpd/sgf.hpp"
#include "sgf_test_util.hpp"
#include "shared_corpus.hpp"

using namespace jpd;

namespace {

std::string where(sgf::Location l) {
  return std::to_string(l.line) + ":" + std::to_string(l.column);
}

// Everything a Record holds, as text.
std::string describe(const sgf::Record& r) {
  std::ostringstream s;
  s << r.width << "x" << r.height << " km " << (r.komi ? std::to_string(*r.komi) : "-") << " ru "
    << r.rules << " re " << r.result << " ha " << r.handicap << " pb " << r.black_name << " pw "
    << r.white_name << " file " << r.filename << " pl "
    << (r.to_move ? std::string(color_letter(*r.to_move)) : "-") << " dead-markup "
    << r.has_dead_markup << "\n";
  for (auto& [c, p] : r.setup) s << " setup " << color_letter(c) << to_sgf(p);
  for (Point p : r.dead) s << " dead " << to_sgf(p);
  for (const Claim& c : r.claims) s << " claim " << color_letter(c.color) << to_sgf(c.point);
  for (Point p : r.territory_black) s << " tb " << to_sgf(p);
  for (Point p : r.territory_white) s << " tw " << to_sgf(p);
  s << "\n";
  for (const sgf::Step& st : r.steps)
    s << int(st.kind) << " " << int(st.move.kind) << " " << color_letter(st.move.color) << " "
      << (st.move.point.valid() ? to_sgf(st.move.point) : "--") << " @" << where(st.where)
      << " node " << st.node << " move " << st.move_number << "\n";
  return s.str();
}

std::string quick(std::string_view text) {
  try {
    return describe(sgf::read_record_text(text, "f.sgf"));
  } catch (const sgf::Error& e) {
    return std::string("Error ") + e.what() + " @" + where(e.where);
  }
}

std::string plain(std::string_view text) {
  try {
    return describe(sgf::read_record(sgf::parse(text, "f.sgf").games.front(), "f.sgf"));
  } catch (const sgf::Error& e) {
    return std::string("Error ") + e.what() + " @" + where(e.where);
  }
}

// A random change of the text: white space or a line break somewhere, a comment with escapes
// and line breaks, a lower-case letter in an identifier, a variation, a cut, garbage.
std::string mutate(std::string t, std::mt19937& rng) {
  const char* pieces[] = {" ",        "\n",       "\r\n",      "\n\r",       "\r",
                          "\t",       "C[a\\]b]", "C[x\\\ny]", "C[\r\n\r]",   "GN[g]",
                          "(;B[aa])", ")",        "(",         ";",           "x",
                          "[",        "]",        "AddBlack[bb]", "ab[cc]", "\xEF\xBB\xBF",
                          ";W[]",     "B[zz]",    "JD[aa:bb]", "KM[x]",       "PL[W]"};
  const int n = 1 + int(rng() % 3);
  for (int k = 0; k < n && !t.empty(); ++k) {
    const size_t at = rng() % (t.size() + 1);
    switch (rng() % 4) {
      case 0: t.erase(at, rng() % 4); break;
      case 1: t.resize(at); break;
      default: t.insert(at, pieces[rng() % std::size(pieces)]); break;
    }
  }
  return t;
}

}  // namespace

TEST(SgfQuick, CorpusRecordsReadAsThroughTheTree) {
  JPD_SKIP_WITHOUT_SHARED_CORPUS();
  int n = 0;
  for (const std::string& f : test::corpus_files()) {
    const sgf::Record a = sgf::read_record_file(f);
    const sgf::Record b = sgf::read_record(sgf::parse_file(f).games.front(), f);
    ASSERT_EQ(describe(a), describe(b)) << f;
    ++n;
  }
  EXPECT_GT(n, 1000);
}

TEST(SgfQuick, RandomRecordsAndTheirMutationsReadAsThroughTheTree) {
  std::mt19937 rng(3);
  int index = 0, compared = 0, quick_errors = 0, records = 0;
  for (const Preset& p : presets()) {
    for (int g = 0; g < 20; ++g) {
      const RandomGame rg = random_game(p.rules, random_game_seed(4, index, uint64_t(g)));
      sgf::Record r = record_from_game(rg.game);
      r.dead = rg.statuses.dead;
      r.claims = rg.statuses.claims;
      r.black_name = "Black \\ [me]";
      const std::string text = sgf::write(sgf::to_tree(r));
      ASSERT_EQ(quick(text), plain(text));
      for (int m = 0; m < 40; ++m) {
        const std::string t = mutate(text, rng);
        const std::string a = quick(t);
        ASSERT_EQ(a, plain(t)) << t;
        ++compared;
        if (a.rfind("Error", 0) == 0) ++quick_errors;
        else ++records;
      }
    }
    ++index;
  }
  EXPECT_GT(compared, 15000);
  EXPECT_GT(quick_errors, 3000);
  EXPECT_GT(records, 2000);
}
