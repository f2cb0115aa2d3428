# GTP regression tests of jpd gtp driven as GUIs drive it (format: records.tst).

# Setup stones sent as play commands in any order, as Sabaki rearranges a position: a stone of
# the colour not to move is a setup stone, and the record shows no colour moving twice.
boardsize 9
clear_board
kgs-rules japanese
komi 6.5
jpd-playouts 400
play B C3
play B C4
play W D3
play W D4
play B C5
play W D5
play B C6
play W D6
play W E7
10 jpd-state
#? [.*"moves":6,.*"to_move":"B".*]
# (captures: none; B C4, W D4 and W E7 came out of turn)
11 printsgf
#? [.*;B\[cg\];AB\[cf\];W\[dg\];AW\[df\];B\[ce\];W\[de\];B\[cd\];W\[dd\];AW\[ec\]\)]
12 genmove W
#? [[A-HJ][1-9]|pass]
# Out of turn, a stone that captures is a move after the turn is given (PL in the record).
clear_board
play B B2
play W A2
play B A1
play B A3
13 jpd-state
#? [.*"captured":\{"B":0,"W":1\}.*"moves":4,.*]
14 printsgf
#? [.*;B\[bh\];W\[ah\];B\[ai\];PL\[B\];B\[ag\]\)]
jpd-out-of-turn refuse
15 play W J9
#? []
16 jpd-out-of-turn
#? [refuse]
jpd-out-of-turn setup

# KataGo's rules commands.
clear_board
20 kata-set-rules chinese
#? []
21 jpd-rules
#? [chinese,komi=6\.5,ko=simple]
22 kata-get-rules
#? [\{.*"ko":"SIMPLE".*"scoring":"AREA".*\}]
23 kata-set-rules {"ko":"POSITIONAL","scoring":"TERRITORY","tax":"SEKI"}
#? []
24 jpd-rules
#? [japanese,ko=positional]
25 kata-set-rule ko SITUATIONAL
#? []
26 kata-get-rules
#? [.*"ko":"SITUATIONAL".*"scoring":"TERRITORY".*"tax":"SEKI".*]
27 kata-set-rules tang-song
#? []
28 kata-get-rules
#? [.*"jpdRules":"tang-song".*]

# The clock.
29 time_settings 300 30 5
#? []
30 jpd-time B
#? [Black: main 300\.00 s, Canadian byo-yomi 5 stones in 30\.00 s; left 300\.00 s; next move 9\.900 s]
31 time_left B 20 4
#? []
32 jpd-time B
#? [.*left 20\.00 s for 4 stones; next move 4\.400 s]
33 kgs-time_settings byoyomi 0 10 3
#? []
34 jpd-time W
#? [.*byo-yomi 3 x 10\.00 s; left 10\.00 s of a period, 3 periods; next move 8\.900 s]
kgs-time_settings none

# Analysis commands for GUIs: the list, and the count drawn on an empty board (all dame,
# shared under the Chinese rules).
kgs-rules chinese
40 gogui-analyze_commands
#? [gfx/Count: the rules' view/jpd-overlay\n.*dboard/Estimator: ownership/jpd-estimate-ownership\n.*]
41 jpd-overlay area
#? [SQUARE A9 B9 .* J1\nTEXT area \(the rules' view\): Black 40\.5, White 40\.5; result W\+6\.5]
42 jpd-ownership
#? [(0( 0){8}\n){8}0( 0){8}]
