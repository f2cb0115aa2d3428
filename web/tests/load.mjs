// Load test of `jpd serve` on loopback only: CLIENTS concurrent players, each creating a 9x9 game
// and playing MOVES legal moves in it (random empty points, the referee decides), every request
// awaited before the next; bounded by the move count and by SECONDS. Prints the throughput and the
// latency percentiles; fails on any 5xx or network error, or when a game lost a move.
//   node web/tests/load.mjs [--clients 16] [--moves 40] [--seconds 60] [--sync full|normal] [--json]
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { tempDir, startServer, api } from './lib.mjs';

const opt = { clients: 16, moves: 40, seconds: 60, sync: 'full', json: false };
for (let i = 2; i < process.argv.length; i++) {
  const k = process.argv[i].replace(/^--/, '');
  if (k === 'json') opt.json = true;
  else opt[k] = k === 'sync' ? process.argv[++i] : Number(process.argv[++i]);
}
if (!(opt.clients >= 1 && opt.clients <= 256 && opt.moves >= 1 && opt.moves <= 500 && opt.seconds > 0 && opt.seconds <= 600))
  throw new Error('bounds: clients 1..256, moves 1..500, seconds up to 600');

const LETTERS = 'ABCDEFGHJ';
const dir = tempDir('jpd-web-load-');
const server = await startServer({ db: join(dir, 'games.sqlite'), args: ['--sync', opt.sync, '--no-estimator'] });
const deadline = performance.now() + opt.seconds * 1000;
const latencies = [];
let refused = 0, failures = 0, moves = 0, requests = 0;
const errors = [];

async function timed(method, path, body) {
  const t = performance.now();
  requests++;
  try {
    const r = await api(server.url, method, path, body);
    latencies.push(performance.now() - t);
    if (r.status >= 500) { failures++; errors.push(`${r.status} ${JSON.stringify(r.data)}`); }
    return r;
  } catch (e) {
    failures++;
    errors.push(String(e));
    return { status: 0, data: {} };
  }
}

async function player(n) {
  const created = await timed('POST', '/api/games', { rules: n % 2 ? 'ming-qing' : 'chinese', size: 9 });
  if (created.status !== 201) return null;
  const id = created.data.id;
  let g = created.data, played = 0;
  while (played < opt.moves && performance.now() < deadline) {
    const empty = [];
    g.board.forEach((row, y) => [...row].forEach((c, x) => { if (c === '.') empty.push(`${LETTERS[x]}${9 - y}`); }));
    if (!empty.length) break;
    const point = empty[Math.floor(Math.random() * empty.length)];
    const r = await timed('POST', `/api/games/${id}/moves`, { color: g.to_move, kind: 'play', point });
    if (r.status === 200) { g = r.data; played++; moves++; }
    else if (r.status === 409) refused++;  // suicide, ko: the referee's refusal, as designed
    else break;
  }
  return { id, played };
}

const start = performance.now();
const games = await Promise.all(Array.from({ length: opt.clients }, (_, i) => player(i)));
const wall = (performance.now() - start) / 1000;

// Every acknowledged move is in the server's game.
let lost = 0;
for (const g of games.filter(Boolean)) {
  const r = await api(server.url, 'GET', `/api/games/${g.id}`);
  if (r.data.moves.length !== g.played) lost++;
}
await server.stop();
rmSync(dir, { recursive: true, force: true });

latencies.sort((a, b) => a - b);
const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p / 100 * latencies.length))] || 0;
const result = {
  clients: opt.clients, sync: opt.sync, requests, moves, refused, failures, games_with_lost_moves: lost,
  seconds: Math.round(wall * 100) / 100, moves_per_second: Math.round(moves / wall),
  latency_ms: { p50: +pct(50).toFixed(1), p95: +pct(95).toFixed(1), p99: +pct(99).toFixed(1), max: +pct(100).toFixed(1) },
};
if (opt.json) console.log(JSON.stringify(result));
for (const e of errors.slice(0, 5)) console.error(`error: ${e}`);
const ok = failures === 0 && lost === 0 && moves > 0;
console.log(`load: ${ok ? 'ok' : 'FAILED'}: ${opt.clients} clients, ${moves} moves (+${refused} refused) in ${result.seconds} s, ` +
  `${result.moves_per_second} moves/s, latency p50 ${result.latency_ms.p50} ms p95 ${result.latency_ms.p95} ms ` +
  `p99 ${result.latency_ms.p99} ms, sync=${opt.sync}, ${failures} failures, ${lost} games with lost moves`);
process.exit(ok ? 0 : 1);
