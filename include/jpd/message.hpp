// What the library has to say, as data: a message is an id of the texts' table (the table of
// src/core/text_table.cpp) with its arguments. The layers that count, estimate or referee make
// messages and never words; they are rendered, in English or Chinese, at the edge (text() below:
// explain, JSON, SVG captions, the Python module, the web, and the English of an exception's
// what()).
//
//   Message{"note.button", {MessageArg::word("word.Black")}}
//     en: "the button: Black passed first and takes half a point"
//     zh: "按钮规则（button）：黑方先放弃，得半点"
#pragma once

#include <concepts>
#include <exception>
#include <initializer_list>
#include <iosfwd>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "jpd/lang.hpp"

namespace jpd {

struct Message;

// One argument of a message: a text the same in every language (a number, a point), a word of
// the table named by its id ("word.Black", "word.real"), a message of its own (a reason inside a
// reason), or the name of the rule set's preset (a text too, marked so that a replay shared by
// several rule sets can put each one's own in: ReplayCache, replay.hpp).
struct MessageArg {
  enum class Kind : unsigned char { text, word, message, preset };
  Kind kind = Kind::text;
  std::string value;           // the text (the preset's name), or the word's id
  std::vector<Message> inner;  // the message (one), for Kind::message

  // (The constructors are defined below Message: a constructor's body destroys the members
  // on an exception, and `inner` can be destroyed only once Message is complete.)
  MessageArg();
  MessageArg(std::string text);
  MessageArg(const char* text);
  template <std::integral T>
  MessageArg(T n);

  static MessageArg word(std::string id);
  static MessageArg message(Message m);
  static MessageArg preset(std::string name);

  friend bool operator==(const MessageArg&, const MessageArg&);
};

struct Message {
  std::string id;
  std::vector<MessageArg> args;

  Message() = default;
  Message(std::string message_id, std::vector<MessageArg> arguments = {})
      : id(std::move(message_id)), args(std::move(arguments)) {}

  // Several messages read as one, each rendered in turn: "a; b" in English, "a；b" in Chinese.
  static Message joined(std::vector<Message> parts);

  bool empty() const { return id.empty(); }
  friend bool operator==(const Message&, const Message&);
};

inline MessageArg::MessageArg() = default;
inline MessageArg::MessageArg(std::string text) : value(std::move(text)) {}
inline MessageArg::MessageArg(const char* text) : value(text) {}
template <std::integral T>
MessageArg::MessageArg(T n) : value(std::to_string(n)) {}

inline MessageArg MessageArg::word(std::string id) {
  MessageArg a(std::move(id));
  a.kind = Kind::word;
  return a;
}

inline MessageArg MessageArg::message(Message m) {
  MessageArg a;
  a.kind = Kind::message;
  a.inner.push_back(std::move(m));
  return a;
}

inline Message Message::joined(std::vector<Message> parts) {
  Message m("joined");
  for (Message& p : parts) m.args.push_back(MessageArg::message(std::move(p)));
  return m;
}

inline MessageArg MessageArg::preset(std::string name) {
  MessageArg a(std::move(name));
  a.kind = Kind::preset;
  return a;
}

inline bool operator==(const MessageArg& a, const MessageArg& b) {
  return a.kind == b.kind && a.value == b.value && a.inner == b.inner;
}

inline bool operator==(const Message& a, const Message& b) {
  return a.id == b.id && a.args == b.args;
}

// What the library's exceptions have in common (sgf::Error, ReplayError, RulesError, PointError,
// and jpd's own option errors): besides what(), which stays the English of the message (for
// library users, logs and tests), the message itself, for a front end to render in its language
// (jpd's error line, error_line in apps/jpd/main.cpp). Caught as a std::exception, the message is
// found by dynamic_cast<const MessageError*>.
class MessageError {
 public:
  explicit MessageError(Message m) : message_(std::move(m)) {}
  MessageError(const MessageError&) = default;
  MessageError& operator=(const MessageError&) = default;
  virtual ~MessageError() = default;
  const Message& message() const { return message_; }

 private:
  Message message_;
};

// The library's refusal of a value or a state that a user's input can reach (a dead-stone source
// it does not know, a record to dispute that is not paused, a position plain GTP cannot carry):
// a std::invalid_argument whose what() is the message's English.
struct ArgumentError : std::invalid_argument, MessageError {
  explicit ArgumentError(Message m);
  // (A sentence is no message id: the reason is a Message, from the texts' table.)
  explicit ArgumentError(const std::string& sentence) = delete;
};

// A failure of the world outside (a file that cannot be written): a std::runtime_error whose
// what() is the message's English.
struct FailureError : std::runtime_error, MessageError {
  explicit FailureError(Message m);
  explicit FailureError(const std::string& sentence) = delete;
};

// The message of an exception: its own (a MessageError's), else its what() as written.
Message error_message(const std::exception& e);

// The texts' table (src/core/text_table.cpp): one row a message id, its English and its Chinese;
// placeholders {0}, {1} ... stand for the arguments.
struct TextEntry {
  std::string_view id, en, zh;
};
std::span<const TextEntry> text_table();
bool has_text(std::string_view id);

// The text of a message id in the language, with its placeholders filled. An id missing from the
// table comes back as "[[id]]" (the tests check that every id used is in the table).
std::string tr(Lang l, std::string_view id, std::initializer_list<std::string_view> args = {});
std::string tr(Lang l, std::string_view id, const std::vector<std::string>& args);
// A row's text with its placeholders filled (an argument missing: nothing).
std::string fill_text(std::string_view pattern, const std::vector<std::string>& args);

// A message in the language: its table entry with its placeholders filled, each argument in the
// language too (a word by its entry, a message rendered in turn). A Message::joined reads
// "a; b" / "a；b".
std::string text(const Message& m, Lang l);
std::vector<std::string> text(const std::vector<Message>& messages, Lang l);
// A message streamed reads in English (test failures, logs).
std::ostream& operator<<(std::ostream& out, const Message& m);

}  // namespace jpd
