// Every text a person reads, in English and Chinese, in one place: a table keyed by message id
// (src/report/text.cpp), the words of the seeds (实着, 虚着, 负着, 等子局面, 目, 公气, 单官, 收后, 归本数 ...),
// and the helpers every front end uses to say the same thing the same way (explain, compare,
// batch summaries, diagram captions). Programs read JSON, which stays English; so do GTP errors.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "jpd/lang.hpp"
#include "jpd/making.hpp"
#include "jpd/message.hpp"
#include "jpd/number.hpp"
#include "jpd/rules.hpp"
#include "jpd/status.hpp"

namespace jpd {

// "zh" or "en"; "" takes the locale (LC_ALL, LC_MESSAGES, LANG: a value starting with "zh" is
// Chinese, any other English; unset: English). Anything else throws std::invalid_argument.
Lang language(std::string_view option);
std::string_view lang_code(Lang l);  // "en", "zh"

// One row of the table: placeholders {0}, {1} ... stand for the arguments.
struct TextEntry {
  std::string_view id, en, zh;
};
std::span<const TextEntry> text_table();

// The text of a message id in the language, with its placeholders filled. An id missing from the
// table comes back as "[[id]]" (the tests check that every id used is in the table).
std::string tr(Lang l, std::string_view id, std::initializer_list<std::string_view> args = {});
std::string tr(Lang l, std::string_view id, const std::vector<std::string>& args);

// A number with its noun, from the table's "count.<noun>" (and "count.<noun>.one" for 1):
// "1 game", "2 games" / "1 局", "2 局". Messages take these where the noun follows the number.
std::string count_of(Lang l, std::string_view noun, long long n);

// Words.
std::string colour_word(Color c, Lang l);  // Black / 黑
std::string side_word(Color c, Lang l);    // Black / 黑方
std::string method_name(CountingMethod m, Lang l);  // area (子空合计) / 子空合计（数子法）
std::string method_short(CountingMethod m, Lang l); // area / 子空合计
std::string status_source_name(StatusSource s, Lang l);
std::string mark_name(CountBoard::Mark m, Lang l);
std::string class_name(PointClass c, Lang l);
std::string invariant_name(std::string_view name, Lang l);
std::string preset_title(std::string_view preset, Lang l);  // the preset table's title
std::string step_title(std::string_view step, Lang l);     // a making step's, from its id
std::string field_meaning(const FieldInfo& f, Lang l);     // a rule-set field's meaning

// A result in words: "Black wins by 1.5 points (B+1.5)" / "黑胜 1.5 点（B+1.5）", "白中盘胜（W+R）",
// "和棋（0）", "无胜负（Void）". From the SGF-style result string.
std::string result_words(std::string_view result, Lang l);

// A message (message.hpp) in the language: its table entry with its placeholders filled, each
// argument in the language too (a word by its entry, a message rendered in turn). A
// Message::joined reads "a; b" / "a；b"; a Message::english sentence goes through translate_note.
std::string text(const Message& m, Lang l);
std::vector<std::string> text(const std::vector<Message>& messages, Lang l);

// Notes and payment texts that the library writes in English (count, replay) in the language:
// each known sentence is a pattern of the table ("note.*"); parts separated by "; " are translated
// one by one, colour names inside them too; a sentence the table does not know stays English.
std::string translate_note(std::string_view english, Lang l);
// A command's error line ("jpd: ..."), the library's English sentence translated when a pattern
// of the table knows it (a file that cannot be opened, a faulty record's move, an SGF syntax
// error ...), else shown as it is.
std::string error_text(std::string_view english, Lang l);
// Whether translate_note knows every part of the sentence (for the tests).
bool note_is_translated(std::string_view english);
// The pattern translation of translate_note and error_text over a table of one's own, patterns
// of one kind ("note.", "error."); for the tests: a sentence inside a sentence is translated a
// few levels deep at most, so a pattern that takes a whole sentence as its placeholder ends.
std::string translate_with_table(std::span<const TextEntry> table, std::string_view kind,
                                 std::string_view sentence, Lang l);

// Terminal columns of a UTF-8 text (CJK characters take two) and padding to a width.
int display_width(std::string_view s);
std::string pad(std::string_view s, int width);

}  // namespace jpd
