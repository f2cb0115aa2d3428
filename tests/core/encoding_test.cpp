// Text encodings: records decoded by their charset (CA) to UTF-8, the guesses for records without
// one (always noted), and JSON that never fails on bytes that are not UTF-8. The records are
// written here, in UTF-8, and encoded into each charset by iconv at test time.
#include <gtest/gtest.h>
#include <iconv.h>

#include <nlohmann/json.hpp>
#include <string>

#include "jpd/encoding.hpp"
#include "jpd/text.hpp"
#include "jpd/sgf.hpp"

using namespace jpd;

namespace {

// `utf8` encoded into `charset` by iconv (the direction the library never takes).
std::string encoded(const std::string& utf8, const char* charset) {
  iconv_t cd = iconv_open(charset, "UTF-8");
  EXPECT_NE(cd, iconv_t(-1)) << charset;
  std::string out(utf8.size() * 4 + 8, '\0');
  char* in = const_cast<char*>(utf8.data());
  size_t in_left = utf8.size(), out_left = out.size();
  char* to = out.data();
  EXPECT_NE(iconv(cd, &in, &in_left, &to, &out_left), size_t(-1)) << charset;
  iconv_close(cd);
  out.resize(out.size() - out_left);
  return out;
}

// A 9x9 record with the players' names and a comment in the given charset.
std::string record_in(const char* charset, const std::string& ca, const std::string& black,
                      const std::string& white) {
  const std::string text = "(;FF[4]GM[1]SZ[9]" + ca + "PB[" + black + "]PW[" + white +
                           "]KM[7.5]RE[B+2.5];B[ee];W[dc]C[" + black + "])";
  return encoded(text, charset);
}

bool mentions(const std::vector<Message>& notes, const std::string& part) {
  for (const std::string& n : text(notes, Lang::en))
    if (n.find(part) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST(Encoding, Utf8IsCheckedStrictly) {
  EXPECT_TRUE(is_utf8("plain ASCII"));
  EXPECT_TRUE(is_utf8("计枰点 — ok"));
  EXPECT_FALSE(is_utf8("\xff"));
  EXPECT_FALSE(is_utf8("\xC0\xAF"));          // overlong '/'
  EXPECT_FALSE(is_utf8("\xED\xA0\x80"));      // a surrogate
  EXPECT_FALSE(is_utf8("\xF4\x90\x80\x80"));  // above U+10FFFF
  EXPECT_FALSE(is_utf8("\xE8\xAE"));          // cut off
}

TEST(Encoding, BytesThatAreNotUtf8BecomeReplacementCharacters) {
  EXPECT_EQ(valid_utf8("B+\xff"), "B+\xEF\xBF\xBD");
  EXPECT_EQ(valid_utf8("计\xE8\xAE"), "计\xEF\xBF\xBD\xEF\xBF\xBD");
  EXPECT_EQ(valid_utf8("ok"), "ok");
}

TEST(Encoding, JsonTextReplacesWhatIsNotUtf8InsteadOfThrowing) {
  const nlohmann::json j = {{"file", "game\xfe.sgf"}, {"result", "W+\xff"}};
  EXPECT_THROW((void)j.dump(), nlohmann::json::type_error);  // what json_text is for
  const std::string text = json_text(j);
  EXPECT_TRUE(is_utf8(text));
  EXPECT_EQ(nlohmann::json::parse(text)["result"], "W+\xEF\xBF\xBD");
}

TEST(Encoding, CharsetLabelsNameTheSupersetsTheirWritersUse) {
  EXPECT_EQ(charset_name("gb2312"), "GB18030");
  EXPECT_EQ(charset_name(" GBK "), "GB18030");
  EXPECT_EQ(charset_name("Big5"), "CP950");
  EXPECT_EQ(charset_name("Shift_JIS"), "CP932");
  EXPECT_EQ(charset_name("euc-kr"), "CP949");
  EXPECT_EQ(charset_name("ISO-8859-1"), "ISO-8859-1");
  EXPECT_EQ(charset_name("utf8"), "UTF-8");
  EXPECT_EQ(charset_name("koi8-r"), "KOI8-R");  // passed to iconv as written
}

TEST(Encoding, Gb2312RecordIsDecodedByItsCA) {
  const std::string bytes = record_in("GB2312", "CA[gb2312]", "柯洁", "古力");
  ASSERT_FALSE(is_utf8(bytes));
  const sgf::Record r = sgf::read_record_text(bytes, "gb.sgf");
  EXPECT_EQ(r.black_name, "柯洁");
  EXPECT_EQ(r.white_name, "古力");
  EXPECT_EQ(r.charset, "GB18030");
  EXPECT_TRUE(r.notes.empty());
  EXPECT_EQ(r.steps.size(), 2u);
}

// Records labelled gb2312 often hold characters only GBK has; and GBK puts ']' (0x5D) inside
// characters: 乚 is 81 5D. Decoding before parsing reads the value whole.
TEST(Encoding, GbkCharacterWithABracketByteInsideIsReadWhole) {
  const std::string bytes = record_in("GBK", "CA[gb2312]", "乚一", "二");
  ASSERT_NE(bytes.find("\x81]"), std::string::npos);
  const sgf::Record r = sgf::read_record_text(bytes, "gbk.sgf");
  EXPECT_EQ(r.black_name, "乚一");
  EXPECT_EQ(r.white_name, "二");
}

TEST(Encoding, Big5RecordIsDecodedByItsCA) {
  // 也 is A4 5D in Big5, 么 A4 5C (a backslash byte).
  const std::string bytes = record_in("BIG5", "CA[Big5]", "林也", "王么");
  const sgf::Record r = sgf::read_record_text(bytes, "big5.sgf");
  EXPECT_EQ(r.black_name, "林也");
  EXPECT_EQ(r.white_name, "王么");
  EXPECT_EQ(r.charset, "CP950");
}

TEST(Encoding, ShiftJisRecordIsDecodedByItsCA) {
  // 予 is 97 5C in Shift_JIS: a raw parser would take it for an escape of the closing bracket.
  const std::string bytes = record_in("SHIFT_JIS", "CA[Shift_JIS]", "井山予", "余正麒");
  const sgf::Record r = sgf::read_record_text(bytes, "sjis.sgf");
  EXPECT_EQ(r.black_name, "井山予");
  EXPECT_EQ(r.white_name, "余正麒");
  EXPECT_EQ(r.charset, "CP932");
}

TEST(Encoding, EucKrRecordIsDecodedByItsCA) {
  const std::string bytes = record_in("EUC-KR", "CA[EUC-KR]", "이세돌", "박정환");
  const sgf::Record r = sgf::read_record_text(bytes, "kr.sgf");
  EXPECT_EQ(r.black_name, "이세돌");
  EXPECT_EQ(r.white_name, "박정환");
}

TEST(Encoding, Latin1RecordIsDecodedByItsCA) {
  const std::string bytes = record_in("ISO-8859-1", "CA[ISO-8859-1]", "Müller", "Gärtner");
  const sgf::Record r = sgf::read_record_text(bytes, "latin1.sgf");
  EXPECT_EQ(r.black_name, "Müller");
  EXPECT_EQ(r.white_name, "Gärtner");
}

TEST(Encoding, Utf8RecordWithoutCAIsReadAsItIsWithoutANote) {
  const sgf::Record r =
      sgf::read_record_text("(;SZ[9]PB[柯洁]PW[Müller];B[ee])", "u.sgf");
  EXPECT_EQ(r.black_name, "柯洁");
  EXPECT_EQ(r.charset, "UTF-8");
  EXPECT_TRUE(r.notes.empty());
}

TEST(Encoding, RecordWithoutCAThatIsNotUtf8IsReadAsGb18030WithANote) {
  const std::string bytes = record_in("GBK", "", "柯洁", "古力");
  const sgf::Record r = sgf::read_record_text(bytes, "noca.sgf");
  EXPECT_EQ(r.black_name, "柯洁");
  EXPECT_EQ(r.charset, "GB18030");
  EXPECT_TRUE(mentions(r.notes, "names no charset (CA) and is not UTF-8: read as GB18030"))
      << testing::PrintToString(text(r.notes, Lang::en));
}

TEST(Encoding, BytesNoCharsetReadsAreReadAsLatin1WithANote) {
  // 0xFF is no lead byte of GB18030.
  const sgf::Record r = sgf::read_record_text("(;SZ[9]RE[\xff];B[ee])", "ff.sgf");
  EXPECT_EQ(r.result, "ÿ");
  EXPECT_EQ(r.charset, "ISO-8859-1");
  EXPECT_TRUE(mentions(r.notes, "read as Latin-1")) << testing::PrintToString(text(r.notes, Lang::en));
}

TEST(Encoding, RecordThatIsNotWhatItsCASaysIsReadByTheGuessesWithANote) {
  const std::string bytes = encoded("(;CA[UTF-8]SZ[9]PB[柯洁];B[ee])", "GBK");
  const sgf::Record r = sgf::read_record_text(bytes, "wrong.sgf");
  EXPECT_EQ(r.black_name, "柯洁");
  EXPECT_TRUE(mentions(r.notes, "the text is not UTF-8 as its charset (CA) says: read as GB18030"))
      << testing::PrintToString(text(r.notes, Lang::en));
}

TEST(Encoding, CharsetGivenByTheReaderWinsOverTheGuess) {
  const std::string bytes = record_in("SHIFT_JIS", "", "井山", "余");
  sgf::ReadOptions o;
  o.charset = "Shift_JIS";
  const sgf::Record r = sgf::read_record_text(bytes, "sjis.sgf", o);
  EXPECT_EQ(r.black_name, "井山");
  EXPECT_TRUE(r.notes.empty());
}

TEST(Encoding, ErrorsOfADecodedRecordGiveItsLineAndColumn) {
  const std::string bytes = encoded("(;CA[gb2312]SZ[9]PB[柯洁]\n;B[ee];W[zz])", "GB2312");
  try {
    sgf::read_record_text(bytes, "gb.sgf");
    FAIL() << "no error";
  } catch (const sgf::Error& e) {
    EXPECT_EQ(e.where.line, 2);
    EXPECT_EQ(e.where.column, 9);
    EXPECT_TRUE(is_utf8(e.what()));
  }
}

TEST(Encoding, RecordWrittenFromADecodedRecordSaysUtf8) {
  const sgf::Record r = sgf::read_record_text(record_in("GB2312", "CA[gb2312]", "柯洁", "古力"));
  const std::string text = sgf::write(sgf::to_tree(r));
  EXPECT_NE(text.find("CA[UTF-8]"), std::string::npos) << text;
  EXPECT_NE(text.find("PB[柯洁]"), std::string::npos) << text;
  EXPECT_EQ(sgf::read_record_text(text).black_name, "柯洁");
}

// CA after a value whose characters hold ']' bytes (也 is A4 5D in Big5): the walk over the raw
// root is cut short there, and the CA found in the first bytes is taken.
TEST(Encoding, CharsetNamedAfterAValueHoldingABracketByteIsStillFound) {
  const std::string bytes = encoded("(;FF[4]PB[林也]PW[王么]CA[Big5]SZ[9];B[ee])", "BIG5");
  const sgf::Record r = sgf::read_record_text(bytes, "late-ca.sgf");
  EXPECT_EQ(r.black_name, "林也");
  EXPECT_EQ(r.white_name, "王么");
  EXPECT_EQ(r.charset, "CP950");
  EXPECT_TRUE(r.notes.empty()) << testing::PrintToString(text(r.notes, Lang::en));
}

// The tree of a decoded record holds UTF-8, and says so: written, it reads back the same (the
// SGF harness found CA[gb2312] written over UTF-8 text).
TEST(Encoding, DecodedTreeWritesBackAsUtf8AndReadsTheSame) {
  const std::string bytes = record_in("GBK", "CA[gb2312]", "乚一", "柯洁");
  const sgf::Collection c = sgf::parse(bytes, "gbk.sgf");
  EXPECT_EQ(c.charset, "GB18030");
  const std::string written = sgf::write(c);
  EXPECT_NE(written.find("CA[UTF-8]"), std::string::npos) << written;
  EXPECT_EQ(sgf::write(sgf::parse(written, "again.sgf")), written);
  EXPECT_EQ(sgf::read_record_text(written).black_name, "乚一");
}
