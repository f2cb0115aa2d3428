#include "jpd/sgf.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <span>
#include <type_traits>
#include <utility>

namespace jpd::sgf {

std::string where_text(std::string_view file, Location where) {
  std::string s(file);
  if (where.line > 0) s += ":" + std::to_string(where.line) + ":" + std::to_string(where.column);
  return s;
}

Error::Error(std::string file_, Location where_, std::string message_)
    : std::runtime_error(where_text(file_, where_) + ": " + message_),
      file(std::move(file_)),
      where(where_),
      message(std::move(message_)) {}

namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}
bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
bool is_letter(char c) { return is_upper(c) || (c >= 'a' && c <= 'z'); }
bool is_line_break(char c) { return c == '\n' || c == '\r'; }

// Length of the line break starting at s[i], 0 if there is none: 2 for "\r\n", and for "\n\r"
// unless that '\r' starts a "\r\n"; 1 for any other '\n' or '\r'. The parser counts lines and
// Property::text() converts line breaks by this one rule.
size_t line_break_length(std::string_view s, size_t i) {
  if (i >= s.size() || !is_line_break(s[i])) return 0;
  auto at = [&](size_t k) { return k < s.size() ? s[k] : '\0'; };
  if (s[i] == '\r' && at(i + 1) == '\n') return 2;
  if (s[i] == '\n' && at(i + 1) == '\r' && at(i + 2) != '\n') return 2;
  return 1;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

// A character for an error message: 'x', or the byte in hex when it is not printable.
std::string describe_char(char c) {
  if (c >= 0x21 && c <= 0x7e) return std::string("'") + c + "'";
  static const char hex[] = "0123456789ABCDEF";
  auto u = static_cast<unsigned char>(c);
  return std::string("byte 0x") + hex[u >> 4] + hex[u & 15];
}

std::string size_text(int width, int height) {
  return std::to_string(width) + "x" + std::to_string(height);
}

constexpr size_t kMaxIdentifierLetters = 32;  // "AddBlack" and other FF[3] names fit easily
constexpr size_t kWrapColumn = 78;            // the writer breaks lines between nodes here

// ------------------------------------------------------------------------------------------------
// The parser: one pass over the text, iterative (no recursion per variation), tracking the
// 1-based line and the start of the current line for locations.

class Parser {
 public:
  Parser(std::string_view text, std::string_view file, const Limits& limits)
      : s_(text), file_(file), limits_(limits) {}

  Collection collection() {
    if (s_.size() > limits_.max_bytes)
      fail({1, 1}, "the text is " + std::to_string(s_.size()) + " bytes, over the limit of " +
                       std::to_string(limits_.max_bytes) + " (max_bytes)");
    if (s_.substr(0, 3) == "\xEF\xBB\xBF") s_.remove_prefix(3);  // UTF-8 byte order mark
    Collection c;
    while (!at_end() && peek() != '(') advance();  // text before the first '(' is ignored
    while (!at_end()) {
      c.games.push_back(game_tree());
      skip_space();
      if (!at_end() && peek() != '(')
        fail(here(), peek() == ')' ? "unbalanced parentheses: ')' without a matching '('"
                                   : "garbage after a game tree: unexpected " +
                                         describe_char(peek()) + " (expected '(' or the end)");
    }
    if (c.games.empty()) fail(here(), "empty collection: the text holds no game tree (no '(')");
    return c;
  }

 private:
  bool at_end() const { return pos_ >= s_.size(); }
  char peek() const { return s_[pos_]; }
  Location here() const { return {line_, int(pos_ - line_start_) + 1}; }

  // Moves past one byte, or past a whole line break counting the line.
  void advance() {
    if (size_t n = line_break_length(s_, pos_)) {
      pos_ += n;
      ++line_;
      line_start_ = pos_;
    } else {
      ++pos_;
    }
  }
  void skip_space() {
    while (!at_end() && is_space(peek())) advance();
  }

  [[noreturn]] void fail(Location at, const std::string& message) const {
    throw Error(std::string(file_), at, message);
  }

  // '(' Sequence GameTree* ')', with an explicit stack of the open game trees. Each open tree is
  // the last variation of the one below it, so the pointers stay valid while trees are added.
  GameTree game_tree() {
    GameTree root;
    root.location = here();
    advance();  // '('
    sequence(root);
    std::vector<GameTree*> open = {&root};
    for (;;) {
      skip_space();
      if (at_end())
        fail(open.back()->location, "unbalanced parentheses: this '(' is never closed");
      char c = peek();
      if (c == '(') {
        if (int(open.size()) >= limits_.max_depth)
          fail(here(), "variations nested deeper than " + std::to_string(limits_.max_depth) +
                           " levels (max_depth)");
        GameTree& v = open.back()->variations.emplace_back();
        v.location = here();
        advance();
        sequence(v);
        open.push_back(&v);
      } else if (c == ')') {
        advance();
        open.pop_back();
        if (open.empty()) return root;
      } else if (c == ';') {
        fail(here(), "a node after the variations of a game tree (nodes come first)");
      } else {
        fail(here(), "garbage between nodes: unexpected " + describe_char(c) +
                         " (expected a property, ';', '(' or ')')");
      }
    }
  }

  void sequence(GameTree& t) {
    skip_space();
    if (at_end() || peek() != ';')
      fail(here(), "missing ';' after '(': a game tree starts with a node");
    while (!at_end() && peek() == ';') {
      node(t.nodes.emplace_back());
      skip_space();
    }
  }

  void node(Node& n) {
    n.location = here();
    if (++nodes_ > limits_.max_nodes)
      fail(n.location, "more than " + std::to_string(limits_.max_nodes) + " nodes (max_nodes)");
    advance();  // ';'
    for (;;) {
      skip_space();
      if (at_end() || !is_letter(peek())) return;
      property(n);
    }
  }

  // PropIdent PropValue+. FF[3] identifiers may contain lower-case letters, which are dropped
  // ("AddBlack" is AB).
  void property(Node& n) {
    Property& p = n.props.emplace_back();
    p.location = here();
    const size_t start = pos_;
    while (!at_end() && is_letter(peek())) advance();
    const std::string_view name = s_.substr(start, pos_ - start);
    if (name.size() > kMaxIdentifierLetters)
      fail(p.location, "bad identifier: longer than " + std::to_string(kMaxIdentifierLetters) +
                           " letters");
    std::copy_if(name.begin(), name.end(), std::back_inserter(p.id), is_upper);
    if (p.id.empty())
      fail(p.location,
           "bad identifier '" + std::string(name) + "': an identifier needs upper-case letters");
    skip_space();
    if (at_end() || peek() != '[') fail(p.location, "property " + p.id + " has no value");
    while (!at_end() && peek() == '[') {
      p.value_locations.push_back(here());
      p.values.push_back(value(p.id));
      skip_space();
    }
  }

  // '[' raw text ']': kept escaped; a backslash makes the next byte part of the value.
  std::string value(const std::string& id) {
    const Location at = here();
    advance();  // '['
    const size_t start = pos_;
    for (;;) {
      if (at_end()) fail(at, "unterminated value of " + id + ": no ']' before the end of the text");
      if (pos_ - start > limits_.max_value_bytes)
        fail(at, "a value of " + id + " is longer than " +
                     std::to_string(limits_.max_value_bytes) + " bytes (max_value_bytes)");
      char c = peek();
      if (c == ']') break;
      advance();
      if (c == '\\' && !at_end()) advance();
    }
    std::string v(s_.substr(start, pos_ - start));
    advance();  // ']'
    return v;
  }

  std::string_view s_;
  std::string_view file_;
  const Limits& limits_;
  size_t pos_ = 0;
  int line_ = 1;
  size_t line_start_ = 0;
  size_t nodes_ = 0;
};

// ------------------------------------------------------------------------------------------------
// The writer: lines of at most about kWrapColumn characters, broken between nodes and, in long
// nodes, between properties and values; each variation on a new line.

class Writer {
 public:
  std::string tree(const GameTree& root) {
    struct Frame {
      const GameTree* tree;
      size_t next_variation;
    };
    open(root, true);
    std::vector<Frame> stack = {{&root, 0}};
    while (!stack.empty()) {
      Frame& f = stack.back();
      if (f.next_variation < f.tree->variations.size()) {
        const GameTree& v = f.tree->variations[f.next_variation++];
        new_line();
        open(v);
        stack.push_back({&v, 0});
      } else {
        put(")");
        stack.pop_back();
      }
    }
    return std::move(out_);
  }

 private:
  // '(' and the tree's nodes; the game's root node has a line of its own.
  void open(const GameTree& t, bool game_root = false) {
    put("(");
    if (t.nodes.empty()) put(";");  // keeps the output parseable
    for (size_t i = 0; i < t.nodes.size(); ++i) {
      if (i == 1 && game_root) new_line();
      node(t.nodes[i]);
    }
  }
  // A node is written as pieces: ";" with its first property's identifier and first value, then
  // each further value, each further property with its first value. Lines break between pieces.
  void node(const Node& n) {
    std::string lead = ";";
    for (const Property& p : n.props) {
      piece(lead + p.id + "[" + (p.values.empty() ? "" : p.values[0]) + "]");  // [] if none
      lead.clear();
      for (size_t i = 1; i < p.values.size(); ++i) piece("[" + p.values[i] + "]");
    }
    if (!lead.empty()) piece(lead);
  }
  void piece(const std::string& text) {
    if (column_ > 1 && column_ + text.size() > kWrapColumn) new_line();
    put(text);
  }
  void new_line() {
    if (column_ > 0) put("\n");
  }
  void put(std::string_view s) {
    out_ += s;
    size_t nl = s.find_last_of('\n');
    column_ = nl == std::string_view::npos ? column_ + s.size() : s.size() - nl - 1;
  }

  std::string out_;
  size_t column_ = 0;
};

}  // namespace

// ------------------------------------------------------------------------------------------------
// Syntax level.

namespace {

// A raw value as SGF Text: escapes removed, soft line breaks joined, hard line breaks '\n', other
// white space a space (Property::text).
std::string unescape(std::string_view raw) {
  std::string out;
  out.reserve(raw.size());
  for (size_t k = 0; k < raw.size();) {
    if (raw[k] == '\\' && k + 1 < raw.size()) {
      size_t soft = line_break_length(raw, k + 1);
      if (soft == 0) out += raw[k + 1];  // any escaped character stands for itself
      k += 1 + std::max<size_t>(soft, 1);
    } else if (size_t hard = line_break_length(raw, k)) {
      out += '\n';
      k += hard;
    } else {
      out += is_space(raw[k]) ? ' ' : raw[k];
      ++k;
    }
  }
  return out;
}

}  // namespace

std::string Property::text(size_t i) const { return unescape(values.at(i)); }

const Property* Node::find(std::string_view id) const {
  for (const Property& p : props)
    if (p.id == id) return &p;
  return nullptr;
}

Property* Node::find(std::string_view id) {
  return const_cast<Property*>(std::as_const(*this).find(id));
}

void Node::set(std::string_view id, const std::vector<std::string>& text_values) {
  Property p;
  p.id = std::string(id);
  for (const std::string& v : text_values) p.values.push_back(escape(v));
  p.value_locations.resize(p.values.size());
  if (Property* old = find(id)) {
    p.location = old->location;
    *old = std::move(p);
  } else {
    props.push_back(std::move(p));
  }
}

void Node::remove(std::string_view id) {
  std::erase_if(props, [&](const Property& p) { return p.id == id; });
}

Collection parse(std::string_view text, std::string_view filename, const Limits& limits) {
  return Parser(text, filename, limits).collection();
}

namespace {

// The file's bytes, or Error (I/O, or over max_bytes).
std::string read_text_file(const std::string& path, const Limits& limits) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(path, {}, std::string("cannot open the file: ") + std::strerror(errno));
  in.seekg(0, std::ios::end);
  const auto size = in.tellg();
  if (size < 0) throw Error(path, {}, "cannot read the file");
  if (size_t(size) > limits.max_bytes)
    throw Error(path, {}, "the file is " + std::to_string(size_t(size)) +
                              " bytes, over the limit of " + std::to_string(limits.max_bytes) +
                              " (max_bytes)");
  std::string text(size_t(size), '\0');
  in.seekg(0);
  if (!in.read(text.data(), std::streamsize(text.size())))
    throw Error(path, {}, "cannot read the file");
  return text;
}

}  // namespace

Collection parse_file(const std::string& path, const Limits& limits) {
  return parse(read_text_file(path, limits), path, limits);
}

std::string write(const GameTree& t) { return Writer().tree(t) + "\n"; }

std::string write(const Collection& c) {
  std::string out;
  for (const GameTree& t : c.games) out += write(t);
  return out;
}

std::string escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    if (c == ']' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

// ------------------------------------------------------------------------------------------------
// Record level.

namespace {

template <class T>
std::optional<T> number_of(std::string_view text) {
  text = trim(text);
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  T v{};
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  if constexpr (std::is_floating_point_v<T>)
    if (!std::isfinite(v)) return std::nullopt;
  return v;
}

std::string number_text(double v) {
  char buf[32];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, end);
}

// The main line as the record reader sees it: nodes of properties, each an identifier with its
// raw values (still escaped) and their locations, all views of a parsed tree's strings or of the
// text itself (quick_main_line).
struct ValueView {
  std::string_view raw;
  Location where;
  bool located = false;  // a tree built by a program may lack the values' locations
};
struct PropView {
  std::string_view id;
  std::span<const ValueView> values;
  Location location;
  std::string text(size_t i) const { return unescape(values[i].raw); }  // Property::text
};
struct NodeView {
  std::span<const PropView> props;
  const PropView* find(std::string_view id) const {  // the first, as Node::find
    for (const PropView& p : props)
      if (p.id == id) return &p;
    return nullptr;
  }
};
// Views into values and props: both are reserved before they are filled, so that the spans
// stay valid.
struct MainLine {
  std::vector<ValueView> values;
  std::vector<PropView> props;
  std::vector<NodeView> nodes;
};

// The main line: the nodes of the first variation at every branch.
void main_line(const GameTree& tree, MainLine& line) {
  std::vector<const Node*> nodes;
  for (const GameTree* t = &tree;; t = &t->variations.front()) {
    for (const Node& n : t->nodes) nodes.push_back(&n);
    if (t->variations.empty()) break;
  }
  size_t nprops = 0, nvalues = 0;
  for (const Node* n : nodes) {
    nprops += n->props.size();
    for (const Property& p : n->props) nvalues += p.values.size();
  }
  line.values.reserve(nvalues);
  line.props.reserve(nprops);
  line.nodes.reserve(nodes.size());
  for (const Node* n : nodes) {
    const size_t first_prop = line.props.size();
    for (const Property& p : n->props) {
      const size_t first = line.values.size();
      for (size_t i = 0; i < p.values.size(); ++i) {
        const bool located = i < p.value_locations.size();
        line.values.push_back({p.values[i], located ? p.value_locations[i] : Location{}, located});
      }
      line.props.push_back({p.id, {line.values.data() + first, p.values.size()}, p.location});
    }
    line.nodes.push_back({{line.props.data() + first_prop, n->props.size()}});
  }
}

// The main line read straight from the text, with the locations the parser gives, when the text
// is one game tree without variations whose identifiers are all upper case, within the limits:
// then the nodes the parser would make, without making them. false for anything else (more game
// trees, variations, FF[3] identifiers, errors): the parser reads that (and reports the errors).
bool quick_main_line(std::string_view s, const Limits& limits, MainLine& line) {
  if (s.size() > limits.max_bytes) return false;
  if (s.substr(0, 3) == "\xEF\xBB\xBF") s.remove_prefix(3);  // UTF-8 byte order mark
  size_t pos = 0, line_start = 0;
  int line_no = 1;
  auto at_end = [&] { return pos >= s.size(); };
  auto advance = [&] {  // as the parser's
    if (s[pos] != '\n' && s[pos] != '\r') {
      ++pos;
    } else {
      pos += line_break_length(s, pos);
      ++line_no;
      line_start = pos;
    }
  };
  auto here = [&] { return Location{line_no, int(pos - line_start) + 1}; };
  auto skip_space = [&] {
    while (!at_end() && is_space(s[pos])) advance();
  };
  while (!at_end() && s[pos] != '(') advance();  // text before the first '(' is ignored
  if (at_end()) return false;
  advance();  // '('
  skip_space();
  if (at_end() || s[pos] != ';') return false;
  // Upper bounds: every value and property starts with a '[', every node with a ';'.
  const size_t brackets = size_t(std::count(s.begin() + long(pos), s.end(), '['));
  line.values.reserve(brackets);
  line.props.reserve(brackets);
  line.nodes.reserve(size_t(std::count(s.begin() + long(pos), s.end(), ';')));
  while (!at_end() && s[pos] == ';') {
    if (line.nodes.size() >= limits.max_nodes) return false;
    const size_t first_prop = line.props.size();
    advance();  // ';'
    for (;;) {
      skip_space();
      if (at_end() || !is_letter(s[pos])) break;
      const Location prop_at = here();
      const size_t start = pos;
      while (!at_end() && is_upper(s[pos])) ++pos;
      if (!at_end() && is_letter(s[pos])) return false;  // lower-case letters (FF[3])
      const std::string_view id = s.substr(start, pos - start);
      if (id.size() > kMaxIdentifierLetters) return false;
      skip_space();
      if (at_end() || s[pos] != '[') return false;
      const size_t first = line.values.size();
      while (!at_end() && s[pos] == '[') {
        const Location value_at = here();
        advance();  // '['
        const size_t value_start = pos;
        for (;;) {
          while (!at_end() && s[pos] != ']' && s[pos] != '\\' && s[pos] != '\n' &&
                 s[pos] != '\r')
            ++pos;
          if (at_end()) return false;  // unterminated
          const char c = s[pos];
          if (c == ']') break;
          advance();
          if (c == '\\' && !at_end()) advance();
        }
        // The parser refuses a value longer than max_value_bytes when it gets there.
        if (pos - value_start > limits.max_value_bytes) return false;
        line.values.push_back({s.substr(value_start, pos - value_start), value_at, true});
        advance();  // ']'
        skip_space();
      }
      line.props.push_back({id, {line.values.data() + first, line.values.size() - first},
                            prop_at});
    }
    line.nodes.push_back({{line.props.data() + first_prop, line.props.size() - first_prop}});
    skip_space();
  }
  if (at_end() || s[pos] != ')') return false;
  advance();
  skip_space();
  return at_end();
}

// SimpleText: like Text, but line breaks are spaces too.
std::string simple_text(const PropView& p) {
  if (p.values.empty()) return "";
  std::string t = p.text(0);
  std::replace(t.begin(), t.end(), '\n', ' ');
  return std::string(trim(t));
}

// The colour a setup property places: AB Black, AW White; Empty for AE (and anything else).
Color setup_color(std::string_view id) {
  if (id.size() != 2 || id[0] != 'A') return Color::Empty;
  return id[1] == 'B' ? Color::Black : id[1] == 'W' ? Color::White : Color::Empty;
}

class RecordReader {
 public:
  RecordReader(std::string_view file, const Limits& limits) : file_(file), limits_(limits) {
    r_.filename = file;
  }

  Record read(const MainLine& line) {
    if (line.nodes.empty()) return std::move(r_);
    r_.steps.reserve(line.nodes.size());
    read_root(line.nodes.front());
    for (size_t i = 0; i < line.nodes.size(); ++i) read_node(line.nodes[i], int(i));
    const NodeView& last = line.nodes.back();
    if (const PropView* p = last.find("TB")) r_.territory_black = points(*p);
    if (const PropView* p = last.find("TW")) r_.territory_white = points(*p);
    return std::move(r_);
  }

 private:
  [[noreturn]] void fail(Location at, const std::string& message) const {
    throw Error(std::string(file_), at, message);
  }
  [[noreturn]] void fail_value(const PropView& p, size_t i, const std::string& message) const {
    const std::string_view raw = p.values[i].raw;
    const std::string shown =
        raw.size() <= 40 ? std::string(raw) : std::string(raw.substr(0, 37)) + "...";
    fail(p.values[i].located ? p.values[i].where : p.location,
         std::string(p.id) + "[" + shown + "]: " + message);
  }
  void expect_one_value(const PropView& p) const {
    if (p.values.size() != 1) fail(p.location, std::string(p.id) + " takes one value");
  }

  // Root-only properties: game, size, komi, rules, names, setup stones, side to move.
  void read_root(const NodeView& root) {
    if (const PropView* p = root.find("GM")) {
      expect_one_value(*p);
      if (trim(p->values[0].raw) != "1") fail_value(*p, 0, "not a game of Go (GM[1])");
    }
    if (const PropView* p = root.find("SZ")) read_size(*p);
    if (const PropView* p = root.find("KM")) {
      expect_one_value(*p);
      if (!trim(p->values[0].raw).empty()) {  // KM[] is taken as no komi
        auto km = number_of<double>(p->values[0].raw);
        if (!km) fail_value(*p, 0, "komi is not a number");
        r_.komi = *km;
      }
    }
    if (const PropView* p = root.find("HA")) {
      expect_one_value(*p);
      auto ha = number_of<int>(p->values[0].raw);
      if (!ha || *ha < 0) fail_value(*p, 0, "the handicap is not a number of stones");
      r_.handicap = *ha;
    }
    if (const PropView* p = root.find("RU")) r_.rules = simple_text(*p);
    if (const PropView* p = root.find("RE")) r_.result = simple_text(*p);
    if (const PropView* p = root.find("PB")) r_.black_name = simple_text(*p);
    if (const PropView* p = root.find("PW")) r_.white_name = simple_text(*p);
    for (const PropView& p : root.props)
      if (const Color c = setup_color(p.id); is_stone(c))
        for (Point pt : points(p)) r_.setup.emplace_back(c, pt);
    if (const PropView* p = root.find("PL")) r_.to_move = color_of(*p);
  }

  void read_size(const PropView& p) {
    expect_one_value(p);
    const std::string_view v = p.values[0].raw;
    const size_t colon = v.find(':');
    auto w = number_of<int>(v.substr(0, colon));
    auto h = colon == std::string_view::npos ? w : number_of<int>(v.substr(colon + 1));
    if (!w || !h) fail_value(p, 0, "not a board size (SZ[19] or SZ[19:13])");
    if (*w < kMinBoardSize || *w > kMaxBoardSize || *h < kMinBoardSize || *h > kMaxBoardSize)
      fail_value(p, 0, "the board size must be " + std::to_string(kMinBoardSize) + ".." +
                           std::to_string(kMaxBoardSize));
    r_.width = *w;
    r_.height = *h;
  }

  // The steps one node makes, in this order: setup edits (AE/AB/AW in file order; in the root AB
  // and AW are the record's setup), PL, JR, the B/W move, JN, JP. Markup JD / JC is collected.
  // The properties a node's steps come from: the first of each identifier (as NodeView::find),
  // found in one pass over the node.
  struct Known {
    const PropView *pl = nullptr, *jr = nullptr, *b = nullptr, *w = nullptr, *jv = nullptr,
                   *jn = nullptr, *jt = nullptr, *jp = nullptr, *jd = nullptr, *jc = nullptr;
    void note(const PropView& p) {
      const std::string_view id = p.id;
      const PropView** slot = nullptr;
      if (id.size() == 1) {
        slot = id[0] == 'B' ? &b : id[0] == 'W' ? &w : nullptr;
      } else if (id.size() == 2 && id[0] == 'J') {
        switch (id[1]) {
          case 'R': slot = &jr; break;
          case 'V': slot = &jv; break;
          case 'N': slot = &jn; break;
          case 'T': slot = &jt; break;
          case 'P': slot = &jp; break;
          case 'D': slot = &jd; break;
          case 'C': slot = &jc; break;
          default: break;
        }
      } else if (id.size() == 2 && id[0] == 'P' && id[1] == 'L') {
        slot = &pl;
      }
      if (slot && !*slot) *slot = &p;
    }
  };

  void read_node(const NodeView& n, int index) {
    const bool root = index == 0;
    Known k;
    for (const PropView& p : n.props) {
      const Color c = setup_color(p.id);
      const bool ae = p.id.size() == 2 && p.id[0] == 'A' && p.id[1] == 'E';
      if (ae || (!root && is_stone(c)))
        for (Point pt : points(p)) add(Step::Kind::setup, {MoveKind::play, c, pt}, p, index);
      k.note(p);
    }
    if (k.pl && !root) add(Step::Kind::to_move, Move::pass(color_of(*k.pl)), *k.pl, index);
    if (k.jr) read_resume(*k.jr, index);
    read_move(k, index);
    read_negative(k, index);
    if (k.jp) read_pause_act(*k.jp, index);
    if (k.jd) {
      r_.has_dead_markup = true;
      for (Point pt : points(*k.jd)) r_.dead.push_back(pt);
    }
    if (k.jc) read_claims(*k.jc);
  }

  void add(Step::Kind kind, Move m, const PropView& p, int index) {
    if (kind == Step::Kind::move && is_stone(m.color)) ++moves_;
    Step s;
    s.kind = kind;
    s.move = m;
    s.where = p.location;
    s.node = index;
    s.move_number = moves_;
    r_.steps.push_back(s);
  }

  void read_move(const Known& k, int index) {
    const PropView* b = k.b;
    const PropView* w = k.w;
    const PropView* jv = k.jv;
    if (b && w) fail(std::max(b, w)->location, "a node holds both a B and a W move");
    const PropView* p = b ? b : w;
    if (jv && (jv->values.size() != 1 || !jv->values[0].raw.empty()))
      fail(jv->location, "JV takes an empty value: JV[]");
    if (!p) {
      if (jv) fail(jv->location, "JV[] marks a virtual move, but the node has no B or W move");
      return;
    }
    expect_one_value(*p);
    const Color c = b ? Color::Black : Color::White;
    const std::string_view v = trim(p->values[0].raw);
    const bool pass = v.empty() || (v == "tt" && r_.width <= 19 && r_.height <= 19);
    if (jv && !pass)
      fail(jv->location, "JV[] marks a virtual move: it belongs on a pass node (B[] or W[])");
    Move m = jv ? Move::virtual_move(c) : pass ? Move::pass(c) : Move::play(c, point(*p, 0));
    add(Step::Kind::move, m, *p, index);
  }

  void read_negative(const Known& k, int index) {
    const PropView* jn = k.jn;
    const PropView* jt = k.jt;
    if (jt && !jn) fail(jt->location, "JT without JN: JT gives the kind of a negative move JN");
    if (!jn) return;
    expect_one_value(*jn);
    if (!jt) fail(jn->location, "the negative move JN needs its kind, JT[A] or JT[B]");
    expect_one_value(*jt);
    const std::string_view kind = trim(jt->values[0].raw);
    if (kind != "A" && kind != "B") fail_value(*jt, 0, "the kind of a negative move is A or B");
    const Point pt = point(*jn, 0);
    Move m = kind == "A" ? Move::negative_a(Color::Empty, pt) : Move::negative_b(Color::Empty, pt);
    add(Step::Kind::move, m, *jn, index);
  }

  void read_pause_act(const PropView& p, int index) {
    expect_one_value(p);
    const std::string_view v = trim(p.values[0].raw);
    MoveKind k = v == "propose"  ? MoveKind::propose_pause
                 : v == "accept" ? MoveKind::accept_pause
                 : v == "reject" ? MoveKind::reject_pause
                                 : MoveKind::play;
    if (k == MoveKind::play) fail_value(p, 0, "expected propose, accept or reject");
    add(Step::Kind::pause_act, {k, Color::Empty, Point::none()}, p, index);
  }

  void read_resume(const PropView& p, int index) {
    expect_one_value(p);
    const std::string_view v = trim(p.values[0].raw);
    Color finder = v == "found:B" ? Color::Black : v == "found:W" ? Color::White : Color::Empty;
    if (v != "dispute" && finder == Color::Empty)
      fail_value(p, 0, "expected dispute, found:B or found:W");
    add(Step::Kind::resume, Move::pass(finder), p, index);
  }

  void read_claims(const PropView& p) {
    for (size_t i = 0; i < p.values.size(); ++i) {
      const std::string_view v = trim(p.values[i].raw);
      const Color c = v.starts_with("B:") ? Color::Black : v.starts_with("W:") ? Color::White
                                                                               : Color::Empty;
      if (c == Color::Empty) fail_value(p, i, "a claim is B:xx or W:xx (colour, colon, point)");
      r_.claims.push_back({c, point_on_board(p, i, v.substr(2))});
    }
  }

  Color color_of(const PropView& p) const {
    expect_one_value(p);
    auto c = parse_color(trim(p.values[0].raw));
    if (!c) fail_value(p, 0, "expected B or W");
    return *c;
  }

  Point point(const PropView& p, size_t i) const {
    return point_on_board(p, i, trim(p.values[i].raw));
  }

  Point point_on_board(const PropView& p, size_t i, std::string_view text) const {
    auto pt = parse_sgf(text);
    if (!pt) fail_value(p, i, "'" + std::string(text) + "' is not a point (two letters)");
    if (!pt->inside(r_.width, r_.height))
      fail_value(p, i, "point " + std::string(text) + " is off the " +
                           size_text(r_.width, r_.height) + " board");
    return *pt;
  }

  // A list of points; "aa:cc" is the rectangle from aa to cc. An empty value is an empty list.
  std::vector<Point> points(const PropView& p) {
    std::vector<Point> out;
    for (size_t i = 0; i < p.values.size(); ++i) {
      const std::string_view v = trim(p.values[i].raw);
      if (v.empty()) continue;
      const size_t colon = v.find(':');
      if (colon == std::string_view::npos) {
        count_points(p, i, 1);
        out.push_back(point_on_board(p, i, v));
        continue;
      }
      const Point a = point_on_board(p, i, v.substr(0, colon));
      const Point b = point_on_board(p, i, v.substr(colon + 1));
      count_points(p, i, size_t(std::abs(a.x - b.x) + 1) * size_t(std::abs(a.y - b.y) + 1));
      for (int y = std::min(a.y, b.y); y <= std::max(a.y, b.y); ++y)
        for (int x = std::min(a.x, b.x); x <= std::max(a.x, b.x); ++x) out.emplace_back(x, y);
    }
    return out;
  }

  void count_points(const PropView& p, size_t i, size_t n) {
    points_ += n;
    if (points_ > limits_.max_points)
      fail_value(p, i, "the record's point lists expand to more than " +
                           std::to_string(limits_.max_points) + " points (max_points)");
  }

  std::string_view file_;
  const Limits& limits_;
  Record r_;
  int moves_ = 0;
  size_t points_ = 0;  // in the point lists read so far
};

// ------------------------------------------------------------------------------------------------
// Record -> tree.

std::vector<std::string> point_values(const std::vector<Point>& pts) {
  std::vector<std::string> v;
  for (Point p : pts) v.push_back(to_sgf(p));
  return v;
}

void set_if(Node& n, std::string_view id, const std::string& text) {
  if (!text.empty()) n.set(id, {text});
}

// Adds one value to the node's last property when it has this id; else a new property.
void append_value(Node& n, std::string_view id, const std::string& value) {
  if (n.props.empty() || n.props.back().id != id) n.props.emplace_back().id = std::string(id);
  n.props.back().values.push_back(escape(value));
  n.props.back().value_locations.emplace_back();
}

std::string_view setup_id(Color c) {
  return c == Color::Black ? "AB" : c == Color::White ? "AW" : "AE";
}

// Whether a setup step can join the node: its property is the node's last one, or not in the node
// yet, and its point is not set in the node already (a point is set once per node in FF[4]).
bool fits_setup_node(const Node& n, const Step& s) {
  for (const Property& p : n.props)
    for (const std::string& v : p.values)
      if (v == to_sgf(s.move.point)) return false;
  std::string_view id = setup_id(s.move.color);
  return !n.props.empty() && (n.props.back().id == id || !n.has(id));
}

Node step_node(const Step& s) {
  Node n;
  const Move& m = s.move;
  switch (s.kind) {
    case Step::Kind::setup: n.set(setup_id(m.color), {to_sgf(m.point)}); break;
    case Step::Kind::to_move: n.set("PL", {std::string(color_letter(m.color))}); break;
    case Step::Kind::pause_act:
      n.set("JP", {m.kind == MoveKind::propose_pause  ? "propose"
                   : m.kind == MoveKind::accept_pause ? "accept"
                                                      : "reject"});
      break;
    case Step::Kind::resume:
      n.set("JR", {is_stone(m.color) ? "found:" + std::string(color_letter(m.color)) : "dispute"});
      break;
    case Step::Kind::move:
      if (m.is_negative()) {
        n.set("JN", {to_sgf(m.point)});
        n.set("JT", {m.kind == MoveKind::negative_a ? "A" : "B"});
        break;
      }
      if (!is_stone(m.color) || !(m.is_board_move() || m.is_non_board()))
        throw std::invalid_argument("to_tree: a move step must be a B or W move, a pass, a "
                                    "virtual or a negative move");
      n.set(color_letter(m.color), {m.is_board_move() ? to_sgf(m.point) : ""});
      if (m.kind == MoveKind::virtual_move) n.set("JV", {""});
      break;
  }
  return n;
}

}  // namespace

Record read_record(const GameTree& tree, std::string_view filename, const Limits& limits) {
  MainLine line;
  main_line(tree, line);
  return RecordReader(filename, limits).read(line);
}

Record read_record_text(std::string_view text, std::string_view filename) {
  // Most records are one game tree without variations: read straight from the text (the same
  // record as through the tree; tests/sgf_quick_test.cpp compares them).
  const Limits limits;
  MainLine line;
  if (quick_main_line(text, limits, line)) return RecordReader(filename, limits).read(line);
  return read_record(parse(text, filename, limits).games.front(), filename, limits);
}

Record read_record_file(const std::string& path) {
  return read_record_text(read_text_file(path, Limits{}), path);
}

GameTree to_tree(const Record& r) {
  GameTree t;
  Node& root = t.nodes.emplace_back();
  root.set("FF", {"4"});
  root.set("GM", {"1"});
  root.set("SZ", {r.width == r.height ? std::to_string(r.width)
                                      : std::to_string(r.width) + ":" + std::to_string(r.height)});
  set_if(root, "RU", r.rules);
  if (r.komi) root.set("KM", {number_text(*r.komi)});
  if (r.handicap > 0) root.set("HA", {std::to_string(r.handicap)});
  set_if(root, "PB", r.black_name);
  set_if(root, "PW", r.white_name);
  set_if(root, "RE", r.result);
  for (Color c : {Color::Black, Color::White}) {
    std::vector<Point> stones;
    for (auto& [sc, p] : r.setup)
      if (sc == c) stones.push_back(p);
    if (!stones.empty()) root.set(setup_id(c), point_values(stones));
  }
  if (r.to_move) root.set("PL", {std::string(color_letter(*r.to_move))});

  for (size_t i = 0; i < r.steps.size(); ++i) {
    const Step& s = r.steps[i];
    // Runs of setup steps share nodes, as long as reading them back keeps their order.
    const bool joins = s.kind == Step::Kind::setup && i > 0 &&
                       r.steps[i - 1].kind == Step::Kind::setup && t.nodes.size() > 1 &&
                       fits_setup_node(t.nodes.back(), s);
    if (joins)
      append_value(t.nodes.back(), setup_id(s.move.color), to_sgf(s.move.point));
    else
      t.nodes.push_back(step_node(s));
  }

  Node& last = t.nodes.back();
  if (r.has_dead_markup || !r.dead.empty())
    last.set("JD", r.dead.empty() ? std::vector<std::string>{""} : point_values(r.dead));
  if (!r.claims.empty()) {
    std::vector<std::string> claims;
    for (const Claim& c : r.claims) claims.push_back(std::string(color_letter(c.color)) + ":" +
                                                     to_sgf(c.point));
    last.set("JC", claims);
  }
  if (!r.territory_black.empty()) last.set("TB", point_values(r.territory_black));
  if (!r.territory_white.empty()) last.set("TW", point_values(r.territory_white));
  return t;
}

}  // namespace jpd::sgf
