// Counting many records under several rule sets (`jpd batch`): the walk over the files, one row per
// record and rule set, a thread pool that streams the rows out in walk order, and the summary
// (games, errors, invariant failures, and for every pair of rule sets how many games change winner).
//
// Streaming: the walk is lazy (one directory listing per level of the path being walked), at most
// a fixed window of records is in flight, and each record's rows are written as soon as every
// earlier record's rows are; memory does not grow with the number of files (the summary keeps one
// line per file that had an error, and a counter per pair of rule sets).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "jpd/score.hpp"
#include "jpd/text.hpp"

namespace jpd::batch {

// One rule set of a batch: a label (the column "preset", the rules text as the list gives it) and
// its rules as read for score_record (nullopt: the record's own RU, as `jpd score` without --rules).
struct RuleChoice {
  std::string label;
  std::optional<RulesText> rules;
  friend bool operator==(const RuleChoice&, const RuleChoice&) = default;
};

// The --rules list: comma-separated items. A preset name starts a rule set; `all` stands for every
// preset, `jpd` for the 计枰点 family, `standard` for the comparison presets, `record` for the
// record's own rules. A key=value item applies to the rule set(s) named just before it, or, before
// any name, to every rule set of the list. Komi: the record's KM unless the list sets komi=.
// Throws RulesError (unknown preset, bad key or value, a rule set listed twice, an empty list).
std::vector<RuleChoice> parse_rule_list(std::string_view list);
inline constexpr std::string_view kDefaultRules = "tang-song,ming-qing,chinese,japanese";

// A lazy walk: directories recursively (entries in name order, hidden ones skipped), files ending in
// .sgf (any case); a path given explicitly is taken whatever its name, and one that does not exist is
// returned as is (counting it reports the error). Symbolic links are followed, but every real
// directory is walked once (a link back to a directory being walked, or a second link to one
// walked already, is skipped: a loop never makes the walk endless), and only regular files are
// returned: a FIFO (which would block the reader), a device or a socket is skipped. Each skip is
// kept as a note (skipped()).
class FileWalk {
 public:
  struct Skipped {
    std::string path;
    std::string why;         // "directory": walked already (as `same_as`); else the file's kind
    std::string same_as;     // the path the directory was first walked by
  };

  explicit FileWalk(std::vector<std::string> paths);
  std::optional<std::string> next();
  const std::vector<Skipped>& skipped() const { return skipped_; }

 private:
  struct Level {
    std::vector<std::string> entries;  // full paths, sorted
    size_t next = 0;
  };
  // A directory to walk, or the reason it is skipped; a file to return, or skipped.
  bool enter(const std::string& dir);
  bool take(const std::string& file);

  std::vector<std::string> roots_;
  size_t root_ = 0;
  std::vector<Level> stack_;
  std::map<std::pair<uint64_t, uint64_t>, std::string> walked_;  // (device, inode) -> first path
  std::vector<Skipped> skipped_;
};
// The number of files a walk yields (a second walk; nothing is kept).
size_t count_files(const std::vector<std::string>& paths);

// One record under one rule set.
struct Row {
  std::string file;
  std::string preset;          // the label of the rule set
  std::string rules;           // canonical rule-set text, komi included
  double komi = 0;
  std::string method;          // primary counting method
  std::string result;          // SGF style
  Color winner = Color::Empty;
  double margin = 0;
  double black = 0, white = 0;  // the primary method's figures
  double pay = 0;
  std::string status_source;   // none, sgf, given, estimate, gtp
  int dead = 0;                // dead stones removed
  bool invariants_ok = true;
  std::string failed_invariants;  // names, separated by spaces
  std::string record_result;   // RE of the record
  std::string error;           // why this record could not be counted under this rule set
  int game = 1;                // the game of the file (1-based: a file may hold several)
  std::string record_ended;    // counted, resigned, time, forfeit, void, unfinished ("" unread)
  int repairs = 0;             // faults mended under the repair policy
  std::string conventions;     // the server conventions applied (ids, separated by spaces)
  bool ok() const { return error.empty(); }
  // Whether the count stands for the record's result (record_end in conventions.hpp).
  bool counted_record() const { return record_ended.empty() || record_ended == "counted"; }
};

// Counts one file under every rule set (keep_steps and texts turned off): for each game of the
// file (in order), one row per rule set. Never throws: a file that cannot be read or parsed gives
// one error row per rule set, a rule set the record cannot be replayed or counted under gives its
// error row.
std::vector<Row> count_file(const std::string& path, const std::vector<RuleChoice>& rules,
                            const ScoreOptions& base, const sgf::ReadOptions& read = {});

enum class Format { csv, jsonl };
std::string csv_header();
std::string to_csv(const Row& r);     // one line, no newline; fields quoted where needed
nlohmann::json to_json(const Row& r);
std::string format_row(const Row& r, Format f);  // with the newline
void append_csv(std::string& out, const Row& r);   // out += to_csv(r)
void append_json(std::string& out, const Row& r);  // out += to_json(r).dump()
void append_row(std::string& out, const Row& r, Format f);  // out += format_row(r, f)

// Winner changes of one pair of rule sets, over the games counted under both.
struct PairChange {
  size_t both = 0;          // games counted under both
  size_t changed = 0;       // with a different winner (a draw or no result counts as a winner "-")
  size_t black_to_white = 0, white_to_black = 0, with_draw = 0;
};

// Records whose count is not their result (resigned, lost on time ...): reported apart, left out
// of the wins and winner changes.
struct NotCounted {
  struct File {
    std::string file;    // "FILE" or "FILE#GAME"
    std::string ended;   // its record_ended ("resigned" ...), translated in the text
    std::string result;  // its RE
  };
  std::map<std::string, size_t> by_kind;  // record_ended -> records
  std::vector<File> files;                // the first ones
};

struct PresetTally {
  size_t counted = 0, black = 0, white = 0, none = 0, errors = 0, invariant_failures = 0;
};

class Summary {
 public:
  explicit Summary(std::vector<std::string> labels);
  void add(const std::vector<Row>& rows);  // the rows of one game, in label order

  size_t games = 0;            // games (a file may hold several)
  NotCounted not_counted;
  size_t repaired = 0;         // games read under the repair policy with a repair
  size_t rows = 0;
  size_t error_rows = 0;
  size_t invariant_failures = 0;  // rows whose invariants failed
  double seconds = 0;
  std::vector<std::string> labels;
  std::vector<PresetTally> tally;              // per label
  std::vector<std::vector<PairChange>> pairs;  // [i][j], i < j
  std::map<std::string, size_t> status_sources;
  // Files with errors: file, then (labels, message) grouped by message.
  struct FileError {
    std::string file;
    std::vector<std::pair<std::string, std::string>> by_message;  // labels joined, message
    size_t rows = 0;
  };
  std::vector<FileError> errors;
  struct Failure {
    std::string file, label, invariants;
  };
  std::vector<Failure> failures;
  std::vector<FileWalk::Skipped> skipped;  // paths the walk did not read (FileWalk::skipped)

  std::string text(Lang l, size_t max_errors = 100) const;
  nlohmann::json to_json() const;
};

struct Options {
  std::vector<std::string> paths;
  std::vector<RuleChoice> rules;
  ScoreOptions score;       // dead stones and claims for every record (rules are the list's)
  sgf::ReadOptions read;    // repair, charset
  int jobs = 0;             // workers; 0: the number of cores
  Format format = Format::csv;
  bool header = true;       // the CSV header line
};

// Runs the batch: rows go to `out` in walk order as they are ready; `progress` (may be empty) is
// called on the calling thread after every file with the number of files done. Returns the
// summary (its `seconds` filled in).
Summary run(const Options& o, std::ostream& out, const std::function<void(size_t)>& progress = {});

}  // namespace jpd::batch
