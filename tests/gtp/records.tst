# GTP regression tests of jpd gtp in the format gogui-regress reads: a numbered command, then
# "#?" and the expected answer as a regular expression in brackets ("!" before it: must not
# match; "*" after the bracket: a known failure). The bundled records (data/games) are loaded and
# counted under several rule sets. tests/gtp_regress_test.cpp runs every *.tst of this folder on
# the engine; by hand, from the repository's root:
#   gogui-regress "build/apps/jpd/jpd gtp --allow-files ." tests/gtp/records.tst

# The main job's game: Chinese rules, komi 7, played out to two passes, no dead stones left.
# The presets disagree by the point of Black's extra move (README, "jpd batch").
loadsgf data/games/goquest-9x9-2015-10-26-miura18-u4i.sgf
10 jpd-rules
#? [chinese,komi=7]
11 final_score
#? [B\+2]
12 final_status_list dead
#? []
13 final_status_list seki
#? []
14 jpd-state
#? [.*"pauses":1,.*"phase":"paused".*]
# The same game under other rule sets (the komi kept).
kgs-rules japanese
20 final_score
#? [0]
kata-set-rules tang-song
21 final_score
#? [B\+1]
22 kata-get-rules
#? [.*"jpdRules":"tang-song,komi=7".*]
kata-set-rules ming-qing
23 final_score
#? [B\+2]
jpd-rules sci-1-1,komi=7
24 final_score
#? [0]

# Ended by two passes with a dead black stone left inside White's area (B8).
loadsgf data/games/goquest-9x9-2015-11-14-unsettled.sgf
30 jpd-rules
#? [chinese,komi=7]
31 final_score
#? [B\+2]
32 final_status_list dead
#? [B8\nH7 J7]
33 final_status_list alive
#? [!.*B8.*]
# White's group at the bottom right and Black's G2-J2 share J1 and J3: a seki.
34 final_status_list seki
#? [H5 G4 H4 J4 E3 F3 G3 H3 F2 F1 G1 H1\nG2 H2 J2]
kgs-rules japanese
35 final_score
#? [B\+1]
kgs-rules tang-song
36 final_score
#? [B\+1]
# Tromp-Taylor removes no dead stones: B8, H7 and J7 count as they stand.
jpd-rules tromp-taylor,komi=7
37 final_score
#? [B\+2]

# A Japanese professional game stopped without passes (W+5.5), no RU: the current rules.
kgs-rules japanese
loadsgf data/games/minigo-tv-9x9-971122.sgf
40 jpd-rules
#? [japanese]
41 final_score
#? [W\+5\.5]
42 final_status_list dead
#? [G6]
kata-set-rules chinese
43 final_score
#? [W\+5\.5]
kgs-rules tang-song
44 final_score
#? [W\+5\.5]
jpd-rules tromp-taylor,komi=6.5
45 final_score
#? [W\+29\.5]

# GNU Go against itself on 19x19, Chinese rules, dead stones left on the board.
loadsgf data/games/gnugo-19x19-selfplay.sgf
50 jpd-rules
#? [chinese]
51 final_score
#? [B\+15\.5]
52 final_status_list dead
#? [E18\nF12\nC8\nN6]
kgs-rules japanese
53 final_score
#? [B\+15\.5]
kgs-rules tang-song
54 final_score
#? [B\+15\.5]

# loadsgf FILE MOVE: the position before that move, in play.
loadsgf data/games/goquest-9x9-2015-10-26-miura18-u4i.sgf 30
60 jpd-state
#? [.*"moves":29,.*"phase":"play".*"to_move":"W".*]
61 final_score
#? [W\+5]

# After two passes an engine with nothing to gain passes again, as GNU Go does: no stone played
# inside its own territory, under any rule set.
loadsgf data/games/goquest-9x9-2015-10-26-miura18-u4i.sgf
70 genmove W
#? [pass]
71 genmove B
#? [pass]
72 jpd-state
#? [.*"moves":63,.*"pauses":2,.*"phase":"paused".*]
loadsgf data/games/goquest-9x9-2015-11-14-unsettled.sgf
kgs-rules japanese
73 genmove W
#? [pass]
loadsgf data/games/gnugo-19x19-selfplay.sgf
74 genmove W
#? [pass]
75 final_status_list seki
#? []

# The 19x19 game under the remaining standard rule sets.
kgs-rules aga
76 final_score
#? [B\+15\.5]
kgs-rules ing
77 final_score
#? [B\+15\.5]
