// GTP conformance of the engine behind `jpd gtp`: every command, error answers, ids, malformed
// input, undo, loadsgf/printsgf, the jpd- commands; and `jpd gtp` as a child process.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <sys/wait.h>

#include "jpd/count.hpp"
#include "jpd/gtp.hpp"
#include "jpd/gtp_client.hpp"
#include "test_util.hpp"
#include "jpd/rng.hpp"

using namespace jpd;

namespace {

// Dead stones for the tests: none, so that nothing depends on an estimator or on GNU Go.
GtpEngineOptions opts(const std::string& rules = "tang-song", int size = 9) {
  GtpEngineOptions o;
  o.rules = parse_ruleset(rules);
  o.board_size = size;
  o.genmove.playouts = 400;
  o.statuses = [](const Game&) {
    Statuses st;
    st.source = StatusSource::given;
    return st;
  };
  return o;
}

// The text of a success answer; fails the test on an error answer.
std::string ok(GtpEngine& e, const std::string& line) {
  std::string a = e.handle(line);
  EXPECT_GE(a.size(), 4u) << line;
  EXPECT_EQ(a[0], '=') << line << " -> " << a;
  EXPECT_EQ(a.substr(a.size() - 2), "\n\n") << line;
  size_t sp = a.find(' ');
  return a.substr(sp + 1, a.size() - sp - 3);
}

// The text of an error answer; fails the test on a success answer.
std::string err(GtpEngine& e, const std::string& line) {
  std::string a = e.handle(line);
  EXPECT_FALSE(a.empty()) << line;
  if (a.empty()) return "";
  EXPECT_EQ(a[0], '?') << line << " -> " << a;
  size_t sp = a.find(' ');
  return a.substr(sp + 1, a.size() - sp - 3);
}

nlohmann::json state(GtpEngine& e) { return nlohmann::json::parse(ok(e, "jpd-state")); }

bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

// Setup stones from a list like "B A3 B4, W B3 C4".
void setup(GtpEngine& e, const std::string& black, const std::string& white) {
  std::istringstream b(black), w(white);
  std::string v;
  while (b >> v) ok(e, "jpd-setup B " + v);
  while (w >> v) ok(e, "jpd-setup W " + v);
}

}  // namespace

TEST(Gtp, AdministrativeCommands) {
  GtpEngine e(opts());
  EXPECT_EQ(e.handle("protocol_version"), "= 2\n\n");
  EXPECT_EQ(ok(e, "name"), "jpd");
  EXPECT_EQ(ok(e, "version"), "0.1.0");
  EXPECT_EQ(ok(e, "known_command play"), "true");
  EXPECT_EQ(ok(e, "known_command jpd-virtual"), "true");
  EXPECT_EQ(ok(e, "known_command frobnicate"), "false");
  const std::string list = ok(e, "list_commands");
  for (const std::string& c : GtpEngine::command_names()) {
    EXPECT_TRUE(contains("\n" + list + "\n", "\n" + c + "\n")) << c;
    EXPECT_EQ(ok(e, "known_command " + c), "true") << c;
  }
  for (const char* c : {"protocol_version", "name", "version", "known_command", "list_commands",
                        "quit", "boardsize", "clear_board", "komi", "play", "genmove", "undo",
                        "showboard", "fixed_handicap", "place_free_handicap", "set_free_handicap",
                        "loadsgf", "printsgf", "final_score", "final_status_list", "time_settings",
                        "time_left", "kgs-rules", "jpd-rules", "jpd-virtual", "jpd-negative",
                        "jpd-propose", "jpd-accept", "jpd-reject", "jpd-count"})
    EXPECT_EQ(ok(e, std::string("known_command ") + c), "true") << c;
  EXPECT_EQ(e.handle("frobnicate"), "? unknown command\n\n");
  EXPECT_TRUE(contains(err(e, "name extra"), "syntax error"));
  EXPECT_FALSE(e.quit_requested());
  EXPECT_EQ(e.handle("quit"), "= \n\n");
  EXPECT_TRUE(e.quit_requested());
}

TEST(Gtp, TheEstimatorRunsWithTheEnginesEstimateOptions) {
  GtpEngineOptions o = opts("tang-song", 5);
  o.estimate.playouts = 24;
  GtpEngine e(o);
  ASSERT_EQ(e.handle("play B C3"), "= \n\n");
  EXPECT_NE(e.handle("jpd-estimate").find("estimator, 24 playouts"), std::string::npos);
  o.statuses = nullptr;  // the engine's own dead stones: the estimator, with the same options
  GtpEngine own(o);
  ASSERT_EQ(own.handle("play B C3"), "= \n\n");
  EXPECT_NE(own.handle("jpd-count").find("24 playouts"), std::string::npos) << own.handle("jpd-count");
}

TEST(Gtp, IdsAreEchoed) {
  GtpEngine e(opts());
  EXPECT_EQ(e.handle("12 protocol_version"), "=12 2\n\n");
  EXPECT_EQ(e.handle("7 frobnicate"), "?7 unknown command\n\n");
  EXPECT_EQ(e.handle("0 play B D4"), "=0 \n\n");
  EXPECT_EQ(e.handle("3 play B D4").substr(0, 3), "?3 ");  // occupied
  EXPECT_EQ(e.handle("99").substr(0, 4), "?99 ");  // an id and nothing else
  EXPECT_EQ(e.handle("4 quit"), "=4 \n\n");
}

TEST(Gtp, PreprocessingCommentsEmptyLinesAndControlCharacters) {
  GtpEngine e(opts());
  EXPECT_EQ(e.handle(""), "");
  EXPECT_EQ(e.handle("   \t  "), "");
  EXPECT_EQ(e.handle("# only a comment"), "");
  EXPECT_EQ(e.handle("\r"), "");
  EXPECT_EQ(e.handle("name # a comment"), "= jpd\n\n");
  EXPECT_EQ(e.handle("\tname\r"), "= jpd\n\n");
  EXPECT_EQ(e.handle("5\tname\r\n"), "=5 jpd\n\n");
  EXPECT_EQ(e.handle(std::string("na\x01me\x7f", 6)), "= jpd\n\n");
  EXPECT_EQ(e.handle(std::string("name\0", 5)), "= jpd\n\n");
  EXPECT_EQ(e.handle("play   B    D4  "), "= \n\n");
  // A second line in the same string is not read.
  EXPECT_EQ(e.handle("name\nversion"), "= jpd\n\n");
  // handle_all: one answer per command line.
  EXPECT_EQ(e.handle_all("1 name\n\n# c\r\n2 version\n"), "=1 jpd\n\n=2 0.1.0\n\n");
}

TEST(Gtp, OverlongLineIsRefusedAndTheEngineStaysInStep) {
  GtpEngine e(opts());
  const std::string big = "8 play B " + std::string(70000, 'x');
  const std::string a = e.handle(big);
  EXPECT_EQ(a.substr(0, 3), "?8 ");
  EXPECT_TRUE(contains(a, "line too long")) << a;
  EXPECT_EQ(e.refuse_long_line("9 play", 1 << 20).substr(0, 3), "?9 ");
  EXPECT_EQ(e.handle("10 name"), "=10 jpd\n\n");
}

TEST(Gtp, BoardsizeClearBoardKomi) {
  GtpEngine e(opts());
  ok(e, "play B E5");
  EXPECT_EQ(err(e, "boardsize 1"), "unacceptable size (2..25)");
  EXPECT_EQ(err(e, "boardsize 26"), "unacceptable size (2..25)");
  EXPECT_EQ(err(e, "boardsize nine"), "unacceptable size (2..25)");
  EXPECT_TRUE(contains(err(e, "boardsize"), "syntax error"));
  EXPECT_EQ(e.game().board().at(Point(4, 4)), Color::Black);  // unchanged by the errors
  ok(e, "boardsize 13");
  EXPECT_EQ(e.game().width(), 13);
  EXPECT_EQ(e.game().moves().size(), 0u);
  ok(e, "play B D4");
  ok(e, "clear_board");
  EXPECT_EQ(e.game().board().stones(Color::Black), 0);
  EXPECT_EQ(e.game().width(), 13);
  ok(e, "komi 7.5");
  EXPECT_EQ(ok(e, "jpd-rules"), "tang-song,komi=7.5");
  ok(e, "komi -3");
  EXPECT_EQ(e.game().rules().komi, -3);
  EXPECT_TRUE(contains(err(e, "komi lots"), "syntax error"));
  EXPECT_TRUE(contains(err(e, "komi nan"), "syntax error"));
}

TEST(Gtp, PlayAndTheRefereesReasons) {
  GtpEngine e(opts("japanese", 9));
  ok(e, "jpd-out-of-turn refuse");  // the referee's turn, as before GUIs' setup stones
  ok(e, "play B D4");
  EXPECT_TRUE(contains(err(e, "play B D5"), "White's turn"));
  EXPECT_EQ(err(e, "play W D4"), "illegal move: point D4 is occupied");
  EXPECT_TRUE(contains(err(e, "play X D5"), "invalid color"));
  EXPECT_TRUE(contains(err(e, "play W Z9"), "invalid coordinate"));
  EXPECT_TRUE(contains(err(e, "play W I5"), "invalid coordinate"));
  EXPECT_TRUE(contains(err(e, "play W D10"), "invalid coordinate"));
  EXPECT_TRUE(contains(err(e, "play W"), "syntax error"));
  ok(e, "play white d5");
  ok(e, "play b PASS");
  EXPECT_EQ(state(e)["phase"], "play");
  EXPECT_EQ(e.game().counters().play[0].passes, 1);
}

TEST(Gtp, KoAndSuicideAreRefusedWithTheReason) {
  GtpEngine e(opts("japanese", 5));
  setup(e, "A3 B4 B2", "B3 C4 D3 C2");
  ok(e, "play B C3");  // captures B3
  EXPECT_TRUE(contains(err(e, "play W B3"), "ko: point B3 was just captured")) << e.handle("showboard");
  GtpEngine s(opts("sci-1-1", 5));
  setup(s, "A3 B4 B2", "B3 C4 D3 C2");
  ok(s, "play B C3");
  EXPECT_TRUE(contains(err(s, "play W B3"), "superko"));
  GtpEngine t(opts("tang-song", 5));
  setup(t, "", "A2 B1");
  EXPECT_TRUE(contains(err(t, "play B A1"), "suicide"));
}

TEST(Gtp, PassIsTheRulesNonBoardMove) {
  {
    GtpEngine e(opts("tang-song"));  // virtual moves only
    ok(e, "play B pass");
    EXPECT_EQ(state(e)["virtual"]["B"], 1);
    ok(e, "play W pass");
    EXPECT_EQ(state(e)["phase"], "paused");
    EXPECT_EQ(e.game().counters().play[1].virtual_moves, 1);
  }
  {
    GtpEngine e(opts("sci-1-1"));  // passes only
    EXPECT_TRUE(contains(err(e, "jpd-virtual B"), "not allowed"));
    ok(e, "play B pass");
    ok(e, "play W pass");
    EXPECT_EQ(state(e)["phase"], "paused");
    EXPECT_EQ(e.game().counters().play[0].passes, 1);
  }
  {
    GtpEngine e(opts("sci-2-1"));  // both: a GTP pass is a pass, jpd-virtual the virtual move
    ok(e, "play B pass");
    ok(e, "jpd-virtual W");
    EXPECT_EQ(state(e)["phase"], "paused");
  }
}

TEST(Gtp, AgreedPauseOnlyRulesTurnPassesIntoProposalAndAcceptance) {
  GtpEngine e(opts("living-a", 9));  // White first
  ok(e, "jpd-out-of-turn refuse");
  EXPECT_TRUE(contains(err(e, "play B D4"), "White's turn"));
  ok(e, "play W D4");
  ok(e, "play B pass");  // a proposal
  EXPECT_EQ(state(e)["pending_proposal"], "B");
  ok(e, "play W E5");  // rejects it: Black owes the virtual move, then White plays
  auto s = state(e);
  EXPECT_EQ(s["pending_proposal"], nullptr);
  EXPECT_EQ(s["virtual"]["B"], 1);
  EXPECT_EQ(s["to_move"], "B");
  EXPECT_EQ(e.game().board().at(Point(4, 4)), Color::White);
  ok(e, "undo");  // one GTP move, one undo step: the proposal is pending again
  s = state(e);
  EXPECT_EQ(s["pending_proposal"], "B");
  EXPECT_EQ(s["virtual"]["B"], 0);
  ok(e, "play W pass");  // accepts
  s = state(e);
  EXPECT_EQ(s["phase"], "paused");
  EXPECT_TRUE(s["paused_by_agreement"].get<bool>());
  // Explicit pause acts.
  GtpEngine f(opts("living-b", 9));
  ok(f, "jpd-propose W");
  EXPECT_TRUE(contains(err(f, "jpd-propose B"), "accept or reject"));
  ok(f, "jpd-reject B");
  EXPECT_TRUE(contains(err(f, "play W D4"), "virtual move"));
  ok(f, "jpd-virtual W");
  ok(f, "play B D4");
  EXPECT_TRUE(contains(err(f, "jpd-accept W"), "no pause proposal"));
  GtpEngine g(opts("sci-1-1", 9));
  EXPECT_TRUE(contains(err(g, "jpd-propose B"), "not by proposal"));
}

TEST(Gtp, MoveAtAPauseResumesPlayForADispute) {
  GtpEngine e(opts("sci-1-1", 9));
  ok(e, "play B E5");
  ok(e, "play W pass");
  ok(e, "play B pass");
  EXPECT_EQ(state(e)["phase"], "paused");
  ok(e, "play W D4");
  EXPECT_EQ(state(e)["phase"], "dispute");
  ok(e, "undo");
  EXPECT_EQ(state(e)["phase"], "paused");
  ok(e, "jpd-resume");
  EXPECT_EQ(state(e)["phase"], "dispute");
  EXPECT_TRUE(contains(err(e, "jpd-resume sideways"), "syntax error"));
}

TEST(Gtp, UndoTakesBackOneCommandAtATime) {
  GtpEngine e(opts("tang-song", 9));
  EXPECT_EQ(err(e, "undo"), "cannot undo");
  ok(e, "play B C3");
  ok(e, "play W D4");
  ok(e, "play B pass");
  ok(e, "undo");
  EXPECT_EQ(e.game().moves().size(), 2u);
  ok(e, "undo");
  ok(e, "undo");
  EXPECT_EQ(e.game().moves().size(), 0u);
  EXPECT_EQ(e.game().board().stones(Color::Black), 0);
  EXPECT_EQ(err(e, "undo"), "cannot undo");
  EXPECT_TRUE(contains(err(e, "undo 2"), "syntax error"));
}

TEST(Gtp, ShowboardDrawsTheBoardAndTheState) {
  GtpEngine e(opts("tang-song", 9));
  ok(e, "play B C3");
  ok(e, "play W pass");
  const std::string a = e.handle("showboard");
  EXPECT_EQ(a.substr(0, 3), "= \n");
  EXPECT_EQ(a.find("\n\n"), a.size() - 2);  // no empty line inside
  EXPECT_TRUE(contains(a, "    A B C D E F G H J\n")) << a;
  EXPECT_TRUE(contains(a, "  3 . . X . . . . . . 3\n")) << a;
  EXPECT_TRUE(contains(a, "virtual moves: B 0, W 1")) << a;
  EXPECT_TRUE(contains(a, "Black to move")) << a;
}

TEST(Gtp, Handicaps) {
  GtpEngine e(opts("japanese", 9));
  EXPECT_EQ(ok(e, "fixed_handicap 4"), "G7 C3 G3 C7");
  EXPECT_EQ(e.game().to_move(), Color::White);
  EXPECT_EQ(err(e, "fixed_handicap 2"), "board not empty");
  ok(e, "clear_board");
  EXPECT_TRUE(contains(err(e, "fixed_handicap 10"), "invalid number of stones"));
  EXPECT_TRUE(contains(err(e, "fixed_handicap 1"), "invalid number of stones"));
  EXPECT_TRUE(contains(err(e, "fixed_handicap x"), "syntax error"));
  EXPECT_EQ(ok(e, "place_free_handicap 5"), "G7 C3 G3 C7 E5");
  ok(e, "clear_board");
  const std::string free12 = ok(e, "place_free_handicap 12");
  std::istringstream in(free12);
  int n = 0;
  for (std::string v; in >> v;) ++n;
  EXPECT_EQ(n, 12);
  EXPECT_EQ(e.game().board().stones(Color::Black), 12);
  ok(e, "boardsize 6");
  EXPECT_EQ(ok(e, "place_free_handicap 2").size(), 5u);  // no fixed placement on 6x6
  ok(e, "boardsize 9");
  ok(e, "set_free_handicap A1 B2 J9");
  EXPECT_EQ(e.game().board().stones(Color::Black), 3);
  EXPECT_EQ(e.game().to_move(), Color::White);
  EXPECT_EQ(err(e, "set_free_handicap C3 D4"), "board not empty");
  ok(e, "clear_board");
  EXPECT_TRUE(contains(err(e, "set_free_handicap A1 A1"), "twice"));
  EXPECT_TRUE(contains(err(e, "set_free_handicap A1"), "bad vertex list"));
  EXPECT_TRUE(contains(err(e, "set_free_handicap A1 Z1"), "bad vertex list"));
  EXPECT_EQ(e.game().board().stones(Color::Black), 0);
}

TEST(Gtp, PrintsgfAndLoadsgfRoundTrip) {
  GtpEngineOptions writer = opts("tang-song,komi=7", 9);
  writer.file_root = testing::TempDir();
  GtpEngine e(writer);
  for (const char* m : {"play B C3", "play W G7", "play B pass", "play W D4", "play B E5",
                        "play W pass", "play B pass"})
    ok(e, m);
  EXPECT_EQ(state(e)["phase"], "paused");
  const std::string sgf = ok(e, "printsgf");
  EXPECT_TRUE(contains(sgf, "RU[JPD:tang-song,komi=7]")) << sgf;
  EXPECT_TRUE(contains(sgf, "JPDV[]")) << sgf;
  const std::string path = testing::TempDir() + "gtp_roundtrip.sgf";
  ok(e, "printsgf " + path);
  GtpEngineOptions reader = opts("japanese", 19);
  reader.file_root = testing::TempDir();
  GtpEngine f(reader);
  ok(f, "loadsgf " + path);
  EXPECT_EQ(ok(f, "jpd-rules"), "tang-song,komi=7");
  EXPECT_EQ(ok(f, "printsgf"), sgf);
  EXPECT_EQ(ok(f, "showboard"), ok(e, "showboard"));
  EXPECT_EQ(state(f)["phase"], "paused");
  // Up to a move: the position before move 4.
  ok(f, "loadsgf " + path + " 4");
  EXPECT_EQ(f.game().moves().size(), 3u);
  EXPECT_EQ(state(f)["phase"], "play");  // the record goes on
  ok(f, "play W D4");
  ok(f, "undo");
  ok(f, "undo");  // back through the loaded moves
  EXPECT_EQ(f.game().moves().size(), 2u);
  EXPECT_TRUE(contains(err(f, "loadsgf nonexistent-file.sgf"), "cannot load file"));
  std::ofstream(testing::TempDir() + "gtp_bad.sgf") << "(;GM[1]SZ[9];B[zz]";
  EXPECT_TRUE(contains(err(f, "loadsgf " + testing::TempDir() + "gtp_bad.sgf"), "cannot load"));
  EXPECT_EQ(f.game().moves().size(), 2u);  // unchanged by the failures
  EXPECT_TRUE(contains(err(f, "loadsgf"), "syntax error"));
}

TEST(Gtp, FileAccessIsOffUnlessAFolderIsAllowed) {
  // printsgf FILE overwrote any file and loadsgf /etc/passwd answered with its line count.
  GtpEngine g(opts());
  EXPECT_EQ(g.options().file_root, "");
  EXPECT_EQ(err(g, "loadsgf /etc/passwd"),
            "cannot load: file access is off (jpd gtp --allow-files DIR allows one folder)");
  const std::string victim = testing::TempDir() + "gtp_victim.txt";
  std::ofstream(victim) << "keep me";
  EXPECT_TRUE(contains(err(g, "printsgf " + victim), "cannot write: file access is off"));
  std::ifstream in(victim);
  std::string kept;
  std::getline(in, kept);
  EXPECT_EQ(kept, "keep me");
}

TEST(Gtp, AllowedFolderConfinesLoadsgfAndPrintsgfToIt) {
  namespace fs = std::filesystem;
  const fs::path base = fs::path(testing::TempDir()) / "gtp-confined";
  fs::remove_all(base);
  fs::create_directories(base / "games" / "sub");
  std::ofstream(base / "outside.sgf") << "(;GM[1]SZ[9];B[cc])";
  fs::create_symlink(base / "outside.sgf", base / "games" / "link-out.sgf");
  fs::create_directory_symlink(base, base / "games" / "up");
  GtpEngineOptions o = opts("tang-song", 9);
  o.file_root = (base / "games").string();
  GtpEngine g(o);
  ok(g, "play B C3");
  ok(g, "printsgf sub/a.sgf");
  EXPECT_TRUE(fs::is_regular_file(base / "games" / "sub" / "a.sgf"));
  ok(g, "printsgf " + (base / "games" / "b.sgf").string());  // absolute, inside
  ok(g, "loadsgf sub/a.sgf");
  EXPECT_EQ(g.game().moves().size(), 1u);
  const std::string outside = "is outside the folder files are allowed in (" + (base / "games").string() + ")";
  for (const std::string& name : {std::string("../outside.sgf"), (base / "outside.sgf").string(),
                                  std::string("link-out.sgf"), std::string("up/outside.sgf"),
                                  std::string("sub/../../outside.sgf"), std::string("/etc/passwd"),
                                  std::string("."), std::string("sub/..")}) {
    EXPECT_TRUE(contains(err(g, "loadsgf " + name), outside)) << name;
    EXPECT_TRUE(contains(err(g, "printsgf " + name), outside)) << name;
  }
  std::ifstream in(base / "outside.sgf");
  std::string kept;
  std::getline(in, kept);
  EXPECT_EQ(kept, "(;GM[1]SZ[9];B[cc])");  // never overwritten
}

TEST(Gtp, RulesCommands) {
  GtpEngine e(opts("tang-song", 9));
  EXPECT_EQ(ok(e, "jpd-rules"), "tang-song");
  ok(e, "jpd-rules ming-qing,komi=5.5");
  EXPECT_EQ(ok(e, "jpd-rules"), "ming-qing,komi=5.5");
  const std::string bad = err(e, "jpd-rules no-such-rules");
  EXPECT_TRUE(contains(bad, "tang-song")) << bad;  // lists the presets
  EXPECT_TRUE(contains(ok(e, "jpd-presets"), "living-a-1v"));
  ok(e, "kgs-rules japanese");
  EXPECT_EQ(e.game().rules().preset, "japanese");
  EXPECT_EQ(e.game().rules().komi, 5.5);  // komi has its own command
  ok(e, "kgs-rules new_zealand");
  EXPECT_EQ(e.game().rules().preset, "new-zealand");
  ok(e, "kgs-rules chinese");
  ok(e, "kgs-rules aga");
  EXPECT_TRUE(contains(err(e, "kgs-rules cosmic"), "unknown rules"));
  // A rule set under which the game so far is illegal is refused, the game kept.
  ok(e, "jpd-rules japanese");
  ok(e, "play B D4");
  EXPECT_TRUE(contains(err(e, "jpd-rules living-a"), "not legal under living-a"));
  EXPECT_EQ(e.game().rules().preset, "japanese");
  // A pass where the rules have none is their virtual move, as a record's is.
  ok(e, "play W pass");
  ok(e, "jpd-rules tang-song");
  EXPECT_EQ(e.game().virtual_stones(Color::White), 1);
  EXPECT_EQ(e.game().phase(), Phase::play);
  ok(e, "undo");  // one step a move, as after loadsgf
  EXPECT_EQ(e.game().moves().size(), 1u);
  ok(e, "jpd-rules japanese");
  ok(e, "time_settings 300 30 5");
  ok(e, "time_left W 120 0");
  ok(e, "kgs-time_settings byoyomi 300 30 5");
  EXPECT_TRUE(contains(err(e, "time_settings 300"), "syntax error"));
  EXPECT_TRUE(contains(err(e, "time_left Q 1 1"), "invalid color"));
}

TEST(Gtp, NegativeMovesAtMaking) {
  GtpEngine e(opts("tang-song", 5));
  EXPECT_TRUE(contains(err(e, "jpd-negative B A C3"), "after the pause"));
  for (const char* m : {"play B B3", "play W D3", "play B pass", "play W pass"}) ok(e, m);
  EXPECT_EQ(state(e)["phase"], "paused");
  EXPECT_TRUE(contains(err(e, "jpd-negative B A D3"), "own stones"));
  EXPECT_TRUE(contains(err(e, "jpd-negative B A B3"), "boundary"));
  EXPECT_TRUE(contains(err(e, "jpd-negative B C B3"), "A or B"));
  ok(e, "jpd-negative B B B3");
  EXPECT_EQ(state(e)["phase"], "making");
  EXPECT_EQ(e.game().board().at(Point(1, 2)), Color::Empty);
  EXPECT_TRUE(contains(err(e, "play W C3"), "making"));
  ok(e, "undo");
  EXPECT_EQ(state(e)["phase"], "paused");
}

TEST(Gtp, SetupToMovePausesAndResignation) {
  GtpEngine e(opts("tang-song", 9));
  ok(e, "jpd-setup B D4");
  ok(e, "jpd-setup W E5");
  ok(e, "jpd-setup empty D4");
  EXPECT_EQ(e.game().board().stones(Color::Black), 0);
  ok(e, "jpd-tomove W");
  EXPECT_EQ(e.game().to_move(), Color::White);
  EXPECT_TRUE(contains(err(e, "jpd-setup Q D4"), "invalid color"));
  ok(e, "jpd-pause");
  EXPECT_EQ(state(e)["phase"], "paused");
  EXPECT_FALSE(e.handle("jpd-pause")[0] == '=');
  ok(e, "jpd-making");
  EXPECT_FALSE(e.handle("jpd-making")[0] == '=');
  ok(e, "clear_board");
  ok(e, "jpd-resign B");
  auto s = state(e);
  EXPECT_EQ(s["phase"], "ended");
  EXPECT_EQ(s["winner"], "W");
  EXPECT_EQ(ok(e, "final_score"), "W+R");
  EXPECT_TRUE(contains(err(e, "play B D4"), "over"));
  EXPECT_TRUE(contains(err(e, "genmove B"), "over"));
}

TEST(Gtp, CountAndFinalScore) {
  GtpEngine e(opts("tang-song,komi=0.5", 5));
  // SPEC §7 worked check: W+0.5 under tang-song.
  for (const char* m : {"play B B3", "play W D3", "play B B2", "play W D2", "play B B4",
                        "play W D4", "play B B1", "play W D1", "play B B5", "play W D5",
                        "play B C3", "play W pass", "play B pass"})
    ok(e, m);
  EXPECT_EQ(ok(e, "final_score"), "W+0.5");
  auto j = nlohmann::json::parse(ok(e, "jpd-count"));
  EXPECT_EQ(j["result"], "W+0.5");
  EXPECT_EQ(j["area"]["B"], 13);
  EXPECT_TRUE(j["all_invariants_hold"].get<bool>());
  EXPECT_TRUE(j.contains("steps"));
  j = nlohmann::json::parse(ok(e, "jpd-count none"));
  EXPECT_EQ(j["statuses"]["source"], "none");
  j = nlohmann::json::parse(ok(e, "jpd-count C3"));  // C3 stands for its chain of 6
  EXPECT_EQ(j["dead_count"]["B"], 6);
  EXPECT_EQ(j["statuses"]["source"], "given");
  EXPECT_TRUE(contains(err(e, "jpd-count A1"), "cannot count"));  // an empty point
  EXPECT_TRUE(contains(err(e, "jpd-count Z9"), "not a point"));
  EXPECT_EQ(ok(e, "final_status_list dead"), "");
  const std::string alive = ok(e, "final_status_list alive");
  EXPECT_TRUE(contains(alive, "B5 B4 B3 C3 B2 B1")) << alive;  // one chain per line
  EXPECT_EQ(ok(e, "final_status_list seki"), "");
  EXPECT_TRUE(contains(err(e, "final_status_list maybe"), "syntax error"));
}

TEST(Gtp, FinalStatusListUsesTheStatusesGiven) {
  GtpEngineOptions o = opts("japanese", 5);
  o.statuses = [](const Game&) {
    Statuses st;
    st.dead = {Point(0, 0)};  // A5
    st.source = StatusSource::given;
    return st;
  };
  GtpEngine e(o);
  setup(e, "A5 B5", "A4 B4 C4");
  EXPECT_EQ(ok(e, "final_status_list dead"), "A5 B5");
  EXPECT_EQ(ok(e, "final_status_list alive"), "A4 B4 C4");
}

TEST(Gtp, DeadStonesAndSekiComeFromTheEstimatorByDefault) {
  // Positions of tests/estimate/estimate_test.cpp: a finished game with two dead stones, and a seki.
  auto from_diagram = [](GtpEngine& e, const std::string& diagram) {
    std::istringstream in(diagram);
    std::string line;
    int y = 0;
    while (std::getline(in, line)) {
      std::string row;
      for (char c : line)
        if (c != ' ') row += c;
      if (row.empty()) continue;
      for (int x = 0; x < int(row.size()); ++x)
        if (row[size_t(x)] != '.')
          ok(e, std::string("jpd-setup ") + (row[size_t(x)] == 'X' ? "B " : "W ") +
                    to_gtp(Point(x, y), 9));
      ++y;
    }
  };
  GtpEngineOptions o;
  o.board_size = 9;
  o.rules = parse_ruleset("japanese");
  GtpEngine e(o);
  from_diagram(e, test::kFinishedProEnding9x9);
  EXPECT_EQ(ok(e, "final_status_list dead"), "B8\nG6");
  EXPECT_FALSE(contains(ok(e, "final_status_list alive"), "G6"));
  auto j = nlohmann::json::parse(ok(e, "jpd-count"));
  EXPECT_EQ(j["statuses"]["source"], "estimate");
  EXPECT_EQ(j["result"], ok(e, "final_score"));
  ok(e, "clear_board");
  from_diagram(e, R"(
    O . X O . . . . .
    O O X O . . . . .
    O . X O . . . . .
    X X X O . . . . .
    O O O O . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .)");
  const std::string seki = ok(e, "final_status_list seki");
  EXPECT_TRUE(contains(seki, "A9 A8 B8 A7")) << seki;
  EXPECT_TRUE(contains(seki, "C9 C8 C7 A6 B6 C6")) << seki;
  EXPECT_EQ(ok(e, "final_status_list dead"), "");
  EXPECT_FALSE(contains(ok(e, "final_status_list alive"), "C9"));
}

TEST(Gtp, GenmovePlaysALegalMoveAndRegGenmoveOnlyTellsIt) {
  GtpEngine e(opts("tang-song", 9));
  ok(e, "jpd-out-of-turn refuse");
  EXPECT_TRUE(contains(err(e, "genmove W"), "Black's turn"));
  ok(e, "jpd-out-of-turn setup");
  const std::string reg = ok(e, "reg_genmove B");
  EXPECT_EQ(e.game().moves().size(), 0u);
  const std::string m = ok(e, "genmove B");
  EXPECT_EQ(m, reg);  // the same seed and position give the same move
  EXPECT_EQ(e.game().moves().size(), 1u);
  ASSERT_NE(m, "pass");
  EXPECT_EQ(e.game().board().at(parse_point(m, 9, 9)), Color::Black);
  for (int i = 0; i < 6; ++i) ok(e, std::string("genmove ") + (i % 2 ? "B" : "W"));
  EXPECT_EQ(e.game().moves().size(), 7u);
  ok(e, "jpd-seed 17");
  EXPECT_EQ(ok(e, "jpd-seed"), "17");
  ok(e, "jpd-playouts 100");
  EXPECT_EQ(ok(e, "jpd-playouts"), "100");
  EXPECT_TRUE(contains(err(e, "jpd-playouts lots"), "syntax error"));
}

TEST(Gtp, GenmoveInASettledPositionMakesTheNonBoardMove) {
  // Both sides alive with three eyes each, no dame: nothing left to play.
  GtpEngine e(opts("tang-song", 5));
  setup(e, "B5 A4 B4 B3 A2 B2 B1", "C5 E5 C4 D4 E4 C3 E3 C2 D2 E2 C1 E1");
  EXPECT_EQ(ok(e, "genmove B"), "pass");
  EXPECT_EQ(state(e)["virtual"]["B"], 1);  // tang-song has virtual moves, no passes
  EXPECT_EQ(ok(e, "genmove W"), "pass");
  EXPECT_EQ(state(e)["phase"], "paused");
  // Under agreed-pause-only rules the engine proposes, then accepts.
  GtpEngine f(opts("living-b", 5));
  setup(f, "B5 A4 B4 B3 A2 B2 B1", "C5 E5 C4 D4 E4 C3 E3 C2 D2 E2 C1 E1");
  EXPECT_EQ(ok(f, "genmove W"), "pass");
  EXPECT_EQ(state(f)["pending_proposal"], "W");
  EXPECT_EQ(ok(f, "genmove B"), "pass");
  EXPECT_EQ(state(f)["phase"], "paused");
}

TEST(Gtp, EveryLineGetsExactlyOneWellFormedAnswer) {
  // Random command lines from pieces of real ones: the engine answers each once, with no empty
  // line inside, and its board stays consistent.
  const std::vector<std::string> pieces = {
      "play", "genmove", "undo", "B", "W", "D4", "pass", "A1", "J9", "Z0", "boardsize", "5", "9",
      "-1", "komi", "7.5", "jpd-virtual", "jpd-propose", "jpd-accept", "jpd-reject",
      "jpd-negative", "A", "jpd-resume", "found", "jpd-count", "final_score", "showboard",
      "jpd-rules", "living-a", "sci-1-1", "tang-song,komi=x", "fixed_handicap", "3", "#", "\t",
      "\r", "12", "printsgf", "list_commands", "jpd-setup", "empty", "jpd-pause", "jpd-making",
      "clear_board", "reg_genmove", "kgs-rules", "japanese", "\x01", "resign", "jpd-tomove"};
  GtpEngineOptions o = opts("tang-song", 5);
  o.genmove.playouts = 40;
  GtpEngine e(o);
  Rng rng(7);
  for (int n = 0; n < 3000; ++n) {
    std::string line;
    const int k = 1 + int(rng.below(4));
    for (int i = 0; i < k; ++i) line += pieces[rng.below(uint32_t(pieces.size()))] + " ";
    const std::string a = e.handle(line);
    if (a.empty()) continue;  // comment or blank
    ASSERT_TRUE(a[0] == '=' || a[0] == '?') << line << " -> " << a;
    ASSERT_EQ(a.find("\n\n"), a.size() - 2) << line << " -> " << a;
    std::string why;
    ASSERT_TRUE(e.game().board().check_consistency(&why)) << line << ": " << why;
  }
}

// ---- jpd gtp as a program ----

TEST(GtpProgram, TalksGtpThroughGtpClient) {
  GtpClient c(std::string(JPD_BINARY) + " gtp --size 9 --playouts 200", 60);
  EXPECT_EQ(c.send("name"), "jpd");
  EXPECT_EQ(c.send("protocol_version"), "2");
  c.send("boardsize 9");
  c.send("clear_board");
  c.send("play B E5");
  const std::string m = c.send("genmove W");
  EXPECT_TRUE(parse_point(m, 9, 9).valid()) << m;
  EXPECT_THROW(c.send("play W " + m), GtpError);  // occupied now
  EXPECT_THROW(c.send("play B " + std::string(70000, 'x')), GtpError);  // too long
  EXPECT_EQ(c.send("protocol_version"), "2");  // still in step
  EXPECT_THROW(c.send("jpd-rules living-a"), GtpError);  // Black moved first
  c.send("clear_board");
  c.send("jpd-rules living-a");
  EXPECT_EQ(c.send("jpd-rules"), "living-a");
}

TEST(GtpProgram, ReadsStdinWithCarriageReturnsCommentsAndQuit) {
  const std::string in = testing::TempDir() + "gtp_stdin.txt";
  std::ofstream(in) << "1 name\r\n\n# a comment\n2 play B D4\n" << std::string(70000, 'y')
                    << "\n3 play B D4\n4 quit\n5 name\n";
  const std::string cmd = std::string(JPD_BINARY) + " gtp < " + in;
  FILE* p = popen(cmd.c_str(), "r");
  ASSERT_NE(p, nullptr);
  std::string out;
  std::array<char, 4096> buf;
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) out.append(buf.data(), n);
  EXPECT_EQ(WEXITSTATUS(pclose(p)), 0);
  EXPECT_EQ(out,
            "=1 jpd\n\n=2 \n\n? line too long: 70000 bytes (the limit is 65536)\n\n"
            "?3 illegal move: point D4 is occupied\n\n=4 \n\n");
}

TEST(GtpProgram, BadRulesAreAUsageError) {
  FILE* p = popen((std::string(JPD_BINARY) + " gtp --rules cosmic < /dev/null 2>&1").c_str(), "r");
  ASSERT_NE(p, nullptr);
  std::string out;
  std::array<char, 4096> buf;
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) out.append(buf.data(), n);
  EXPECT_EQ(WEXITSTATUS(pclose(p)), 2);
  EXPECT_TRUE(contains(out, "tang-song")) << out;  // the valid presets
}

TEST(GtpProgram, AllowFilesOpensOneFolderAndFileAccessIsOffWithoutIt) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(testing::TempDir()) / "gtp-program-files";
  fs::remove_all(dir);
  fs::create_directories(dir);
  {
    GtpClient c(std::string(JPD_BINARY) + " gtp --size 9 --allow-files " + dir.string(), 60);
    c.send("play B E5");
    c.send("printsgf game.sgf");
    EXPECT_THROW(c.send("printsgf ../escaped.sgf"), GtpError);
  }
  EXPECT_TRUE(fs::is_regular_file(dir / "game.sgf"));
  EXPECT_FALSE(fs::exists(dir.parent_path() / "escaped.sgf"));
  GtpClient closed(std::string(JPD_BINARY) + " gtp --size 9", 60);
  try {
    closed.send("loadsgf " + (dir / "game.sgf").string());
    ADD_FAILURE() << "loadsgf was allowed without --allow-files";
  } catch (const GtpError& e) {
    EXPECT_TRUE(contains(e.what(), "file access is off")) << e.what();
  }
}
