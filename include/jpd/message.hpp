// What the library has to say, as data: a message is an id of the texts' table (text.hpp, the
// table in src/report/text.cpp) with its arguments. The layers that count, estimate or referee
// make messages and never words; the report layer renders them, in English or Chinese, at the
// edge (text() in text.hpp: explain, JSON, SVG captions, the Python module, the web).
//
//   Message{"note.button", {MessageArg::word("word.Black")}}
//     en: "the button: Black passed first and takes half a point"
//     zh: "按钮规则（button）：黑方先放弃，得半点"
#pragma once

#include <concepts>
#include <string>
#include <utility>
#include <vector>

namespace jpd {

struct Message;

// One argument of a message: a text the same in every language (a number, a point, a preset's
// name), a word of the table named by its id ("word.Black", "word.real"), or a message of its own
// (a reason inside a reason).
struct MessageArg {
  enum class Kind : unsigned char { text, word, message };
  Kind kind = Kind::text;
  std::string value;           // the text, or the word's id
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
  // A sentence still written in English by a producer that makes no messages yet (the replay's
  // notes, the server conventions, the dispute and the match): rendered by
  // translate_note, the pattern translation of text.hpp. Its id is "english".
  static Message english(std::string sentence);

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

inline Message Message::english(std::string sentence) {
  return Message("english", {MessageArg(std::move(sentence))});
}

inline bool operator==(const MessageArg& a, const MessageArg& b) {
  return a.kind == b.kind && a.value == b.value && a.inner == b.inner;
}

inline bool operator==(const Message& a, const Message& b) {
  return a.id == b.id && a.args == b.args;
}

}  // namespace jpd
