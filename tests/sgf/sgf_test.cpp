#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>

#include "jpd/sgf.hpp"
#include "sgf_test_util.hpp"

using namespace jpd;
using jpd::test::sgf_error_of;
using Kind = sgf::Step::Kind;

namespace {
constexpr Color B = Color::Black, W = Color::White, E = Color::Empty;

sgf::GameTree tree_of(std::string_view text) { return sgf::parse(text, "t.sgf").games.at(0); }
sgf::Record record_of(std::string_view text) { return sgf::read_record_text(text, "t.sgf"); }

// Parsing `text` fails at line:column with a message containing `part`.
void expect_parse_error(std::string_view text, int line, int column, const std::string& part,
                        const sgf::Limits& limits = {}) {
  auto e = sgf_error_of([&] { sgf::parse(text, "t.sgf", limits); });
  ASSERT_TRUE(e) << "no error for: " << text.substr(0, 200);
  EXPECT_EQ(e->where.line, line) << e->what();
  EXPECT_EQ(e->where.column, column) << e->what();
  EXPECT_NE(jpd::text(e->detail, Lang::en).find(part), std::string::npos) << e->what();
  EXPECT_EQ(e->file, "t.sgf");
}

// Reading the record of `text` (which parses) fails at line:column with `part` in the message.
void expect_record_error(std::string_view text, int line, int column, const std::string& part) {
  auto tree = tree_of(text);
  auto e = sgf_error_of([&] { sgf::read_record(tree, "t.sgf"); });
  ASSERT_TRUE(e) << "no error for: " << text;
  EXPECT_EQ(e->where.line, line) << e->what();
  EXPECT_EQ(e->where.column, column) << e->what();
  EXPECT_NE(jpd::text(e->detail, Lang::en).find(part), std::string::npos) << e->what();
}

std::vector<Point> pts(std::initializer_list<const char*> sgf_points) {
  std::vector<Point> v;
  for (const char* s : sgf_points) v.push_back(*parse_sgf(s));
  return v;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The parts of a step that a record's text carries (not its node index or location).
void expect_same_steps(const std::vector<sgf::Step>& a, const std::vector<sgf::Step>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].kind, b[i].kind) << "step " << i;
    EXPECT_EQ(a[i].move, b[i].move) << "step " << i;
    EXPECT_EQ(a[i].move_number, b[i].move_number) << "step " << i;
  }
}
}  // namespace

// ------------------------------------------------------------------------------------------------
// Syntax

TEST(Sgf, PropertiesAndNodesAreKeptInFileOrderWithLocations) {
  auto t = tree_of("(;FF[4]GM[1]SZ[9]\n;B[ee]C[hi]\n  ;W[dd])");
  ASSERT_EQ(t.nodes.size(), 3u);
  ASSERT_EQ(t.nodes[0].props.size(), 3u);
  EXPECT_EQ(t.nodes[0].props[0].id, "FF");
  EXPECT_EQ(t.nodes[0].props[2].id, "SZ");
  EXPECT_EQ(t.nodes[0].props[2].values, std::vector<std::string>{"9"});
  EXPECT_EQ(t.location.line, 1);
  EXPECT_EQ(t.location.column, 1);
  EXPECT_EQ(t.nodes[0].location.column, 2);
  const sgf::Property& c = *t.nodes[1].find("C");
  EXPECT_EQ(c.location.line, 2);
  EXPECT_EQ(c.location.column, 7);
  EXPECT_EQ(c.value_locations.at(0).column, 8);  // the '['
  EXPECT_EQ(t.nodes[2].location.line, 3);
  EXPECT_EQ(t.nodes[2].location.column, 3);
}

TEST(Sgf, CollectionHoldsSeveralGameTrees) {
  auto c = sgf::parse("(;GM[1]C[one])\n(;GM[1]C[two])(;C[three])");
  ASSERT_EQ(c.games.size(), 3u);
  EXPECT_EQ(c.games[1].nodes[0].find("C")->text(), "two");
  EXPECT_EQ(c.games[2].location.column, 15);
}

TEST(Sgf, VariationsFormATreeAndTheRecordFollowsTheFirstAtEveryBranch) {
  auto t = tree_of("(;SZ[9];B[aa](;W[bb](;B[cc])(;B[dd]))(;W[ee]))");
  ASSERT_EQ(t.variations.size(), 2u);
  EXPECT_EQ(t.variations[0].variations.size(), 2u);
  auto r = sgf::read_record(t);
  ASSERT_EQ(r.steps.size(), 3u);
  EXPECT_EQ(r.steps[0].move, Move::play(B, *parse_sgf("aa")));
  EXPECT_EQ(r.steps[1].move, Move::play(W, *parse_sgf("bb")));
  EXPECT_EQ(r.steps[2].move, Move::play(B, *parse_sgf("cc")));
  EXPECT_EQ(r.steps[2].node, 3);
}

TEST(Sgf, EscapedCharactersStayRawAndTextRemovesTheEscapes) {
  auto t = tree_of(R"((;C[a \] b \\ c \x d \: e]))");
  const sgf::Property& c = *t.nodes[0].find("C");
  EXPECT_EQ(c.values[0], R"(a \] b \\ c \x d \: e)");
  EXPECT_EQ(c.text(), R"(a ] b \ c x d : e)");
}

TEST(Sgf, SoftLineBreaksAreRemovedInText) {
  auto t = tree_of("(;C[one \\\ntwo \\\r\nthree])");
  EXPECT_EQ(t.nodes[0].find("C")->text(), "one two three");
}

TEST(Sgf, HardLineBreaksBecomeNewlinesAndOtherWhiteSpaceSpaces) {
  auto t = tree_of("(;C[a\r\nb\nc\rd\te])");
  EXPECT_EQ(t.nodes[0].find("C")->text(), "a\nb\nc\nd e");
}

TEST(Sgf, LowerCaseLettersOfFF3IdentifiersAreDropped) {
  auto t = tree_of("(;GaMe[1]SiZe[9]AddBlack[aa][bb]PlayerBlack[Go Seigen];B[cc])");
  const auto& props = t.nodes[0].props;
  ASSERT_EQ(props.size(), 4u);
  EXPECT_EQ(props[0].id, "GM");
  EXPECT_EQ(props[1].id, "SZ");
  EXPECT_EQ(props[2].id, "AB");
  EXPECT_EQ(props[3].id, "PB");
  auto r = sgf::read_record(t);
  EXPECT_EQ(r.width, 9);
  EXPECT_EQ(r.setup.size(), 2u);
  EXPECT_EQ(r.black_name, "Go Seigen");
}

TEST(Sgf, WhiteSpaceAndCrlfAreAllowedBetweenAllTokens) {
  auto t = tree_of(" \r\n ( \r\n ; \r\n SZ \r\n [9] \r\n [x] \t ; B [aa] \r\n"
                   " ( ; W[bb] ) \r\n ) \r\n");
  ASSERT_EQ(t.nodes.size(), 2u);
  EXPECT_EQ(t.nodes[0].props[0].values.size(), 2u);
  EXPECT_EQ(t.variations.size(), 1u);
  EXPECT_EQ(t.variations[0].location.line, 7);  // CRLF counts as one line break
  EXPECT_EQ(t.variations[0].location.column, 2);
}

TEST(Sgf, CrlfLineEndingsGiveCorrectErrorLines) {
  expect_parse_error("(;GM[1]\r\n;B[aa]\r\n;W[zz", 3, 3, "unterminated value of W");
  expect_parse_error("(;GM[1]\r;B[aa]\r;W[zz", 3, 3, "unterminated value of W");  // old Mac
  expect_parse_error("(;GM[1]\n\r;B[aa]\n\r;W[zz", 3, 3, "unterminated value of W");  // Acorn
  expect_parse_error("(;GM[1]\r\n\r;B[aa]\n\n;W[zz", 5, 3, "unterminated value of W");
}

TEST(Sgf, ByteOrderMarkIsSkippedAndNotCountedInColumns) {
  auto t = tree_of("\xEF\xBB\xBF(;GM[1]SZ[9])");
  EXPECT_EQ(t.location.column, 1);
  EXPECT_EQ(t.nodes[0].find("SZ")->values[0], "9");
}

TEST(Sgf, TextBeforeTheFirstParenthesisIsIgnored) {
  auto c = sgf::parse("Saved by some program; ignore [this] ]\nline two\n(;GM[1])");
  ASSERT_EQ(c.games.size(), 1u);
  EXPECT_EQ(c.games[0].location.line, 3);
}

TEST(Sgf, MissingFFAndGMAreAccepted) {
  auto r = record_of("(;SZ[9];B[ee];W[dd])");
  EXPECT_EQ(r.width, 9);
  EXPECT_EQ(r.steps.size(), 2u);
}

TEST(Sgf, UnknownPropertiesAreKeptRaw) {
  auto t = tree_of("(;XY[some \\] thing][two]MULTIGOGM[1])");
  EXPECT_EQ(t.nodes[0].find("XY")->values, (std::vector<std::string>{"some \\] thing", "two"}));
  EXPECT_TRUE(t.nodes[0].has("MULTIGOGM"));
}

TEST(Sgf, NodeSetEscapesReplacesInPlaceAndRemoveDeletes) {
  sgf::Node n;
  n.set("C", {"a]b\\c"});
  n.set("PB", {"x"});
  EXPECT_EQ(n.find("C")->values[0], "a\\]b\\\\c");
  EXPECT_EQ(n.find("C")->text(), "a]b\\c");
  n.set("C", {"new"});
  ASSERT_EQ(n.props.size(), 2u);
  EXPECT_EQ(n.props[0].id, "C");
  EXPECT_EQ(n.props[0].text(), "new");
  n.remove("C");
  EXPECT_FALSE(n.has("C"));
  EXPECT_TRUE(n.has("PB"));
  EXPECT_EQ(sgf::escape("]\\x"), "\\]\\\\x");
}

// White space other than a line break reads as a space in Text; escaped, it stands for itself.
// The writer escapes it, so that a text holding a tab, a vertical tab or a form feed (an escaped
// one read from a file, or a name given by a program) is written as a value that reads back the
// same; a line break is written as it is.
TEST(Sgf, TextWithControlWhiteSpaceIsWrittenSoThatItReadsBackTheSame) {
  EXPECT_EQ(sgf::escape("a\tb\vc\fd"), "a\\\tb\\\vc\\\fd");
  EXPECT_EQ(sgf::escape("line\nnext"), "line\nnext");
  const std::string text = "T\vZ \t[x]\\ \f\nend";
  sgf::Node n;
  n.set("C", {text});
  sgf::GameTree t;
  t.nodes.push_back(n);
  const sgf::Collection back = sgf::parse(sgf::write(t), "w.sgf");
  ASSERT_EQ(back.games.size(), 1u);
  EXPECT_EQ(back.games[0].nodes[0].find("C")->text(), text);
  // Without the escape the same bytes read as spaces: the reason for it.
  EXPECT_EQ(sgf::parse("(;C[T\vZ\tX])").games[0].nodes[0].find("C")->text(), "T Z X");
  // A record whose player's name holds an escaped vertical tab writes back the same name.
  const sgf::Record r = sgf::read_record_text("(;SZ[9]PB[T\\\vZ];B[ee])", "vt.sgf");
  ASSERT_EQ(r.black_name, "T\vZ");
  const std::string first = sgf::write(sgf::to_tree(r));
  const sgf::Record again = sgf::read_record_text(first, "written.sgf");
  EXPECT_EQ(again.black_name, "T\vZ");
  EXPECT_EQ(sgf::write(sgf::to_tree(again)), first);
}

// ------------------------------------------------------------------------------------------------
// Malformed input: every error names the file, the line and the column.

TEST(Sgf, ErrorWhatReadsFileLineColumnMessage) {
  auto e = sgf_error_of([] { sgf::parse("(;C[x", "game.sgf"); });
  ASSERT_TRUE(e);
  EXPECT_EQ(std::string(e->what()),
            "game.sgf:1:4: unterminated value of C: no ']' before the end of the text");
}

TEST(Sgf, UnterminatedValueReportsLineAndColumn) {
  expect_parse_error("(;GM[1]\n;B[aa]C[oops", 2, 8, "unterminated value of C");
  expect_parse_error("(;C[ends with an escape\\", 1, 4, "unterminated value of C");
  expect_parse_error("(;C[escaped \\] is no end)", 1, 4, "unterminated");
}

TEST(Sgf, MissingSemicolonAfterParenthesisIsReported) {
  expect_parse_error("(;B[aa])\n(B[bb])", 2, 2, "missing ';' after '('");
  expect_parse_error("(;B[aa](W[bb]))", 1, 9, "missing ';' after '('");
  expect_parse_error("((((((", 1, 2, "missing ';'");
}

TEST(Sgf, UnclosedParenthesisIsUnbalanced) {
  expect_parse_error("(;B[aa]\n;W[bb]", 1, 1, "unbalanced parentheses: this '(' is never closed");
  expect_parse_error("(;B[aa](;W[bb]", 1, 8, "unbalanced parentheses");
}

TEST(Sgf, ExtraClosingParenthesisIsUnbalanced) {
  expect_parse_error("(;B[aa]))", 1, 9, "unbalanced parentheses: ')' without a matching '('");
}

TEST(Sgf, GarbageBetweenNodesIsReported) {
  expect_parse_error("(;B[aa] 12 ;W[bb])", 1, 9, "garbage between nodes: unexpected '1'");
  expect_parse_error("(;B[aa];\n[bb])", 2, 1, "garbage between nodes: unexpected '['");
  expect_parse_error("(;B[aa]\x01)", 1, 8, "unexpected byte 0x01");
}

TEST(Sgf, GarbageAfterAGameTreeIsReported) {
  expect_parse_error("(;B[aa]) x", 1, 10, "garbage after a game tree");
}

TEST(Sgf, NodeAfterVariationsIsReported) {
  expect_parse_error("(;B[aa](;W[bb]);B[cc])", 1, 16, "a node after the variations");
}

TEST(Sgf, EmptyCollectionIsReported) {
  expect_parse_error("", 1, 1, "empty collection");
  expect_parse_error("no game here\n", 2, 1, "empty collection");
}

TEST(Sgf, PropertyWithoutValueIsReported) {
  expect_parse_error("(;B[aa]\n  C ;W[bb])", 2, 3, "property C has no value");
  expect_parse_error("(;B", 1, 3, "property B has no value");
}

TEST(Sgf, BadIdentifierIsReported) {
  expect_parse_error("(;B[aa]add[bb])", 1, 8, "bad identifier 'add'");
  expect_parse_error("(;" + std::string(40, 'A') + "[x])", 1, 3, "bad identifier: longer than");
}

// ------------------------------------------------------------------------------------------------
// Limits

TEST(Sgf, TextOverTheSizeLimitIsRefused) {
  sgf::Limits l;
  l.max_bytes = 10;
  expect_parse_error("(;C[0123456789])", 1, 1, "max_bytes", l);
}

TEST(Sgf, HundredThousandNestedVariationsHitTheDepthLimitWithoutOverflow) {
  std::string deep;
  for (int i = 0; i < 100000; ++i) deep += "(;";
  // The 1001st '(' is the first one too deep; each level takes two columns.
  expect_parse_error(deep, 1, 2001, "variations nested deeper than 1000 levels (max_depth)");
  deep += std::string(100000, ')');
  expect_parse_error(deep, 1, 2001, "max_depth");
}

TEST(Sgf, NestingUpToTheDepthLimitParsesWritesAndIsDestroyed) {
  std::string deep;
  for (int i = 0; i < 1000; ++i) deep += "(;B[]";
  deep += std::string(1000, ')');
  auto c = sgf::parse(deep);
  auto again = sgf::parse(sgf::write(c));
  EXPECT_EQ(test::tree_difference(c.games[0], again.games[0]), "");
  EXPECT_EQ(sgf::read_record(c.games[0]).steps.size(), 1000u);
}

TEST(Sgf, NodeCountOverTheLimitIsRefused) {
  sgf::Limits l;
  l.max_nodes = 3;
  expect_parse_error("(;;;;)", 1, 5, "more than 3 nodes (max_nodes)", l);
  expect_parse_error("(;;)(;;)", 1, 7, "max_nodes", l);  // counted over the whole collection
}

TEST(Sgf, ValueOverTheSizeLimitIsRefused) {
  sgf::Limits l;
  l.max_value_bytes = 3;
  EXPECT_NO_THROW(sgf::parse("(;C[abc])", "t.sgf", l));
  expect_parse_error("(;C[abcd])", 1, 4, "longer than 3 bytes (max_value_bytes)", l);
}

TEST(Sgf, MissingFileIsAnErrorNamingIt) {
  auto e = sgf_error_of([] { sgf::parse_file("/nonexistent/x.sgf"); });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->file, "/nonexistent/x.sgf");
  EXPECT_NE(std::string(e->what()).find("/nonexistent/x.sgf: cannot open the file"),
            std::string::npos);
}

// ------------------------------------------------------------------------------------------------
// Reading the record

TEST(Sgf, RecordReadsTheRootProperties) {
  auto r = record_of(
      "(;FF[4]GM[1]SZ[13]KM[6.5]RU[Japanese]RE[W+2.5]HA[2]PB[Black\\] Name]PW[White\n"
      "Name]AB[dd][jj]AW[gg]PL[W];W[cc])");
  EXPECT_EQ(r.width, 13);
  EXPECT_EQ(r.height, 13);
  ASSERT_TRUE(r.komi);
  EXPECT_EQ(*r.komi, 6.5);
  EXPECT_EQ(r.rules, "Japanese");
  EXPECT_EQ(r.result, "W+2.5");
  EXPECT_EQ(r.handicap, 2);
  EXPECT_EQ(r.black_name, "Black] Name");
  EXPECT_EQ(r.white_name, "White Name");  // SimpleText: line breaks become spaces
  ASSERT_EQ(r.setup.size(), 3u);
  EXPECT_EQ(r.setup[0], std::make_pair(B, *parse_sgf("dd")));
  EXPECT_EQ(r.setup[2], std::make_pair(W, *parse_sgf("gg")));
  EXPECT_EQ(r.to_move, W);
  EXPECT_EQ(r.filename, "t.sgf");
  EXPECT_TRUE(r.steps.size() == 1 && r.steps[0].move == Move::play(W, *parse_sgf("cc")));
}

TEST(Sgf, DefaultsAreNineteenNoKomiNoRules) {
  auto r = record_of("(;GM[1])");
  EXPECT_EQ(r.width, 19);
  EXPECT_FALSE(r.komi);
  EXPECT_EQ(r.rules, "");
  EXPECT_FALSE(r.to_move);
  EXPECT_TRUE(r.steps.empty());
  EXPECT_FALSE(record_of("(;KM[])").komi);  // an empty KM is no komi
}

TEST(Sgf, RectangularBoardSize) {
  auto r = record_of("(;SZ[19:13];B[sm])");
  EXPECT_EQ(r.width, 19);
  EXPECT_EQ(r.height, 13);
  EXPECT_EQ(r.steps[0].move.point, Point(18, 12));
  expect_record_error("(;SZ[19:13];B[an])", 1, 14, "point an is off the 19x13 board");
}

TEST(Sgf, CompressedPointListExpandsRectangle) {
  auto r = record_of("(;SZ[9]AB[aa:cb][ee]AW[ih:gi];AE[ab:bb]AB[hh]"
                     ";W[ff]JD[cc:dc]TB[ga:hb]TW[ca:ab][ii])");
  EXPECT_EQ(r.setup.size(), 13u);  // 6 + 1 black, 6 white
  std::vector<Point> black, white;
  for (auto& [c, p] : r.setup) (c == B ? black : white).push_back(p);
  EXPECT_EQ(black, pts({"aa", "ba", "ca", "ab", "bb", "cb", "ee"}));
  EXPECT_EQ(white, pts({"gh", "hh", "ih", "gi", "hi", "ii"}));  // corners in any order
  ASSERT_EQ(r.steps.size(), 4u);
  EXPECT_EQ(r.steps[0].kind, Kind::setup);
  EXPECT_EQ(r.steps[0].move, (Move{MoveKind::play, E, *parse_sgf("ab")}));
  EXPECT_EQ(r.steps[1].move, (Move{MoveKind::play, E, *parse_sgf("bb")}));
  EXPECT_EQ(r.steps[2].move, (Move{MoveKind::play, B, *parse_sgf("hh")}));
  EXPECT_EQ(r.dead, pts({"cc", "dc"}));
  EXPECT_EQ(r.territory_black, pts({"ga", "ha", "gb", "hb"}));
  EXPECT_EQ(r.territory_white, pts({"aa", "ba", "ca", "ab", "bb", "cb", "ii"}));
}

TEST(Sgf, PassIsAnEmptyValueOrTtOnBoardsUpToNineteen) {
  auto r = record_of("(;SZ[9];B[];W[tt];B[ ])");
  for (const auto& s : r.steps) EXPECT_EQ(s.move.kind, MoveKind::pass);
  EXPECT_EQ(r.steps[1].move.color, W);
  auto r19 = record_of("(;SZ[19];B[tt])");
  EXPECT_EQ(r19.steps[0].move, Move::pass(B));
  auto r21 = record_of("(;SZ[21];B[tt])");  // tt is a point on larger boards
  EXPECT_EQ(r21.steps[0].move, Move::play(B, Point(19, 19)));
  // 21x9 is not within 19x19: tt is a point, here off the board.
  expect_record_error("(;SZ[21:9];B[tt])", 1, 13, "point tt is off the 21x9 board");
}

TEST(Sgf, MovesInTheRootNodeAreSteps) {
  auto r = record_of("(;SZ[9]AB[aa]B[ee];W[dd])");
  ASSERT_EQ(r.steps.size(), 2u);
  EXPECT_EQ(r.steps[0].move, Move::play(B, *parse_sgf("ee")));
  EXPECT_EQ(r.steps[0].node, 0);
  EXPECT_EQ(r.steps[1].move_number, 2);
}

TEST(Sgf, MoveNumbersCountBlackAndWhiteMovesIncludingPassesAndVirtualMoves) {
  auto r = record_of("(;SZ[9];B[ee];W[]JPDV[];B[];JPDP[propose];JPDP[accept];W[aa];JPDN[ee]JPDT[B])");
  std::vector<int> numbers;
  for (auto& s : r.steps) numbers.push_back(s.move_number);
  EXPECT_EQ(numbers, (std::vector<int>{1, 2, 3, 3, 3, 4, 4}));
}

TEST(Sgf, PassWithJPDVIsAVirtualMove) {
  auto r = record_of("(;SZ[9];B[]JPDV[];W[tt]JPDV[];B[])");
  EXPECT_EQ(r.steps[0].move, Move::virtual_move(B));
  EXPECT_EQ(r.steps[1].move, Move::virtual_move(W));
  EXPECT_EQ(r.steps[2].move, Move::pass(B));
}

TEST(Sgf, NegativeMoveIsJPDNWithItsKindJPDT) {
  auto r = record_of("(;SZ[9];B[ee];JPDN[ee]JPDT[A];JPDN[dd]JPDT[B])");
  ASSERT_EQ(r.steps.size(), 3u);
  EXPECT_EQ(r.steps[1].kind, Kind::move);
  EXPECT_EQ(r.steps[1].move, Move::negative_a(E, *parse_sgf("ee")));
  EXPECT_EQ(r.steps[2].move, Move::negative_b(E, *parse_sgf("dd")));
}

TEST(Sgf, PauseActsResumptionsAndSideToMoveAreSteps) {
  auto r = record_of(
      "(;SZ[9];JPDP[propose];JPDP[reject];JPDP[accept];JPDR[dispute];JPDR[found:W];PL[B];B[aa])");
  ASSERT_EQ(r.steps.size(), 7u);
  EXPECT_EQ(r.steps[0].kind, Kind::pause_act);
  EXPECT_EQ(r.steps[0].move.kind, MoveKind::propose_pause);
  EXPECT_EQ(r.steps[0].move.color, E);
  EXPECT_EQ(r.steps[1].move.kind, MoveKind::reject_pause);
  EXPECT_EQ(r.steps[2].move.kind, MoveKind::accept_pause);
  EXPECT_EQ(r.steps[3].kind, Kind::resume);
  EXPECT_EQ(r.steps[3].move.color, E);
  EXPECT_EQ(r.steps[4].kind, Kind::resume);
  EXPECT_EQ(r.steps[4].move.color, W);
  EXPECT_EQ(r.steps[5].kind, Kind::to_move);
  EXPECT_EQ(r.steps[5].move.color, B);
  EXPECT_EQ(r.steps[6].where.line, 1);
  EXPECT_EQ(r.steps[6].where.column, 83);
}

TEST(Sgf, DeadStonesAndClaimsAreCollectedOnTheMainLine) {
  auto r = record_of("(;SZ[9];B[ee]JPDD[aa];W[dd]JPDD[];B[]JPDC[B:cc][W:gg])");
  EXPECT_TRUE(r.has_dead_markup);
  EXPECT_EQ(r.dead, pts({"aa"}));
  ASSERT_EQ(r.claims.size(), 2u);
  EXPECT_EQ(r.claims[1].color, W);
  EXPECT_EQ(r.claims[1].point, *parse_sgf("gg"));
  EXPECT_TRUE(record_of("(;SZ[9]JPDD[])").has_dead_markup);
  EXPECT_FALSE(record_of("(;SZ[9])").has_dead_markup);
}

TEST(Sgf, TerritoryMarkupIsReadFromTheLastNodeOnly) {
  auto r = record_of("(;SZ[9];B[ee]TB[aa];W[dd]TW[bb])");
  EXPECT_TRUE(r.territory_black.empty());
  EXPECT_EQ(r.territory_white, pts({"bb"}));
}

// ------------------------------------------------------------------------------------------------
// Values that are not valid for their property

TEST(Sgf, MoveOffTheBoardReportsTheValue) {
  expect_record_error("(;SZ[9]\n;B[ee];W[zz])", 2, 9, "W[zz]: point zz is off the 9x9 board");
  expect_record_error("(;SZ[9];B[e])", 1, 10, "'e' is not a point");
  expect_record_error("(;SZ[9]AB[aa][jj])", 1, 14, "AB[jj]: point jj is off the 9x9 board");
  expect_record_error("(;SZ[9]AB[aa:ja])", 1, 10, "point ja is off the 9x9 board");
}

TEST(Sgf, BoardSizeOutsideTwoToTwentyFiveIsReported) {
  expect_record_error("(;SZ[30])", 1, 5, "SZ[30]: the board size must be 2..25");
  expect_record_error("(;SZ[1])", 1, 5, "the board size must be 2..25");
  expect_record_error("(;SZ[9:26])", 1, 5, "the board size must be 2..25");
  expect_record_error("(;SZ[nine])", 1, 5, "not a board size");
}

TEST(Sgf, KomiThatIsNotANumberIsReported) {
  expect_record_error("(;KM[abc])", 1, 5, "KM[abc]: komi is not a number");
  expect_record_error("(;KM[7,5])", 1, 5, "komi is not a number");
  expect_record_error("(;KM[nan])", 1, 5, "komi is not a number");
  EXPECT_EQ(*record_of("(;KM[ -0.5 ])").komi, -0.5);
}

TEST(Sgf, NegativeMoveKindOtherThanAOrBIsReported) {
  expect_record_error("(;SZ[9];JPDN[aa]JPDT[C])", 1, 21,
                      "JPDT[C]: the kind of a negative move is A or B");
  expect_record_error("(;SZ[9];JPDN[aa])", 1, 9, "needs its kind, JPDT[A] or JPDT[B]");
  expect_record_error("(;SZ[9];JPDT[A])", 1, 9, "JPDT without JPDN");
}

TEST(Sgf, ClaimOtherThanColourColonPointIsReported) {
  expect_record_error("(;SZ[9];W[aa]JPDC[B:aa][X:bb])", 1, 24,
                      "JPDC[X:bb]: a claim is B:xx or W:xx");
  expect_record_error("(;SZ[9];W[aa]JPDC[B:zz])", 1, 18, "point zz is off the 9x9 board");
}

TEST(Sgf, OtherInvalidExtensionAndSetupValuesAreReported) {
  expect_record_error("(;SZ[9];B[aa]JPDV[])", 1, 14, "JPDV[] marks a virtual move");
  expect_record_error("(;SZ[9];JPDV[])", 1, 9, "the node has no B or W move");
  expect_record_error("(;SZ[9];B[]JPDV[x])", 1, 12, "JPDV takes an empty value");
  expect_record_error("(;SZ[9];JPDP[maybe])", 1, 13, "expected propose, accept or reject");
  expect_record_error("(;SZ[9];JPDR[now])", 1, 13, "expected dispute, found:B or found:W");
  expect_record_error("(;SZ[9]PL[X])", 1, 10, "PL[X]: expected B or W");
  expect_record_error("(;SZ[9];B[aa]W[bb])", 1, 14, "a node holds two moves (B at 1:9 and W at 1:14)");
  expect_record_error("(;SZ[9];B[aa][bb])", 1, 9, "B takes one value");
  expect_record_error("(;GM[2])", 1, 5, "not a game of Go");
  expect_record_error("(;HA[two])", 1, 5, "handicap is not a number");
}

// ------------------------------------------------------------------------------------------------
// Writing

TEST(Sgf, WrittenTreeParsesBackEqual) {
  const char* text =
      "(;FF[4]GM[1]SZ[9]C[escaped \\] and \\\\ and soft\\\nbreak]XY[unknown][two]"
      ";B[ee]LB[aa:one](;W[dd];B[cc](;W[bb])(;W[]))(;W[ff]C[multi\nline]))";
  auto t = tree_of(text);
  std::string written = sgf::write(t);
  auto again = tree_of(written);
  EXPECT_EQ(test::tree_difference(t, again), "") << written;
  EXPECT_EQ(sgf::write(again), written);
  EXPECT_EQ(again.nodes[0].find("C")->text(), "escaped ] and \\ and softbreak");
}

TEST(Sgf, WriterBreaksLongLinesBetweenNodes) {
  std::string text = "(;SZ[19]";
  for (int i = 0; i < 200; ++i) text += std::string(";") + (i % 2 ? "W" : "B") + "[" +
                                        char('a' + i % 19) + char('a' + i / 19) + "]";
  text += ")";
  std::string written = sgf::write(tree_of(text));
  std::istringstream lines(written);
  std::string line;
  int count = 0;
  while (std::getline(lines, line)) {
    EXPECT_LE(line.size(), 80u) << line;
    ++count;
  }
  EXPECT_GT(count, 5);
}

TEST(Sgf, WritingACollectionWritesEveryGame) {
  auto c = sgf::parse("(;C[a])(;C[b])");
  auto again = sgf::parse(sgf::write(c));
  ASSERT_EQ(again.games.size(), 2u);
  EXPECT_EQ(again.games[1].nodes[0].find("C")->text(), "b");
}

TEST(Sgf, FF3IdentifiersAreWrittenInTheirCanonicalForm) {
  EXPECT_EQ(sgf::write(tree_of("(;AddBlack[aa])")), "(;AB[aa])\n");
}

TEST(Sgf, EveryCorpusFileRoundTripsThroughTheWriter) {
  JPD_SKIP_WITHOUT_SHARED_CORPUS();
  const auto files = test::corpus_files();
  ASSERT_EQ(files.size(), 1249u);
  int equal = 0;
  for (const std::string& f : files) {
    auto c = sgf::parse_file(f);
    auto again = sgf::parse(sgf::write(c), f + " (written)");
    ASSERT_EQ(c.games.size(), again.games.size()) << f;
    std::string diff;
    for (size_t g = 0; g < c.games.size() && diff.empty(); ++g)
      diff = test::tree_difference(c.games[g], again.games[g]);
    EXPECT_EQ(diff, "") << f;
    equal += diff.empty();
  }
  EXPECT_EQ(equal, 1249);
}

TEST(Sgf, EveryCorpusFileReadsAsARecord) {
  JPD_SKIP_WITHOUT_SHARED_CORPUS();
  int read = 0, with_passes = 0, moves = 0;
  for (const std::string& f : test::corpus_files()) {
    auto r = sgf::read_record_file(f);
    ++read;
    moves += int(r.steps.size());
    with_passes += !r.steps.empty() && r.steps.back().move.kind == MoveKind::pass;
    EXPECT_TRUE(r.width == 9 || r.width == 13) << f;
  }
  EXPECT_EQ(read, 1249);
  EXPECT_GT(with_passes, 900);  // the Go Quest and CGOS games end with two passes
  RecordProperty("moves", moves);
}

TEST(Sgf, WholeCorpusParsesQuickly) {
  JPD_SKIP_WITHOUT_SHARED_CORPUS();
  std::vector<std::string> texts;
  for (const std::string& f : test::corpus_files()) texts.push_back(read_file(f));
  auto start = std::chrono::steady_clock::now();
  size_t nodes = 0;
  for (const std::string& t : texts) nodes += sgf::parse(t).games[0].nodes.size();
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  RecordProperty("parse_seconds", std::to_string(seconds));
  std::printf("parsed %zu files (%zu nodes) in %.3f s\n", texts.size(), nodes, seconds);
  EXPECT_LT(seconds, 10.0);  // about 0.05 s in Release; generous for sanitizer builds
}

// ------------------------------------------------------------------------------------------------
// Record -> tree

TEST(Sgf, ExtensionPropertiesRoundTripThroughToTree) {
  sgf::Record r;
  r.width = 9;
  r.height = 9;
  r.komi = 7.5;
  r.rules = "JPD:tang-song,komi=7.5";
  r.result = "B+0.5";
  r.black_name = "Black ]name[";
  r.white_name = "White";
  r.handicap = 2;
  r.setup = {{B, *parse_sgf("cc")}, {B, *parse_sgf("gg")}, {W, *parse_sgf("ee")}};
  r.to_move = W;
  auto step = [&](Kind k, Move m, int number) {
    sgf::Step s;
    s.kind = k;
    s.move = m;
    s.move_number = number;
    r.steps.push_back(s);
  };
  step(Kind::move, Move::play(W, *parse_sgf("dd")), 1);
  step(Kind::move, Move::virtual_move(B), 2);
  step(Kind::move, Move::pass(W), 3);
  step(Kind::pause_act, {MoveKind::propose_pause, E, Point::none()}, 3);
  step(Kind::pause_act, {MoveKind::reject_pause, E, Point::none()}, 3);
  step(Kind::pause_act, {MoveKind::accept_pause, E, Point::none()}, 3);
  step(Kind::resume, Move::pass(E), 3);
  step(Kind::resume, Move::pass(B), 3);
  step(Kind::setup, {MoveKind::play, B, *parse_sgf("aa")}, 3);
  step(Kind::setup, {MoveKind::play, B, *parse_sgf("ba")}, 3);
  step(Kind::setup, {MoveKind::play, W, *parse_sgf("ca")}, 3);
  step(Kind::setup, {MoveKind::play, B, *parse_sgf("da")}, 3);   // B after W: a new node
  step(Kind::setup, {MoveKind::play, E, *parse_sgf("da")}, 3);   // same point: a new node
  step(Kind::to_move, Move::pass(B), 3);
  step(Kind::move, Move::play(B, *parse_sgf("ff")), 4);
  step(Kind::move, Move::negative_a(E, *parse_sgf("ff")), 4);
  step(Kind::move, Move::negative_b(E, *parse_sgf("dd")), 4);
  r.dead = pts({"gg", "hh"});
  r.has_dead_markup = true;
  r.claims = {{B, *parse_sgf("ab")}, {W, *parse_sgf("ii")}};
  r.territory_black = pts({"aa", "ab"});
  r.territory_white = pts({"ii"});

  const std::string text = sgf::write(sgf::to_tree(r));
  auto back = sgf::read_record_text(text, "x.sgf");
  EXPECT_EQ(back.width, 9);
  EXPECT_EQ(back.komi, r.komi);
  EXPECT_EQ(back.rules, r.rules);
  EXPECT_EQ(back.result, r.result);
  EXPECT_EQ(back.black_name, r.black_name);
  EXPECT_EQ(back.white_name, r.white_name);
  EXPECT_EQ(back.handicap, 2);
  EXPECT_EQ(back.setup, r.setup);
  EXPECT_EQ(back.to_move, r.to_move);
  expect_same_steps(back.steps, r.steps);
  EXPECT_EQ(back.dead, r.dead);
  EXPECT_TRUE(back.has_dead_markup);
  ASSERT_EQ(back.claims.size(), 2u);
  EXPECT_EQ(back.claims[1].color, W);
  EXPECT_EQ(back.claims[1].point, *parse_sgf("ii"));
  EXPECT_EQ(back.territory_black, r.territory_black);
  EXPECT_EQ(back.territory_white, r.territory_white);
  EXPECT_NE(text.find(";B[]JPDV[]"), std::string::npos) << text;
  EXPECT_NE(text.find(";JPDN[ff]JPDT[A]"), std::string::npos) << text;
  EXPECT_NE(text.find("JPDR[found:B]"), std::string::npos) << text;
  EXPECT_NE(text.find(";AB[aa][ba]AW[ca];AB[da];AE[da]"), std::string::npos) << text;
  EXPECT_NE(text.find("JPDC[B:ab][W:ii]"), std::string::npos) << text;
}

TEST(Sgf, EmptyDeadStoneMarkupRoundTrips) {
  sgf::Record r;
  r.has_dead_markup = true;
  auto back = sgf::read_record_text(sgf::write(sgf::to_tree(r)));
  EXPECT_TRUE(back.has_dead_markup);
  EXPECT_TRUE(back.dead.empty());
}

TEST(Sgf, CorpusRecordsRoundTripThroughToTree) {
  JPD_SKIP_WITHOUT_SHARED_CORPUS();
  for (const std::string& f : test::corpus_files()) {
    auto r = sgf::read_record_file(f);
    auto back = sgf::read_record_text(sgf::write(sgf::to_tree(r)), f);
    EXPECT_EQ(back.width, r.width) << f;
    EXPECT_EQ(back.komi, r.komi) << f;
    EXPECT_EQ(back.rules, r.rules) << f;
    EXPECT_EQ(back.territory_black, r.territory_black) << f;
    expect_same_steps(back.steps, r.steps);
  }
}

// ------------------------------------------------------------------------------------------------
// Robustness: random damage to real files is either read or refused with an sgf::Error.

TEST(Sgf, RandomMutationsOfCorpusFilesOnlyEverRaiseSgfError) {
  JPD_SKIP_WITHOUT_SHARED_CORPUS();
  std::vector<std::string> seeds = {
      read_file(test::corpus_file(
          "C_00249__games__pro_games__go__9x9__2015-11-03T03_31_48.894Z_slxpjw60gclm.sgf")),
      read_file(test::corpus_file("J_00158__games__pro_games__go__9x9__020512.sgf")),
      read_file(test::corpus_file("U_00049__games__pro_games__go__9x9__OZ2.sgf")),
      "(;FF[4]GM[1]SZ[9]AB[aa:bb]AW[cc]PL[W]C[esc \\] \\\\ soft\\\nbreak];W[dd]"
      "(;B[]JV[];W[];JP[propose];JP[accept];JR[dispute];B[ee];JN[ee]JT[A]JD[aa]JC[B:ii])"
      "(;B[tt]TB[gg:ii]))"};
  const std::string inserts = "()[];\\:\n";
  std::mt19937 rng(20080101);
  int parsed = 0, refused = 0, records = 0;
  for (int round = 0; round < 6000; ++round) {
    std::string text = seeds[round % seeds.size()];
    const int edits = 1 + int(rng() % 4);
    for (int e = 0; e < edits && !text.empty(); ++e) {
      const size_t at = rng() % text.size();
      switch (rng() % 5) {
        case 0: text[at] = char(rng() % 256); break;                   // byte flip
        case 1: text.resize(at); break;                                // truncation
        case 2: text.insert(at, 1, inserts[rng() % inserts.size()]); break;  // bracket, paren ...
        case 3: text.erase(at, 1); break;
        case 4: text.insert(at, text.substr(at, rng() % 40)); break;  // duplicated stretch
      }
    }
    try {
      auto c = sgf::parse(text, "fuzz.sgf");
      ++parsed;
      EXPECT_EQ(test::tree_difference(c.games[0], sgf::parse(sgf::write(c)).games[0]), "");
      for (const auto& g : c.games) {
        auto r = sgf::read_record(g, "fuzz.sgf");
        ++records;
        sgf::read_record(sgf::to_tree(r));
      }
    } catch (const sgf::Error& e) {
      ++refused;
      ASSERT_GE(e.where.line, 1) << e.what();
      ASSERT_GE(e.where.column, 1) << e.what();
    } catch (const std::exception& e) {
      FAIL() << "not an sgf::Error: " << e.what() << "\ninput:\n" << text;
    }
  }
  RecordProperty("parsed", parsed);
  RecordProperty("refused", refused);
  EXPECT_GT(parsed, 100);
  EXPECT_GT(refused, 100);
  EXPECT_GT(records, 50);
}
