#include "commands.hpp"

namespace jpd::cli {
void add_bench_command(CLI::App&, Runner&) {}  // lands with the playout engine
}  // namespace jpd::cli
