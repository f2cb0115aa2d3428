// Pictures of the making (`jpd diagram`): SVG images of the position at the pause and of every
// making step (dead stones removed, dame filled, refilled equal-stones position, fill-up, living
// stones with their basic eyes), territory and shared points shaded, the making's marks drawn, the
// counts in a caption and a legend, in English or Chinese; and an index.html showing them in order.
//
// Every stone is one element <circle class="stone b|w" ...>; every mark an element of class
// "mark <name>" (dead, dead_removed, refilled, dame_filled, negative_a, negative_b, basic_eye,
// overflow), so that programs and tests can read a picture back.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "jpd/count.hpp"
#include "jpd/text.hpp"

namespace jpd::svg {

struct Style {
  int cell = 34;             // pixels between lines
  bool coordinates = true;   // letters and numbers around the board
  bool legend = true;
  int min_width = 460;       // the picture is at least this wide (room for the caption)
};

// One picture of a count board.
struct Picture {
  const CountBoard* board = nullptr;
  std::string title;
  std::vector<std::string> caption;  // lines under the board (wrapped to the picture's width)
  std::vector<Point> dead;           // stones drawn as dead (still on the board: the pause)
  std::vector<Point> removed_black, removed_white;  // colour of the stones removed at dead_removed marks
  Lang lang = Lang::en;
  bool roads = false;  // 计活子 (living-stone counting): a negative-B point is a 路, not a 目
  // Stones drawn with a number: the finishing moves the program played to a record that stops
  // before its end (1 the first), where their stones stand.
  std::vector<std::pair<Point, int>> numbered;
  std::vector<Point> false_eyes;  // the Japanese picture: false eyes that must be filled
  // The Japanese picture: the dead stones are prisoners standing on their captor's territory
  // (tinted as it, the legend says "prisoner").
  bool dead_are_prisoners = false;
};
std::string board_svg(const Picture& p, const Style& s = {});

// The making of a count as pictures: one per step, named NN-<step id>.svg; under territory
// counting (counting = japanese) one more, NN-japanese.svg, the count as a Japanese player makes
// it: each side's territory marked (the points of dead stones included), dead stones shown as
// prisoners, seki, false eyes and dame left to nobody, the caption's territory + prisoners lines
// and the result. `finishing` (the moves played to finish a record that stops before its end,
// in order) are numbered in the picture of the pause and in the Japanese one.
struct StepPicture {
  std::string file_name;
  std::string id;
  std::string title;
  std::vector<std::string> caption;
  std::string svg;
};
std::vector<StepPicture> making_pictures(const Count& c, Lang l, const Style& s = {},
                                         const std::vector<Move>& finishing = {});

// The caption lines of a step (the counts it shows), in the language.
std::vector<std::string> step_caption(const Count& c, const MakingStep& st, Lang l);

// A page showing the pictures in order with their captions, the summary and the whole explanation.
std::string index_html(const Count& c, const std::vector<StepPicture>& pictures, Lang l,
                       std::string_view record_name);

// Text for XML: & < > " ' escaped.
std::string xml_escape(std::string_view s);

}  // namespace jpd::svg
