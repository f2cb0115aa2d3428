// What people and programs read of a count (the report layer): its JSON, its explanation and
// summary in either language, the result with its arithmetic. The count itself (count.hpp) knows
// nothing of them.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "jpd/count.hpp"
#include "jpd/lang.hpp"

namespace jpd {

// The JSON contract of `jpd score --json` (README): see count_json.cpp.
nlohmann::json to_json(const Count& c);
// The same as json_text(to_json(c)), byte for byte, written without building the tree (the
// making's boards and ownership maps are most of it: a node a point).
std::string count_json_text(const Count& c);

// Human explanation: the making step by step with text diagrams and the arithmetic of each view.
std::string explain(const Count& c, Lang lang);
// One-paragraph summary (result, the primary figures).
std::string summary(const Count& c, Lang lang);

// The result with its arithmetic, one line: "result by Japanese: Black 35 - White 22 - komi 6.5 =
// 6.5, Black wins by 6.5 points (B+6.5)" (first player first; its figures are primary_figures, and
// what stands between them and the result is komi and the payment). A result not counted (a
// resignation) is the result alone.
std::string result_arithmetic(const Count& c, Lang lang);
// A view's name in words (its row's name_id in the text table): "living stones" / "计活子".
std::string view_name(View v, Lang lang);
// The Japanese count as a Japanese player writes it, one line per side: territory + prisoners.
std::vector<std::string> japanese_lines(const Count& c, Lang lang);

}  // namespace jpd
