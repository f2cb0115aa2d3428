// Server conventions: servers whose records, or whose counts, differ from the text of the rules
// they name. One table (README "Server conventions"); a record that names its server (PC, CP, AP,
// DT) is read and counted by its row, unless the rules given set the same thing themselves.
//
// | id   | server                     | known by                           | what differs
// | fox  | Fox (野狐围棋, foxwq)       | AP contains foxwq                  | KM scaled: 375 is 7.5 ...
// | ogs  | OGS (online-go.com) < 2024 | PC or CP names online-go.com / OGS, | Japanese territory counted
// |      |                            | DT before 2024                     | without reading eyes
// | cgos | the Computer Go Server     | PC names CGOS                      | every stone alive
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "jpd/rules.hpp"
#include "jpd/sgf.hpp"

namespace jpd {

struct ServerConvention {
  std::string_view id;          // fox, ogs, cgos
  std::string_view server;      // the server, for people
  std::string_view known_by;    // how a record names it
  std::string_view rules;       // settings added to the rules ("" none), key=value[,key=value]
  bool scaled_komi = false;     // KM is written scaled (scaled_komi() reads it)
  std::string_view why;         // what the server does: a text id of the table (text.hpp)
  std::string_view note;        // the note on a record it applies to, a text id: {0} the settings
                                // added, or the KM as written; {1} the komi it means
  bool (*matches)(const sgf::Record&) = nullptr;
};
std::span<const ServerConvention> server_conventions();

// A convention applied to a record: what it changed, in words (as the note says).
struct AppliedConvention {
  std::string id;
  std::string server;
  std::string detail;
  std::string settings;  // the key=value settings added to the rules ("" none), "," between
};

// The komi a Fox record means by its KM (275/550 5.5, 325/650 6.5, 350/700 7, 375/750 7.5, 50 0.5;
// a KM that is no scaled value, e.g. 6.5, as written); nullopt for a scaled value not in the table.
std::optional<double> fox_komi(double km);

// Applies the conventions of the record's server to the rules chosen for it (komi from KM where
// the rules given do not set komi): each setting the rules text `given` does not make itself, and
// the komi. Returns what was applied (nothing changed is not listed); notes say why.
std::vector<AppliedConvention> apply_conventions(const sgf::Record& r,
                                                 const std::optional<RulesText>& given,
                                                 Ruleset& rules, std::vector<Message>& notes);

// How a record ended, by its result (RE) and its moves: counted (a score or a draw, or two passes
// without a result), resigned (B+R), time (B+T), forfeit (B+F), void (Void), or unfinished (no
// result, or an unknown one, and the record stops during play). All but counted are records whose
// count is not the recorded result.
enum class RecordEnd : uint8_t { counted, resigned, time, forfeit, void_game, unfinished };
std::string_view name_of(RecordEnd e);
RecordEnd record_end(const sgf::Record& r, bool stopped_without_pause);
// The same for a result given apart from the record (a manifest's).
RecordEnd record_end(std::string_view result, bool stopped_without_pause);

}  // namespace jpd
