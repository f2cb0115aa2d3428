// The table of every text a person reads, in English and in Chinese, and the helpers around it.
// The Chinese uses the seeds' own words: 实着 (real move), 虚着 (virtual move), 负着 (negative move),
// 收后 (last move), 休止 (pause), 做棋 (making), 回填 (refill), 等子局面 (equal stones), 目 (an
// empty point owned in the equal-stones position), 空 (surrounded empty points before it), 公气
// (public liberty), 单官 (dame), 公空 (shared points: both), 子空合计 (area), 归本数, 计活子, 数路,
// 还棋头, 填满计点.
#include "jpd/text.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <unordered_map>

namespace jpd {

namespace {

// id, English, Chinese. Ids: "<room>.<name>"; "note.*" are the English sentences the library writes
// (count, replay) as patterns, "word.*" the words that fill their placeholders.
constexpr TextEntry kTable[] = {
    // Colours and sides.
    {"colour.B", "Black", "黑"},
    {"colour.W", "White", "白"},
    {"side.B", "Black", "黑方"},
    {"side.W", "White", "白方"},

    // Results.
    {"result.wins", "{2} ({0} wins by {1} points)", "{0}胜 {1} 点（{2}）"},
    {"result.wins_one", "{1} ({0} wins by 1 point)", "{0}胜 1 点（{1}）"},
    {"result.wins_half", "{1} ({0} wins by half a point)", "{0}胜半点（{1}）"},
    {"result.resigned", "{1} ({0} wins by resignation)", "{0}中盘胜（对方认输，{1}）"},
    {"result.forfeit", "{1} ({0} wins by forfeit)", "{0}判胜（对方犯规，{1}）"},
    {"result.time", "{1} ({0} wins on time)", "{0}胜（对方超时，{1}）"},
    {"result.draw", "0 (draw)", "和棋（0）"},
    {"result.void", "Void (no result)", "无胜负（Void）"},

    // The presets' titles (rules.hpp: presets()), by the preset's name.
    {"preset.tang-song", "Ji Ping Dian, Tang-Song version", "计枰点全兼容围棋规则 唐宋版"},
    {"preset.ming-qing", "Ji Ping Dian, Ming-Qing version", "计枰点全兼容围棋规则 明清版"},
    {"preset.sci-1-1", "Scientific territory counting 1-1 (pass, art)", "科学计目制 1-1 无虚着可放弃 艺术版"},
    {"preset.sci-1-2", "Scientific territory counting 1-2 (pass, law)", "科学计目制 1-2 无虚着可放弃 律法版"},
    {"preset.sci-2-1", "Scientific territory counting 2-1 (pass and virtual, art)",
     "科学计目制 2-1 可虚着可放弃 艺术版"},
    {"preset.sci-2-2", "Scientific territory counting 2-2 (pass and virtual, law)",
     "科学计目制 2-2 可虚着可放弃 律法版"},
    {"preset.sci-3-1", "Scientific territory counting 3-1 (virtual, no pass, art)",
     "科学计目制 3-1 不准放弃可下虚着 艺术版"},
    {"preset.sci-3-2", "Scientific territory counting 3-2 (virtual, no pass, law)",
     "科学计目制 3-2 不准放弃可下虚着 律法版"},
    {"preset.sci-4-1", "Scientific territory counting 4-1 (generalized equal stones, art)",
     "科学计目制 4-1 广义等子比目法 艺术版"},
    {"preset.sci-4-2", "Scientific territory counting 4-2 (generalized equal stones, law)",
     "科学计目制 4-2 广义等子比目法 律法版"},
    {"preset.art-great", "Ji Ping Dian great rule, art version (2007 Christmas)",
     "计枰点围棋大规则 艺术版分规则"},
    {"preset.living-a", "Counting living stones, version A", "计活子围棋规则 A版"},
    {"preset.living-b", "Counting living stones, version B", "计活子围棋规则 B版"},
    {"preset.living-a-1v", "Counting living stones, version A with the first-virtual boundary",
     "计活子围棋规则 A版 一虚为界"},
    {"preset.chinese", "Chinese rules (area counting)", "中国规则 数子法"},
    {"preset.chinese-2008", "WMSG 2008 rules (black pays 1 when black plays last)",
     "2008世界智运会围棋规则 黑收后贴1点"},
    {"preset.japanese", "Japanese rules (territory and prisoners)", "日本规则 数目法"},
    {"preset.korean", "Korean rules (territory and prisoners)", "韩国规则 数目法"},
    {"preset.aga", "AGA rules (pass stones, white passes last)", "美国围棋协会规则"},
    {"preset.ing", "Ing rules (fill-up counting)", "应氏规则 填满计点"},
    {"preset.new-zealand", "New Zealand rules", "新西兰规则"},
    {"preset.tromp-taylor", "Tromp-Taylor rules", "Tromp-Taylor规则"},
    {"preset.ancient", "Ancient Chinese counting (group tax 还棋头)", "古代数子法 还棋头"},

    // Counting methods.
    {"method.area", "area (子空合计)", "子空合计（数子法）"},
    {"method.territory_refill", "territory by refill (等子比空)", "等子比空（回填计目）"},
    {"method.territory_generalized", "generalized equal stones (广义等子比目)", "广义等子比目"},
    {"method.fill_up", "fill-up (填满计点, Ing)", "填满计点（应氏）"},
    {"method.living_stones", "living stones (计活子, 数路)", "计活子（数路）"},
    {"method.japanese", "Japanese (territory + prisoners)", "日本数目法（目 + 俘虏）"},
    {"method.aga", "AGA (area, pass stones)", "美国规则（数子，放弃交子）"},
    {"method_short.area", "area", "子空合计"},
    {"method_short.territory_refill", "territory", "等子比空"},
    {"method_short.territory_generalized", "generalized", "广义等子"},
    {"method_short.fill_up", "fill-up", "填满计点"},
    {"method_short.living_stones", "living stones", "计活子"},
    {"method_short.japanese", "Japanese", "日本数目"},
    {"method_short.aga", "AGA", "美国规则"},

    // The views of a count (the table of count.cpp, view_specs()), as the page's table names them.
    {"view.area", "area", "子空合计"},
    {"view.territory", "territory", "等子比空"},
    {"view.fill_up", "fill-up", "填满计点"},
    {"view.living_stones", "living stones", "计活子"},
    {"view.japanese", "Japanese", "日本数目"},
    {"view.haiqitou", "还棋头", "还棋头"},
    {"view.ancient", "ancient (area less a tax per group)", "古法（子空减棋头税）"},

    // Where the dead stones came from.
    {"source.none", "none", "无"},
    {"source.given", "given", "指定"},
    {"source.sgf", "the record's markup", "棋谱标记"},
    {"source.estimate", "the built-in estimator", "内置形势判断"},
    {"source.gtp", "an engine (GTP)", "外部引擎（GTP）"},
    {"source.dispute", "dispute play", "实战解决"},
    // ... and in more detail (Statuses::source_detail).
    {"statuses.dispute", "dispute play, Black: {0}; White: {1}; {2} moves", "实战解决，黑方：{0}；白方：{1}；{2} 手"},
    {"statuses.estimator_failed", "{0} (the estimator failed: {1})", "{0}（形势判断失败：{1}）"},
    {"statuses.neither", "neither the estimator nor GNU Go: {0}; {1}", "形势判断与 GNU Go 均不可用：{0}；{1}"},

    // Marks of the making, point classes.
    {"mark.dead_removed", "dead stone removed", "提走的死子"},
    {"mark.dame_filled", "dame filled", "填上的单官"},
    {"mark.refilled", "refilled (回填)", "回填之子"},
    {"mark.negative_a", "negative-A (taken off at the boundary, the point shared)",
     "A类负着（交界处取下一子，该点为公气）"},
    {"mark.negative_b", "negative-B (taken off inside its own land, the point its own)",
     "B类负着（己方地内取下一子，该点成为己方的目）"},
    {"mark.negative_b_road", "negative-B (taken off inside its own land, the point its own 路)",
     "B类负着（己方地内取下一子，该点成为己方的一路）"},
    {"mark.basic_eye", "basic eye point (基本眼位)", "基本眼位"},
    {"mark.filled", "filled", "填入之子"},
    {"mark.overflow", "taken off for an overflow", "溢出时取下之子"},
    {"class.black_stone", "Black stone", "黑子"},
    {"class.white_stone", "White stone", "白子"},
    {"class.black_territory", "Black's point", "黑空"},
    {"class.white_territory", "White's point", "白空"},
    {"class.public_liberty", "public liberty (公气), shared", "公气（双方均分）"},
    {"class.dame", "dame (单官), shared", "单官（双方均分）"},
    {"class.seki_eye_shared", "eye in seki, shared", "双活眼位（双方均分）"},

    // The invariants of SPEC §7.
    {"inv.area_total", "areas add up to the board", "双方子空合计之和等于全盘点数"},
    {"inv.stones_accounted_B", "every black stone accounted for (S = L + C + D + V)",
     "黑子去向相符 S = L + C + D + V"},
    {"inv.stones_accounted_W", "every white stone accounted for (S = L + C + D + V)",
     "白子去向相符 S = L + C + D + V"},
    {"inv.refill_identity", "refill identity", "回填恒等式"},
    {"inv.equal_stones", "equal stones", "等子"},
    {"inv.territory_equals_area_minus_pay", "territory difference = area difference - payment",
     "目差 = 点差 − 补偿"},
    {"inv.area_from_territory_B", "Black's area from territory: t + k + q'/2",
     "由目还原黑方地域 t + k + q'/2"},
    {"inv.area_from_territory_W", "White's area from territory: t + k + q'/2",
     "由目还原白方地域 t + k + q'/2"},
    {"inv.fill_up_equals_area", "fill-up = area", "填满计点 = 子空合计"},
    {"inv.living_identity", "living stones identity", "计活子恒等式"},
    {"inv.haiqitou_groups", "还棋头 groups = units with eye space or in seki", "还棋头的棋块 = 有眼位或双活的活棋单元"},
    {"inv.haiqitou_equals_living_stones", "还棋头 = living stones", "还棋头 = 计活子"},
    {"inv.ok", "ok", "成立"},
    {"inv.failed", "FAILED", "不成立"},
    {"inv.all_hold", "all hold", "全部成立"},

    // summary(), explain().
    {"summary.rules", "Rules {0} ({1}); {2} plays first and gives komi {3}.",
     "规则：{1}（{0}）；{2}先，贴 {3} 点。"},
    {"summary.result", "Result: {0}.", "结果：{0}。"},
    {"summary.primary", "Counting: {0}; first player minus second {1}, after komi {2}.",
     "计法：{0}；先方与后方之差 {1} 点，扣除贴点后 {2} 点。"},
    {"explain.statuses", "Dead stones: {0}{1}; dead black {2}, dead white {3}",
     "死子：{0}{1}；黑死子 {2} 枚，白死子 {3} 枚"},
    {"explain.claims", "; claims {0}", "；主张 {0}"},
    {"explain.uncertain", "uncertain: {0} alive {1}% ({2})", "未定：{0} 活棋概率 {1}%（{2}）"},
    {"explain.moves", "Moves (B : W): real {0} : {1}, virtual {2} : {3}, passes {4} : {5}; last real move (收后): {6}; first virtual move: {7}",
     "着数（黑 : 白）：实着 {0} : {1}，虚着 {2} : {3}，放弃 {4} : {5}；收后方：{6}；先下虚着：{7}"},
    {"explain.making", "The making (做棋), step by step", "做棋，逐步"},
    {"explain.legend",
     "legend: X O stones, x o the empty points each side surrounds, . shared points (公气 public "
     "liberties, 单官 dame)",
     "图例：X O 为黑、白棋子，x o 为黑、白各自围住的空点，. 为公空（公气与单官）"},
    {"explain.on_board", "on the board: Black {0}, White {1} stones; owned points {2} : {3}; shared {4}",
     "盘上：黑子 {0}，白子 {1}；黑空 {2}，白空 {3}；公空 {4}"},
    {"explain.views", "The views", "各种计法（殊途同归）"},
    {"explain.area", "Area, 子空合计: A = L + T + q/2 (stones + owned points + half the shared)",
     "子空合计（数子法）：A = L + T + q/2（活子 + 围空 + 公空之半）"},
    {"explain.return_number", "归本数 (first player's return number): ", "归本数（先方）："},
    {"explain.return_number_second", "归本数 (second player's return number): ", "归本数（后方）："},
    {"explain.territory",
     "Territory by refill, 等子比空: t = T - (C + D + V) (owned points minus the refilled "
     "prisoners, dead and virtual stones)",
     "等子比空（回填计目）：t = T − (C + D + V)（围空 − 回填的提子、死子与虚着之子）"},
    {"explain.placed", ", stones placed S = {0}", "，着子 S = {0}"},
    {"explain.payment", "payment: ", "补偿："},
    {"explain.equal", "equal stones: k = {0} each; territory {1} : {2}",
     "等子局面：每方 k = {0} 子，目 {1} : {2}"},
    {"explain.fill_up", "Fill-up, 填满计点: {0} : {1}", "填满计点：{0} : {1}"},
    {"explain.living", "Living stones, 计活子/数路: P = A - eyes - p/2",
     "计活子（数路）：P = A − 基本眼位 − p/2"},
    {"explain.units", " (units {0}, in seki {1})", "（活棋 {0} 块，其中双活 {1} 块）"},
    {"explain.haiqitou", "还棋头 (return a stone per extra group): {0} : {1} (groups {2} : {3})",
     "还棋头：{0} : {1}（棋头 {2} : {3}）"},
    {"explain.japanese", "Japanese (territory + prisoners): {0} : {1}", "日本数目法（目 + 俘虏）：{0} : {1}"},
    {"explain.view", "{0}: {1} : {2}", "{0}：{1} : {2}"},  // a view without formulas of its own
    {"explain.invariants", "Invariants", "恒等式检验"},
    {"explain.result", "Result: {0}", "结果：{0}"},
    {"explain.none", "none", "无"},

    // jpd score (the short report).
    {"score.figures", "area {0} : {1}; territory {2} : {3}; living stones {4} : {5}; Japanese {6} : {7}",
     "子空合计 {0} : {1}；等子比空（目）{2} : {3}；计活子 {4} : {5}；日本数目 {6} : {7}"},
    {"score.statuses", "dead stones from {0}: {1}; invariants {2}", "死子来源：{0}，{1} 枚；恒等式{2}"},

    // jpd compare.
    {"compare.head", "{0}: {1}x{2}{3}{4}; dead stones: {5}", "{0}：{1}×{2}{3}{4}；死子：{5}"},
    {"compare.komi", ", KM {0}", "，贴 {0}"},
    {"compare.record_result", ", RE {0}", "，棋谱结果 {0}"},
    {"compare.statuses", "{0}, {1} dead", "{0}，{1} 枚死子"},
    {"compare.col.preset", "preset", "规则"},
    {"compare.col.komi", "komi", "贴点"},
    {"compare.col.result", "result", "结果"},
    {"compare.col.method", "method", "计法"},
    {"compare.col.figures", "B : W", "黑 : 白"},
    {"compare.col.pay", "pay", "补偿"},
    {"compare.col.invariants", "invariants", "恒等式"},
    {"compare.error", "error: {0}", "错误：{0}"},
    {"compare.winners", "Winner by preset:", "各规则下的胜方："},
    {"compare.no_winner", "draw/no result", "和棋/无胜负"},

    // jpd batch.
    {"batch.title", "Batch: {0} under {1} ({2}) in {3} s", "批量计算：{0} × {1}（{2}），用时 {3} 秒"},
    {"batch.errors", "Errors: {0} in {1} (a bad file never stops the batch)", "错误：{1}共 {0}（坏文件不会中止批量计算）"},
    {"batch.error_line", "{0}: {1}", "{0}：{1}"},
    {"batch.error_presets", "{0} [{1}]", "{0}［{1}］"},
    {"batch.more_errors", "... and {0} more (every error is in the rows)", "……另有 {0} 条（每条错误都在输出的行中）"},
    {"batch.skipped", "Skipped: {0}, not read", "跳过：{0}（未读取）"},
    {"batch.skipped_directory", "{0}: the directory {1} again (a symbolic link loop or a second link), walked once",
     "{0}：与 {1} 是同一目录（符号链接成环或重复链接），只遍历一次"},
    {"batch.skipped_file", "{0}: {1}, not a regular file", "{0}：{1}，不是普通文件"},
    {"batch.more_skipped", "... and {0} more (--summary-json lists them all)", "……另有 {0} 个（--summary-json 列出全部）"},
    {"batch.invariants", "Invariant failures: {0}", "恒等式不成立：{0}"},
    {"batch.invariant_line", "{0} [{1}]: {2}", "{0}［{1}］：{2}"},
    {"batch.wins", "Wins by preset (B / W / draw or no result):", "各规则下的胜局（黑 / 白 / 和或无胜负）："},
    {"batch.wins_row", "{0}  {1} / {2} / {3}", "{0}  {1} / {2} / {3}"},
    {"batch.changes", "Winner changes between presets (games counted under both whose winner differs):",
     "规则之间胜负改变的对局（两种规则下都计算成功而胜方不同）："},
    {"batch.change_pair", "{0} vs {1}: {2} of {3} games ({4}%): B->W {5}, W->B {6}, to or from a draw {7}",
     "{0} 对 {1}：{3} 局中 {2} 局（{4}%）：黑胜变白胜 {5}，白胜变黑胜 {6}，涉及和棋 {7}"},
    {"batch.matrix", "Winner changes, every pair:", "胜负改变局数（两两对照）："},
    {"batch.status_sources", "Dead stones from: {0}", "死子来源：{0}"},
    {"batch.progress", "{0}/{1} games  {2}/s  ETA {3}", "{0}/{1} 局  {2} 局/秒  剩余 {3}"},
    {"batch.progress_open", "{0} games  {1}/s", "{0} 局  {1} 局/秒"},
    {"batch.no_files", "no .sgf files under the given paths", "所给路径下没有 .sgf 文件"},
    {"batch.not_counted",
     "Records not counted, left out of the wins and winner changes (their count is not their result): {0} ({1})",
     "并非计点终局的棋谱（其计算结果并非记录的胜负），不计入胜局与胜负改变：{0} 局（{1}）"},
    // Numbers with their nouns (count_of): English takes the singular for 1.
    {"count.game", "{0} games", "{0} 局"},
    {"count.game.one", "{0} game", "{0} 局"},
    {"count.preset", "{0} presets", "{0} 种规则"},
    {"count.preset.one", "{0} preset", "{0} 种规则"},
    {"count.row", "{0} rows", "{0} 行"},
    {"count.row.one", "{0} row", "{0} 行"},
    {"count.file", "{0} files", "{0} 个文件"},
    {"count.file.one", "{0} file", "{0} 个文件"},
    {"count.record", "{0} records", "{0} 局"},
    {"count.record.one", "{0} record", "{0} 局"},
    {"count.path", "{0} paths", "{0} 个路径"},
    {"count.path.one", "{0} path", "{0} 个路径"},
    {"batch.not_counted_file", "{0} ({1}, RE[{2}])", "{0}（{1}，RE[{2}]）"},
    {"batch.repaired", "Records read under the repair policy with a repair: {0}",
     "按修复规则读取并有修复的棋谱：{0} 局"},

    // The making's steps (MakingStep::id), their titles.
    {"step.pause", "the position at the pause", "休止时的局面"},
    {"step.dame_filled", "dame filled at making", "做棋时填单官"},
    {"step.dead_removed", "dead stones removed", "清理死子"},
    {"step.fill_up", "fill-up (Ing)", "填满计点"},
    {"step.living_stones", "living stones: basic eyes kept, the rest filled", "计活子：保留基本眼位，填入活子"},
    {"step.refilled", "prisoners, dead and virtual stones refilled (回填)", "回填俘子、死子与虚着之子"},
    {"step.equal_stones", "equal stones (等子局面)", "等子局面"},
    {"step.generalized", "generalized equal stones (广义等子局面)", "广义等子局面"},
    // jpd diagram: captions and legend.
    {"diagram.title", "{0}: making under {1}", "{0}：按{1}做棋"},
    {"diagram.step", "{0}. {1}", "{0}. {1}"},
    {"diagram.on_board", "stones B {0} : W {1}; owned points {2} : {3}; shared {4}",
     "盘上黑子 {0}、白子 {1}；黑空 {2}、白空 {3}；公空 {4}"},
    {"diagram.area", "area (子空合计) A = L + T + q/2: {0} : {1}; 归本数 {2} (first player) : {3} (second)",
     "子空合计 A = L + T + q/2：黑 {0}，白 {1}；归本数 先方 {2}，后方 {3}"},
    {"diagram.dead", "dead stones: black {0}, white {1} ({2})", "死子：黑 {0} 枚，白 {1} 枚（{2}）"},
    {"diagram.refill", "refilled (prisoners + dead + virtual): black {0}, white {1}; territory t = {2} : {3}",
     "回填（提子 + 死子 + 虚着之子）：黑 {0} 枚，白 {1} 枚；t = {2} : {3}"},
    {"diagram.equal", "equal stones: k = {0} each; territory (目) {1} : {2}; shared {3}",
     "等子局面：每方 {0} 子；目 {1} : {2}；公空 {3}"},
    {"diagram.pay", "payment {1}: {0}", "补偿 {1} 点：{0}"},
    {"diagram.fill_up", "fill-up (填满计点): {0} : {1} = area", "填满计点：黑 {0}，白 {1}（= 子空合计）"},
    {"diagram.living", "living stones (计活子) P = A - eyes - p/2: {0} : {1}; basic eyes {2} : {3}",
     "计活子 P = A − 基本眼位 − p/2：黑 {0}，白 {1}；基本眼位 {2} : {3}"},
    {"diagram.result", "result: {0}", "结果：{0}"},
    {"arith.result", "result by {0}: {1} = {2}, {3}", "结果（{0}）：{1} = {2}，{3}"},
    {"arith.payment", "payment", "补偿"},
    {"arith.komi", "komi", "贴"},
    {"arith.japanese_B", "Black: territory {0} + prisoners {1} = {2}", "黑：目 {0} + 俘虏 {1} = {2}"},
    {"arith.japanese_W", "White: territory {0} + prisoners {1} = {2}", "白：目 {0} + 俘虏 {1} = {2}"},
    {"diagram.japanese_title", "the Japanese count: territory and prisoners", "日本规则计目：目与俘虏"},
    {"diagram.prisoners_B", "Black's prisoners: {1} captured + {2} dead = {0}",
     "黑方俘虏：提子 {1} + 死子 {2} = {0}"},
    {"diagram.prisoners_W", "White's prisoners: {1} captured + {2} dead = {0}",
     "白方俘虏：提子 {1} + 死子 {2} = {0}"},
    {"diagram.prisoners_B_pass", "Black's prisoners: {1} captured + {2} dead + {3} pass stones = {0}",
     "黑方俘虏：提子 {1} + 死子 {2} + 停着交子 {3} = {0}"},
    {"diagram.prisoners_W_pass", "White's prisoners: {1} captured + {2} dead + {3} pass stones = {0}",
     "白方俘虏：提子 {1} + 死子 {2} + 停着交子 {3} = {0}"},
    {"diagram.key_prisoner", "dead stone: a prisoner, its point territory", "死子：作俘虏，其点为目"},
    {"diagram.key_false_eye", "false eye: must be filled, no territory", "假眼：须补，不算目"},
    {"diagram.key_finishing", "finishing move played by the program (in order)", "程序代为收完的着手（按次序）"},
    {"diagram.key_dead", "dead stone (removed at making)", "死子（做棋时提走）"},
    {"diagram.key_negative_a", "negative-A (负着): taken off, the point is shared", "A类负着：取下一子，该点为公气"},
    {"diagram.key_negative_b", "negative-B (负着): taken off, the point is its own", "B类负着：取下一子，该点为己方的目"},
    {"diagram.key_negative_b_road", "negative-B (负着): taken off, the point is its own 路",
     "B类负着：取下一子，该点为己方的一路"},
    {"diagram.index_title", "{0} — the making under {1}", "{0} —— 按{1}做棋"},
    {"diagram.index_intro", "Each picture is one step of the making (做棋), from the position at the pause to the boards each count is read from.",
     "每幅图是做棋的一步：从休止时的局面，到各种计法所依据的局面。"},

    // jpd estimate.
    {"estimate.head", "{0}: {1}, {2}", "{0}：{1}，{2}"},
    {"estimate.legend",
     "X O alive, x o dead, S s seki (black, white), ? unsettled; empty points: + Black's, - White's, . neither",
     "X O 活棋，x o 死棋，S s 双活（黑、白），? 未定；空点：+ 黑空，- 白空，. 均非"},
    {"estimate.chain", "{0} {1}, {2} stones, {3}, alive {4}%: {5}", "{0} {1}，{2} 子，{3}，活棋概率 {4}%：{5}"},
    {"estimate.chain_one", "{0} {1}, 1 stone, {3}, alive {4}%: {5}", "{0} {1}，1 子，{3}，活棋概率 {4}%：{5}"},
    {"estimate.claim", "suggested claim {0}:{1}", "建议主张 {0}:{1}"},
    {"chain.alive", "alive", "活"},
    {"chain.dead", "dead", "死"},
    {"chain.seki", "seki", "双活"},
    {"chain.unsettled", "unsettled", "未定"},

    // jpd presets.
    {"rules.jpd", "JPD", "计枰点"},
    {"rules.std", "std", "标准"},

    // jpd replay.
    {"replay.rules", "rules: {0}", "规则：{0}"},
    {"replay.board", "board: {0}x{1}, {2} moves, phase {3}{4}, {5} to move",
     "棋盘：{0}×{1}，{2} 手，阶段：{3}{4}，轮{5}走"},
    {"replay.by_agreement", " (by agreement)", "（协商）"},
    {"replay.table", "            real virtual pass captured(own stones lost)", "             实着    虚着 放弃 被提之子"},
    {"replay.order", "first virtual move: {0}, last real move before the pause: {1}", "先下虚着：{0}；休止前最后一手实着：{1}"},
    {"dispute.summary", "Dispute play: {0} moves; {1}", "实战解决：{0} 手，{1}"},
    {"dispute.written", "written to {0}", "棋谱已写入 {0}"},
    {"phase.play", "play", "对局"},
    {"phase.paused", "paused", "休止"},
    {"phase.dispute", "dispute", "实战解决"},
    {"phase.making", "making", "做棋"},
    {"phase.ended", "ended", "终局"},

    // jpd match.
    {"match.game", "game {0}: {1} (B) - {2} (W): {3}, {4} moves, {5}", "第 {0} 局：{1}（黑）对 {2}（白）：{3}，{4} 手，{5}"},
    {"match.hold", "invariants hold", "恒等式成立"},
    {"match.failed", "INVARIANT FAILED", "恒等式不成立"},
    {"match.dead", "dead stones: {0}", "死子：{0}"},
    {"match.total", "{0} {1}, {2} {3}{4} ({5}, {6}x{6})", "{0} {1} 胜，{2} {3} 胜{4}（{5}，{6}×{6}）"},
    {"match.no_winner", ", no winner {0}", "，无胜负 {0} 局"},

    // jpd corpus: what each server does (conventions.cpp).
    {"note.why_fox", "Fox writes the komi scaled (KM[375] for 7.5, KM[650] for 6.5)",
     "野狐的贴目按比例书写（KM[375] 即 7.5，KM[650] 即 6.5）"},
    {"note.why_ogs",
     "OGS counted Japanese territory as the empty points each side surrounds, without reading false eyes or seki, until 2024; play resumed after two passes (a stone removal not accepted) is play, counted where it ends",
     "OGS 在 2024 年之前按日本规则数目时，只数各方围住的空点，不读假眼与双活；两次停一手后恢复的对局（死子判定未获同意）照常计入，按终局时的局面计算"},
    {"note.why_cgos",
     "the Computer Go Server counts the final position as it stands: every stone on the board is alive (Tromp-Taylor scoring)",
     "电脑围棋服务器按终局原样计算：盘上每一子皆为活子（Tromp-Taylor 计法）"},

    // jpd corpus.
    {"corpus.head", "dead stones from {0}: {1} records, {2} s", "死子来源：{0}；{1} 局，用时 {2} 秒"},
    {"corpus.playouts", " ({0} playouts)", "（模拟 {0} 局）"},
    {"corpus.default_playouts", " (default playouts)", "（默认模拟次数）"},
    {"corpus.col.rules", "rules", "规则"},
    {"corpus.col.games", "games", "局数"},
    {"corpus.col.exact", "exact", "相符"},
    {"corpus.col.half", "half", "差半点"},
    {"corpus.col.wrong", "wrong", "不符"},
    {"corpus.col.error", "error", "出错"},
    {"corpus.col.exact_share", "exact%", "相符率"},
    {"corpus.col.ms", "ms/game", "毫秒/局"},
    {"corpus.col.cpu_median", "cpu med", "运算中位"},
    {"corpus.col.cpu_max", "cpu max", "运算最长"},
    {"corpus.unknown", "unknown", "未知"},
    {"corpus.all", "all", "合计"},
    {"corpus.record_default", "the record's own default, {0}", "棋谱自身的默认规则 {0}"},
    {"corpus.unknown_note",
     "(unknown: {0} records whose rules neither the manifest nor the record names, counted under {1}: --unknown-rules)",
     "（未知：{0} 局的规则清单与棋谱均未写明，按 {1} 计算：见 --unknown-rules）"},
    {"corpus.convention",
     "({0} counted by their server's convention: {1}; --no-server-conventions counts them by the text of their rules)",
     "（{0}按其服务器的惯例计算：{1}；--no-server-conventions 则按其规则的字面计算）"},
    {"corpus.repaired",
     "({0} faulty records read under the repair policy, each repair in --json; --no-repair refuses them)",
     "（{0} 局有缺陷的棋谱按修复规则读取，每处修复见 --json；--no-repair 则拒绝读取）"},
    {"corpus.not_counted",
     "({0} records not counted, apart from the figures: their recorded result is not a count: {1})",
     "（{0} 局不计入统计：其记录的胜负并非计点所得：{1}）"},
    {"corpus.failure", "{0} {1} [{2}] {3} (dead {4}, uncertain {5})", "{0} {1} [{2}] {3}（死子 {4}，未定 {5}）"},
    {"corpus.outcome.exact", "exact", "相符"},
    {"corpus.outcome.half", "half", "差半点"},
    {"corpus.outcome.wrong", "wrong", "不符"},
    {"corpus.outcome.error", "error", "出错"},
    {"corpus.outcome.skipped", "skipped", "不计"},
    {"note.corpus_recorded", "recorded {0}, got {1}", "记录为 {0}，计算得 {1}"},
    {"note.corpus_no_result", "recorded result '' is not a count", "棋谱未记录胜负"},
    {"note.corpus_not_count", "recorded result '{0}' is not a count", "记录的胜负“{0}”并非计点所得"},
    {"note.corpus_not_counted", "not counted: {0} (RE[{1}]); got {2}", "未计入：{0}（RE[{1}]）；计算得 {2}"},
    {"corpus.ended_detail", "the game ended {0}", "对局结束（{0}）"},
    // A text shown as it is written, in either language (an error's English, as error texts are).
    {"text.as_written", "{0}", "{0}"},

    // Words that fill the placeholders of the library's notes.
    {"word.Black", "Black", "黑方"},
    {"word.White", "White", "白方"},
    {"word.real", "real", "实着"},
    {"word.real_and_virtual", "real_and_virtual", "实着与虚着"},
    {"word.all", "all", "全部着子"},
    {"word.first_proposal", "the first pause proposal", "首次休止提议"},
    {"word.first_virtual", "the first virtual move", "第一手虚着"},
    {"word.implicit_proposal", "the (implicit) pause proposal", "（默认的）休止提议"},
    {"word.no_result", "no_result", "无胜负"},
    {"word.draw", "draw", "和棋"},
    {"word.resigned", "resigned", "认输"},
    {"word.forfeit", "forfeit", "犯规判负"},

    // The estimator's words (estimate.cpp): its statuses' reasons and notes.
    {"note.est_detail", "estimator, {0} playouts", "形势判断，模拟 {0} 局"},
    {"note.est_benson", "unconditionally alive (Benson)", "无条件活（Benson 判定）"},
    {"note.est_eyeless", "inside an eyeless region of unconditionally alive stones", "在无条件活棋的无眼区域内"},
    {"note.est_dead", "dead in {0} of the playouts", "模拟中 {0} 为死"},
    {"note.est_alive", "alive in {0} of the playouts", "模拟中 {0} 为活"},
    {"note.est_unsettled", "unsettled: alive in {0} of the playouts", "未定：模拟中 {0} 为活"},
    {"note.est_atari", "in atari, but its owner connects it at {0} ({1})", "被叫吃，但己方可在 {0} 接回（{1}）"},
    {"note.est_ko_holds", "holds the ko at {0}, which it can connect ({1})", "占住 {0} 的劫，可以粘劫（{1}）"},
    {"note.est_ko_life", "its life depends on the ko at {0} (a ko left open, or an eternal ko): settled by dispute play",
     "死活取决于 {0} 的劫（未解决的劫或长生劫）：由实战解决"},
    {"note.est_ko_open", "the ko at {0} decides the life of {1} chain(s): left to dispute play (实战解决)",
     "{0} 的劫决定 {1} 块棋的死活：留待实战解决"},
    {"note.est_ko", "the ko at {0} decides the life of {1} chain(s)", "{0} 的劫决定 {1} 块棋的死活"},
    {"note.est_bent_open", "bent four in the corner (盘角曲四) at {0}: left to dispute play (实战解决)",
     "{0} 盘角曲四：留待实战解决"},
    {"note.est_bent_dead", "bent four in the corner (盘角曲四) at {0}: the defender is dead (the Japanese ruling)",
     "{0} 盘角曲四：按日本规则判守方死"},
    {"note.est_bent_jpd", "bent four in the corner at {0} (盘角曲四): settled by dispute play under the 计枰点 rules",
     "{0} 盘角曲四：按计枰点规则由实战解决"},
    {"note.est_bent_def", "bent four in the corner at {0}: dead by the Japanese ruling", "{0} 盘角曲四：按日本规则为死"},
    {"note.est_bent_att", "bent four in the corner at {0}: the attacker's stones", "{0} 盘角曲四：攻方之子"},
    {"note.est_race_none", "neither side captures in the race with the chains next to it, read out with either side to move ({0})",
     "与相邻棋块对杀，无论谁先走都提不掉对方（{0}）"},
    {"note.est_race_win", "wins the capturing race with the chains next to it, read out with {0} to move ({1})",
     "与相邻棋块对杀获胜（{0}先走读出，{1}）"},
    {"note.est_race_lose", "loses the capturing race with the chains next to it, read out with {0} to move ({1})",
     "与相邻棋块对杀失败（{0}先走读出，{1}）"},
    {"note.est_counted_dead", "counted as dead", "按死子计"},
    {"note.est_counted_alive", "counted as alive", "按活棋计"},
    {"note.est_left_open", "left on the board", "留在盘上"},
    {"note.est_race_throw_win",
     "wins the capturing race with the chains next to it, with a throw-in, whoever moves first ({0})",
     "与相邻棋块对杀获胜（借扑入，无论谁先走，{0}）"},
    {"note.est_race_throw_lose",
     "loses the capturing race with the chains next to it, with a throw-in, whoever moves first ({0})",
     "与相邻棋块对杀失败（对方借扑入，无论谁先走，{0}）"},
    {"note.est_seki", "seki: lives by liberties shared with the opponent ({0})", "双活：靠与对方的公气活棋（{0}）"},

    // jpd match's notes (match.cpp).
    {"note.match_agree", "both players agree ({0} dead stones)", "双方一致（死子 {0} 枚）"},
    {"note.match_disagree", "the players disagree (Black: {0}, White: {1}): {2}, {3} dead",
     "双方不一致（黑：{0}，白：{1}）：{2}，死子 {3} 枚"},
    {"note.match_dead_n", "{0} dead stones", "死子 {0} 枚"},
    {"note.match_no_answer", "no answer", "无回答"},
    {"note.match_none", "none (the game ended without counting)", "无（对局未经计点而结束）"},
    {"note.match_not_usable", "not usable, none used", "不可用，未使用死子"},
    {"note.match_ended", "the game ended: {0}", "对局结束：{0}"},
    {"match.resigned", "{0} resigned", "{0}认输"},
    {"note.match_limit", "stopped after {0} moves (the move limit)", "下满 {0} 手后停止（手数上限）"},
    {"note.match_unusable", "the dead stones could not be used: {0}", "死子无法使用：{0}"},
    {"note.gtp_both", "final_status_list dead of both players", "双方 final_status_list dead 的回答"},

    // The rule-set fields (jpd rules --lang): English as rules.cpp describes them.
    {"field.first_player", "who moves first and pays komi", "先行方（先下子、贴目的一方）"},
    {"field.komi", "points the first player gives the second", "先行方贴给后行方的点数"},
    {"field.allow_pass", "passing (放弃) is a legal move", "可以放弃（不下子）"},
    {"field.allow_virtual", "virtual moves (虚着) are legal", "可以下虚着"},
    {"field.pause", "how the contest pauses (休止)", "棋局休止的方式"},
    {"field.ko", "ko / superko rule", "打劫规则（禁全同）"},
    {"field.cycle_result", "result of a long cycle under simple ko", "简单劫规则下长循环的结果"},
    {"field.cycle_repeats", "how often a (position, side to move) recurs in a phase before it is a long cycle", "同一局面（连同轮走方）在一个阶段内出现几次即为长循环"},
    {"field.cycle_through_non_board", "a repetition with a pass or virtual move in it is a long cycle too", "其间有放弃或虚着的重复也算长循环"},
    {"field.reset_history_at_pause", "superko history starts afresh at each pause (两弃为界)", "每次休止后禁全同的记录清零（两弃为界）"},
    {"field.suicide", "suicide of one's own chain is allowed", "允许己方棋块自尽"},
    {"field.compensation", "who pays for extra moves", "多下之着由谁补偿"},
    {"field.counted_moves", "which moves count for the art payment", "艺术版补偿所计的着"},
    {"field.dispute_compensation", "payment rule inside the dispute phase", "实战解决阶段的补偿规则"},
    {"field.dispute_mode", "count after the dispute, or the pause position with the statuses and claims it confirmed", "计算实战解决后的局面，或按实战所确认的死活与空点归属计算休止时的局面"},
    {"field.dispute_virtuals", "resumed play starts with one virtual move by each side, in the original order", "恢复对局时双方按原顺序各下一手虚着"},
    {"field.counting", "primary counting method", "决定胜负的计算法"},
    {"field.seki_territory", "whether eyes of groups in seki are territory", "双活棋所围之空是否为地"},
    {"field.seki_exclusive_liberties", "a seki liberty touching only one side's stones is that side's", "双活中只与一方棋子相邻的公气归该方"},
    {"field.eye_reading", "how the Japanese view finds territory: by units, or by reading eyes", "日本数目法如何认定地：按活棋单元，或读眼"},
    {"field.claims", "ko spaces and one-sided dame may be claimed", "可主张劫空与单方权利的单官"},
    {"field.dame", "what happens to unfilled dame", "未收单官如何处理"},
    {"field.remove_dead", "dead stones are removed before counting", "计算前提走死子"},
    {"field.pass_stone", "a pass hands one stone to the opponent (AGA)", "每放弃一次交给对方一子（美国规则）"},
    {"field.white_passes_last", "White must make the last pass (AGA)", "白方须最后放弃（美国规则）"},
    {"field.group_tax", "points subtracted per living group (ancient)", "每块活棋扣除的点数（还棋头）"},
    {"field.setup_counts", "setup and handicap stones count as stones placed by their colour", "摆子与让子算作该方所下之子"},
    {"field.button", "half a point to the first to pass (the button)", "先放弃的一方得半点（按钮规则）"},
    {"field.handicap_compensation", "points White receives for Black's N handicap stones: none, N - 1, N", "白方因黑方 N 枚让子所得的点数：无、N − 1、N"},
    {"field.friendly_pass", "a pass may leave dead stones to be removed by agreement (else clean up first)", "放弃时可留下死子待协商提走（否则须先提净）"},
    {"field.lose_on_time", "a player whose time runs out loses (else only marked out of time)", "超时判负（否则仅标记超时）"},
    {"rules.canonical", "canonical: {0}", "规范写法：{0}"},
    {"rules.preset", "preset {0}: {1}", "预设 {0}：{1}"},

    // The komi-free series (series.cpp).
    {"series.title", "Series {0} - {1}: {2} game(s) under {3}, no komi",
     "系列赛 {0} 对 {1}：{2} 局，规则 {3}，不贴目"},
    {"series.game", "game {0}  {1}  {2} (B) - {3} (W)  {4}  {5} {6}",
     "第 {0} 局  {1}  {2}（黑）对 {3}（白）  {4}  {5} {6}"},
    {"series.game_unwritten", "game {0}  {1} (B) - {2} (W)  {3}  {4} {5}",
     "第 {0} 局  {1}（黑）对 {2}（白）  {3}  {4} {5}"},
    {"series.total", "total: {0} {1}; game wins {2} : {3}", "合计：{0} {1}；胜局 {2} : {3}"},
    {"series.by_difference", "{0} wins the series on the total difference",
     "{0}以总差数胜此系列赛"},
    {"series.by_game_wins", "{0} wins the series on game wins (the total difference is 0)",
     "总差数为 0，{0}以胜局多胜此系列赛"},
    {"series.tie", "the series is tied", "系列赛平局"},
    {"series.side_by_side", "Every rule set ({0} minus {1}, game wins, the winner):",
     "各规则（{0}减{1}、胜局、胜方）："},
    {"note.series_alternate", "game {0} has the same Black as game {1}: the first move does not alternate",
     "第 {0} 局与第 {1} 局执黑者相同：先行未轮换"},
    {"note.series_not_counted", "{0} was not counted ({1}): no difference", "{0}未计算（{1}）：不计差数"},
    {"note.series_colours", "{0} had Black in {1} game(s), {2} in {3}", "{0}执黑 {1} 局，{2}执黑 {3} 局"},
    {"note.series_odd",
     "an odd number of games ({0}): the players did not have the first move equally often",
     "局数为奇数（{0}）：双方先行次数不等"},

    // The library's notes (count.cpp, replay.cpp), each an English pattern and its translation.
    {"note.in_play", "the game is still in play: counted as if paused by agreement",
     "棋局尚在进行：按协商休止计算"},
    {"note.independent",
     "independent dispute (004 原创九): the pause position is counted with the statuses the "
     "dispute confirmed",
     "独立的实战解决（004 原创九）：恢复休止时的局面，按实战所确认的死活与空点归属做棋计算"},
    {"note.dispute_confirmed",
     "the dispute confirmed {0} dead chain(s) of the pause position ({1} captured in the dispute, "
     "{2} dead where it ended)",
     "实战确认休止局面上 {0} 块死子（实战中被提 {1} 块，实战结束时为死子 {2} 块）"},
    {"note.claim_fails", "the claim {0} fails: where the dispute ended the point is not {1}'s",
     "{0} 的主张不成立：实战结束时该点不属{1}"},
    {"note.no_removal", "{0} removes no dead stones: every stone on the board counts as alive",
     "{0} 不提死子：盘上之子皆为活子"},
    {"note.making_first_virtual",
     "no virtual move before the pause: the making's first virtual move ({0}, after {1} dame) is "
     "the game's first virtual move",
     "休止前无虚着：做棋时的第一手虚着（{0}，填完 {1} 个单官之后）即为棋局的第一手虚着"},
    {"note.living_b_dame",
     "计活子 B (003 art. 26.2) fills the dame before the pause unless an even number remain: the {0} "
     "left are filled at making alternately from {1}",
     "计活子 B版（003 第二十六条第2款）：除非所余单官为偶数，休止前须收完单官：所余 {0} 个单官于做棋时从{1}起轮流填完"},
    {"note.negative_not_required",
     "the record's negative move {0} is not one the rules require here",
     "棋谱中的负着 {0} 不是本规则此处所要求的"},
    {"note.required_used", "the required moves were used", "按规则所要求的负着计算"},
    {"note.dame_filled", "{0} dame filled alternately from {1}", "从{1}起轮流填单官 {0} 个"},
    {"note.dead_removed", "{0} black and {1} white dead stones removed", "提走黑死子 {0} 枚、白死子 {1} 枚"},
    {"note.refilled", "stones refilled: {0} black, {1} white", "回填黑子 {0} 枚、白子 {1} 枚"},
    {"note.cede", "{0} has no stone left to take off: it cedes the owned point {1} as a shared point",
     "{0}已无子可取：让出己方空点 {1} 作为公空"},
    {"note.negative_a", "{0} plays {1} negative-A move(s): the points become shared",
     "{0}下 {1} 手A类负着：取子之点成为公气，双方均分"},
    {"note.unpaid",
     "{0} has neither stones nor owned points to pay {1} point(s) with: they are paid off the board",
     "{0}既无子可取也无空可让，{1} 点于盘外付出"},
    {"note.negative_b", "{0} plays {1} negative-B move(s): the points become its own",
     "{0}下 {1} 手B类负着：取子之点成为己方的目"},
    {"note.negative_b_road", "{0} plays {1} negative-B move(s): the points become its own roads (路)",
     "{0}下 {1} 手B类负着：取子之点成为己方的路"},
    {"note.balancing_virtual", "{0} plays one more virtual move (art. 13(2)), refilled",
     "{0}再下一手虚着（唐宋版第十三条(2)），回填"},
    {"note.button", "the button: {0} passed first and takes half a point",
     "按钮规则（button）：{0}先放弃，得半点"},
    {"note.handicap_compensation",
     "handicap compensation: White receives {0} point(s) for {1} handicap stone(s)",
     "让子补偿：白方因 {1} 枚让子得 {0} 点"},
    {"note.pay_law", "law (律法版): extra moves are not paid for", "律法版（多下不贴点）：多下的着不作补偿"},
    {"note.pay_art",
     "art (艺术版, 多下贴点): {0} made {1} and {2} {3} counted moves ({4}) in the play phase",
     "艺术版（多下贴点）：争棋阶段{0}下 {1} 着，{2}下 {3} 着（计{4}）"},
    {"note.pay_dispute", "dispute phase (art): {0} more", "实战解决阶段（艺术版）：多 {0} 着"},
    {"note.pay_first_virtual", "Tang-Song art. 11: {0} made the first virtual move, so {1} pays 1 point",
     "唐宋版第十一条：{0}先下虚着，故{1}贴出 1 点"},
    {"note.pay_first_virtual_none", "Tang-Song art. 11: {0} made the first virtual move: no compensation",
     "唐宋版第十一条：{0}先下虚着，无须补偿"},
    {"note.pay_no_virtual", "Tang-Song art. 11: no virtual move was made: no compensation",
     "唐宋版第十一条：未下虚着，无须补偿"},
    {"note.pay_living_a", "计活子 A (art. 26.1): {0} made the last real move, so {1} pays 1 stone (A-negative)",
     "计活子 A版（第二十六条第1款）：{0}收后，故{1}贴还 1 子（A类负着）"},
    {"note.pay_living_a_none", "计活子 A (art. 26.1): {0} made the last real move",
     "计活子 A版（第二十六条第1款）：{0}收后，无须补偿"},
    {"note.pay_living_a_no_move", "计活子 A: no real move, no payment", "计活子 A版：无实着，无须补偿"},
    {"note.pay_living_b", "计活子 B (art. 26.2): no payment", "计活子 B版（第二十六条第2款）：无须补偿"},
    {"note.pay_living_b_road", "an extra stone becomes a 路 (B-negative)", "多出之子成为一路（B类负着）"},
    {"note.pay_first_event", "一虚为界 (003 art. 27): {0} made {1}, so {2} pays 1 stone",
     "一虚为界（003 第二十七条）：{0}先作出{1}，故{2}贴还 1 子"},
    {"note.pay_first_event_none", "一虚为界 (003 art. 27): {0} made {1}: no payment",
     "一虚为界（003 第二十七条）：{0}先作出{1}，无须补偿"},
    {"note.pay_wmsg", "WMSG 2008: {0} passed first, so {1} (who played last) pays 1 point",
     "2008 世界智力运动会规则：{0}先放弃，故收后的{1}贴出 1 点"},
    {"note.pay_wmsg_none", "WMSG 2008: {0} passed first: no payment",
     "2008 世界智力运动会规则：{0}先放弃，无须补偿"},
    {"note.ended_early", "the game ended ({0}) before move {1} of the record",
     "棋局在棋谱第 {1} 着之前已经结束（{0}）"},
    {"note.rest_not_replayed", "the rest is not replayed", "其后的着手不再重放"},
    {"note.more_notes", "... and {0} more such notes", "……另有 {0} 条同类说明"},
    {"note.finished_territory",
     "the record stops before its end: {0} finishing move(s) (endgame, dame, defensive moves) and "
     "{1} pass(es) were played first, for territory counting",
     "棋谱在终局之前停止：计目之前，先下了 {0} 手收尾之着（收官、单官、补棋）及 {1} 手放弃"},
    {"note.finished_area",
     "the record stops before its end: {0} finishing move(s) (endgame, dame, defensive moves) and "
     "{1} pass(es) were played first, for area counting",
     "棋谱在终局之前停止：数子之前，先下了 {0} 手收尾之着（收官、单官、补棋）及 {1} 手放弃"},
    {"note.finished_searched",
     "the finishing moves are the best play for both sides (searched: {0} point(s) read, {1} simple dame)",
     "收尾之着为双方的最佳应对（经搜索：计算 {0} 点，简单单官 {1} 个）"},
    {"note.finished_fixed",
     "the finishing moves were read within a budget (a region too large searched, a sum too "
     "large played in order of value, the rest filled in a fixed order)",
     "收尾之着在限度之内计算（过大的区域经搜索，过大的总和按价值次序，其余按固定次序）"},
    {"note.finish_distrusted",
     "the finishing moves would change the count by {0} points, more than the {1} the end of a "
     "counted game can: counted as the position stands",
     "收尾之着会使计数改变 {0} 点，超过已计数之局终局所能有的 {1} 点：按停止时的局面计数"},
    // The estimator's notes (note.est_*) among a count's notes.
    {"note.by_estimator", "estimator: {0}", "估计器：{0}"},
    {"note.stops_in_play", "the record stops during play: taken as paused by agreement (SPEC §6.4)",
     "棋谱在对局中途停止：视为协商休止（SPEC §6.4）"},
    {"note.starts_with", "the record starts with {0}", "棋谱由{0}先行"},
    {"note.first_player_adopted", "{0}'s first player is {1}: {2} is taken as the first player",
     "{0} 的先行方是{1}：以{2}为先方（贴点由其支付）"},
    {"note.after_pause", "{0} comes after the pause: play resumes to settle a dispute",
     "{0} 在休止之后：恢复对局，实战解决"},
    {"note.pass_as_virtual", "passes are read as virtual moves: {0} has virtual moves but no pass",
     "放弃一律视为虚着：{0} 有虚着而无放弃"},
    {"note.virtual_as_pass", "virtual moves are read as passes: {0} has passes but no virtual moves",
     "虚着一律视为放弃：{0} 有放弃而无虚着"},
    {"note.negative_without_pause",
     "the record goes on to negative moves without a pause: taken as paused by agreement before "
     "making (SPEC §6.4)",
     "棋谱未经休止便下负着：视为做棋前已协商休止（SPEC §6.4）"},
    {"note.resume_without_pause",
     "the record resumes play without a pause: taken as paused by agreement first (SPEC §6.4)",
     "棋谱未经休止便恢复对局：先视为协商休止（SPEC §6.4）"},
    {"note.forfeit", "{0} is illegal ({1}): {2} forfeits", "{0} 违规（{1}）：{2}判负"},
    {"note.no_markup", "the record has no dead-stone markup", "棋谱没有死子标记"},

    // Reading records as they come (sgf.cpp, encoding.cpp), the repair policy (replay.cpp) and
    // the server conventions (conventions.cpp).
    {"note.charset_guess",
     "the record names no charset (CA) and is not UTF-8: read as {0}, a guess (--charset names the charset)",
     "棋谱未注明字符集（CA），且不是 UTF-8：按 {0} 读取，系推测（可用 --charset 指定字符集）"},
    {"note.charset_wrong_utf8", "the text is not {0} as its charset (CA) says: read as UTF-8",
     "文本并非其字符集（CA）所注明的 {0}：按 UTF-8 读取"},
    {"note.charset_wrong",
     "the text is not {0} as its charset (CA) says: read as {1}, a guess (--charset names the charset)",
     "文本并非其字符集（CA）所注明的 {0}：按 {1} 读取，系推测（可用 --charset 指定字符集）"},
    {"note.foreign_jd", "{0} is another program's JD, not this project's JPDD: not read as dead stones",
     "{0} 是其他程序的 JD 属性，并非本项目的 JPDD：不作死子读取"},
    {"note.foreign", "{0} is another program's {1}, not this project's {2}: not read",
     "{0} 是其他程序的 {1} 属性，并非本项目的 {2}：不予读取"},
    {"note.twice_root_same", "{0} is given twice in the root node (at {1} and {2}) with the same value",
     "{0} 在根节点中出现两次（{1} 与 {2}），值相同"},
    {"note.twice_node_same", "{0} is given twice in one node (at {1} and {2}) with the same value",
     "{0} 在同一节点中出现两次（{1} 与 {2}），值相同"},
    {"note.twice_root_kept",
     "{0} is given twice in the root node (at {1} and {2}): {3} and {4} differ: the first is kept",
     "{0} 在根节点中出现两次（{1} 与 {2}）：{3} 与 {4} 不同，取前者"},
    {"note.twice_node_kept",
     "{0} is given twice in one node (at {1} and {2}): {3} and {4} differ: the first is kept",
     "{0} 在同一节点中出现两次（{1} 与 {2}）：{3} 与 {4} 不同，取前者"},
    {"note.twice_info", "{0} is given twice in the root node (at {1} and {2}): the first is read",
     "{0} 在根节点中出现两次（{1} 与 {2}）：读取前者"},
    {"note.node_split",
     "move {0}: a node holds two moves ({1} at {2} and {3} at {4}): each read as a node of its own",
     "第 {0} 着：一个节点中有两着（{2} 处的 {1} 与 {4} 处的 {3}）：各作一个节点读取"},
    {"note.implied_pass", "{0}: {1} moves twice in a row: {2}'s pass is implied before it (repair)",
     "{0}：{1}连下两着：其前补入{2}的放弃（修复）"},
    {"note.implied_virtual",
     "{0}: {1} moves twice in a row: {2}'s virtual move is implied before it (repair)",
     "{0}：{1}连下两着：其前补入{2}的虚着（修复）"},
    {"note.turn_switched",
     "{0}: {1} moves twice in a row: {2} is taken to move (a pass between would pause the game: repair)",
     "{0}：{1}连下两着：改由{2}行棋（其间补入放弃将导致休止；修复）"},
    {"note.stone_replaced",
     "{0}: {1} is occupied by a {2} stone: it is taken off and the move played (repair)",
     "{0}：{1} 已有{2}棋子：将其取走后落子（修复）"},
    {"note.move_skipped", "{0}: {1} is occupied: the move is left out (repair)",
     "{0}：{1} 已有棋子：略去此着（修复）"},
    {"note.fox_komi", "a Fox record writes its komi scaled: KM[{0}] is komi {1} (server convention)",
     "野狐棋谱的贴目按比例书写：KM[{0}] 即贴 {1} 目（对局平台惯例）"},
    {"note.fox_komi_unknown", "KM[{0}] of a Fox record is no scaled komi known: read as written",
     "野狐棋谱的 KM[{0}] 不是已知的比例贴目：按原值读取"},
    {"note.ogs_convention",
     "an OGS record from before 2024: counted with {0}, as OGS counted Japanese territory then "
     "(server convention)",
     "2024 年以前的 OGS 棋谱：按 {0} 计算，即 OGS 当时数日本式地域的办法（对局平台惯例）"},
    {"note.cgos_convention",
     "a Computer Go Server record: counted with {0}, every stone on the board alive, as the server "
     "counts (server convention)",
     "CGOS 计算机围棋服务器棋谱：按 {0} 计算，盘上棋子一律视为活子，与该服务器的计法相同（对局平台惯例）"},

    // How a record ended (jpd score, batch, corpus).
    {"record.games", "the file holds {0} games: game {1} is counted (--game N for another)",
     "文件中共有 {0} 局：计算第 {1} 局（其他各局用 --game N）"},
    {"record.games_read", "the file holds {0} games: game {1} is read (--game N for another)",
     "文件中共有 {0} 局：读取第 {1} 局（其他各局用 --game N）"},
    {"record.not_counted",
     "warning: the record was not counted ({0}, RE[{1}]): this is the count of the position where it stops",
     "注意：此局并非计点终局（{0}，RE[{1}]）：以下是棋谱停止处局面的计算"},
    {"record_end.counted", "counted", "计点终局"},
    {"record_end.resigned", "resigned", "中盘认输"},
    {"record_end.time", "lost on time", "超时负"},
    {"record_end.forfeit", "forfeit", "判负"},
    {"record_end.void", "void", "无胜负"},
    {"record_end.unfinished", "stopped in the middle game", "中途停止"},

    // Invariant details with words in them (formulas alone need no translation).
    {"note.inv_territory_pay", "t_first - t_second = {0}; (A_first - A_second) - pay = {1}",
     "目差（先 − 后）= {0}；点差（先 − 后）− 补偿 = {1}"},
    {"note.inv_territory_pay_off", "t_first - t_second - paid off the board = {0}; (A_first - A_second) - pay = {1}",
     "目差（先 − 后）− 盘外补偿 = {0}；点差（先 − 后）− 补偿 = {1}"},
    {"note.inv_eyes", "(A_B - A_W) - (eyes_B - eyes_W) = {0}", "(A_B - A_W) - (眼_B - 眼_W) = {0}"},
    {"note.inv_refilled_board", "t_B - t_W = {0} on the refilled board", "回填后的棋盘上 t_B - t_W = {0}"},
    {"note.inv_filled_board", "fill-up {0} : {1} on the filled board, area {2} : {3}",
     "填满后的棋盘上填满计点 {0} : {1}，子空合计 {2} : {3}"},
    {"note.inv_living_board", "P_B - P_W = {0} on the living-stones board", "计活子棋盘上 P_B - P_W = {0}"},
    {"note.inv_groups", "groups on the living-stones board {0} : {1}, units with eye space or in seki {2} : {3}",
     "计活子棋盘上的棋块 {0} : {1}，有眼位或双活的活棋单元 {2} : {3}"},
    {"note.inv_points", "A_B + A_W = {0} + {1} = {2}, points {3}", "A_B + A_W = {0} + {1} = {2}，全盘 {3} 点"},
    {"note.inv_placed", "S = {0} placed", "着子 S = {0}"},
    {"note.inv_accounted", "L + C + D + V + pass = {0}", "L + C + D + V + 交子 = {0}"},
    {"note.inv_equal", "after equalisation Black has {0} and White {1} stones on the board",
     "等子之后盘上黑子 {0}、白子 {1}"},
    {"note.inv_fill_up", "fill-up {0} : {1}, area {2} : {3}", "填满计点 {0} : {1}，子空合计 {2} : {3}"},
    {"note.inv_haiqitou", "every unit independent: 还棋头 difference {0}, living stones difference {1}",
     "各块皆独立：还棋头之差 {0}，计活子之差 {1}"},
    {"note.dispute_opening_virtual", "{0} plays the dispute's opening virtual move (003 art. 21.4)",
     "{0}下实战解决开始时的虚着（003 第 21.4 条）"},
    {"note.dispute_resigned", "{0} resigned in the dispute", "{0}在实战解决中认输"},
    {"dispute.note", "dispute: {0}", "实战解决：{0}"},
    {"note.dispute_refused", "{0}'s {1} is refused by the rules ({2}): played as a non-board move",
     "{0}的 {1} 不合规则（{2}），改为盘外着"},
    {"note.dispute_stopped", "the dispute was stopped after {0} moves and taken as paused by agreement",
     "实战解决到 {0} 手时停止，视为协商休止"},
    {"note.dispute_engines_disagree",
     "the engines disagree on some dead stones after the dispute: only those both name are dead",
     "实战解决之后两个引擎对部分死子意见不一：只有双方都认定的才算死子"},
    {"note.move_described", "move {0} ({1})", "第 {0} 手（{1}）"},
    // The referee's refusals as they appear inside an error (their words, see illegal.* below).
    {"note.ref_turn", "it is {0}'s turn", "轮到{0}下"},
    {"note.ref_occupied", "point {0} is occupied", "{0} 已有棋子"},
    {"note.ref_suicide", "suicide: a stone at {0} would have no liberty ({1} forbids suicide)",
     "禁着点：{0} 无气（{1} 禁止自杀）"},
    {"note.ref_ko", "ko: point {0} was just captured; play elsewhere first", "打劫：{0} 刚被提，须先在别处下一着"},
    {"note.ref_superko_pos", "positional superko: {0} would repeat an earlier whole-board position",
     "禁全同（局面）：{0} 会使全局同形再现"},
    {"note.ref_superko_sit", "situational superko: {0} would repeat an earlier whole-board position",
     "禁全同（局面与轮次）：{0} 会使全局同形再现"},
    {"note.ref_superko_gen", "generalized superko: {0} would repeat an earlier whole-board position",
     "禁全同（广义）：{0} 会使全局同形再现"},
    {"note.ref_off_board", "point is not on the {0} board", "该点不在 {0} 棋盘上"},
    {"note.ref_over", "the game is over", "对局已经结束"},
    {"note.ref_pass", "passing is not allowed under {0} (play a virtual move instead)", "{0} 不准放弃，可下虚着"},
    {"note.ref_pass_only", "passing is not allowed under {0}", "{0} 不准放弃"},
    {"note.ref_virtual", "virtual moves are not allowed under {0} (pass instead)", "{0} 没有虚着，可放弃"},
    {"note.ref_virtual_only", "virtual moves are not allowed under {0}", "{0} 没有虚着"},
    {"note.inv_area_after", "t + k + q'/2 = {0}; area after payment {1}", "t + k + q'/2 = {0}；补偿后的地域 {1}"},

    // The referee's refusals (Illegal names), for front ends that speak Chinese: {0} the point,
    // {1} the side to move. English front ends show the referee's own sentence.
    // The command line's errors (jpd: ...), matched whole against the library's English; an
    // error no pattern knows is shown as it is.
    {"error_line", "jpd: {0}", "jpd：{0}"},
    {"error.replay_repair", "{0}: move {1} ({2}): {3} (a faulty record: the repair policy reads it, --repair)",
     "{0}：第 {1} 手（{2}）：{3}（棋谱有误：加 --repair 可按修复规则读取）"},
    {"error.replay", "{0}: move {1} ({2}): {3}", "{0}：第 {1} 手（{2}）：{3}"},
    {"error.open", "{0}: cannot open the file: No such file or directory", "{0}：无法打开文件：没有这个文件或目录"},
    {"error.open_denied", "{0}: cannot open the file: Permission denied", "{0}：无法打开文件：没有权限"},
    {"error.open_other", "{0}: cannot open the file: {1}", "{0}：无法打开文件（{1}）"},
    {"error.read", "{0}: cannot read the file: Is a directory", "{0}：无法读取：这是一个目录"},
    {"error.read_other", "{0}: cannot read the file: {1}", "{0}：无法读取文件（{1}）"},
    {"error.no_game_one", "{0}: the file holds 1 game: there is no game {1}", "{0}：文件中只有 1 局棋，没有第 {1} 局"},
    {"error.no_game", "{0}: the file holds {1} games: there is no game {2}", "{0}：文件中有 {1} 局棋，没有第 {2} 局"},
    {"error.unterminated", "{0}: unterminated value of {1}: no ']' before the end of the text",
     "{0}：SGF 格式错误：{1} 的值没有结束（到文件末尾也没有 ']'）"},
    {"error.unclosed", "{0}: unbalanced parentheses: this '(' is never closed", "{0}：SGF 格式错误：这个 '(' 没有对应的 ')'"},
    {"error.unopened", "{0}: unbalanced parentheses: ')' without a matching '('", "{0}：SGF 格式错误：')' 没有对应的 '('"},
    {"error.empty", "{0}: empty collection: the text holds no game tree (no '(')", "{0}：SGF 格式错误：文件中没有棋谱（没有 '('）"},
    {"error.komi", "{0}: KM[{1}]: komi is not a number", "{0}：KM[{1}]：贴目不是数字"},
    {"error.not_point",
     "{0}: '{1}' is not a point on a {2} board (use GTP coordinates like D4, columns A-{3} without I, or SGF letters like dd)",
     "{0}：'{1}' 不是 {2} 棋盘上的点（请用 D4 这样的 GTP 坐标，列为 A-{3}，不用 I；或 dd 这样的 SGF 字母）"},
    {"illegal.game_over", "the game is over", "对局已经结束"},
    {"illegal.wrong_phase", "not at this stage of the game", "对局此时不能下这一着"},
    {"illegal.not_your_turn", "it is {1}'s turn", "轮到{1}下"},
    {"illegal.off_board", "{0} is not on the board", "{0} 不在棋盘上"},
    {"illegal.occupied", "{0} is occupied", "{0} 已有棋子"},
    {"illegal.suicide", "suicide: a stone at {0} would have no liberty", "禁着点：{0} 无气（本规则禁止自杀）"},
    {"illegal.ko", "ko: {0} was just captured; play elsewhere first", "打劫：{0} 刚被提，须先在别处下一着"},
    {"illegal.superko", "superko: {0} would repeat an earlier whole-board position", "禁全同：{0} 会使全局同形再现"},
    {"illegal.pass_not_allowed", "passing is not allowed: play a virtual move", "本规则不准放弃，可下虚着"},
    {"illegal.virtual_not_allowed", "virtual moves are not allowed: pass instead", "本规则没有虚着，可放弃"},
    {"illegal.proposal_not_allowed", "the game pauses by two non-board moves in a row, not by proposal",
     "本规则以连续两手放弃或虚着休止，不能提议休止"},
    {"illegal.proposal_pending", "a pause was proposed: {1} must accept or reject first", "对方提议休止：{1}须先同意或拒绝"},
    {"illegal.no_proposal", "there is no pause proposal to answer", "没有待答复的休止提议"},
    {"illegal.must_play_virtual", "{1} must first play a virtual move", "{1}须先下一手虚着"},
    {"illegal.not_own_stone", "a negative move takes back one of one's own stones", "负着只能取下己方之子"},
    {"illegal.not_boundary", "a negative-A move takes a stone from the black/white boundary", "A类负着须取黑白交界处之子"},
    {"illegal.not_paused", "the game is not paused", "对局未休止"},
    {"illegal.no_stone", "there is no stone there", "该点没有棋子"},
    {"illegal.marks_changed", "the dead stones have changed: look at them again", "死子标记已有改动，请再看一遍"},

    // The web page (jpd serve).
    {"web.title", "Ji Ping Dian web referee", "计枰点网上裁判"},
    {"web.tagline", "Play, pause, dispute and count a game under the 计枰点 rules and the standard ones",
     "按计枰点规则（及各国规则）对局、休止、实战解决、做棋计点"},
    {"web.lang_switch", "中文", "English"},
    {"web.new_game", "New game", "新对局"},
    {"web.rules", "Rules", "规则"},
    {"web.size", "Board", "棋盘"},
    {"web.komi", "Komi", "贴点"},
    {"web.players", "Players", "对手"},
    {"web.two_players", "two players", "双人对局"},
    {"web.engine_plays", "the engine plays {0}", "电脑执{0}"},
    {"web.create", "Start", "开局"},
    {"web.games", "Games", "对局"},
    {"web.no_games", "No games yet.", "尚无对局。"},
    {"web.upload", "Open an SGF record", "打开 SGF 棋谱"},
    {"web.col.game", "game", "对局"},
    {"web.col.rules", "rules", "规则"},
    {"web.col.board", "board", "棋盘"},
    {"web.col.moves", "moves", "手数"},
    {"web.col.phase", "stage", "阶段"},
    {"web.col.result", "result", "结果"},
    {"web.phase.play", "play", "对局中"},
    {"web.phase.paused", "paused (休止)", "休止"},
    {"web.phase.dispute", "dispute play (实战解决)", "实战解决"},
    {"web.phase.making", "making (做棋)", "做棋"},
    {"web.phase.ended", "ended", "终局"},
    {"web.game", "Game {0}", "第 {0} 局"},
    {"web.to_move", "{0} to move", "轮到{0}"},
    {"web.all_games", "All games", "全部对局"},
    {"web.seat", "This browser plays", "本浏览器执"},
    {"web.seat.both", "both colours", "黑白双方"},
    {"web.invite", "Link for the other player", "给对手的链接"},
    {"web.my_seat", "I play", "我执"},
    {"web.public", "list it in the lobby", "列入大厅"},
    {"web.you_play", "This browser plays {0}.", "本浏览器执{0}。"},
    {"web.spectator", "You are watching: the seats are taken.", "观战中：座位已满。"},
    {"web.watching", "You are watching.", "观战中。"},
    {"web.take_seat", "Take the seat of {0}", "入座执{0}"},
    {"web.seat_free", "{0}'s seat is free: whoever opens this link may take it", "{0}的座位空着：打开此链接者可入座"},
    {"illegal.not_your_seat", "this needs the seat's token", "须由该座位的棋手操作（观战者不能落子）"},
    {"illegal.seat_taken", "the seat is taken", "该座位已有人"},
    {"web.kind.play", "real move (实着)", "实着"},
    {"web.kind.pass", "Pass", "放弃"},
    {"web.kind.virtual", "Virtual move (虚着)", "虚着"},
    {"web.kind.propose-pause", "Propose a pause", "提议休止"},
    {"web.kind.accept-pause", "Accept the pause", "同意休止"},
    {"web.kind.reject-pause", "Reject the pause", "拒绝休止"},
    {"web.kind.resign", "Resign", "认输"},
    {"web.kind.negative-a", "negative-A (负着)", "A类负着"},
    {"web.kind.negative-b", "negative-B (负着)", "B类负着"},
    {"web.proposal", "{0} proposes to pause", "{0}提议休止"},
    {"web.stat.captured", "stones captured (B : W)", "被提之子（黑 : 白）"},
    {"web.stat.virtual", "virtual moves (B : W)", "虚着（黑 : 白）"},
    {"web.stat.moves", "moves", "手数"},
    {"web.moves", "Moves", "着手"},
    {"web.no_moves", "No moves yet.", "尚未落子。"},
    {"web.marking", "Dead stones", "死子"},
    {"web.marking_help",
     "Click a stone to mark its whole chain dead, again to make it alive. When both sides agree the "
     "game is counted; if they disagree, play resumes and settles it (实战解决).",
     "点击棋子可将整块标为死子，再点一次恢复为活子。双方同意即做棋计点；若有争议，恢复对局，实战解决。"},
    {"web.claims_help",
     "Click an empty point to claim it for Black, again for White, again to clear (a ko space, a "
     "one-sided dame).",
     "点击空点可主张其归属：一次归黑，再次归白，三次取消（劫争之点、单方权利单官）。"},
    {"web.marks_from", "marked by: {0}", "标记来源：{0}"},
    {"web.uncertain", "the estimator is unsure about: {0}", "形势判断未定：{0}"},
    {"web.none_dead", "no dead stones marked", "未标死子"},
    {"web.dead_count", "{0} dead stones marked", "已标死子 {0} 枚"},
    {"web.agree", "Agree as {0}", "{0}同意"},
    {"web.agreed", "{0} agreed", "{0}已同意"},
    {"web.waiting", "waiting for {0}", "等待{0}"},
    {"web.dispute", "Dispute: resume play", "有争议：恢复对局"},
    {"web.preview", "If agreed now: {0}", "如现在同意：{0}"},
    {"web.result", "Result", "结果"},
    {"web.figures", "The counts", "各种计法"},
    {"web.fig.view", "view", "计法"},
    {"web.fig.black", "Black", "黑"},
    {"web.fig.white", "White", "白"},
    {"web.fig.territory_prisoners", "territory {0} + prisoners {1}", "目 {0} + 俘虏 {1}"},
    {"web.fig.k", "stones each at equal stones (k)", "等子局面每方子数 k"},
    {"web.fig.shared", "shared points (公气 + 单官)", "公空（公气 + 单官）"},
    {"web.fig.pay", "payment", "补偿"},
    {"web.making", "The making (做棋), step by step", "做棋，逐步"},
    {"web.sgf", "Download SGF", "下载 SGF 棋谱"},
    {"web.thinking", "the engine is thinking…", "电脑思考中……"},
    {"web.engine_disagrees", "The engine does not agree with these dead stones: dispute, and play settles it.",
     "电脑不同意这些死子：请恢复对局，实战解决。"},
    {"web.engine_move", "Engine move", "电脑走一步"},
    {"web.not_found", "No such game.", "没有这一局。"},
    {"web.server_error", "The server cannot be reached.", "无法连接服务器。"},
    // The pass button as a Chinese player reads it (停一手), the rules' own term beside it.
    {"web.button.pass", "Pass (停一手)", "停一手"},
    {"web.button.virtual", "Pass: a virtual move (停一手, 虚着)", "停一手（虚着）"},
    {"web.overlay", "The count if agreed now", "如现在同意，点目如下"},
    {"web.overlay_end", "The count", "点目"},
    {"web.overlay_view", "view shown", "显示计法"},
    {"web.overlay_figures", "{0}: Black {1}, White {2}", "{0}：黑 {1}，白 {2}"},
    {"web.overlay_primary", "the rules' view", "本规则的计法"},
    {"web.overlay_legend", "■ land · ◇ shared point · △ seki · ✕ dead", "■ 地 · ◇ 公空 · △ 双活 · ✕ 死子"},
    {"web.view.area", "area (子空合计)", "子空合计"},
    {"web.view.territory", "territory (等子比空)", "等子比空"},
    {"web.view.fill_up", "fill-up (填满计点)", "填满计点"},
    {"web.view.living_stones", "living stones (计活子)", "计活子"},
    {"web.view.japanese", "Japanese territory", "日本数目"},
    {"web.numbers", "move numbers", "手数"},
    {"web.sound", "sound", "落子声"},
    {"web.ko_here", "ko: {0} may not be retaken at once", "劫：{0} 不能立即提回"},
    {"web.count_record", "Count this record", "点这局棋谱"},
    {"web.count_record_help", "The record stops in play: take it as paused and count it as it stands.",
     "棋谱未终局：视为休止，按现状点目。"},
    {"web.upload_rules", "Rules of a record", "棋谱的规则"},
    {"web.rules_of_record", "as the record says (RU)", "按棋谱（RU）"},
    {"web.black_name", "Black's name", "黑方姓名"},
    {"web.white_name", "White's name", "白方姓名"},
    {"web.your_name", "Your name", "你的名字"},
    {"web.col.players", "players", "对局者"},
    {"web.vs", "{0} (Black) – {1} (White)", "{0}（黑）对 {1}（白）"},
    {"web.anonymous", "?", "？"},
    {"web.undo_ask", "Ask to take back {0}", "请求悔棋（{0}）"},
    {"web.undo_asked", "{0} asks to take back the last move", "{0}请求悔棋"},
    {"web.undo_accept", "Allow the take-back", "同意悔棋"},
    {"web.undo_refuse", "Refuse", "拒绝悔棋"},
    {"web.clock", "Clock", "计时"},
    {"web.clock.none", "no clock", "不计时"},
    {"web.clock.byoyomi", "byo-yomi: {0} min, then {1} × {2} s", "读秒：基本 {0} 分钟，{1} 次 {2} 秒"},
    {"web.clock.fischer", "Fischer: {0} min, + {1} s a move", "费舍尔：{0} 分钟，每步加 {1} 秒"},
    {"web.clock.periods", "{0} × {1} s", "{0} 次 {1} 秒"},
    {"web.clock.out", "out of time", "超时"},
};

const std::unordered_map<std::string_view, const TextEntry*>& index() {
  static const auto* m = [] {
    auto* out = new std::unordered_map<std::string_view, const TextEntry*>;
    for (const TextEntry& e : kTable) out->emplace(e.id, &e);
    return out;
  }();
  return *m;
}

std::string fill(std::string_view pattern, const std::vector<std::string>& args) {
  std::string out;
  for (size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] == '{' && i + 2 < pattern.size() && pattern[i + 2] == '}' &&
        pattern[i + 1] >= '0' && pattern[i + 1] <= '9') {
      size_t k = size_t(pattern[i + 1] - '0');
      if (k < args.size()) out += args[k];
      i += 2;
    } else {
      out += pattern[i];
    }
  }
  return out;
}

// Matches `s` against a pattern with placeholders {0}..{9} (each at least one character); fills
// args. Backtracking over the places where the next literal occurs.
bool match(std::string_view pat, std::string_view s, std::vector<std::string>& args) {
  if (pat.empty()) return s.empty();
  if (pat.size() >= 3 && pat[0] == '{' && pat[2] == '}' && pat[1] >= '0' && pat[1] <= '9') {
    size_t k = size_t(pat[1] - '0');
    std::string_view rest = pat.substr(3);
    // The literal after the placeholder (up to the next placeholder or the end).
    size_t lit_end = rest.find('{');
    std::string_view lit = rest.substr(0, lit_end);
    if (lit.empty()) {
      if (!rest.empty()) return false;  // two placeholders in a row: not used
      if (s.empty()) return false;
      if (args.size() <= k) args.resize(k + 1);
      args[k] = std::string(s);
      return true;
    }
    for (size_t at = s.find(lit, 1); at != std::string_view::npos; at = s.find(lit, at + 1)) {
      std::vector<std::string> saved = args;
      if (args.size() <= k) args.resize(k + 1);
      args[k] = std::string(s.substr(0, at));
      if (match(rest, s.substr(at), args)) return true;
      args = std::move(saved);
    }
    return false;
  }
  size_t next = pat.find('{');
  std::string_view lit = pat.substr(0, next);
  if (s.substr(0, lit.size()) != lit) return false;
  return match(pat.substr(lit.size()), s.substr(lit.size()), args);
}

// Sentences inside sentences are translated this deep at most: a pattern whose placeholder can
// take a whole sentence (a row whose English were "{0}" alone) would otherwise translate the same
// sentence again without end.
constexpr int kMaxNesting = 8;

bool translate_with(std::span<const TextEntry> table, std::string_view kind, std::string_view part,
                    Lang l, std::string& out, int depth);

// A placeholder's value in the language: a known word (colour, counted moves ...), a known
// sentence (a reason inside a reason), or itself.
std::string word(std::span<const TextEntry> table, std::string_view w, Lang l, int depth) {
  if (l == Lang::en) return std::string(w);
  for (const TextEntry& e : table)
    if (e.id.substr(0, 5) == "word." && e.en == w) return std::string(e.zh);
  std::string sentence;
  if (w.size() > 12 && translate_with(table, "note.", w, l, sentence, depth)) return sentence;
  return std::string(w);
}

// One sentence matched whole against the table's patterns of one kind ("note.", "error."): the
// first that matches, its placeholders' values put in the language (one level deeper); else, or
// nested too deep, the sentence as it is.
bool translate_with(std::span<const TextEntry> table, std::string_view kind, std::string_view part,
                    Lang l, std::string& out, int depth) {
  out = std::string(part);
  if (depth > kMaxNesting) return false;
  for (const TextEntry& e : table) {
    if (e.id.substr(0, kind.size()) != kind) continue;
    std::vector<std::string> args;
    if (!match(e.en, part, args)) continue;
    for (std::string& a : args) a = word(table, a, l, depth + 1);
    out = fill(l == Lang::zh ? e.zh : e.en, args);
    return true;
  }
  return false;
}

// One sentence of the library's notes: the translation, and whether a pattern knew it.
bool translate_part(std::string_view part, Lang l, std::string& out) {
  return translate_with(kTable, "note.", part, l, out, 0);
}

std::vector<std::string_view> split_parts(std::string_view s) {
  std::vector<std::string_view> parts;
  size_t a = 0;
  for (size_t b = s.find("; "); b != std::string_view::npos; b = s.find("; ", a)) {
    parts.push_back(s.substr(a, b - a));
    a = b + 2;
  }
  parts.push_back(s.substr(a));
  return parts;
}

}  // namespace

std::span<const TextEntry> text_table() { return kTable; }

Lang language(std::string_view option) {
  if (option == "zh") return Lang::zh;
  if (option == "en") return Lang::en;
  if (!option.empty())
    throw std::invalid_argument("language '" + std::string(option) + "': not one of zh, en");
  for (const char* var : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
    const char* v = std::getenv(var);
    if (v && *v) return std::string_view(v).substr(0, 2) == "zh" ? Lang::zh : Lang::en;
  }
  return Lang::en;
}

std::string_view lang_code(Lang l) { return l == Lang::zh ? "zh" : "en"; }

std::string tr(Lang l, std::string_view id, const std::vector<std::string>& args) {
  auto it = index().find(id);
  if (it == index().end()) return "[[" + std::string(id) + "]]";
  return fill(l == Lang::zh ? it->second->zh : it->second->en, args);
}

std::string tr(Lang l, std::string_view id, std::initializer_list<std::string_view> args) {
  std::vector<std::string> a;
  for (std::string_view s : args) a.emplace_back(s);
  return tr(l, id, a);
}

std::string count_of(Lang l, std::string_view noun, long long n) {
  const std::string id = "count." + std::string(noun);
  return tr(l, n == 1 && index().count(id + ".one") ? id + ".one" : id, {std::to_string(n)});
}

std::string colour_word(Color c, Lang l) {
  if (!is_stone(c)) return "-";
  return tr(l, c == Color::Black ? "colour.B" : "colour.W");
}

std::string side_word(Color c, Lang l) {
  if (!is_stone(c)) return "-";
  return tr(l, c == Color::Black ? "side.B" : "side.W");
}

std::string method_name(CountingMethod m, Lang l) { return tr(l, "method." + std::string(name_of(m))); }
std::string method_short(CountingMethod m, Lang l) {
  return tr(l, "method_short." + std::string(name_of(m)));
}
std::string status_source_name(StatusSource s, Lang l) {
  return tr(l, "source." + std::string(name_of(s)));
}
std::string mark_name(CountBoard::Mark m, Lang l) { return tr(l, "mark." + std::string(name_of(m))); }
std::string class_name(PointClass c, Lang l) { return tr(l, "class." + std::string(name_of(c))); }

std::string invariant_name(std::string_view name, Lang l) {
  std::string id = "inv." + std::string(name);
  return index().count(id) ? tr(l, id) : std::string(name);
}

std::string preset_title(std::string_view preset, Lang l) {
  if (!find_preset(preset)) return std::string(preset);
  return tr(l, "preset." + std::string(preset));
}

std::string step_title(std::string_view step, Lang l) { return tr(l, "step." + std::string(step)); }

std::string field_meaning(const FieldInfo& f, Lang l) {
  const std::string id = "field." + f.key;
  return index().count(id) ? tr(l, id) : f.meaning;
}

std::string result_words(std::string_view result, Lang l) {
  const std::string r(result);
  if (r == "0") return tr(l, "result.draw");
  if (r == "Void") return tr(l, "result.void");
  if (r.size() < 3 || (r[0] != 'B' && r[0] != 'W') || r[1] != '+') return r;
  const std::string who = colour_word(r[0] == 'B' ? Color::Black : Color::White, l);
  const std::string rest = r.substr(2);
  if (rest == "R") return tr(l, "result.resigned", {who, r});
  if (rest == "F") return tr(l, "result.forfeit", {who, r});
  if (rest == "T") return tr(l, "result.time", {who, r});
  if (rest == "0.5") return tr(l, "result.wins_half", {who, r});
  if (rest == "1") return tr(l, "result.wins_one", {who, r});
  return tr(l, "result.wins", {who, rest, r});
}

std::string translate_note(std::string_view english, Lang l) {
  if (l == Lang::en) return std::string(english);
  std::string whole;
  if (translate_part(english, l, whole)) return whole;
  std::string out;
  const char* sep = l == Lang::zh ? "；" : "; ";
  bool first = true;
  for (std::string_view part : split_parts(english)) {
    std::string t;
    translate_part(part, l, t);
    out += (first ? "" : sep) + t;
    first = false;
  }
  return out;
}

std::string text(const Message& m, Lang l) {
  if (m.id.empty()) return {};
  if (m.id == "english") return m.args.empty() ? std::string() : translate_note(m.args[0].value, l);
  std::vector<std::string> args;
  args.reserve(m.args.size());
  for (const MessageArg& a : m.args) switch (a.kind) {
      case MessageArg::Kind::text: args.push_back(a.value); break;
      case MessageArg::Kind::word: args.push_back(tr(l, a.value)); break;
      case MessageArg::Kind::message:
        args.push_back(a.inner.empty() ? std::string() : text(a.inner.front(), l));
        break;
    }
  if (m.id == "joined") {
    std::string out;
    for (size_t i = 0; i < args.size(); ++i) out += (i ? (l == Lang::zh ? "；" : "; ") : "") + args[i];
    return out;
  }
  return tr(l, m.id, args);
}

std::vector<std::string> text(const std::vector<Message>& messages, Lang l) {
  std::vector<std::string> out;
  out.reserve(messages.size());
  for (const Message& m : messages) out.push_back(text(m, l));
  return out;
}

std::string error_text(std::string_view english, Lang l) {
  std::string body(english);
  if (l != Lang::en) translate_with(kTable, "error.", english, l, body, 0);
  return tr(l, "error_line", {body});
}

std::string translate_with_table(std::span<const TextEntry> table, std::string_view kind,
                                 std::string_view sentence, Lang l) {
  std::string out;
  translate_with(table, kind, sentence, l, out, 0);
  return out;
}

bool note_is_translated(std::string_view english) {
  std::string t;
  if (translate_part(english, Lang::zh, t)) return true;
  for (std::string_view part : split_parts(english))
    if (!translate_part(part, Lang::zh, t)) return false;
  return true;
}

int display_width(std::string_view s) {
  int w = 0;
  for (size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    uint32_t cp = c;
    int len = 1;
    if (c >= 0xF0) { cp = c & 0x07; len = 4; }
    else if (c >= 0xE0) { cp = c & 0x0F; len = 3; }
    else if (c >= 0xC0) { cp = c & 0x1F; len = 2; }
    for (int k = 1; k < len && i + k < s.size(); ++k)
      cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    i += len;
    if ((c & 0xC0) == 0x80) continue;  // a stray continuation byte
    const bool wide = (cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0xA4CF) ||
                      (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0xF900 && cp <= 0xFAFF) ||
                      (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60) ||
                      (cp >= 0xFFE0 && cp <= 0xFFE6) || (cp >= 0x20000 && cp <= 0x3FFFD);
    w += wide ? 2 : 1;
  }
  return w;
}

std::string pad(std::string_view s, int width) {
  std::string out(s);
  for (int w = display_width(s); w < width; ++w) out += ' ';
  return out;
}

}  // namespace jpd
