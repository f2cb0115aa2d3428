#pragma once
#include "jpd/count.hpp"
