// The parts of the Python module _jipingdian, one file per room of the library. Each bind_*
// function adds its classes and functions to the module; module.cpp calls them in order (a class
// is bound before the functions that take or return it).
#pragma once

#include <pybind11/pybind11.h>

namespace jpd::py {

namespace pyb = pybind11;

void bind_errors(pyb::module_& m);    // errors.cpp: C++ exceptions -> jipingdian._errors classes
void bind_point(pyb::module_& m);     // Color, Point, coordinate text
void bind_board(pyb::module_& m);     // Board
void bind_rules(pyb::module_& m);     // Ruleset, presets, fields
void bind_game(pyb::module_& m);      // Move, Game (the referee)
void bind_sgf(pyb::module_& m);       // Record, SGF reading and writing, replay
void bind_count(pyb::module_& m);     // Count and its parts, count()
void bind_score(pyb::module_& m);     // score(), score_sgf() (the command line's report)
void bind_estimate(pyb::module_& m);  // the estimator's place (not in the library yet)

}  // namespace jpd::py
