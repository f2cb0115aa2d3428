// Downward only: no error.
#include <string>
#include "jpd/count.hpp"
#include "jpd/text.hpp"
#include "faults.hpp"
#include "strings.hpp"
