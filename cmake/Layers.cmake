# The layers of the library, lowest first (docs/architecture.md). One table read by the build
# (src/CMakeLists.txt: one target per layer) and by the check (cmake/CheckLayers.cmake).
#
# Layer L's sources and private headers live in src/L/; its public headers are the ones of
# include/jpd/ listed in JPD_LAYER_L_HEADERS (every header of include/jpd/ is listed once). A file
# of a layer may include the headers, public or private, of its own layer and of the layers before
# it, never those of a layer after it.
#
# A new layer: its row here, in order, and its folder src/<name>/. A new public header: its name
# in the row of its layer.

set(JPD_LAYERS core rules sgf referee count estimate report front engines)

# Types, the board, points and moves, the random generator, text encodings, small helpers.
set(JPD_LAYER_core_HEADERS
  point.hpp board.hpp board_impl.hpp rng.hpp move.hpp encoding.hpp status.hpp lang.hpp
  number.hpp message.hpp cpu_time.hpp)
# The ruleset, the preset table, the rules text grammar.
set(JPD_LAYER_rules_HEADERS rules.hpp)
# The record reader and writer.
set(JPD_LAYER_sgf_HEADERS sgf.hpp input_file.hpp)
# The referee: a game under its rules, records replayed.
set(JPD_LAYER_referee_HEADERS game.hpp replay.hpp)
# Counting: the analysis, the making, the views, eye reading, the finishing search, overlays.
set(JPD_LAYER_count_HEADERS making.hpp eye_reading.hpp count.hpp finish.hpp overlay.hpp parity.hpp)
# The estimator of dead stones and its playouts.
set(JPD_LAYER_estimate_HEADERS estimate.hpp playout.hpp)
# What people and programs read: texts in two languages, explanations, JSON, SVG.
set(JPD_LAYER_report_HEADERS count_report.hpp text.hpp svg.hpp)
# The front door: scoring a record, batches, series, conventions, statuses from a GTP engine,
# the bench workloads.
set(JPD_LAYER_front_HEADERS
  score.hpp batch.hpp series.hpp conventions.hpp gtp_client.hpp status_gtp.hpp)
# The engines: the GTP engine, move generation, clocks, matches, disputes.
set(JPD_LAYER_engines_HEADERS
  gtp.hpp genmove.hpp gtp_move.hpp gtp_time.hpp match.hpp dispute.hpp)
