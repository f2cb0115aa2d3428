// Errors: the library's exceptions become the Python classes of jipingdian._errors (a hierarchy
// under jipingdian.Error), carrying the library's messages and positions.
#pragma once

#include <exception>
#include <string>

#include "jpd/game.hpp"

namespace jpd::py {

// Thrown by the bindings when the referee refuses a move (Game::play returns a Verdict in C++;
// Python gets jipingdian.IllegalMove with the reason and the referee's sentence).
struct IllegalMoveError : std::exception {
  Illegal reason;
  std::string message;
  std::string move;  // the move as text, e.g. "B D4"
  IllegalMoveError(Illegal reason_, std::string message_, std::string move_)
      : reason(reason_), message(std::move(message_)), move(std::move(move_)) {}
  const char* what() const noexcept override { return message.c_str(); }
};

}  // namespace jpd::py
