// Durable storage of the web referee's games: one SQLite file holding, per game, its settings and
// the append-only list of events (moves and the other referee actions, dead-stone marks,
// agreements) that built it. A game is restored by replaying its events (session.hpp).
//
// Durability: the database runs in WAL mode and every append is committed before the server
// answers (appends made at the same time share one transaction: group commit). With Sync::full (the default) each commit also syncs the WAL to the disk, so
// an acknowledged move survives a killed server and a power failure alike; Sync::normal survives a
// killed server (the WAL is written by the kernel whatever happens to the process) but may lose the
// last commits on a power failure or an operating-system crash. docs/web.md has the figures.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

struct sqlite3;
struct sqlite3_stmt;

namespace jpd::web {

enum class Sync { normal, full };

// A database that cannot be opened or written: the message names the file and SQLite's reason.
struct StoreError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct StoredGame {
  int64_t id = 0;
  std::string key;          // the game's name in the API: 32 hex digits, random
  std::string created;      // UTC, ISO 8601
  nlohmann::json settings;  // what the game was created with (rules, size, engine ...)
  std::vector<nlohmann::json> events;  // the events up to the first damaged row
  // A row that cannot be read: the settings (damaged_event -1) or an event that is not JSON, or
  // a gap in the numbers; "" when every row reads.
  std::string damage;
  int64_t damaged_event = -1;
};

// A new random key (32 hex digits: 128 bits from the system's generator).
std::string new_key();

class Store {
 public:
  // Opens (creating if needed) the database file; ":memory:" keeps it in memory (tests).
  explicit Store(const std::string& path, Sync sync = Sync::full);
  ~Store();
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  // A new game with its key and first events, committed before it returns (with the appends and
  // new games made at the same time: one sync to the disk for all); returns its id.
  int64_t create_game(const nlohmann::json& settings, const std::string& key, const std::string& created,
                      const std::vector<nlohmann::json>& events);
  // Appends events to a game, numbered from `first_seq` on, committed before it returns. A number
  // already taken is an error (two writers never interleave a game's events). Appends made at
  // the same time share a transaction (group commit: one sync to the disk for all of them).
  void append(int64_t game, int64_t first_seq, const std::vector<nlohmann::json>& events);
  // Every game with its events, by id; a row that cannot be read marks its game damaged and
  // does not stop the others. Games stored before games had keys are given one here.
  std::vector<StoredGame> load_all();
  // Removes a game's events from number `from` on (repairing a damaged game); returns how many.
  int64_t truncate(int64_t game, int64_t from);
  // Removes every game and its events, and restarts the numbering of games: the database as
  // newly created (App::clear). Does nothing when this Store has written nothing since its last
  // clear() (the first one always runs: the file may hold games).
  void clear();

  const std::string& path() const { return path_; }
  Sync sync() const { return sync_; }

 private:
  void exec(const char* sql);
  [[noreturn]] void fail(const std::string& what);
  // The statements of every write and of clear(), compiled once on first use and kept for the
  // life of the Store (compiling them for every write cost more than running them); reset
  // before each use. Under mu_.
  enum Kept { kBegin, kSavepoint, kRollbackTo, kRelease, kCommit, kRollback, kInsertGame, kInsertEvent,
              kDeleteEvents, kDeleteGames, kResetNumbering, kKept };
  sqlite3_stmt* kept(Kept which);
  bool run(Kept which);  // steps a kept statement without parameters: true when it is done

  // What one caller waits to see committed: events appended to a game, or a new game (its row's
  // fields; `game` is its id once written) with its first events.
  struct Pending {
    int64_t game, first_seq;
    const std::vector<nlohmann::json>* events;
    const std::string* settings = nullptr;  // a new game: its settings, key and date
    const std::string* key = nullptr;
    const std::string* created = nullptr;
    bool done = false;
    std::string error;
  };
  void commit(Pending& mine);
  bool write_one(Pending& p);
  void write_batch(const std::vector<Pending*>& batch);

  std::mutex mu_;  // the database handle
  std::mutex queue_mu_;
  std::condition_variable queue_cv_;
  std::vector<Pending*> queue_;
  bool writing_ = false;
  bool cleared_ = false;  // nothing written since the last clear() (under mu_)
  sqlite3* db_ = nullptr;
  sqlite3_stmt* kept_[kKept] = {};
  std::string path_;
  Sync sync_;
};

}  // namespace jpd::web
