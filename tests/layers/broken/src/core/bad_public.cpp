// core reaches up to report.
#include "jpd/board.hpp"
#include "jpd/text.hpp"
