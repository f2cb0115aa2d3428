// Every text a person reads, in English and Chinese, comes from one table keyed by message id
// (src/core/text_table.cpp, rendered by text() and tr() of message.hpp), with the words of the
// seeds (实着, 虚着, 负着, 等子局面, 目, 公气, 单官, 收后, 归本数 ...); here are the helpers every front end
// uses to say the same thing the same way (explain, compare, batch summaries, diagram captions).
// Programs read JSON, which stays English; so do GTP errors.
#pragma once

#include <cstdint>
#include <initializer_list>
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

// The table (TextEntry, text_table), tr() and text() of a message: message.hpp.

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

// Terminal columns of a UTF-8 text (CJK characters take two) and padding to a width.
int display_width(std::string_view s);
std::string pad(std::string_view s, int width);

}  // namespace jpd
