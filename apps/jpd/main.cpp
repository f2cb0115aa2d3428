// jpd: count, compare, replay and explain Go games under the Ji Ping Dian rules and the standard
// rule sets; also the GTP engine, batch counting and benchmarks.
#include <exception>
#include <iostream>
#include <string_view>

#include "commands.hpp"
#include "common.hpp"
#include "jpd/text.hpp"

namespace {

// The language of the error line: the command's --lang (zh or en), else the locale's.
jpd::Lang error_language(int argc, char** argv) {
  std::string_view lang;
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    if (a == "--lang" && i + 1 < argc) lang = argv[i + 1];
    else if (a.substr(0, 7) == "--lang=") lang = a.substr(7);
  }
  if (lang != "zh" && lang != "en") lang = "";
  return jpd::language(lang);
}

// A command's error line ("jpd: ...") in the language: the exception's message (MessageError:
// the library's, and jpd's own option errors), a usage error of CLI11's read into its message
// (usage_message: in English its own sentence, as CLI11 writes it), any other exception's what()
// as it is.
std::string error_line(const std::exception& e, jpd::Lang l, const CLI::App* app = nullptr) {
  const auto* cli = dynamic_cast<const CLI::Error*>(&e);
  const jpd::Message m = cli && !dynamic_cast<const jpd::MessageError*>(&e) && l != jpd::Lang::en
                             ? jpd::cli::usage_message(*cli, app)
                             : jpd::error_message(e);
  return jpd::tr(l, "error_line", {jpd::text(m, l)});
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"jpd - the Ji Ping Dian (计枰点) rules of Go: count, compare and explain games"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("jpd 0.1.0"));
  const jpd::Lang lang = error_language(argc, argv);
  // A usage error found while parsing: CLI11's own lines in English, the error line (its message
  // in Chinese) and the hint in Chinese.
  app.failure_message([lang](const CLI::App* a, const CLI::Error& e) {
    if (lang == jpd::Lang::en) return CLI::FailureMessage::simple(a, e);
    return error_line(e, lang, a) + "\n" + jpd::tr(lang, "usage.help") + "\n";
  });
  jpd::cli::Runner run;
  jpd::cli::add_score_command(app, run);
  jpd::cli::add_compare_command(app, run);
  jpd::cli::add_batch_command(app, run);
  jpd::cli::add_diagram_command(app, run);
  jpd::cli::add_replay_command(app, run);
  jpd::cli::add_rules_commands(app, run);
  jpd::cli::add_gtp_command(app, run);
  jpd::cli::add_match_command(app, run);
  jpd::cli::add_series_command(app, run);
  jpd::cli::add_bench_command(app, run);
  jpd::cli::add_stress_command(app, run);
  jpd::cli::add_corpus_command(app, run);
  jpd::cli::add_estimate_command(app, run);
  jpd::cli::add_dispute_command(app, run);
  jpd::cli::add_serve_command(app, run);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int rc = app.exit(e);
    return rc == 0 ? 0 : jpd::cli::kExitUsage;
  }
  try {
    return run ? run() : jpd::cli::kExitUsage;
  } catch (const CLI::Error& e) {  // an argument found bad once the command looked at it
    std::cerr << error_line(e, lang) << "\n";
    return jpd::cli::kExitUsage;
  } catch (const std::exception& e) {
    std::cerr << error_line(e, lang) << "\n";
    return jpd::cli::kExitFailure;
  }
}
