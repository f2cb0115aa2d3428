// The web harnesses' reading of an answer (fuzz/web_session.hpp, read_answer): nlohmann's SAX
// parser over the whole answer, keeping only what the session uses. Compiled without comparison
// tracing in the fuzz build (fuzz/CMakeLists.txt): the fuzzer is guided by the server's code, not
// by the oracle's parser of its answers (whose tracing cost 5 to 7 % of web_fuzzer's time); the
// check itself, that every answer is JSON, is the same.
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

namespace jpd::fuzz::web_session_detail {

using nlohmann::json;

namespace {

// A SAX reader of a whole answer that keeps only the top level's "error", "version", "id"
// (scalars) and "tokens" (an object of strings), in `kept`, an object when the answer is one.
// Nothing else is built (building the DOM of the board, the moves and the count, even to drop
// it, cost a third of the harness's time under the sanitizers).
class TopLevel : public nlohmann::json_sax<json> {
 public:
  json kept;  // null when the answer is not an object

  bool null() override { return value(nullptr); }
  bool boolean(bool v) override { return value(v); }
  bool number_integer(number_integer_t v) override { return value(v); }
  bool number_unsigned(number_unsigned_t v) override { return value(v); }
  bool number_float(number_float_t v, const string_t&) override { return value(v); }
  bool string(string_t& v) override { return value(v); }
  bool binary(binary_t&) override { return value(nullptr); }
  bool start_object(std::size_t) override { return open(true); }
  bool start_array(std::size_t) override { return open(false); }
  bool end_object() override { return close(); }
  bool end_array() override { return close(); }
  bool key(string_t& k) override {
    if (depth_ == 1) {
      key_ = k;
      keep_ = k == "error" || k == "version" || k == "id" || k == "tokens";
    } else if (depth_ == 2 && keep_ && key_ == "tokens") {
      token_ = k;
    }
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
    return false;
  }

 private:
  template <class T>
  bool value(T&& v) {
    if (depth_ == 1 && keep_) kept[key_] = std::forward<T>(v);
    else if (depth_ == 2 && keep_ && key_ == "tokens" && kept[key_].is_object()) kept[key_][token_] = std::forward<T>(v);
    return true;
  }
  bool open(bool object) {
    if (depth_ == 0 && object) kept = json::object();
    else if (depth_ == 1 && keep_) kept[key_] = object ? json::object() : json::array();
    ++depth_;
    return true;
  }
  bool close() {
    --depth_;
    return true;
  }
  int depth_ = 0;
  bool keep_ = false;
  std::string key_, token_;
};

}  // namespace

bool read_answer(const std::string& body, json& kept) {
  TopLevel top;
  // (bytes read through their own iterator type: this parser's code is this file's, not shared
  // with the library's parsers of requests)
  const auto* begin = reinterpret_cast<const unsigned char*>(body.data());
  const bool ok = json::sax_parse(begin, begin + body.size(), &top);
  kept = std::move(top.kept);
  return ok;
}

}  // namespace jpd::fuzz::web_session_detail
