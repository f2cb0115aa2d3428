// Uses the installed jipingdian library: plays the worked check of the specification (SPEC §7)
// under tang-song and ming-qing, and counts an SGF record when one is given.
//   jpd-consumer [FILE.sgf [RULES]]
#include <iostream>
#include <string>

#include <jpd/score.hpp>

int main(int argc, char** argv) {
  int failures = 0;
  for (const char* rules : {"tang-song,komi=0.5", "ming-qing,komi=0.5"}) {
    jpd::Game game(jpd::parse_ruleset(rules), 5);
    for (const char* p : {"B3", "D3", "B2", "D2", "B4", "D4", "B1", "D1", "B5", "D5", "C3"})
      game.play(jpd::Move::play(game.to_move(), jpd::parse_point(p, 5, 5)));
    game.play(jpd::Move::virtual_move(jpd::Color::White));
    game.play(jpd::Move::virtual_move(jpd::Color::Black));
    const jpd::Count c = jpd::count(game, jpd::Statuses{});
    const std::string expected = game.rules().preset == "tang-song" ? "W+0.5" : "B+0.5";
    std::cout << rules << ": " << c.result << " (area " << c.area().black << " : " << c.area().white
              << ", territory " << c.territory().black << " : " << c.territory().white << ")\n";
    failures += c.result != expected || !c.all_invariants_hold;
  }
  if (argc > 1) {
    jpd::ScoreOptions options;
    if (argc > 2) options.rules = jpd::parse_rules_text(argv[2]);  // a rules text, read once
    const jpd::Scored s = jpd::score_record(jpd::sgf::read_record_file(argv[1]), options);
    std::cout << argv[1] << " under " << s.count.rules.to_string() << ": " << s.count.result << "\n";
    failures += !s.count.all_invariants_hold;
  }
  return failures == 0 ? 0 : 1;
}
