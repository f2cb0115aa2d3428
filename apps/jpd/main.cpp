#include <iostream>
#include "jpd/game.hpp"
int main() {
  jpd::Game g(jpd::parse_ruleset("tang-song"), 9);
  std::cout << g.board().to_string();
}
