// A public header of core reaching up to count.
#pragma once
#include <cstdint>
#include "jpd/count.hpp"
