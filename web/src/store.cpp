#include "jpd/web/store.hpp"

#include <sqlite3.h>
#include <sys/random.h>

#include <cerrno>
#include <cstring>
#include <map>
#include <memory>

namespace jpd::web {

namespace {

constexpr const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS games (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  created TEXT NOT NULL,
  settings TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS events (
  game INTEGER NOT NULL REFERENCES games(id),
  seq INTEGER NOT NULL,
  event TEXT NOT NULL,
  PRIMARY KEY (game, seq)
) WITHOUT ROWID;
)sql";

// Columns added after the first schema, for databases made before them.
constexpr const char* kMigrations[] = {
    "ALTER TABLE games ADD COLUMN key TEXT",
};

struct Finalize {
  void operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }
};
using Statement = std::unique_ptr<sqlite3_stmt, Finalize>;

}  // namespace

Store::Store(const std::string& path, Sync sync) : path_(path), sync_(sync) {
  if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                      nullptr) != SQLITE_OK) {
    std::string why = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    db_ = nullptr;
    throw StoreError(path + ": cannot open the database: " + why);
  }
  sqlite3_busy_timeout(db_, 5000);
  try {
    exec("PRAGMA journal_mode=WAL");
    exec(sync == Sync::full ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=NORMAL");
    exec("PRAGMA foreign_keys=ON");
    exec(kSchema);
    for (const char* m : kMigrations) sqlite3_exec(db_, m, nullptr, nullptr, nullptr);  // there already: fine
    exec("CREATE UNIQUE INDEX IF NOT EXISTS games_key ON games(key)");
  } catch (...) {
    sqlite3_close(db_);
    db_ = nullptr;
    throw;
  }
}

Store::~Store() {
  for (sqlite3_stmt* st : kept_) sqlite3_finalize(st);
  sqlite3_close(db_);
}

sqlite3_stmt* Store::kept(Kept which) {
  static const char* const sql[kKept] = {
      "BEGIN IMMEDIATE", "SAVEPOINT one", "ROLLBACK TO one", "RELEASE one", "COMMIT", "ROLLBACK",
      "INSERT INTO games (created, settings, key) VALUES (?, ?, ?)",
      "INSERT INTO events (game, seq, event) VALUES (?, ?, ?)",
      "DELETE FROM events", "DELETE FROM games", "DELETE FROM sqlite_sequence WHERE name = 'games'"};
  sqlite3_stmt*& st = kept_[which];
  if (st) {
    sqlite3_reset(st);
  } else if (sqlite3_prepare_v3(db_, sql[which], -1, SQLITE_PREPARE_PERSISTENT, &st, nullptr) != SQLITE_OK) {
    st = nullptr;
  }
  return st;
}

bool Store::run(Kept which) {
  sqlite3_stmt* st = kept(which);
  return st && sqlite3_step(st) == SQLITE_DONE;
}

void Store::fail(const std::string& what) {
  throw StoreError(path_ + ": " + what + ": " + sqlite3_errmsg(db_));
}

void Store::exec(const char* sql) {
  char* err = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &err) != SQLITE_OK) {
    std::string why = err ? err : "unknown error";
    sqlite3_free(err);
    throw StoreError(path_ + ": " + why);
  }
}

namespace {

Statement prepare(sqlite3* db, const char* sql) {
  sqlite3_stmt* s = nullptr;
  if (sqlite3_prepare_v2(db, sql, -1, &s, nullptr) != SQLITE_OK) return nullptr;
  return Statement(s);
}

// Inserts the events inside the caller's transaction with the statement given (reset); false on
// failure.
bool insert_events(sqlite3_stmt* st, int64_t game, int64_t seq, const std::vector<nlohmann::json>& events) {
  if (!st) return false;
  for (const nlohmann::json& e : events) {
    const std::string text = e.dump();
    sqlite3_reset(st);
    sqlite3_bind_int64(st, 1, game);
    sqlite3_bind_int64(st, 2, seq++);
    sqlite3_bind_text(st, 3, text.data(), int(text.size()), SQLITE_TRANSIENT);
    if (sqlite3_step(st) != SQLITE_DONE) return false;
  }
  return true;
}

}  // namespace

std::string new_key() {
  unsigned char bytes[16];
  size_t got = 0;
  while (got < sizeof bytes) {
    const ssize_t n = getrandom(bytes + got, sizeof bytes - got, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw StoreError(std::string("no random numbers from the system: ") + std::strerror(errno));
    got += size_t(n);
  }
  static const char* hex = "0123456789abcdef";
  std::string out;
  for (unsigned char b : bytes) {
    out += hex[b >> 4];
    out += hex[b & 15];
  }
  return out;
}

int64_t Store::create_game(const nlohmann::json& settings, const std::string& key, const std::string& created,
                           const std::vector<nlohmann::json>& events) {
  const std::string text = settings.dump();
  Pending mine{0, 0, &events, &text, &key, &created, false, {}};
  commit(mine);
  if (!mine.error.empty()) throw StoreError(path_ + ": cannot store the new game: " + mine.error);
  return mine.game;
}

// Group commit: an append or a new game that arrives while a transaction is being written
// waits, and those that waited go into the next transaction together (one sync to the disk for
// all of them: a burst of new games, as when many players arrive at once, or the moves of many
// games); each returns once its own rows are committed, or with its own failure (a savepoint
// for each keeps one's failure from another's).
void Store::append(int64_t game, int64_t first_seq, const std::vector<nlohmann::json>& events) {
  Pending mine{game, first_seq, &events, nullptr, nullptr, nullptr, false, {}};
  commit(mine);
  if (!mine.error.empty())
    throw StoreError(path_ + ": cannot store the move of game " + std::to_string(game) + ": " + mine.error);
}

void Store::commit(Pending& mine) {
  std::unique_lock queue(queue_mu_);
  queue_.push_back(&mine);
  while (!mine.done) {
    if (writing_) {
      queue_cv_.wait(queue);
      continue;
    }
    writing_ = true;
    std::vector<Pending*> batch;
    batch.swap(queue_);
    queue.unlock();
    write_batch(batch);
    queue.lock();
    writing_ = false;
    for (Pending* p : batch) p->done = true;
    queue_cv_.notify_all();
  }
}

// One caller's rows, within the batch's transaction (under mu_).
bool Store::write_one(Pending& p) {
  if (p.settings) {
    sqlite3_stmt* st = kept(kInsertGame);
    if (!st) return false;
    sqlite3_bind_text(st, 1, p.created->data(), int(p.created->size()), SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, p.settings->data(), int(p.settings->size()), SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 3, p.key->data(), int(p.key->size()), SQLITE_TRANSIENT);
    if (sqlite3_step(st) != SQLITE_DONE) return false;
    p.game = sqlite3_last_insert_rowid(db_);
  }
  return insert_events(kept(kInsertEvent), p.game, p.first_seq, *p.events);
}

void Store::write_batch(const std::vector<Pending*>& batch) {
  std::lock_guard lock(mu_);
  auto fail_all = [&](const std::string& why) {
    for (Pending* p : batch)
      if (p->error.empty()) p->error = why;
  };
  cleared_ = false;
  if (!run(kBegin)) return fail_all(sqlite3_errmsg(db_));
  for (Pending* p : batch) {
    run(kSavepoint);
    if (!write_one(*p)) {
      p->error = sqlite3_errmsg(db_);
      sqlite3_reset(kept_[kInsertGame]);  // (a statement that failed is done with before the rollback)
      sqlite3_reset(kept_[kInsertEvent]);
      run(kRollbackTo);
    }
    run(kRelease);
  }
  if (!run(kCommit)) {
    const std::string why = sqlite3_errmsg(db_);
    run(kRollback);
    fail_all(why);
  }
  // (the statements reset: none holds the database between writes)
  for (sqlite3_stmt* st : kept_)
    if (st) sqlite3_reset(st);
}

std::vector<StoredGame> Store::load_all() {
  std::lock_guard lock(mu_);
  std::vector<StoredGame> games;
  std::map<int64_t, size_t> where;
  auto text = [](sqlite3_stmt* st, int col) {
    const unsigned char* t = sqlite3_column_text(st, col);
    return t ? std::string(reinterpret_cast<const char*>(t)) : std::string();
  };
  Statement g = prepare(db_, "SELECT id, created, settings, key FROM games ORDER BY id");
  if (!g) fail("cannot read the games");
  int rc;
  while ((rc = sqlite3_step(g.get())) == SQLITE_ROW) {
    StoredGame s;
    s.id = sqlite3_column_int64(g.get(), 0);
    s.created = text(g.get(), 1);
    s.key = text(g.get(), 3);
    try {
      s.settings = nlohmann::json::parse(text(g.get(), 2));
    } catch (const nlohmann::json::exception&) {
      s.damage = "its settings are not JSON";
    }
    where[s.id] = games.size();
    games.push_back(std::move(s));
  }
  if (rc != SQLITE_DONE) fail("cannot read the games");
  Statement e = prepare(db_, "SELECT game, seq, event FROM events ORDER BY game, seq");
  if (!e) fail("cannot read the events");
  while ((rc = sqlite3_step(e.get())) == SQLITE_ROW) {
    auto it = where.find(sqlite3_column_int64(e.get(), 0));
    if (it == where.end()) continue;
    StoredGame& s = games[it->second];
    if (!s.damage.empty()) continue;  // nothing after a damaged row is used
    const int64_t seq = sqlite3_column_int64(e.get(), 1);
    if (seq != int64_t(s.events.size())) {
      s.damage = "event " + std::to_string(s.events.size()) + " is missing (the next stored is " +
                 std::to_string(seq) + ")";
      s.damaged_event = int64_t(s.events.size());
      continue;
    }
    try {
      s.events.push_back(nlohmann::json::parse(text(e.get(), 2)));
    } catch (const nlohmann::json::exception&) {
      s.damage = "event " + std::to_string(seq) + " is not JSON";
      s.damaged_event = seq;
    }
  }
  if (rc != SQLITE_DONE) fail("cannot read the events");
  // Keys for games stored before games had them.
  for (StoredGame& s : games) {
    if (!s.key.empty()) continue;
    s.key = new_key();
    Statement u = prepare(db_, "UPDATE games SET key = ? WHERE id = ?");
    if (!u) fail("cannot give game " + std::to_string(s.id) + " a key");
    sqlite3_bind_text(u.get(), 1, s.key.data(), int(s.key.size()), SQLITE_TRANSIENT);
    sqlite3_bind_int64(u.get(), 2, s.id);
    if (sqlite3_step(u.get()) != SQLITE_DONE) fail("cannot give game " + std::to_string(s.id) + " a key");
  }
  return games;
}

int64_t Store::truncate(int64_t game, int64_t from) {
  std::lock_guard lock(mu_);
  Statement d = prepare(db_, "DELETE FROM events WHERE game = ? AND seq >= ?");
  if (!d) fail("cannot repair game " + std::to_string(game));
  sqlite3_bind_int64(d.get(), 1, game);
  sqlite3_bind_int64(d.get(), 2, from);
  if (sqlite3_step(d.get()) != SQLITE_DONE) fail("cannot repair game " + std::to_string(game));
  return sqlite3_changes(db_);
}

void Store::clear() {
  std::lock_guard lock(mu_);
  // Nothing written since the last clear: the database is empty already (the five statements
  // run on an empty database cost more than most requests; App::clear runs before and after
  // every fuzz input, most of which store nothing).
  if (cleared_) return;
  auto step = [&](Kept which) {
    if (!run(which)) throw StoreError(path_ + ": " + sqlite3_errmsg(db_));
  };
  step(kBegin);
  try {
    step(kDeleteEvents);
    step(kDeleteGames);
    step(kResetNumbering);
    step(kCommit);
    cleared_ = true;
  } catch (...) {
    run(kRollback);
    for (sqlite3_stmt* st : kept_)
      if (st) sqlite3_reset(st);
    throw;
  }
  for (sqlite3_stmt* st : kept_)
    if (st) sqlite3_reset(st);
}

}  // namespace jpd::web
