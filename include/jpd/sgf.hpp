// SGF FF[4]: reading and writing game records, and their interpretation as a Go record.
//
// Two levels:
//  - syntax: Collection / GameTree / Node / Property, exactly as in the file (property values kept
//    in their escaped file form so that writing back preserves everything we did not understand);
//  - Record: the main line of one game tree read as a Go game: size, komi, rules text, setup
//    stones, the steps (moves, setup edits, the project's extension properties of SPEC §9).
// It knows nothing of rule sets; replaying a Record under a Ruleset is replay.hpp's job.
//
// Text: the bytes are decoded to UTF-8 before they are parsed, by the charset the first game's
// root names (CA), else as UTF-8 when they are, else by a guess that is noted (encoding.hpp). Lines
// and columns of errors are those of the decoded text (columns count its bytes).
//
// Project extension properties (ignored by other readers, round-tripped by all). Their names start
// with JPD, which no other program writes; the two-letter names of earlier versions (JV, JN, JT,
// JP, JR, JD, JC) are still read where their values have this project's form — other programs
// write some of them (JD holds a date in some Japanese records), so a value of another form is
// another program's property: kept, noted, and not read as this project's.
//   JPDV[]            on a pass node (B[] / W[]): the move is a virtual move (虚着)      (was JV)
//   JPDN[xx] JPDT[A|B]  a negative move taking back the stone at xx, kind A or B (负着) (JN, JT)
//   JPDP[propose|accept|reject]  an agreed-pause proposal / answer by the side to move  (JP)
//   JPDR[dispute]     play resumes after a pause to settle a dispute (实战解决)         (JR)
//   JPDR[found:B|W]   play resumes after an agreed pause for a move found later by B / W (003 21.5)
//   JPDD[xx]...       dead stones (point list, compressed lists allowed)               (JD)
//   JPDC[B:xx]...     claims: colour, colon, point (ko space, one-sided dame)           (JC)
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "jpd/message.hpp"
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

// Malformed input. what() reads "FILE:LINE:COLUMN: detail" in English; message() is the same as a
// message ("text.colon": the place, then the detail), for a front end to render in its language.
struct Error : std::runtime_error, MessageError {
  std::string file;
  Location where;
  Message detail;  // what is wrong, after the place
  Error(std::string file_, Location where_, Message detail_);
  // (A sentence is no message id: the detail is a Message, from the texts' table.)
  Error(std::string file_, Location where_, const std::string& sentence) = delete;
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
  std::string charset = "UTF-8";  // the charset the text was decoded from (iconv's name)
  Message charset_note;           // how, when it was not what CA says (or UTF-8 without CA)
};

// Defensive limits: exceeding one is an Error naming the limit. The parser is iterative; the depth
// limit also bounds the recursion of what walks a tree recursively (destruction, copies).
struct Limits {
  size_t max_bytes = 64u << 20;   // text size
  int max_depth = 1000;           // nesting of variations
  size_t max_nodes = 1000000;     // nodes in the whole collection
  size_t max_value_bytes = 1u << 20;
  // Points in the point lists of a record's main line (AB, AW, AE, JPDD, TB, TW), compressed lists
  // ("aa:ss") expanded: a few bytes of "AB[aa:yy]" stand for 625 setup steps (read_record).
  size_t max_points = 1000000;
};

// The text is decoded first (see the top of this file); `charset` names the text's charset when
// its CA is missing or wrong (an iconv name or a label such as gb2312; "" reads CA, else guesses).
// A text decoded from another charset is UTF-8 in the tree, and its roots' CA say UTF-8.
Collection parse(std::string_view text, std::string_view filename = "<input>",
                 const Limits& limits = {}, std::string_view charset = "");
Collection parse_file(const std::string& path, const Limits& limits = {},
                      std::string_view charset = "");  // Error on I/O too
// The *_file functions read a file as every file a user names is read (input_file.hpp): a
// regular file only (a directory, FIFO or device is refused at once, with what it is), its bytes
// to the end and never more than limits.max_bytes, whatever size the file claims.
std::string write(const Collection& c);
std::string write(const GameTree& t);

// Escapes text for use as a property value: a backslash before ']' and '\', and before a tab,
// vertical tab or form feed, so that Property::text reads back the same text (a line break is
// written as it is and read back as '\n': "\r\n" and a lone '\r' come back as "\n").
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
    pause_act,  // JPDP: propose / accept / reject by the side to move (Move kind tells which)
    resume,     // JPDR[dispute] (move.color Empty); JPDR[found:B|W] (move.color: who found the move)
  };
  Kind kind = Kind::move;
  Move move;
  Location where;    // of the property that made this step, for error messages
  int node = 0;      // index of the node on the main line (root = 0)
  int move_number = 0;  // 1-based count of B/W moves so far (for error messages)
};

// A fault of a record mended under the repair policy (ReadOptions::repair, ReplayOptions::repair;
// README "Faulty records"), by the move it concerns.
struct Repair {
  enum class Kind : uint8_t {
    implied_pass,    // two moves of one colour in a row: the other side's pass put between them
    turn_switched,   // the same where a pass would pause the game: the side to move switched
    stone_replaced,  // a move on an occupied point: the stone there taken off, the move played
    move_skipped,    // a move on an occupied point skipped (replay's occupied = skip)
    node_split,      // a node holding two moves: each read as a node of its own
    first_kept,      // a property given twice in a node with different values: the first kept
    repetition_played,  // a move the rules' superko forbids: played as recorded (Game::play_repeating)
  };
  Kind kind = Kind::implied_pass;
  int move_number = 0;  // the record's move the repair concerns (0: none, a root property)
  Location where;       // of the property
  Message detail;       // what was done (as the note says it; text(), text.hpp, renders it)
};
std::string_view name_of(Repair::Kind k);

// The komi a record may give: the rule sets' range (rules.hpp; a test keeps them equal). A KM
// outside it is refused with its position.
inline constexpr double kMaxRecordKomi = 1000;

struct Record {
  int width = 19, height = 19;
  std::optional<double> komi;
  std::string rules;           // RU text as written
  std::string result;          // RE
  int handicap = 0;            // HA
  std::vector<std::pair<Color, Point>> setup;  // root AB / AW (in file order)
  std::optional<Color> to_move;                // root PL
  std::vector<Step> steps;                     // after the root setup, in order
  std::vector<Point> dead;                     // JPDD (or JD) anywhere on the main line
  std::vector<Claim> claims;                   // JPDC (or JC) anywhere on the main line
  std::vector<Point> territory_black, territory_white;  // TB / TW on the last node
  bool has_dead_markup = false;                // JPDD / JD present (possibly empty)
  std::string black_name, white_name;          // PB / PW
  // Game information as written (SimpleText), for the server conventions (conventions.hpp) and
  // for people: DT, PC, CP, EV; AP every value of every AP (Fox records give two), "; " between.
  std::string date, place, copyright, event, application;
  std::string other_jd;  // a JD that is another program's (a date in some Japanese records)
  std::string charset = "UTF-8";  // the charset the text was decoded from
  Location komi_where, rules_where;  // of KM's and RU's value, for errors about them
  int game = 0;   // this game's index in its file (0-based)
  int games = 1;  // games in the file (0 for a record built by a program)
  // What reading assumed (the charset guessed, another program's JD, a property given twice with
  // the same value ...), as messages (text(), text.hpp, renders them); and what it mended under
  // the repair policy.
  std::vector<Message> notes;
  std::vector<Repair> repairs;
  std::string filename;
};

struct ReadOptions {
  Limits limits;
  std::string charset;  // as parse(): the text's charset when CA is missing or wrong
  // Read faulty records (README "Faulty records"): a node holding two moves is read as two nodes,
  // a property given twice with different values keeps the first; each noted and listed in
  // Record::repairs. Without it such a record is an Error that suggests the repair.
  bool repair = false;
  int game = 0;  // the game of a collection read_record_file / read_record_text read (0-based)
};

// Reads the main line; Error (with location) for values that are not valid for their property
// (a move off the board, a bad SZ or KM, an unknown JPDT ...). One node may make several steps;
// they come in this order: setup (AE/AB/AW in file order), PL, JPDR, the B/W move, JPDN, JPDP.
Record read_record(const GameTree& tree, std::string_view filename = "<input>",
                   const Limits& limits = {});
Record read_record(const GameTree& tree, std::string_view filename, const ReadOptions& options);
// Parse + one game's record (options.game; Record::games says how many the file holds; a game
// that is not there is an Error saying how many there are).
Record read_record_file(const std::string& path, const ReadOptions& options = {});
Record read_record_text(std::string_view text, std::string_view filename = "<input>",
                        const ReadOptions& options = {});
// Every game of a file, in order (a file of one game: one record).
std::vector<Record> read_records_file(const std::string& path, const ReadOptions& options = {});
std::vector<Record> read_records_text(std::string_view text, std::string_view filename = "<input>",
                                      const ReadOptions& options = {});

// Builds a game tree for a record (root properties, then one node per step), with extra root
// properties (e.g. PB, RE) given as text values. Writes the JPD... names, and CA[UTF-8] when a
// text holds a character outside ASCII.
GameTree to_tree(const Record& r);

}  // namespace jpd::sgf
