#include "commands.hpp"

namespace jpd::cli {
void add_replay_command(CLI::App&, Runner&) {}  // lands with the SGF reader
}  // namespace jpd::cli
