// rules reaches up to a private header of count.
#include "jpd/rules.hpp"
#include "strings.hpp"
#include "faults.hpp"
