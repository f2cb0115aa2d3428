// The place of the estimator (SPEC §8 (b): Benson's unconditional life, playout ownership, seki
// recognition, claim suggestions, with how sure it is).
//
// The library has no estimator yet. When it does (include/jpd/estimate.hpp), bind it here as
// _jipingdian.estimate(game, ...) returning its statuses (dead stones, claims, uncertain chains);
// jipingdian.estimate (python/jipingdian/_estimate.py) forwards to it as soon as it exists, and
// score(..., dead_from="estimate") uses it through the library's status provider without any
// change here. Until then nothing is bound: jipingdian.estimate raises NotImplementedError and
// dead_from="estimate" raises CountError ("not available in this build"), as `jpd score` does.
#include "bindings.hpp"

namespace jpd::py {

void bind_estimate(pyb::module_&) {}

}  // namespace jpd::py
