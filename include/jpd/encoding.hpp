// Text encodings: a record's bytes decoded to UTF-8 by its charset (SGF's CA) with the C library's
// iconv, and text kept valid UTF-8 where it leaves the program (JSON never fails on a stray byte).
//
// Every string the library hands out is UTF-8: a record is decoded before it is parsed (the
// charsets of East Asian records put bytes such as ']' (0x5D) and '\' (0x5C) inside their
// characters, so they cannot be parsed first and decoded after).
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "jpd/message.hpp"

namespace jpd {

// Whether the bytes are well-formed UTF-8 (no overlong forms, no surrogates, at most U+10FFFF).
bool is_utf8(std::string_view s);
// The text with every byte that is not part of well-formed UTF-8 replaced by U+FFFD.
std::string valid_utf8(std::string_view s);
// At most `max` bytes of the text for a message: when longer, cut at a character boundary (never
// inside a UTF-8 sequence) to max - 3 bytes or fewer, then "...".
std::string shortened(std::string_view s, size_t max = 40);
// j.dump(indent) with any string that is not UTF-8 (a file name, say) repaired as valid_utf8 does,
// instead of the exception nlohmann::json throws.
std::string json_text(const nlohmann::json& j, int indent = -1);
// Appends s as a JSON string, the bytes json_text writes for it: plain printable ASCII copied
// between quotes, anything else (escapes, UTF-8, bytes that are not UTF-8) through json_text. For
// writers of JSON text that skip the tree (count_json_text, the web's game).
void append_json_string(std::string& out, std::string_view s);

// The iconv name a charset label stands for, widened to the superset its writers use: gb2312, GBK
// and GB18030 to GB18030; Big5 to CP950; Shift_JIS to CP932; EUC-KR to CP949 (UHC); Latin-1 to
// ISO-8859-1; UTF-8 to UTF-8. Other labels are passed to iconv as written (trimmed).
std::string charset_name(std::string_view label);

// The bytes converted from `charset` (an iconv name) to UTF-8; nullopt when iconv does not know
// the charset or the bytes are not text in it.
std::optional<std::string> convert_to_utf8(std::string_view bytes, const std::string& charset);

// How a record's bytes were read.
struct DecodedText {
  std::string text;     // UTF-8
  std::string charset;  // the iconv name the bytes were decoded from ("UTF-8" when they were)
  Message note;         // empty when the bytes were what CA says (or UTF-8 without CA); else why
                        // and how they were decoded otherwise
};

// Decodes a record: by `declared` (the CA label, or a charset the user named; may be empty) when
// the bytes are text in it; else, and when nothing is declared, as UTF-8 when they are UTF-8, else
// as GB18030 when they are text in it (Chinese records are the most common records without CA that
// are not UTF-8), else as Latin-1 (which reads any byte) — always with a note saying so.
DecodedText decode_to_utf8(std::string_view bytes, std::string_view declared);

}  // namespace jpd
