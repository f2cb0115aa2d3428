// SGF FF[4]: reading and writing game records, and their interpretation as a Go record.
//
// Two levels:
//  - syntax: Collection / GameTree / Node / Property, exactly as in the file (property values kept
//    in their escaped file form so that writing back preserves everything we did not understand);
//  - Record: the main line of one game tree read as a Go game: size, komi, rules text, setup
//    stones, the steps (moves, setup edits, the project's extension properties of SPEC §9).
// It knows nothing of rule sets; replaying a Record under a Ruleset is replay.hpp's job.
//
// Project extension properties (ignored by other readers, round-tripped by all):
//   JV[]            on a pass node (B[] / W[]): the move is a virtual move (虚着)
//   JN[xx] JT[A|B]  a negative move taking back the stone at xx, kind A or B (负着)
//   JP[propose|accept|reject]  an agreed-pause proposal / answer by the side to move
//   JR[dispute]     play resumes after a pause to settle a dispute (实战解决)
//   JR[found:B|W]   play resumes after an agreed pause for a move found later by B / W (003 21.5)
//   JD[xx]...       dead stones (point list, compressed lists allowed)
//   JC[B:xx]...     claims: colour, colon, point (ko space, one-sided dame)
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "jpd/move.hpp"
#include "jpd/point.hpp"
#include "jpd/status.hpp"

namespace jpd::sgf {

// A position in the text: 1-based line and column (columns count bytes).
struct Location {
  int line = 0;
  int column = 0;
};

// "FILE:LINE:COLUMN", or just "FILE" when the line is 0 (no position: an I/O error, a record
// built by a program).
std::string where_text(std::string_view file, Location where);

// Malformed input. what() reads "FILE:LINE:COLUMN: message".
struct Error : std::runtime_error {
  std::string file;
  Location where;
  std::string message;
  Error(std::string file_, Location where_, std::string message_);
};

struct Property {
  std::string id;                   // canonical upper-case identifier ("AB", also from "AddBlack")
  std::vector<std::string> values;  // raw, still escaped as in the file (without the brackets)
  std::vector<Location> value_locations;  // of each value's '['
  Location location;                      // of the identifier

  // The i-th value unescaped as SGF Text (escapes removed, soft line breaks joined; hard line
  // breaks of any convention become '\n', other white space a space, as FF[4] says).
  std::string text(size_t i = 0) const;
};

struct Node {
  std::vector<Property> props;  // in file order
  Location location;            // of the ';'

  const Property* find(std::string_view id) const;
  Property* find(std::string_view id);
  bool has(std::string_view id) const { return find(id) != nullptr; }
  // Sets (replaces) a property with already-unescaped text values; escapes them for writing.
  void set(std::string_view id, const std::vector<std::string>& text_values);
  void remove(std::string_view id);
};

struct GameTree {
  std::vector<Node> nodes;           // the sequence
  std::vector<GameTree> variations;  // the first variation continues the main line
  Location location;                 // of the '('
};

struct Collection {
  std::vector<GameTree> games;
};

// Defensive limits: exceeding one is an Error naming the limit. The parser is iterative; the depth
// limit also bounds the recursion of what walks a tree recursively (destruction, copies).
struct Limits {
  size_t max_bytes = 64u << 20;   // text size
  int max_depth = 1000;           // nesting of variations
  size_t max_nodes = 1000000;     // nodes in the whole collection
  size_t max_value_bytes = 1u << 20;
  // Points in the point lists of a record's main line (AB, AW, AE, JD, TB, TW), compressed lists
  // ("aa:ss") expanded: a few bytes of "AB[aa:yy]" stand for 625 setup steps (read_record).
  size_t max_points = 1000000;
};

Collection parse(std::string_view text, std::string_view filename = "<input>",
                 const Limits& limits = {});
Collection parse_file(const std::string& path, const Limits& limits = {});  // Error on I/O too
std::string write(const Collection& c);
std::string write(const GameTree& t);

// Escapes text for use as a property value (backslash before ']' and '\').
std::string escape(std::string_view text);

// ------------------------------------------------------------------------------------------------
// The main line of one game read as a Go record.

using Claim = jpd::Claim;  // colour and point (status.hpp)

struct Step {
  enum class Kind : uint8_t {
    move,       // Move (colour known; for negative moves colour Empty until replayed: the stone's)
    setup,      // AB/AW/AE after the root (and AE in the root): a stone placed, or removed (colour
                // Empty); move.kind play, move.point the point, one step per point
    to_move,    // PL in a node after the root
    pause_act,  // JP: propose / accept / reject by the side to move (Move kind tells which)
    resume,     // JR[dispute] (move.color Empty); JR[found:B|W] (move.color: who found the move)
  };
  Kind kind = Kind::move;
  Move move;
  Location where;    // of the property that made this step, for error messages
  int node = 0;      // index of the node on the main line (root = 0)
  int move_number = 0;  // 1-based count of B/W moves so far (for error messages)
};

struct Record {
  int width = 19, height = 19;
  std::optional<double> komi;
  std::string rules;           // RU text as written
  std::string result;          // RE
  int handicap = 0;            // HA
  std::vector<std::pair<Color, Point>> setup;  // root AB / AW (in file order)
  std::optional<Color> to_move;                // root PL
  std::vector<Step> steps;                     // after the root setup, in order
  std::vector<Point> dead;                     // JD anywhere on the main line
  std::vector<Claim> claims;                   // JC anywhere on the main line
  std::vector<Point> territory_black, territory_white;  // TB / TW on the last node
  bool has_dead_markup = false;                // JD present (possibly empty)
  std::string black_name, white_name;          // PB / PW
  std::string filename;
};

// Reads the main line; Error (with location) for values that are not valid for their property
// (a move off the board, a bad SZ or KM, an unknown JT ...). One node may make several steps; they
// come in this order: setup (AE/AB/AW in file order), PL, JR, the B/W move, JN, JP.
Record read_record(const GameTree& tree, std::string_view filename = "<input>",
                   const Limits& limits = {});
// Convenience: parse + first game's record.
Record read_record_file(const std::string& path);
Record read_record_text(std::string_view text, std::string_view filename = "<input>");

// Builds a game tree for a record (root properties, then one node per step), with extra root
// properties (e.g. PB, RE) given as text values.
GameTree to_tree(const Record& r);

}  // namespace jpd::sgf
