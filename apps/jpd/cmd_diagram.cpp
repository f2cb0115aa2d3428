// jpd diagram FILE.sgf [--rules P] [--out DIR] [--lang zh|en] [--dead ...]
// SVG pictures of the position at the pause and of every making step (and of the Japanese count
// under territory counting), the finishing moves numbered, and an index.html.
#include <filesystem>
#include <fstream>
#include <iostream>

#include "commands.hpp"
#include "common.hpp"
#include "jpd/score.hpp"
#include "jpd/svg.hpp"

namespace jpd::cli {

namespace {

void write_file(const std::filesystem::path& p, const std::string& text) {
  std::ofstream out(p, std::ios::binary);
  out << text;
  if (!out) throw CommandError(Message("error.cmd.cannot_write", {p.string()}));
}

// The moves the count played to finish a record that stops before its end (score_record): those
// of its game beyond the record's own replay.
std::vector<Move> finishing_moves(const sgf::Record& rec, const ScoreOptions& o, const Scored& s) {
  const std::vector<PlayedMove>& all = s.replay.game.moves();
  if (!s.replay.stopped_without_pause && all.empty()) return {};
  const size_t own = replay(rec, s.replay.rules, o.replay).game.moves().size();
  std::vector<Move> out;
  for (size_t k = own; k < all.size(); ++k) out.push_back(all[k].move);
  return out;
}

}  // namespace

void add_diagram_command(CLI::App& app, Runner& run) {
  auto* cmd = app.add_subcommand(
      "diagram",
      "SVG pictures of the final position, of every making step and (territory counting) of the "
      "Japanese count, with an index.html");
  static std::string file, rules, out_dir, dead, dead_from = "auto", lang;
  static std::vector<std::string> claims;
  static int cell = 34;
  static RecordArgs record;
  cmd->add_option("file", file, "SGF game record")->required();
  add_record_options(cmd, record);
  cmd->add_option("--rules", rules,
                  std::string("PRESET[,key=value...] (default: the record's RU when it names a "
                              "preset or a standard rule set, else ") +
                      kDefaultPreset + ")");
  cmd->add_option("--out,-o", out_dir, "directory for the pictures (default: <record name>-diagram)");
  cmd->add_option("--lang", lang, "language of the captions: zh or en (default: from the locale)")
      ->check(CLI::IsMember({"zh", "en"}));
  cmd->add_option("--dead", dead, "dead stones: comma-separated points, GTP (A1 bottom-left) or SGF (aa)");
  cmd->add_option("--claim", claims, "a claimed point COLOR:POINT; repeatable")->allow_extra_args(false);
  cmd->add_option("--dead-from", dead_from,
                  "where dead stones come from when --dead is not given: auto, sgf, none, estimate, "
                  "gtp:\"COMMAND\"");
  cmd->add_option("--cell", cell, "pixels between two lines of the board")->check(CLI::Range(12, 120));
  cmd->callback([&run] {
    run = [] {
      namespace fs = std::filesystem;
      sgf::Record rec = load_record(file, record);
      ScoreOptions o;
      apply_record_args(record, o);
      try {
        if (!dead.empty()) o.dead = parse_point_list(dead, rec.width, rec.height);
        for (auto& c : claims) o.claims.push_back(parse_claim(c, rec.width, rec.height));
      } catch (const PointError& e) {
        throw OptionError(dead.empty() ? "--claim" : "--dead", e);
      }
      set_dead_from_option(o, dead_from);
      if (!rules.empty()) o.rules = read_rules(rules);
      Scored s = score_record(rec, o);
      const Lang l = language(lang);
      // The pictures' paths go to standard output; what the reader of a record must know of it
      // (another game of the file, a record that was not counted) to standard error.
      for (const std::string& line : {games_line(rec, l), record_end_warning(s.facts, l)})
        if (!line.empty()) std::cerr << line << "\n";
      const std::string stem = fs::path(file).stem().string();
      const fs::path dir = out_dir.empty() ? fs::path(stem + "-diagram") : fs::path(out_dir);
      fs::create_directories(dir);
      svg::Style style;
      style.cell = cell;
      std::vector<svg::StepPicture> pics =
          svg::making_pictures(s.count, l, style, finishing_moves(rec, o, s));
      for (const svg::StepPicture& p : pics) {
        write_file(dir / p.file_name, p.svg);
        std::cout << (dir / p.file_name).string() << "\n";
      }
      write_file(dir / "index.html", svg::index_html(s.count, pics, l, fs::path(file).filename().string()));
      std::cout << (dir / "index.html").string() << "\n";
      return c_ok(s.count);
    };
  });
}

}  // namespace jpd::cli
