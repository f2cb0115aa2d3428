// The extension module jipingdian._jipingdian. The public package is jipingdian (__init__.py),
// which re-exports what is bound here and defines the exception classes.
#include "bindings.hpp"

PYBIND11_MODULE(_jipingdian, m) {
  m.doc() =
      "The Ji Ping Dian (计枰点) rules of Go: boards, rule sets, the referee, counting and SGF "
      "(C++ core of the jipingdian package; import jipingdian instead).";
  using namespace jpd::py;
  bind_errors(m);
  bind_point(m);
  bind_board(m);
  bind_rules(m);
  bind_game(m);
  bind_sgf(m);
  bind_count(m);
  bind_score(m);
  bind_estimate(m);
}
