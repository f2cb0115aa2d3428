// Fuzz harness: the SGF reader alone (sgf::parse with its limits, sgf::write, read_record, the
// record written back): no replay, no count, so that it runs fast enough to explore the parser.
// replay_fuzzer takes the records on through the referee and the count, score_fuzzer through the
// estimator and the finishing search.
//
// Oracles: only the documented errors escape; write(parse(write(x))) == write(x); a record
// written back (to_tree) reads back and writes the same text again.
#include <cstdint>
#include <string>

#include "harness.hpp"
#include "record_checks.hpp"

namespace jpd::fuzz {

void sgf_input(std::string_view data) {
  std::optional<sgf::Collection> c;
  const std::vector<sgf::Record> records = records_of(data, &c);
  if (!c) return;
  sgf::Limits limits;
  limits.max_bytes = 1 << 20;
  // What the writer writes reads back, and writes again identically.
  const std::string written = sgf::write(*c);
  std::string again;
  if (!clean([&] { again = sgf::write(sgf::parse(written, "<written>", limits)); }))
    fail("the writer's output does not parse", written);
  check(again == written, "write(parse(write(x))) differs from write(x)", written);
  // A record written back reads back, and written again it is the same text (the writer escapes
  // what the reader would change: a vertical tab in `(;PB[T\<VT>Z])` is written `T\<VT>Z`, not
  // as a byte read back as a space).
  for (const sgf::Record& rec : records) {
    const std::string first = sgf::write(sgf::to_tree(rec));
    std::optional<sgf::Record> back;
    if (!clean([&] { back = sgf::read_record_text(first, "<written>"); }))
      fail("a record written back does not read", first);
    check(sgf::write(sgf::to_tree(*back)) == first, "a record written back reads differently", first);
  }
}

}  // namespace jpd::fuzz

#ifndef JPD_FUZZ_NO_ENTRY
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  jpd::fuzz::sgf_input({reinterpret_cast<const char*>(data), size});
  return 0;
}
#endif
