// Records as they come, through jpd itself: a GB2312 record, a Fox record, a resigned record, a
// file of two games, an OGS record under its server's convention (issue 19). Every record is
// written here; the charset test encodes its text with iconv at test time.
#include <gtest/gtest.h>

#include <algorithm>
#include <iconv.h>
#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <iterator>
#include <fstream>
#include <nlohmann/json.hpp>
#include <vector>
#include <string>

#include "cli_util.hpp"

using cli_run::Outcome;
using cli_run::temp_file;

namespace {

Outcome jpd(const std::string& args) { return cli_run::jpd(args); }

nlohmann::json json_of(const std::string& args) {
  const Outcome r = jpd(args + " 2>/dev/null");
  EXPECT_EQ(r.status, 0) << args << "\n" << r.out;
  try {
    return nlohmann::json::parse(r.out);
  } catch (const std::exception& e) {
    ADD_FAILURE() << args << ": " << e.what() << "\n" << r.out;
    return {};
  }
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::string in_gb2312(const std::string& utf8) {
  iconv_t cd = iconv_open("GB2312", "UTF-8");
  std::string out(utf8.size() * 2, '\0');
  char* in = const_cast<char*>(utf8.data());
  char* to = out.data();
  size_t in_left = utf8.size(), out_left = out.size();
  EXPECT_NE(iconv(cd, &in, &in_left, &to, &out_left), size_t(-1));
  iconv_close(cd);
  out.resize(out.size() - out_left);
  return out;
}

// The position of EyeReading.FalseEyeThatMustBeFilledIsNotTerritory as a record: Black's false
// eye C4 is territory only when eyes are not read (W+5.5 then, W+6.5 with the reading).
std::string false_eye_record(const std::string& info) {
  return "(;FF[4]GM[1]SZ[9:6]KM[6.5]RU[japanese]" + info +
         "AB[ab:ib][ac][bc][dc:ic][cd]AW[ad][bd][dd:id][ae:ie];B[];W[])";
}

}  // namespace

TEST(RecordsCli, Gb2312RecordComesOutAsUtf8InJsonAndCsv) {
  const std::string file = temp_file(
      "rec-gb2312.sgf", in_gb2312("(;FF[4]CA[gb2312]SZ[9]KM[7.5]RU[Chinese]PB[柯洁]PW[古力]RE[黑胜]"
                                  ";B[ee];W[cc];B[];W[])"));
  const auto j = json_of("score " + file + " --json --dead-from none");
  EXPECT_EQ(j["players"]["B"], "柯洁");
  EXPECT_EQ(j["record_result"], "黑胜");
  EXPECT_EQ(j["charset"], "GB18030");
  const std::string rows = testing::TempDir() + "rec-gb2312.csv";
  ASSERT_EQ(jpd("batch " + file + " --rules chinese --no-progress --dead-from none --out " + rows).status, 0);
  std::ifstream in(rows);
  const std::string csv((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_TRUE(has(csv, ",黑胜,")) << csv;
}

TEST(RecordsCli, FoxRecordIsCountedWithItsScaledKomiRead) {
  const std::string file =
      temp_file("rec-fox.sgf", "(;GM[1]FF[4]SZ[9]KM[375]HA[0]RU[Chinese]AP[GNU Go:3.8]AP[foxwq]"
                               ";B[ee];W[cc];B[gc];W[ge];B[];W[])");
  const auto j = json_of("score " + file + " --json --dead-from none");
  EXPECT_EQ(j["komi"], 7.5);
  ASSERT_EQ(j["conventions"].size(), 1u);
  EXPECT_EQ(j["conventions"][0]["id"], "fox");
  const auto raw = json_of("score " + file + " --json --dead-from none --no-server-conventions");
  EXPECT_EQ(raw["komi"], 375);
  EXPECT_TRUE(raw["conventions"].empty());
  // A komi the rules give themselves wins over the convention.
  EXPECT_EQ(json_of("score " + file + " --json --dead-from none --rules chinese,komi=5.5")["komi"], 5.5);
  const Outcome text = jpd("score " + file + " --dead-from none --lang en");
  EXPECT_TRUE(has(text.out, "a Fox record writes its komi scaled: KM[375] is komi 7.5")) << text.out;
  const Outcome zh = jpd("score " + file + " --dead-from none --lang zh");
  EXPECT_TRUE(has(zh.out, "野狐棋谱的贴目按比例书写：KM[375] 即贴 7.5 目")) << zh.out;
}

TEST(RecordsCli, ResignedRecordSaysItWasNotCounted) {
  const std::string file = temp_file("rec-resigned.sgf", "(;SZ[9]KM[7.5]RE[B+R];B[ee];W[cc];B[gc];W[ge])");
  const Outcome text = jpd("score " + file + " --dead-from none --lang en");
  EXPECT_EQ(text.status, 0) << text.out;
  EXPECT_TRUE(has(text.out, "warning: the record was not counted (resigned, RE[B+R])")) << text.out;
  EXPECT_TRUE(has(jpd("score " + file + " --dead-from none --lang zh").out, "注意：此局并非计点终局（中盘认输"));
  EXPECT_EQ(json_of("score " + file + " --json --dead-from none")["record_ended"], "resigned");
  const std::string unfinished = temp_file("rec-unfinished.sgf", "(;SZ[9]KM[7.5];B[ee];W[cc])");
  EXPECT_EQ(json_of("score " + unfinished + " --json --dead-from none")["record_ended"], "unfinished");
  const std::string on_time = temp_file("rec-time.sgf", "(;SZ[9]KM[7.5]RE[W+T];B[ee];W[cc])");
  EXPECT_EQ(json_of("score " + on_time + " --json --dead-from none")["record_ended"], "time");
  // batch reports them apart, out of the wins.
  const Outcome batch = jpd("batch " + file + " " + unfinished + " --rules chinese --no-progress "
                            "--dead-from none --lang en --out /dev/null");
  EXPECT_TRUE(has(batch.out, "Records not counted, left out of the wins and winner changes")) << batch.out;
  EXPECT_TRUE(has(batch.out, "resigned 1, stopped in the middle game 1")) << batch.out;
  EXPECT_TRUE(has(batch.out, "chinese  0 / 0 / 0")) << batch.out;
}

// estimate and diagram read one game of a file too, and say so; diagram warns of a record that
// was not counted (on standard error: its standard output is the pictures' paths).
TEST(RecordsCli, EstimateAndDiagramSayHowManyGamesAndDiagramWarnsOfAResignedRecord) {
  const std::string file = temp_file(
      "rec-two-est.sgf", "(;SZ[9]KM[7.5]RE[B+R];B[ee];W[cc])\n(;SZ[9]KM[0.5]RE[W+0.5];B[ee];W[cc])");
  const Outcome est = jpd("estimate " + file + " --game 2 --lang en");
  EXPECT_EQ(est.status, 0);
  EXPECT_TRUE(has(est.out, "the file holds 2 games: game 2 is read (--game N for another)"))
      << est.out;  // the estimate counts nothing
  const auto j = json_of("estimate " + file + " --json");
  EXPECT_EQ(j["game"], 1);
  EXPECT_EQ(j["games"], 2);
  const std::string dir = testing::TempDir() + "rec-two-est-diagram";
  const Outcome dia = jpd("diagram " + file + " --dead-from none --lang en --out " + dir);
  EXPECT_EQ(dia.status, 0);
  EXPECT_TRUE(has(dia.out, "the file holds 2 games: game 1")) << dia.out;
  EXPECT_TRUE(has(dia.out, "warning: the record was not counted (resigned, RE[B+R])")) << dia.out;
  const Outcome zh = jpd("diagram " + file + " --dead-from none --lang zh --game 2 --out " + dir);
  EXPECT_TRUE(has(zh.out, "文件中共有 2 局")) << zh.out;
  EXPECT_FALSE(has(zh.out, "注意")) << zh.out;  // the second game was counted
}

TEST(RecordsCli, FileOfTwoGamesIsCountedGameByGame) {
  const std::string file = temp_file(
      "rec-two.sgf", "(;SZ[9]KM[7.5]RE[B+2.5]PB[one];B[ee];W[cc];B[];W[])\n"
                     "(;SZ[9]KM[0.5]RE[W+0.5]PB[two];B[ee];W[cc];B[gg];W[];B[])");
  const Outcome first = jpd("score " + file + " --dead-from none --lang en");
  EXPECT_TRUE(has(first.out, "the file holds 2 games: game 1 is counted (--game N for another)")) << first.out;
  const auto second = json_of("score " + file + " --json --dead-from none --game 2");
  EXPECT_EQ(second["game"], 2);
  EXPECT_EQ(second["games"], 2);
  EXPECT_EQ(second["players"]["B"], "two");
  EXPECT_EQ(jpd("score " + file + " --game 3").status, 1);
  const std::string out = testing::TempDir() + "rec-two.jsonl";
  const Outcome batch = jpd("batch " + file + " --rules chinese --format jsonl --no-progress "
                            "--dead-from none --out " + out);
  ASSERT_EQ(batch.status, 0) << batch.out;
  EXPECT_TRUE(has(batch.out, "Batch: 2 games under 1 preset (2 rows)")) << batch.out;
  std::ifstream in(out);
  std::vector<nlohmann::json> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(nlohmann::json::parse(line));
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0]["game"], 1);
  EXPECT_EQ(lines[1]["game"], 2);
  EXPECT_EQ(lines[1]["record_result"], "W+0.5");
  const std::string dir = testing::TempDir() + "rec-two-dir";
  std::filesystem::create_directories(dir);
  std::filesystem::copy_file(file, dir + "/two.sgf", std::filesystem::copy_options::overwrite_existing);
  const auto corpus = json_of("corpus " + dir + " --json --dead-from none --no-progress");
  EXPECT_EQ(corpus["sources"][0]["games"].size(), 2u) << corpus.dump();
  EXPECT_EQ(corpus["sources"][0]["games"][1]["game"], 2);
}

TEST(RecordsCli, OgsRecordIsCountedAsOgsCountedBefore2024) {
  const std::string ogs = temp_file(
      "rec-ogs.sgf", false_eye_record("PC[OGS: http://online-go.com/game/1]DT[2014-05-11]"));
  const auto j = json_of("score " + ogs + " --json --dead-from none");
  EXPECT_EQ(j["result"], "W+5.5");  // the false eye C4 counted, as OGS counted it
  ASSERT_EQ(j["conventions"].size(), 1u);
  EXPECT_EQ(j["conventions"][0]["id"], "ogs");
  EXPECT_EQ(json_of("score " + ogs + " --json --dead-from none --no-server-conventions")["result"], "W+6.5");
  EXPECT_EQ(json_of("score " + ogs + " --json --dead-from none --rules japanese,eye_reading=japanese")["result"],
            "W+6.5");
  const std::string later = temp_file(
      "rec-ogs-2024.sgf", false_eye_record("PC[OGS: http://online-go.com/game/2]DT[2024-03-01]"));
  const auto k = json_of("score " + later + " --json --dead-from none");
  EXPECT_EQ(k["result"], "W+6.5");
  EXPECT_TRUE(k["conventions"].empty());
}

// A Black unit whose only eye is A3 shares the liberties A1 and C1 with White's B1-B2, which has
// none: a seki as the units of SPEC §7 see it. OGS counted the empty points each side surrounds,
// seki or not (A3 is Black's); Japanese counting gives no territory in seki.
std::string seki_eye_record(const std::string& root_extra) {
  return "(;SZ[7]KM[0]RU[Japanese]" + root_extra +
         "AB[ad][bd][cd][dd][be][ce][de][cf][df][dg][af]AW[ac][bc][cc][dc][ec][ed][ee][ef][eg][bf][bg]"
         ";B[];W[])";
}

TEST(RecordsCli, SekiTerritoryOwnedUnderJapaneseCountingCountsTheEyeOfAUnitInSeki) {
  const std::string file = temp_file("rec-seki-eye.sgf", seki_eye_record(""));
  auto japanese_of = [&](const std::string& rules) {
    const auto j = json_of("score " + file + " --json --dead-from none --rules " + rules);
    return std::pair{j["japanese"]["B"].get<double>(), j["result"].get<std::string>()};
  };
  EXPECT_EQ(japanese_of("japanese,eye_reading=none"), std::pair(0.0, std::string("W+24")));
  EXPECT_EQ(japanese_of("japanese,eye_reading=none,seki_territory=owned"), std::pair(1.0, std::string("W+23")));
  // The eye reading finds no territory in seki whatever the option says; and the Japanese view
  // other rule sets report keeps none in seki (tang-song owns seki eyes in its own count).
  EXPECT_EQ(japanese_of("japanese,seki_territory=owned").first, 0.0);
  EXPECT_EQ(japanese_of("tang-song").first, 0.0);
  // An OGS record from before 2024 is counted as OGS counted it: A3 is Black's.
  const std::string ogs = temp_file("rec-seki-eye-ogs.sgf",
                                    seki_eye_record("PC[OGS: http://online-go.com/game/4]DT[2014-05-11]"));
  EXPECT_EQ(json_of("score " + ogs + " --json --dead-from none")["result"], "W+23");
  EXPECT_EQ(json_of("score " + ogs + " --json --dead-from none --no-server-conventions")["result"], "W+24");
}

TEST(RecordsCli, OgsPlayResumedAfterTwoPassesIsPlayCountedWhereItEnds) {
  // On OGS a stone removal that is not accepted resumes the game: the moves after two passes are
  // play. Here White throws a stone into Black's side, Black takes it with two stones of its own
  // territory (one prisoner, two points filled): W+1.5 counted where the game ends, as OGS did;
  // the japanese preset's confirmation play counts the position of the first two passes (W+0.5).
  const std::string ogs = temp_file(
      "rec-ogs-resume.sgf",
      "(;GM[1]FF[4]SZ[5]KM[0.5]RU[Japanese]PC[OGS: http://online-go.com/game/3]DT[2015-01-01]"
      ";B[bc];W[dc];B[bd];W[dd];B[bb];W[db];B[be];W[de];B[ba];W[da];B[cc];W[];B[]"
      ";W[ac];B[ab];W[];B[ad];W[];B[])");
  EXPECT_EQ(json_of("score " + ogs + " --json --dead-from none")["result"], "W+1.5");
  EXPECT_EQ(json_of("score " + ogs + " --json --dead-from none --no-server-conventions")["result"],
            "W+0.5");
}

// A manifest that names its records by source_path, relative to a root given apart (as the one of
// ../shared/corpus/pro19 names them in a public snapshot), each under its family's rules: Ing is
// `ing` (integer komi 8, fill-up counting), not japanese with komi 8.
TEST(RecordsCli, CorpusReadsSourcePathsUnderARootWithEachFamilysRules) {
  namespace fs = std::filesystem;
  const fs::path root = fs::path(testing::TempDir()) / "rec-root";
  fs::create_directories(root / "public/games/Ing");
  // The 5x5 game of SPEC §7's worked check: area 13 : 12, so W+7 with komi 8 under Ing.
  std::ofstream(root / "public/games/Ing/1.sgf")
      << "(;SZ[5]KM[8];B[bc];W[dc];B[bb];W[db];B[bd];W[dd];B[ba];W[da];B[be];W[de];B[cc];W[];B[])";
  const fs::path dir = fs::path(testing::TempDir()) / "rec-manifest";
  fs::create_directories(dir);
  std::ofstream(dir / "MANIFEST.tsv") << "source_path\trules\trules_source\tkomi\tresult\n"
                                         "public/games/Ing/1.sgf\tIng\ttest\t8\tW+7\n"
                                         "public/games/Ing/none.sgf\tIng\ttest\t8\tW+7\n";
  const auto j = json_of("corpus " + (dir / "MANIFEST.tsv").string() + " --root " + root.string() +
                         " --json --dead-from none --no-progress");
  const auto& games = j["sources"][0]["games"];
  ASSERT_EQ(games.size(), 2u) << j.dump();
  EXPECT_EQ(games[0]["family"], "ing");
  EXPECT_EQ(games[0]["rules"], "ing,komi=8");
  EXPECT_EQ(games[0]["outcome"], "exact") << games[0].dump();
  EXPECT_EQ(games[1]["outcome"], "error");
  EXPECT_TRUE(has(games[1]["detail"], (root / "public/games/Ing/none.sgf").string())) << games[1].dump();
  // Without --root the paths start from the manifest's folder.
  const auto k = json_of("corpus " + (dir / "MANIFEST.tsv").string() + " --json --dead-from none --no-progress");
  EXPECT_EQ(k["sources"][0]["games"][0]["outcome"], "error");
}

// jpd corpus reports the CPU time of every game (the thread's, so other work on the machine does
// not count) and, for each family, the median and the worst: the speed goals of counting a
// record are stated that way.
TEST(RecordsCli, CorpusReportsTheCpuTimeOfEveryGameWithMedianAndWorst) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(testing::TempDir()) / "rec-cpu";
  fs::create_directories(dir);
  for (const char* name : {"a.sgf", "b.sgf", "c.sgf"})
    std::ofstream(dir / name)
        << "(;SZ[5]KM[8]RE[W+7]RU[Chinese];B[bc];W[dc];B[bb];W[db];B[bd];W[dd];B[ba];W[da];B[be];W[de];B[cc];W[];B[])";
  const auto j = json_of("corpus " + dir.string() + " --json --dead-from none --no-progress");
  const auto& games = j["sources"][0]["games"];
  ASSERT_EQ(games.size(), 3u) << j.dump();
  std::vector<double> cpu;
  for (const auto& g : games) {
    ASSERT_TRUE(g.contains("cpu_ms")) << g.dump();
    cpu.push_back(g["cpu_ms"].get<double>());
    EXPECT_GE(cpu.back(), 0.0);
  }
  std::sort(cpu.begin(), cpu.end());
  const auto& all = j["sources"][0]["families"]["all"];
  EXPECT_DOUBLE_EQ(all["cpu_ms_median"].get<double>(), cpu[1]) << all.dump();
  EXPECT_DOUBLE_EQ(all["cpu_ms_max"].get<double>(), cpu[2]) << all.dump();
  const Outcome table = jpd("corpus " + dir.string() + " --dead-from none --no-progress");
  EXPECT_TRUE(has(table.out, "cpu med")) << table.out;
  EXPECT_TRUE(has(table.out, "cpu max")) << table.out;
}

// jpd corpus shows the progress bar of jpd batch on stderr (a terminal, or --progress): records
// done of all, games a second, time left; --no-progress and a stderr that is not a terminal get
// none. The table on stdout is the same either way.
TEST(RecordsCli, CorpusShowsAProgressBarLikeBatch) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(testing::TempDir()) / "rec-corpus-progress";
  fs::create_directories(dir);
  for (const char* name : {"a.sgf", "b.sgf", "c.sgf"})
    std::ofstream(dir / name) << "(;SZ[5]KM[0.5]RE[B+24.5];B[cc];W[];B[])";
  // What the command writes to stderr alone (cli_run::jpd joins the two streams).
  auto stderr_of = [&](const std::string& options) {
    const std::string err = (dir / "stderr.txt").string();
    const int status = std::system((std::string(JPD_BINARY) + " corpus " + dir.string() +
                                    " --dead-from none" + options + " 2>" + err + " >/dev/null").c_str());
    EXPECT_EQ(status, 0) << options;
    std::ifstream in(err);
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  const std::string bar = stderr_of(" --progress");
  EXPECT_TRUE(has(bar, "[############################] 100% 3/3 games")) << bar;
  EXPECT_TRUE(has(bar, "ETA")) << bar;
  for (const char* quiet : {" --no-progress", ""})  // "": stderr is a file here, not a terminal
    EXPECT_FALSE(has(stderr_of(quiet), "games")) << quiet;
  const Outcome table = jpd("corpus " + dir.string() + " --dead-from none --progress 2>/dev/null");
  EXPECT_TRUE(has(table.out, "3 records")) << table.out;
}

// A manifest is read as a record is: a FIFO or a directory named as one is refused at once.
TEST(RecordsCli, CorpusRefusesAManifestThatIsNotARegularFile) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(testing::TempDir()) / "rec-corpus-fifo";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string fifo = (dir / "MANIFEST.tsv").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const Outcome r = jpd("corpus " + fifo + " --no-progress");
  EXPECT_NE(r.status, 0) << r.out;
  EXPECT_TRUE(has(r.out, fifo + ": is a FIFO (named pipe), not a regular file")) << r.out;
}

// The professional 19x19 manifest read from a copy of its snapshot, when this machine has one.
TEST(RecordsCli, Pro19ManifestIsReadFromItsSnapshotUnderRoot) {
  const std::string manifest = std::string(JPD_SHARED_DIR) + "/corpus/pro19/MANIFEST.tsv";
  const std::string root = std::string(JPD_SOURCE_DIR) + "/../pro19";
  if (!std::filesystem::exists(manifest) || !std::filesystem::is_directory(root + "/public/games"))
    GTEST_SKIP() << "no pro19 manifest at " << manifest << " or no copy of its records in " << root;
  const auto j = json_of("corpus " + manifest + " --root " + root +
                         " --match public/games/Ing/ --limit 3 --json --dead-from none --no-progress");
  const auto& games = j["sources"][0]["games"];
  ASSERT_EQ(games.size(), 3u);
  for (const auto& g : games) {
    EXPECT_NE(g["outcome"], "error") << g.dump();
    EXPECT_EQ(g["rules"].get<std::string>().rfind("ing,komi=", 0), 0u) << g.dump();
  }
}
