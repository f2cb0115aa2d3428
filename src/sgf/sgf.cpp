#include "jpd/sgf.hpp"
#include "strings.hpp"

#include "jpd/encoding.hpp"
#include "jpd/input_file.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
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

Error::Error(std::string file_, Location where_, Message detail_)
    : std::runtime_error(where_text(file_, where_) + ": " + text(detail_, Lang::en)),
      MessageError(Message("text.colon", {where_text(file_, where_), MessageArg::message(detail_)})),
      file(std::move(file_)),
      where(where_),
      detail(std::move(detail_)) {}

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

using strings::trim;  // (SGF's white space is the C locale's)

// A character for an error message: 'x', or the byte in hex when it is not printable.
MessageArg describe_char(char c) {
  if (c >= 0x21 && c <= 0x7e) return std::string("'") + c + "'";
  static const char hex[] = "0123456789ABCDEF";
  auto u = static_cast<unsigned char>(c);
  return MessageArg::message(Message("error.sgf.byte", {std::string{hex[u >> 4], hex[u & 15]}}));
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
      fail({1, 1}, Message("error.sgf.too_big", {s_.size(), limits_.max_bytes}));
    if (s_.substr(0, 3) == "\xEF\xBB\xBF") s_.remove_prefix(3);  // UTF-8 byte order mark
    Collection c;
    while (!at_end() && peek() != '(') advance();  // text before the first '(' is ignored
    while (!at_end()) {
      c.games.push_back(game_tree());
      skip_space();
      if (!at_end() && peek() != '(')
        fail(here(), peek() == ')' ? Message("error.sgf.unopened")
                                   : Message("error.sgf.garbage_after", {describe_char(peek())}));
    }
    if (c.games.empty()) fail(here(), Message("error.sgf.empty"));
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

  [[noreturn]] void fail(Location at, Message detail) const {
    throw Error(std::string(file_), at, std::move(detail));
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
        fail(open.back()->location, Message("error.sgf.unclosed"));
      char c = peek();
      if (c == '(') {
        if (int(open.size()) >= limits_.max_depth)
          fail(here(), Message("error.sgf.too_deep", {limits_.max_depth}));
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
        fail(here(), Message("error.sgf.node_after_variations"));
      } else {
        fail(here(), Message("error.sgf.garbage_between", {describe_char(c)}));
      }
    }
  }

  void sequence(GameTree& t) {
    skip_space();
    if (at_end() || peek() != ';')
      fail(here(), Message("error.sgf.no_node"));
    while (!at_end() && peek() == ';') {
      node(t.nodes.emplace_back());
      skip_space();
    }
  }

  void node(Node& n) {
    n.location = here();
    if (++nodes_ > limits_.max_nodes)
      fail(n.location, Message("error.sgf.too_many_nodes", {limits_.max_nodes}));
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
      fail(p.location, Message("error.sgf.long_identifier", {kMaxIdentifierLetters}));
    std::copy_if(name.begin(), name.end(), std::back_inserter(p.id), is_upper);
    if (p.id.empty())
      fail(p.location, Message("error.sgf.no_upper", {std::string(name)}));
    skip_space();
    if (at_end() || peek() != '[') fail(p.location, Message("error.sgf.no_value", {p.id}));
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
      if (at_end()) fail(at, Message("error.sgf.unterminated", {id}));
      if (pos_ - start > limits_.max_value_bytes)
        fail(at, Message("error.sgf.long_value", {id, limits_.max_value_bytes}));
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

namespace {

// A CA value found in the first bytes of the text, as a last resort: "CA[" after a character
// that is not an upper-case letter, and a value that looks like a charset name.
std::string_view charset_in_text(std::string_view s) {
  const std::string_view head = s.substr(0, 4096);
  for (size_t at = head.find("CA["); at != std::string_view::npos; at = head.find("CA[", at + 1)) {
    if (at > 0 && is_upper(head[at - 1])) continue;
    const size_t end = head.find(']', at + 3);
    if (end == std::string_view::npos || end - at - 3 > 24) continue;
    const std::string_view name = head.substr(at + 3, end - at - 3);
    if (!name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
          return is_letter(c) || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == ' ';
        }))
      return trim(name);
  }
  return "";
}

// The charset the first game's root node names (CA), or "". Read from the bytes before they are
// decoded: the properties of the root are walked as SGF has them (identifiers, bracketed values
// with their escapes); a charset name is ASCII. A character of a value before CA that holds a
// ']' byte (GBK, Big5, Shift_JIS have them) can cut the walk short: then the first CA[...] of the
// first bytes that looks like a charset name is taken.
std::string_view declared_charset(std::string_view s) {
  size_t i = s.find('(');
  if (i == std::string_view::npos) return "";
  ++i;
  while (i < s.size() && is_space(s[i])) ++i;
  if (i >= s.size() || s[i] != ';') return "";
  ++i;
  for (;;) {
    while (i < s.size() && is_space(s[i])) ++i;
    if (i >= s.size()) return "";
    if (s[i] == ';' || s[i] == '(' || s[i] == ')') return "";  // the end of the root node
    if (!is_letter(s[i])) return charset_in_text(s);           // the walk went astray
    std::string id;
    for (; i < s.size() && is_letter(s[i]); ++i)
      if (is_upper(s[i])) id += s[i];
    bool any = false;
    for (;;) {
      while (i < s.size() && is_space(s[i])) ++i;
      if (i >= s.size() || s[i] != '[') break;
      const size_t start = ++i;
      while (i < s.size() && s[i] != ']') i += s[i] == '\\' ? 2 : 1;
      if (i >= s.size()) return charset_in_text(s);
      if (id == "CA" && !any) return trim(s.substr(start, i - start));
      any = true;
      ++i;
    }
    if (!any) return charset_in_text(s);
  }
}

// The text as UTF-8 (decode_to_utf8), by `charset` when one is given, else by the root's CA. A
// UTF-8 byte order mark says UTF-8 whatever CA says.
DecodedText decoded(std::string_view bytes, std::string_view charset) {
  if (bytes.substr(0, 3) == "\xEF\xBB\xBF" && is_utf8(bytes)) return {std::string(bytes), "UTF-8", {}};
  return decode_to_utf8(bytes, charset.empty() ? declared_charset(bytes) : charset);
}

}  // namespace

Collection parse(std::string_view text, std::string_view filename, const Limits& limits,
                 std::string_view charset) {
  if (text.size() > limits.max_bytes)  // before decoding (the parser checks the decoded text)
    throw Error(std::string(filename), {1, 1},
                Message("error.sgf.too_big", {text.size(), limits.max_bytes}));
  DecodedText d = decoded(text, charset);
  Collection c = Parser(d.text, filename, limits).collection();
  // The tree holds UTF-8 now: its CA says so, so that what is written reads back the same.
  if (d.charset != "UTF-8")
    for (GameTree& g : c.games)
      if (!g.nodes.empty())
        if (Property* ca = g.nodes.front().find("CA")) ca->values.assign(ca->values.size(), "UTF-8");
  c.charset = std::move(d.charset);
  c.charset_note = std::move(d.note);
  return c;
}

namespace {

// The file's bytes, read as every file a user names is read (input_file.hpp): a regular file
// only, to its end and never past max_bytes, whatever size it claims.
std::string read_text_file(const std::string& path, const Limits& limits) {
  return read_input_file(path, limits.max_bytes);
}

}  // namespace

Collection parse_file(const std::string& path, const Limits& limits, std::string_view charset) {
  return parse(read_text_file(path, limits), path, limits, charset);
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
    // ']' and '\\' would end or escape; a tab, vertical tab or form feed would be read back as a
    // space (white space other than a line break is a space in Text), escaped it stands for itself.
    if (c == ']' || c == '\\' || c == '\t' || c == '\v' || c == '\f') out += '\\';
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

// Every value of the property as simple_text reads the first, joined by "; " (another program's
// JD of several values: kept whole, so that written back as one value it reads as theirs again).
std::string joined_text(const PropView& p) {
  std::string out;
  for (size_t i = 0; i < p.values.size(); ++i) {
    std::string t = p.text(i);
    std::replace(t.begin(), t.end(), '\n', ' ');
    if (i > 0) out += "; ";
    out += trim(t);
  }
  return std::string(trim(out));  // as the one value it is written as reads back
}

// The colour a setup property places: AB Black, AW White; Empty for AE (and anything else).
Color setup_color(std::string_view id) {
  if (id.size() != 2 || id[0] != 'A') return Color::Empty;
  return id[1] == 'B' ? Color::Black : id[1] == 'W' ? Color::White : Color::Empty;
}

// This project's extension properties: the name written now and the two-letter name of earlier
// versions, read where its value has this project's form (another program's property otherwise).
enum Ext : uint8_t { kVirtual, kNegative, kNegativeKind, kPauseAct, kResume, kDead, kClaims, kExts };
// Their forms: JPDV an empty value on a pass node; JPDN a point with its kind JPDT[A|B]; JPDP
// propose, accept or reject; JPDR dispute, found:B or found:W; JPDD a list of points; JPDC claims
// B:xx or W:xx (has_our_form).
struct ExtName {
  std::string_view now, before;
};
constexpr ExtName kExtNames[kExts] = {
    {"JPDV", "JV"}, {"JPDN", "JN"}, {"JPDT", "JT"}, {"JPDP", "JP"},
    {"JPDR", "JR"}, {"JPDD", "JD"}, {"JPDC", "JC"},
};

// What a property of a node is to the record reader.
struct PropKind {
  enum : uint8_t { other, move, to_move, ext_now, ext_before } kind = other;
  Ext ext = kExts;
};
PropKind kind_of(std::string_view id) {
  if (id == "B" || id == "W") return {PropKind::move};
  if (id == "PL") return {PropKind::to_move};
  if (id.empty() || id[0] != 'J') return {};
  for (uint8_t e = 0; e < kExts; ++e) {
    if (id == kExtNames[e].now) return {PropKind::ext_now, Ext(e)};
    if (id == kExtNames[e].before) return {PropKind::ext_before, Ext(e)};
  }
  return {};
}

bool same_values(const PropView& a, const PropView& b) {
  if (a.values.size() != b.values.size()) return false;
  for (size_t i = 0; i < a.values.size(); ++i)
    if (trim(a.values[i].raw) != trim(b.values[i].raw)) return false;
  return true;
}

class RecordReader {
 public:
  RecordReader(std::string_view file, const ReadOptions& options)
      : file_(file), options_(options), limits_(options.limits) {
    r_.filename = file;
  }

  Record read(const MainLine& line) {
    if (line.nodes.empty()) return std::move(r_);
    r_.steps.reserve(line.nodes.size());
    // A record that uses this project's name now for dead stones or claims anywhere was written
    // by this project as it is: its JD and JC are another program's (the writer puts another
    // program's JD in the root, the dead stones in the last node).
    for (const NodeView& n : line.nodes)
      for (const PropView& p : n.props)
        for (Ext e : {kDead, kClaims})
          if (p.id == kExtNames[e].now) now_used_[e] = true;
    read_root(line.nodes.front());
    for (size_t i = 0; i < line.nodes.size(); ++i) read_node(line.nodes[i], int(i));
    for (const PropView& p : line.nodes.back().props) {
      if (p.id == "TB") append(r_.territory_black, points(p));
      if (p.id == "TW") append(r_.territory_white, points(p));
    }
    return std::move(r_);
  }

 private:
  [[noreturn]] void fail(Location at, Message detail) const {
    throw Error(std::string(file_), at, std::move(detail));
  }
  static std::string shown(std::string_view raw) {
    return shortened(raw, 40);
  }
  static Location where(const PropView& p, size_t i) {
    return p.values[i].located ? p.values[i].where : p.location;
  }
  [[noreturn]] void fail_value(const PropView& p, size_t i, Message detail) const {
    fail(where(p, i), Message("text.colon", {std::string(p.id) + "[" + shown(p.values[i].raw) + "]",
                                             MessageArg::message(std::move(detail))}));
  }
  void expect_one_value(const PropView& p) const {
    if (p.values.size() != 1) fail(p.location, Message("error.sgf.one_value", {std::string(p.id)}));
  }
  static void append(std::vector<Point>& to, const std::vector<Point>& more) {
    to.insert(to.end(), more.begin(), more.end());
  }
  std::string at_text(Location l) const {
    return std::to_string(l.line) + ":" + std::to_string(l.column);
  }
  void note(Message m) { r_.notes.push_back(std::move(m)); }
  void repair(Repair::Kind kind, Location at, Message detail) {
    note(detail);
    r_.repairs.push_back({kind, moves_, at, std::move(detail)});
  }

  // A property given twice in one node (FF[4] allows it once): the first is read. With the same
  // value that is noted; with another it is an Error, or under the repair policy the first kept.
  void twice(const PropView& first, const PropView& again, std::string_view where_text) {
    const std::string id(first.id);
    // (where_text: "in the root node" or "in one node")
    const bool root = where_text == "in the root node";
    std::vector<MessageArg> args{id, at_text(first.location), at_text(again.location)};
    if (same_values(first, again)) {
      note(Message(root ? "note.twice_root_same" : "note.twice_node_same", std::move(args)));
      return;
    }
    args.push_back(id + "[" + shown(first.values.empty() ? "" : first.values[0].raw) + "]");
    args.push_back(id + "[" + shown(again.values.empty() ? "" : again.values[0].raw) + "]");
    if (!options_.repair)
      fail(again.location, Message(root ? "error.sgf.twice_root" : "error.sgf.twice_node", std::move(args)));
    repair(Repair::Kind::first_kept, again.location,
           Message(root ? "note.twice_root_kept" : "note.twice_node_kept", std::move(args)));
  }

  // The root's property `id` (the first; a second is twice()'s).
  const PropView* single(const NodeView& n, std::string_view id) {
    const PropView* first = nullptr;
    for (const PropView& p : n.props) {
      if (p.id != id) continue;
      if (!first) first = &p;
      else twice(*first, p, "in the root node");
    }
    return first;
  }

  // The game information that decides nothing: the first, a second noted when it differs.
  std::string info(const NodeView& n, std::string_view id) {
    const PropView* first = nullptr;
    for (const PropView& p : n.props) {
      if (p.id != id) continue;
      if (!first) first = &p;
      else if (!same_values(*first, p))
        note(Message("note.twice_info", {std::string(id), at_text(first->location), at_text(p.location)}));
    }
    return first ? simple_text(*first) : "";
  }

  // Root-only properties: game, size, komi, rules, names, setup stones, side to move.
  void read_root(const NodeView& root) {
    if (const PropView* p = single(root, "GM")) {
      expect_one_value(*p);
      if (trim(p->values[0].raw) != "1") fail_value(*p, 0, Message("error.sgf.not_go"));
    }
    if (const PropView* p = single(root, "SZ")) read_size(*p);
    if (const PropView* p = single(root, "KM")) read_komi(*p);
    if (const PropView* p = single(root, "HA")) {
      expect_one_value(*p);
      auto ha = number_of<int>(p->values[0].raw);
      if (!ha || *ha < 0) fail_value(*p, 0, Message("error.sgf.handicap"));
      r_.handicap = *ha;
    }
    if (const PropView* p = single(root, "RU")) {
      r_.rules = simple_text(*p);
      if (!p->values.empty()) r_.rules_where = where(*p, 0);
    }
    r_.result = info(root, "RE");
    r_.black_name = info(root, "PB");
    r_.white_name = info(root, "PW");
    r_.date = info(root, "DT");
    r_.place = info(root, "PC");
    r_.copyright = info(root, "CP");
    r_.event = info(root, "EV");
    for (const PropView& p : root.props)
      if (p.id == "AP")
        for (size_t i = 0; i < p.values.size(); ++i)
          r_.application += (r_.application.empty() ? "" : "; ") + std::string(trim(p.text(i)));
    for (const PropView& p : root.props)
      if (const Color c = setup_color(p.id); is_stone(c))
        for (Point pt : points(p)) r_.setup.emplace_back(c, pt);
    if (const PropView* p = single(root, "PL")) r_.to_move = color_of(*p);
  }

  void read_size(const PropView& p) {
    expect_one_value(p);
    const std::string_view v = p.values[0].raw;
    const size_t colon = v.find(':');
    auto w = number_of<int>(v.substr(0, colon));
    auto h = colon == std::string_view::npos ? w : number_of<int>(v.substr(colon + 1));
    if (!w || !h) fail_value(p, 0, Message("error.sgf.size"));
    if (*w < kMinBoardSize || *w > kMaxBoardSize || *h < kMinBoardSize || *h > kMaxBoardSize)
      fail_value(p, 0, Message("error.sgf.size_range", {kMinBoardSize, kMaxBoardSize}));
    r_.width = *w;
    r_.height = *h;
  }

  void read_komi(const PropView& p) {
    expect_one_value(p);
    if (trim(p.values[0].raw).empty()) return;  // KM[] is taken as no komi
    auto km = number_of<double>(p.values[0].raw);
    if (!km) fail_value(p, 0, Message("error.sgf.komi"));
    if (std::fabs(*km) > kMaxRecordKomi)
      fail_value(p, 0, Message("error.sgf.komi_range", {number_text(kMaxRecordKomi)}));
    r_.komi = *km;
    r_.komi_where = where(p, 0);
  }

  // The properties a node's steps come from, found in one pass over the node: the first of each
  // (a second is twice()'s, or for moves the node holds two), this project's extension
  // properties by their name now, else by their earlier name where the value has their form.
  struct Known {
    const PropView* pl = nullptr;
    const PropView* move = nullptr;  // the first B or W
    int moves = 0;
    const PropView* ext[kExts] = {};     // by the name now
    const PropView* before[kExts] = {};  // by the earlier name
  };

  void read_node(const NodeView& n, int index) {
    const bool root = index == 0;
    Known k;
    for (const PropView& p : n.props) {
      const Color c = setup_color(p.id);
      const bool ae = p.id.size() == 2 && p.id[0] == 'A' && p.id[1] == 'E';
      if (ae || (!root && is_stone(c)))
        for (Point pt : points(p)) add(Step::Kind::setup, {MoveKind::play, c, pt}, p, index);
      note_property(p, k);
    }
    for (uint8_t e = 0; e < kExts; ++e)  // an earlier name of another program's form: not ours
      if (k.before[e] && !has_our_form(Ext(e), *k.before[e])) {
        foreign(*k.before[e], Ext(e));
        k.before[e] = nullptr;
      }
    if (!k.before[kNegative] != !k.before[kNegativeKind]) {  // JN and JT come together
      for (Ext e : {kNegative, kNegativeKind})
        if (k.before[e]) foreign(*k.before[e], e);
      k.before[kNegative] = k.before[kNegativeKind] = nullptr;
    }
    for (uint8_t e = 0; e < kExts; ++e)
      if (!k.ext[e]) k.ext[e] = k.before[e];
    if (k.pl && !root) add(Step::Kind::to_move, Move::pass(color_of(*k.pl)), *k.pl, index);
    if (k.ext[kResume]) read_resume(*k.ext[kResume], index);
    read_moves(n, k, index);
    read_negative(k, index);
    if (k.ext[kPauseAct]) read_pause_act(*k.ext[kPauseAct], index);
    read_lists(n);
  }

  void note_property(const PropView& p, Known& k) {
    const PropKind pk = kind_of(p.id);
    const PropView** slot = nullptr;
    switch (pk.kind) {
      case PropKind::other: return;
      case PropKind::move:
        if (k.moves++ == 0) k.move = &p;
        return;
      case PropKind::to_move: slot = &k.pl; break;
      case PropKind::ext_now: slot = &k.ext[pk.ext]; break;
      case PropKind::ext_before: slot = &k.before[pk.ext]; break;
    }
    const bool list = pk.ext == kDead || pk.ext == kClaims;  // every one is read (read_lists)
    if (!*slot) *slot = &p;
    else if (!list) twice(**slot, p, "in one node");
  }

  // Whether a property of an earlier name has this project's form (kExtNames).
  bool has_our_form(Ext e, const PropView& p) const {
    auto one = [&](std::initializer_list<std::string_view> allowed) {
      if (p.values.size() != 1) return false;
      const std::string_view v = trim(p.values[0].raw);
      return std::find(allowed.begin(), allowed.end(), v) != allowed.end();
    };
    auto on_board = [&](std::string_view t) {
      auto pt = parse_sgf(trim(t));
      return pt && pt->inside(r_.width, r_.height);
    };
    switch (e) {
      case kVirtual: return one({""});
      case kNegative: return p.values.size() == 1 && on_board(p.values[0].raw);
      case kNegativeKind: return one({"A", "B"});
      case kPauseAct: return one({"propose", "accept", "reject"});
      case kResume: return one({"dispute", "found:B", "found:W"});
      case kDead:
        return std::all_of(p.values.begin(), p.values.end(), [&](const ValueView& v) {
          const std::string_view t = trim(v.raw);
          const size_t colon = t.find(':');
          return t.empty() || (colon == std::string_view::npos
                                   ? on_board(t)
                                   : on_board(t.substr(0, colon)) && on_board(t.substr(colon + 1)));
        });
      case kClaims:
        return std::all_of(p.values.begin(), p.values.end(), [&](const ValueView& v) {
          const std::string_view t = trim(v.raw);
          return (t.starts_with("B:") || t.starts_with("W:")) && on_board(t.substr(2));
        });
      case kExts: break;
    }
    return false;
  }

  // Another program's property under an earlier name of ours: kept in the tree, not read; noted
  // once per name.
  void foreign(const PropView& p, Ext e) {
    const std::string value = p.values.empty() ? "" : shown(simple_text(p));
    if (e == kDead && r_.other_jd.empty()) r_.other_jd = joined_text(p);
    const std::string id(p.id);
    if (std::find(foreign_noted_.begin(), foreign_noted_.end(), id) != foreign_noted_.end()) return;
    foreign_noted_.push_back(id);
    if (e == kDead && id == "JD" && kExtNames[e].now == std::string_view("JPDD"))
      note(Message("note.foreign_jd", {id + "[" + value + "]"}));
    else
      note(Message("note.foreign", {id + "[" + value + "]", id, std::string(kExtNames[e].now)}));
  }

  // Every dead-stone and claim property of the node (lists: each one is read). One of an earlier
  // name is read where the node has none of the name now and it has this project's form.
  void read_lists(const NodeView& n) {
    for (const PropView& p : n.props) {
      const PropKind pk = kind_of(p.id);
      if (pk.ext != kDead && pk.ext != kClaims) continue;
      if (pk.kind == PropKind::ext_before) {
        // In a record that uses the name now, one of an earlier name is another program's, kept
        // as such (so that a record written back reads back the same).
        if (now_used_[pk.ext] || !has_our_form(pk.ext, p)) {
          foreign(p, pk.ext);
          continue;
        }
      }
      if (pk.ext == kDead) {
        r_.has_dead_markup = true;
        append(r_.dead, points(p));
      } else {
        read_claims(p);
      }
    }
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

  // The node's B/W move. Two in a node are an Error, or under the repair policy each a move of
  // its own, in file order (the replay then finds whether the colours alternate).
  void read_moves(const NodeView& n, const Known& k, int index) {
    const PropView* jv = k.ext[kVirtual];
    const bool jv_before = jv && jv->id == kExtNames[kVirtual].before;
    if (jv && (jv->values.size() != 1 || !jv->values[0].raw.empty()))
      fail(jv->location, Message("error.sgf.empty_value", {std::string(jv->id)}));
    if (k.moves == 0) {
      if (jv_before) foreign(*jv, kVirtual);
      else if (jv) fail(jv->location, Message("error.sgf.virtual_no_move"));
      return;
    }
    if (k.moves > 1) {
      const PropView* second = nullptr;
      for (const PropView& p : n.props)
        if (kind_of(p.id).kind == PropKind::move && &p != k.move && !second) second = &p;
      if (!options_.repair)
        fail(second->location,
             Message("error.sgf.two_moves", {std::string(k.move->id), at_text(k.move->location),
                                             std::string(second->id), at_text(second->location)}));
      bool first = true;
      for (const PropView& p : n.props) {
        if (kind_of(p.id).kind != PropKind::move) continue;
        if (!first)
          pending_split_ = {std::string(k.move->id), at_text(k.move->location),
                            std::string(second->id), at_text(second->location)};
        read_move(p, first ? jv : nullptr, false, index);
        first = false;
      }
      return;
    }
    read_move(*k.move, jv, jv_before, index);
  }

  void read_move(const PropView& p, const PropView* jv, bool jv_before, int index) {
    expect_one_value(p);
    const Color c = p.id == "B" ? Color::Black : Color::White;
    const std::string_view v = trim(p.values[0].raw);
    const bool pass = v.empty() || (v == "tt" && r_.width <= 19 && r_.height <= 19);
    if (jv && !pass) {
      if (!jv_before)
        fail(jv->location, Message("error.sgf.virtual_not_pass"));
      foreign(*jv, kVirtual);
      jv = nullptr;
    }
    Move m = jv ? Move::virtual_move(c) : pass ? Move::pass(c) : Move::play(c, point(p, 0));
    add(Step::Kind::move, m, p, index);
    if (!pending_split_.empty()) {
      std::vector<MessageArg> args{moves_};
      for (std::string& a : pending_split_) args.push_back(std::move(a));
      repair(Repair::Kind::node_split, p.location, Message("note.node_split", std::move(args)));
      pending_split_.clear();
    }
  }

  void read_negative(const Known& k, int index) {
    const PropView* jn = k.ext[kNegative];
    const PropView* jt = k.ext[kNegativeKind];
    if (jt && !jn) fail(jt->location, Message("error.sgf.kind_without_negative"));
    if (!jn) return;
    expect_one_value(*jn);
    if (!jt) fail(jn->location, Message("error.sgf.negative_needs_kind"));
    expect_one_value(*jt);
    const std::string_view kind = trim(jt->values[0].raw);
    if (kind != "A" && kind != "B") fail_value(*jt, 0, Message("error.sgf.negative_kind"));
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
    if (k == MoveKind::play) fail_value(p, 0, Message("error.sgf.pause_act"));
    add(Step::Kind::pause_act, {k, Color::Empty, Point::none()}, p, index);
  }

  void read_resume(const PropView& p, int index) {
    expect_one_value(p);
    const std::string_view v = trim(p.values[0].raw);
    Color finder = v == "found:B" ? Color::Black : v == "found:W" ? Color::White : Color::Empty;
    if (v != "dispute" && finder == Color::Empty)
      fail_value(p, 0, Message("error.sgf.resume"));
    add(Step::Kind::resume, Move::pass(finder), p, index);
  }

  void read_claims(const PropView& p) {
    for (size_t i = 0; i < p.values.size(); ++i) {
      const std::string_view v = trim(p.values[i].raw);
      const Color c = v.starts_with("B:") ? Color::Black : v.starts_with("W:") ? Color::White
                                                                               : Color::Empty;
      if (c == Color::Empty) fail_value(p, i, Message("error.sgf.claim"));
      r_.claims.push_back({c, point_on_board(p, i, v.substr(2))});
    }
  }

  Color color_of(const PropView& p) const {
    expect_one_value(p);
    auto c = parse_color(trim(p.values[0].raw));
    if (!c) fail_value(p, 0, Message("error.sgf.colour"));
    return *c;
  }

  Point point(const PropView& p, size_t i) const {
    return point_on_board(p, i, trim(p.values[i].raw));
  }

  Point point_on_board(const PropView& p, size_t i, std::string_view text) const {
    auto pt = parse_sgf(text);
    if (!pt) fail_value(p, i, Message("error.sgf.not_point", {std::string(text)}));
    if (!pt->inside(r_.width, r_.height))
      fail_value(p, i, Message("error.sgf.off_board", {std::string(text), size_text(r_.width, r_.height)}));
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
      fail_value(p, i, Message("error.sgf.too_many_points", {limits_.max_points}));
  }

  std::string_view file_;
  const ReadOptions& options_;
  const Limits& limits_;
  Record r_;
  bool now_used_[kExts] = {};  // kDead, kClaims: the record uses the name now somewhere
  int moves_ = 0;
  size_t points_ = 0;  // in the point lists read so far
  std::vector<std::string> foreign_noted_;  // the names of another program's properties noted
  // A node split under repair, for the note of its next move: the two moves and where they are.
  std::vector<std::string> pending_split_;
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
      n.set(kExtNames[kPauseAct].now, {m.kind == MoveKind::propose_pause  ? "propose"
                   : m.kind == MoveKind::accept_pause ? "accept"
                                                      : "reject"});
      break;
    case Step::Kind::resume:
      n.set(kExtNames[kResume].now, {is_stone(m.color) ? "found:" + std::string(color_letter(m.color)) : "dispute"});
      break;
    case Step::Kind::move:
      if (m.is_negative()) {
        n.set(kExtNames[kNegative].now, {to_sgf(m.point)});
        n.set(kExtNames[kNegativeKind].now, {m.kind == MoveKind::negative_a ? "A" : "B"});
        break;
      }
      if (!is_stone(m.color) || !(m.is_board_move() || m.is_non_board()))
        throw std::invalid_argument("to_tree: a move step must be a B or W move, a pass, a "
                                    "virtual or a negative move");
      n.set(color_letter(m.color), {m.is_board_move() ? to_sgf(m.point) : ""});
      if (m.kind == MoveKind::virtual_move) n.set(kExtNames[kVirtual].now, {""});
      break;
  }
  return n;
}

}  // namespace

std::string_view name_of(Repair::Kind k) {
  switch (k) {
    case Repair::Kind::implied_pass: return "implied_pass";
    case Repair::Kind::turn_switched: return "turn_switched";
    case Repair::Kind::stone_replaced: return "stone_replaced";
    case Repair::Kind::repetition_played: return "repetition_played";
    case Repair::Kind::move_skipped: return "move_skipped";
    case Repair::Kind::node_split: return "node_split";
    case Repair::Kind::first_kept: return "first_kept";
  }
  return "?";
}

Record read_record(const GameTree& tree, std::string_view filename, const Limits& limits) {
  ReadOptions o;
  o.limits = limits;
  return read_record(tree, filename, o);
}

Record read_record(const GameTree& tree, std::string_view filename, const ReadOptions& options) {
  MainLine line;
  main_line(tree, line);
  return RecordReader(filename, options).read(line);
}

namespace {

// The record of one game of a parsed collection, with what decoding the text noted.
Record game_record(const Collection& c, size_t game, std::string_view filename,
                   const ReadOptions& options) {
  Record r = read_record(c.games[game], filename, options);
  r.game = int(game);
  r.games = int(c.games.size());
  r.charset = c.charset;
  if (!c.charset_note.empty()) r.notes.insert(r.notes.begin(), c.charset_note);
  return r;
}

}  // namespace

Record read_record_text(std::string_view text, std::string_view filename,
                        const ReadOptions& options) {
  // Most records are one game tree without variations, in ASCII or UTF-8: read straight from
  // the text (the same record as through the tree; tests/sgf/sgf_quick_test.cpp compares them).
  if (options.game == 0 && options.charset.empty() && text.size() <= options.limits.max_bytes) {
    const bool ascii = std::all_of(text.begin(), text.end(),
                                   [](char c) { return static_cast<unsigned char>(c) < 0x80; });
    const auto utf8 = [&] {
      const std::string_view ca = declared_charset(text);
      return is_utf8(text) && (ca.empty() || charset_name(ca) == "UTF-8");
    };
    MainLine line;
    if ((ascii || utf8()) && quick_main_line(text, options.limits, line))
      return RecordReader(filename, options).read(line);
  }
  const Collection c = parse(text, filename, options.limits, options.charset);
  if (options.game < 0 || size_t(options.game) >= c.games.size())
    throw Error(std::string(filename), {},
                c.games.size() == 1 ? Message("error.sgf.no_game_one", {options.game + 1})
                                    : Message("error.sgf.no_game", {c.games.size(), options.game + 1}));
  return game_record(c, size_t(options.game), filename, options);
}

Record read_record_file(const std::string& path, const ReadOptions& options) {
  return read_record_text(read_text_file(path, options.limits), path, options);
}

std::vector<Record> read_records_text(std::string_view text, std::string_view filename,
                                      const ReadOptions& options) {
  const Collection c = parse(text, filename, options.limits, options.charset);
  std::vector<Record> out;
  for (size_t g = 0; g < c.games.size(); ++g) out.push_back(game_record(c, g, filename, options));
  return out;
}

std::vector<Record> read_records_file(const std::string& path, const ReadOptions& options) {
  return read_records_text(read_text_file(path, options.limits), path, options);
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
  set_if(root, "DT", r.date);
  set_if(root, "PC", r.place);
  set_if(root, "EV", r.event);
  set_if(root, "CP", r.copyright);
  set_if(root, "JD", r.other_jd);  // another program's (a date), as it was
  if (Property* jd = root.find("JD")) {
    // A text that would read as points (this project's dead stones under the earlier name) gets
    // one escaped letter, which reads back as the same text and keeps it another program's.
    const std::string& v = jd->values.front();
    if (!v.empty() && v.size() <= 5 && std::all_of(v.begin(), v.end(), [](char c) {
          return is_letter(c) || c == ':';
        }))
      jd->values.front() = "\\" + v;
  }
  for (const std::string* text : {&r.rules, &r.result, &r.black_name, &r.white_name, &r.date,
                                  &r.place, &r.event, &r.copyright, &r.other_jd})
    if (!std::all_of(text->begin(), text->end(),
                     [](char c) { return static_cast<unsigned char>(c) < 0x80; })) {
      root.set("CA", {"UTF-8"});
      break;
    }
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
    last.set(kExtNames[kDead].now, r.dead.empty() ? std::vector<std::string>{""} : point_values(r.dead));
  if (!r.claims.empty()) {
    std::vector<std::string> claims;
    for (const Claim& c : r.claims) claims.push_back(std::string(color_letter(c.color)) + ":" +
                                                     to_sgf(c.point));
    last.set(kExtNames[kClaims].now, claims);
  }
  if (!r.territory_black.empty()) last.set("TB", point_values(r.territory_black));
  if (!r.territory_white.empty()) last.set("TW", point_values(r.territory_white));
  return t;
}

}  // namespace jpd::sgf
