#include "jpd/web/store.hpp"

#include <sqlite3.h>

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
  } catch (...) {
    sqlite3_close(db_);
    db_ = nullptr;
    throw;
  }
}

Store::~Store() { sqlite3_close(db_); }

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

// Inserts the events inside the caller's transaction; false on failure.
bool insert_events(sqlite3* db, int64_t game, int64_t seq, const std::vector<nlohmann::json>& events) {
  Statement st = prepare(db, "INSERT INTO events (game, seq, event) VALUES (?, ?, ?)");
  if (!st) return false;
  for (const nlohmann::json& e : events) {
    const std::string text = e.dump();
    sqlite3_reset(st.get());
    sqlite3_bind_int64(st.get(), 1, game);
    sqlite3_bind_int64(st.get(), 2, seq++);
    sqlite3_bind_text(st.get(), 3, text.data(), int(text.size()), SQLITE_TRANSIENT);
    if (sqlite3_step(st.get()) != SQLITE_DONE) return false;
  }
  return true;
}

}  // namespace

int64_t Store::create_game(const nlohmann::json& settings, const std::string& created,
                           const std::vector<nlohmann::json>& events) {
  std::lock_guard lock(mu_);
  exec("BEGIN IMMEDIATE");
  Statement st = prepare(db_, "INSERT INTO games (created, settings) VALUES (?, ?)");
  const std::string text = settings.dump();
  bool ok = st != nullptr;
  if (ok) {
    sqlite3_bind_text(st.get(), 1, created.data(), int(created.size()), SQLITE_TRANSIENT);
    sqlite3_bind_text(st.get(), 2, text.data(), int(text.size()), SQLITE_TRANSIENT);
    ok = sqlite3_step(st.get()) == SQLITE_DONE;
  }
  const int64_t id = sqlite3_last_insert_rowid(db_);
  if (!ok || !insert_events(db_, id, 0, events) || sqlite3_exec(db_, "COMMIT", 0, 0, 0) != SQLITE_OK) {
    std::string why = sqlite3_errmsg(db_);
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    throw StoreError(path_ + ": cannot store the new game: " + why);
  }
  return id;
}

void Store::append(int64_t game, int64_t first_seq, const std::vector<nlohmann::json>& events) {
  std::lock_guard lock(mu_);
  exec("BEGIN IMMEDIATE");
  if (!insert_events(db_, game, first_seq, events) ||
      sqlite3_exec(db_, "COMMIT", nullptr, nullptr, nullptr) != SQLITE_OK) {
    std::string why = sqlite3_errmsg(db_);
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    throw StoreError(path_ + ": cannot store the move of game " + std::to_string(game) + ": " + why);
  }
}

std::vector<StoredGame> Store::load_all() {
  std::lock_guard lock(mu_);
  std::vector<StoredGame> games;
  std::map<int64_t, size_t> where;
  Statement g = prepare(db_, "SELECT id, created, settings FROM games ORDER BY id");
  if (!g) fail("cannot read the games");
  int rc;
  while ((rc = sqlite3_step(g.get())) == SQLITE_ROW) {
    StoredGame s;
    s.id = sqlite3_column_int64(g.get(), 0);
    s.created = reinterpret_cast<const char*>(sqlite3_column_text(g.get(), 1));
    s.settings = nlohmann::json::parse(reinterpret_cast<const char*>(sqlite3_column_text(g.get(), 2)));
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
    if (sqlite3_column_int64(e.get(), 1) != int64_t(s.events.size()))
      throw StoreError(path_ + ": game " + std::to_string(s.id) + " has a gap in its events");
    s.events.push_back(nlohmann::json::parse(reinterpret_cast<const char*>(sqlite3_column_text(e.get(), 2))));
  }
  if (rc != SQLITE_DONE) fail("cannot read the events");
  return games;
}

}  // namespace jpd::web
