// Member definitions of BoardT (included by board.hpp). The hot ones are inline so that a
// playout loop in another translation unit can inline them despite the extern instantiations.
#pragma once

namespace jpd {

template <int Cap>
void BoardT<Cap>::reset(int width, int height) {
  if (height < 0) height = width;
  if (width < kMinBoardSize || height < kMinBoardSize || width > Cap || height > Cap)
    throw std::invalid_argument("board size " + std::to_string(width) + "x" +
                                std::to_string(height) + " is outside 2x2 .. " +
                                std::to_string(Cap) + "x" + std::to_string(Cap));
  width_ = uint8_t(width);
  height_ = uint8_t(height);
  std::memset(color_, uint8_t(Color::Edge), sizeof color_);
  std::memset(next_, 0, sizeof next_);
  std::memset(head_, 0, sizeof head_);
  std::memset(libs_, 0, sizeof libs_);
  n_empty_ = 0;
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      Index i = index(x, y);
      color_[i] = uint8_t(Color::Empty);
      add_empty(i);
    }
  hash_ = 0;
  ko_ = kNoIndex;
  captured_[0] = captured_[1] = 0;
  stones_[0] = stones_[1] = 0;
}

template <int Cap>
template <int Other>
BoardT<Cap>::BoardT(const BoardT<Other>& o) {
  reset(o.width(), o.height());
  for (int y = 0; y < height_; ++y)
    for (int x = 0; x < width_; ++x) color_[index(x, y)] = o.color_[BoardT<Other>::index(x, y)];
  rebuild_all();
  ko_ = o.ko_ == BoardT<Other>::kNoIndex ? kNoIndex : index(BoardT<Other>::point(o.ko_));
  captured_[0] = o.captured_[0];
  captured_[1] = o.captured_[1];
}

template <int Cap>
int BoardT<Cap>::chain_size(Index i) const {
  int n = 0;
  for_each_stone(i, [&](Index) { ++n; });
  return n;
}

template <int Cap>
int BoardT<Cap>::liberties(Index i) const {
  uint8_t seen[kArea] = {};
  int n = 0;
  for_each_stone(i, [&](Index s) {
    for (int d : kDirs) {
      Index j = Index(s + d);
      if (color_[j] == uint8_t(Color::Empty) && !seen[j]) {
        seen[j] = 1;
        ++n;
      }
    }
  });
  return n;
}

template <int Cap>
typename BoardT<Cap>::Index BoardT<Cap>::atari_liberty(Index i) const {
  // One liberty point touches at most four stones of the chain: more pseudo-liberties, more
  // than one liberty.
  if (libs_[head_[i]] > 4) return kNoIndex;
  Index lib = kNoIndex;
  bool more = false;
  for_each_stone(i, [&](Index s) {
    for (int d : kDirs) {
      Index j = Index(s + d);
      if (color_[j] != uint8_t(Color::Empty)) continue;
      if (lib == kNoIndex) lib = j;
      else if (lib != j) more = true;
    }
  });
  return more ? kNoIndex : lib;
}

template <int Cap>
inline bool BoardT<Cap>::is_suicide(Index i, Color c) const {
  const Index n[4] = {up(i), left(i), right(i), down(i)};
  const uint8_t col[4] = {color_[n[0]], color_[n[1]], color_[n[2]], color_[n[3]]};
  if (((col[0] == uint8_t(Color::Empty)) | (col[1] == uint8_t(Color::Empty)) |
       (col[2] == uint8_t(Color::Empty)) | (col[3] == uint8_t(Color::Empty))))
    return false;
  return suicide_without_empty_neighbour(i, c);
}

template <int Cap>
inline bool BoardT<Cap>::suicide_without_empty_neighbour(Index i, Color c) const {
  // Every neighbour is a stone or edge, so head_ is meaningful for each of them (an edge point's
  // head_ is kNoIndex, never a chain's). For each neighbouring chain, the number of neighbours of
  // i in it is the number of its pseudo-liberties that i takes away; the chain keeps a liberty
  // exactly when it has more. Checking a chain once per adjacent stone gives the same answer.
  // Straight-line code: the outcome is unpredictable, a branch per neighbour would mispredict.
  const uint8_t own = uint8_t(c), opp = uint8_t(opponent(c));
  const Index n0 = up(i), n1 = left(i), n2 = right(i), n3 = down(i);
  const Index h0 = head_[n0], h1 = head_[n1], h2 = head_[n2], h3 = head_[n3];
  const uint8_t c0 = color_[n0], c1 = color_[n1], c2 = color_[n2], c3 = color_[n3];
  const auto keeps = [&](uint8_t ck, Index hk) {
    const int taken = (h0 == hk) + (h1 == hk) + (h2 == hk) + (h3 == hk);
    const int libs = libs_[hk];
    return ((ck == own) & (libs > taken)) | ((ck == opp) & (libs == taken));
  };
  return !(keeps(c0, h0) | keeps(c1, h1) | keeps(c2, h2) | keeps(c3, h3));
}

template <int Cap>
inline bool BoardT<Cap>::captures(Index i, Color c) const {
  Index heads[4];
  int n = 0;
  for (int d : kDirs) {
    Index j = Index(i + d);
    if (color_[j] == uint8_t(opponent(c))) heads[n++] = head_[j];
  }
  for (int a = 0; a < n; ++a) {
    int k = 0;
    for (int b = 0; b < n; ++b) k += heads[b] == heads[a];
    if (libs_[heads[a]] == k) return true;
  }
  return false;
}

template <int Cap>
inline bool BoardT<Cap>::is_eye(Index i, Color c) const {
  const auto own_or_edge = [&](Index j) {
    return int(color_[j] == uint8_t(c) || color_[j] == uint8_t(Color::Edge));
  };
  if (!(own_or_edge(up(i)) & own_or_edge(left(i)) & own_or_edge(right(i)) & own_or_edge(down(i))))
    return false;
  return eye_diagonals_ok(i, c);
}

template <int Cap>
inline bool BoardT<Cap>::eye_diagonals_ok(Index i, Color c) const {
  // Of the diagonals at most one enemy stone in the centre, none on the edge or in the corner:
  // enemies + (any diagonal off the board) < 2.
  const uint8_t opp = uint8_t(opponent(c)), edge = uint8_t(Color::Edge);
  const uint8_t d0 = color_[i - kStride - 1], d1 = color_[i - kStride + 1],
                d2 = color_[i + kStride - 1], d3 = color_[i + kStride + 1];
  const int enemies = (d0 == opp) + (d1 == opp) + (d2 == opp) + (d3 == opp);
  const int off_board = (d0 == edge) | (d1 == edge) | (d2 == edge) | (d3 == edge);
  return enemies + off_board < 2;
}

template <int Cap>
inline uint64_t BoardT<Cap>::hash_after(Index i, Color c) const {
  uint64_t h = hash_ ^ stone_key(i, c);
  {
    // Most moves capture nothing and keep a liberty: an empty neighbour, and no opponent chain
    // next to i that one stone could take (a chain with more than four pseudo-liberties keeps
    // one whatever i takes). For an empty or edge neighbour libs_ is read at a stale head: the
    // value is not used.
    const uint8_t opp = uint8_t(opponent(c)), empty = uint8_t(Color::Empty);
    const Index n0 = up(i), n1 = left(i), n2 = right(i), n3 = down(i);
    const uint8_t c0 = color_[n0], c1 = color_[n1], c2 = color_[n2], c3 = color_[n3];
    const bool liberty = (c0 == empty) | (c1 == empty) | (c2 == empty) | (c3 == empty);
    const bool takable = ((c0 == opp) & (libs_[head_[n0]] <= 4)) |
                         ((c1 == opp) & (libs_[head_[n1]] <= 4)) |
                         ((c2 == opp) & (libs_[head_[n2]] <= 4)) |
                         ((c3 == opp) & (libs_[head_[n3]] <= 4));
    if (liberty && !takable) return h;
  }
  Index heads[4];
  int n = 0;
  for (int d : kDirs) {
    Index j = Index(i + d);
    if (is_stone(Color(color_[j]))) heads[n++] = head_[j];
  }
  bool captured_any = false, own_liberty = false;
  for (int d : kDirs)
    if (color_[i + d] == uint8_t(Color::Empty)) own_liberty = true;
  for (int a = 0; a < n; ++a) {
    bool first = true;
    int k = 0;
    for (int b = 0; b < n; ++b)
      if (heads[b] == heads[a]) {
        if (b < a) first = false;
        ++k;
      }
    if (!first) continue;
    Index hd = heads[a];
    if (color_[hd] == uint8_t(c)) {
      if (libs_[hd] > k) own_liberty = true;
    } else if (libs_[hd] == k) {
      captured_any = true;
      for_each_stone(hd, [&](Index s) { h ^= stone_key(s, Color(color_[hd])); });
    }
  }
  if (!captured_any && !own_liberty) {  // suicide: the new stone and its own neighbours go
    h ^= stone_key(i, c);
    for (int a = 0; a < n; ++a) {
      bool first = true;
      for (int b = 0; b < a; ++b)
        if (heads[b] == heads[a]) first = false;
      if (first && color_[heads[a]] == uint8_t(c))
        for_each_stone(heads[a], [&](Index s) { h ^= stone_key(s, c); });
    }
  }
  return h;
}

template <int Cap>
inline void BoardT<Cap>::remove_chain(Index h, Color c) {
  // The neighbours of the chain's stones are its own stones (same chain) or empty points or
  // stones of the other colour, whose chains regain one pseudo-liberty per adjacency.
  const uint8_t other = uint8_t(opponent(c));
  const int ci = color_index(c);
  Index s = h;
  do {
    const Index nxt = next_[s];
    color_[s] = uint8_t(Color::Empty);
    hash_ ^= stone_key(s, c);
    if (color_[up(s)] == other) ++libs_[head_[up(s)]];
    if (color_[left(s)] == other) ++libs_[head_[left(s)]];
    if (color_[right(s)] == other) ++libs_[head_[right(s)]];
    if (color_[down(s)] == other) ++libs_[head_[down(s)]];
    add_empty(s);  // overwrites next_[s]; nxt was saved
    ++captured_[ci];
    --stones_[ci];
    s = nxt;
  } while (s != h);
}

template <int Cap>
inline typename BoardT<Cap>::Undo BoardT<Cap>::play(Index i, Color c) {
  Undo u;
  u.point = i;
  u.color = c;
  u.prev_ko = ko_;
  u.prev_hash = hash_;
  play_impl<true>(i, c, &u);
  return u;
}

// The body of play() and play_fast(): with kRecord the Undo record *u is filled in.
//
// The neighbour scan is straight-line code (which neighbours are empty, own or enemy is as good as
// random in a playout, so branches on it would mispredict); loops run over bit masks of the
// neighbours that need work.
template <int Cap>
template <bool kRecord>
inline void BoardT<Cap>::play_impl(Index i, Color c, Undo* u) {
  const uint8_t own = uint8_t(c), opp = uint8_t(opponent(c));
  const Index n[4] = {up(i), left(i), right(i), down(i)};  // the order of kDirs

  remove_empty(i);
  color_[i] = own;
  hash_ ^= stone_key(i, c);
  ++stones_[color_index(c)];

  // Liberties of the new stone; the adjacency it takes from each neighbouring chain; the chain it
  // joins: the own neighbouring chain with the most pseudo-liberties, in kDirs order, counted as
  // they are decremented (the first one wins ties). For an empty neighbour head_ is stale and
  // the decrement is zero; for an edge point head_ is kNoIndex and libs_[kNoIndex] stays 0.
  Index hd[4];
  unsigned own_mask = 0, opp_mask = 0;
  Index libs = 0, base = kNoIndex;
  for (int k = 0; k < 4; ++k) {
    const uint8_t ck = color_[n[k]];
    const Index h = head_[n[k]];
    hd[k] = h;
    const bool is_own = ck == own, is_opp = ck == opp;
    libs = Index(libs + (ck == uint8_t(Color::Empty)));
    libs_[h] = Index(libs_[h] - (is_own | is_opp));
    own_mask |= unsigned(is_own) << k;
    opp_mask |= unsigned(is_opp) << k;
    if (is_own && (base == kNoIndex || libs_[h] > libs_[base])) base = h;
  }
  if (base == kNoIndex) {  // a lone stone
    head_[i] = i;
    next_[i] = i;
    libs_[i] = libs;
  } else {
    // The new stone and every other own neighbouring chain join the chain `base`.
    head_[i] = base;
    next_[i] = next_[base];
    next_[base] = i;
    libs_[base] = Index(libs_[base] + libs);
    for (unsigned m = own_mask; m; m &= m - 1) {
      const Index h = head_[n[std::countr_zero(m)]];  // fresh: an earlier merge may relabel it
      if (h == base) continue;
      libs_[base] = Index(libs_[base] + libs_[h]);
      Index s = h;
      do {
        head_[s] = base;
        s = next_[s];
      } while (s != h);
      const Index tmp = next_[base];
      next_[base] = next_[h];
      next_[h] = tmp;
    }
  }
  // Captures: opponent neighbouring chains left without a pseudo-liberty, in kDirs order. A
  // chain touching i twice is removed at its first adjacency; the second then finds no stone.
  const unsigned capture_mask =
      opp_mask & (unsigned(libs_[hd[0]] == 0) | unsigned(libs_[hd[1]] == 0) << 1 |
                  unsigned(libs_[hd[2]] == 0) << 2 | unsigned(libs_[hd[3]] == 0) << 3);
  ko_ = kNoIndex;
  if (capture_mask == 0) [[likely]] {
    // Suicide: possible only when nothing was captured.
    const Index mine = head_[i];
    if (libs_[mine] == 0) [[unlikely]] {
      const uint16_t before = captured_[color_index(c)];
      remove_chain(mine, c);
      if constexpr (kRecord) u->suicided = uint16_t(captured_[color_index(c)] - before);
    }
    return;
  }
  const uint16_t opp_before = captured_[color_index(Color(opp))];
  Index last_captured = kNoIndex;
  for (unsigned m = capture_mask; m; m &= m - 1) {
    const int k = std::countr_zero(m);
    if (color_[n[k]] != opp) continue;
    remove_chain(hd[k], Color(opp));
    last_captured = hd[k];
    if constexpr (kRecord) u->captured_heads[u->captured_chains++] = hd[k];
  }
  const uint16_t captured_now = uint16_t(captured_[color_index(Color(opp))] - opp_before);
  if constexpr (kRecord) u->captured = captured_now;
  // Simple ko: one stone captured by a lone stone that now has that point as its only liberty.
  if (captured_now == 1 && base == kNoIndex && libs_[i] == 1) ko_ = last_captured;
}

template <int Cap>
void BoardT<Cap>::rebuild_chain_from(Index start, uint8_t* seen) {
  // Flood fill the chain containing `start` (by colour), relabel it as a ring headed by start,
  // and count its pseudo-liberties.
  const uint8_t c = color_[start];
  Index stack[kArea];
  int sp = 0;
  stack[sp++] = start;
  seen[start] = 1;
  Index prev = start;
  head_[start] = start;
  next_[start] = start;
  int libs = 0;
  while (sp) {
    Index s = stack[--sp];
    if (s != start) {
      head_[s] = start;
      next_[s] = next_[prev];
      next_[prev] = s;
      prev = s;
    }
    for (int d : kDirs) {
      Index j = Index(s + d);
      if (color_[j] == uint8_t(Color::Empty)) ++libs;
      else if (color_[j] == c && !seen[j]) {
        seen[j] = 1;
        stack[sp++] = j;
      }
    }
  }
  libs_[start] = Index(libs);
}

template <int Cap>
void BoardT<Cap>::rebuild_all() {
  uint8_t seen[kArea] = {};
  n_empty_ = 0;
  hash_ = 0;
  stones_[0] = stones_[1] = 0;
  for (int y = 0; y < height_; ++y)
    for (int x = 0; x < width_; ++x) {
      Index i = index(x, y);
      if (color_[i] == uint8_t(Color::Empty)) {
        add_empty(i);
      } else {
        hash_ ^= stone_key(i, Color(color_[i]));
        ++stones_[color_index(Color(color_[i]))];
      }
    }
  for (int y = 0; y < height_; ++y)
    for (int x = 0; x < width_; ++x) {
      Index i = index(x, y);
      if (is_stone(Color(color_[i])) && !seen[i]) rebuild_chain_from(i, seen);
    }
}

template <int Cap>
void BoardT<Cap>::undo(const Undo& u) {
  const Index i = u.point;
  const Color c = u.color, opp = opponent(c);
  // Restore the stones: the captured opponent chains and any own chain removed by suicide are
  // the empty regions bounded by stones that start at their recorded points (nothing has been
  // played since), so a flood fill finds exactly them.
  auto refill = [&](Index from, Color col) {
    Index stack[kArea];
    int sp = 0;
    stack[sp++] = from;
    color_[from] = uint8_t(col);
    while (sp) {
      Index s = stack[--sp];
      for (int d : kDirs) {
        Index j = Index(s + d);
        if (color_[j] == uint8_t(Color::Empty)) {
          color_[j] = uint8_t(col);
          stack[sp++] = j;
        }
      }
    }
  };
  if (u.suicided) {
    refill(i, c);
    captured_[color_index(c)] = uint16_t(captured_[color_index(c)] - u.suicided);
  }
  // The played stone still bounds the captured regions while they are refilled.
  for (int k = 0; k < u.captured_chains; ++k) refill(u.captured_heads[k], opp);
  color_[i] = uint8_t(Color::Empty);
  captured_[color_index(opp)] = uint16_t(captured_[color_index(opp)] - u.captured);
  // The structure around the move changed in ways that are simplest to recompute.
  rebuild_all();
  hash_ = u.prev_hash;
  ko_ = u.prev_ko;
}

template <int Cap>
void BoardT<Cap>::set_stone(Index i, Color c) {
  if (!on_board(i)) throw std::invalid_argument("set_stone: point is off the board");
  color_[i] = uint8_t(c);
  ko_ = kNoIndex;
  rebuild_all();
}

template <int Cap>
template <class Edits>
void BoardT<Cap>::set_stones(const Edits& edits) {
  bool any = false;
  for (const auto& [i, c] : edits) {
    if (!on_board(i)) throw std::invalid_argument("set_stone: point is off the board");
    any = true;
  }
  if (!any) return;
  for (const auto& [i, c] : edits) color_[i] = uint8_t(c);
  ko_ = kNoIndex;
  rebuild_all();
}

template <int Cap>
void BoardT<Cap>::remove_chain_at(Index i) {
  const Color c = Color(color_[i]);
  if (!is_stone(c)) throw std::invalid_argument("remove_chain_at: no stone at that point");
  const uint16_t captured = captured_[color_index(c)];
  remove_chain(head_[i], c);
  captured_[color_index(c)] = captured;
  ko_ = kNoIndex;
}

template <int Cap>
std::string BoardT<Cap>::to_string() const {
  std::string s;
  for (int y = 0; y < height_; ++y) {
    for (int x = 0; x < width_; ++x) {
      Color c = at(index(x, y));
      s += c == Color::Black ? 'X' : c == Color::White ? 'O' : '.';
    }
    s += '\n';
  }
  return s;
}

template <int Cap>
bool BoardT<Cap>::same_position(const BoardT& o) const {
  if (width_ != o.width_ || height_ != o.height_) return false;
  for (int y = 0; y < height_; ++y)
    for (int x = 0; x < width_; ++x)
      if (color_[index(x, y)] != o.color_[index(x, y)]) return false;
  return true;
}

template <int Cap>
bool BoardT<Cap>::check_consistency(std::string* why) const {
  auto fail = [&](const std::string& m) {
    if (why) *why = m;
    return false;
  };
  BoardT fresh(width_, height_);
  for (int y = 0; y < height_; ++y)
    for (int x = 0; x < width_; ++x) fresh.color_[index(x, y)] = color_[index(x, y)];
  fresh.rebuild_all();
  if (fresh.hash_ != hash_) return fail("hash differs from a recomputation");
  if (fresh.n_empty_ != n_empty_) return fail("empty list has the wrong length");
  if (fresh.stones_[0] != stones_[0] || fresh.stones_[1] != stones_[1])
    return fail("stone counts differ from a recomputation");
  for (int j = 0; j < kArea; ++j)  // suicide_without_empty_neighbour relies on this
    if (color_[j] == uint8_t(Color::Edge) && head_[j] != kNoIndex)
      return fail("an edge point has a chain head");
  for (int k = 0; k < n_empty_; ++k) {
    Index e = empty_[k];
    if (color_[e] != uint8_t(Color::Empty)) return fail("empty list holds a stone");
    if (next_[e] != k) return fail("empty point does not know its list position");
  }
  for (int y = 0; y < height_; ++y)
    for (int x = 0; x < width_; ++x) {
      Index i = index(x, y);
      if (!is_stone(Color(color_[i]))) continue;
      // Same partition into chains, and the same pseudo-liberty count per chain.
      if (fresh.head_[fresh.head_[i]] != fresh.head_[i]) return fail("bad fresh head");
      for (int d : kDirs) {
        Index j = Index(i + d);
        if (color_[j] == color_[i] && head_[j] != head_[i])
          return fail("adjacent stones in different chains at " + to_gtp(point(i), height_));
      }
      if (head_[head_[i]] != head_[i]) return fail("head of head differs");
      if (libs_[head_[i]] != fresh.libs_[fresh.head_[i]])
        return fail("pseudo-liberties differ at " + to_gtp(point(i), height_));
      if (chain_size(i) != fresh.chain_size(i))
        return fail("chain ring size differs at " + to_gtp(point(i), height_));
      if (libs_[head_[i]] == 0) return fail("chain without liberty on the board");
    }
  return true;
}

}  // namespace jpd
