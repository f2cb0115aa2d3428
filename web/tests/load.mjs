// Load test of `jpd serve` on loopback only: CLIENTS concurrent players, each on one kept-alive
// connection of its own (as a browser keeps one), each playing MOVES legal moves in 9x9 games of
// 40 moves at most, one game after the other (random empty points, the referee decides), and
// after each move reading the
// game READS times as the page's polling does (the first read finds it changed and gets the whole
// game, the others {"unchanged": true}); every request awaited before the next; bounded by the
// move count and by SECONDS. Prints the requests and moves a second and the latency percentiles
// of every request over the kept-alive connections (each client's first request, which opens
// its connection while every other client opens its own, is timed apart: "each connection's
// opening"); fails on any 5xx or network error, when a game lost a move, or when a figure
// misses its target (--min-rps, --max-p99: 0 for none). Also prints the latency the server
// measured itself (its access log: from a request's first byte to its answer) and the CPU time
// of the clients (this process) and of the server: on a machine of few cores the two share
// them, and the clients' own time and waits are part of the latency they measure.
//   node web/tests/load.mjs [--clients 64] [--moves 40] [--reads 2] [--seconds 60]
//                           [--sync full|normal] [--min-rps 0] [--max-p99 0] [--json]
import http from 'node:http';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { tempDir, startServer } from './lib.mjs';

const opt = { clients: 64, moves: 40, reads: 2, seconds: 60, sync: 'full', 'min-rps': 0, 'max-p99': 0, json: false };
for (let i = 2; i < process.argv.length; i++) {
  const k = process.argv[i].replace(/^--/, '');
  if (!(k in opt)) throw new Error(`unknown option --${k}`);
  if (k === 'json') opt.json = true;
  else opt[k] = k === 'sync' ? process.argv[++i] : Number(process.argv[++i]);
}
if (!(opt.clients >= 1 && opt.clients <= 256 && opt.moves >= 1 && opt.moves <= 100000 && opt.reads >= 0 &&
      opt.reads <= 20 && opt.seconds > 0 && opt.seconds <= 600))
  throw new Error('bounds: clients 1..256, moves 1..100000, reads 0..20, seconds up to 600');

const LETTERS = 'ABCDEFGHJ';
const dir = tempDir('jpd-web-load-');
// Every client comes from one address: the per-client limits are off here (the C++ suite tests
// them); one thread per client.
const server = await startServer({
  db: join(dir, 'games.sqlite'),
  args: ['--sync', opt.sync, '--no-estimator', '--rate', '0', '--client-games', '0', '--client-connections', '0',
    '--threads', String(Math.max(64, opt.clients)), '--access-log', join(dir, 'access.log')],
});
const deadline = performance.now() + opt.seconds * 1000;
const latencies = [], moveLatencies = [], firstLatencies = [];
let refused = 0, failures = 0, moves = 0, requests = 0;
const errors = [];

// One request on the client's own connection; resolves with {status, data}.
function request(agent, method, path, body, token) {
  return new Promise((ok, fail) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const headers = {};
    if (text !== undefined) {
      headers['Content-Type'] = 'application/json';
      headers['Content-Length'] = Buffer.byteLength(text);
    }
    if (token) headers.Authorization = `Bearer ${token}`;
    const req = http.request({ host: '127.0.0.1', port: server.port, method, path, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        let data = {};
        try { data = JSON.parse(Buffer.concat(chunks).toString()); } catch { /* not JSON */ }
        ok({ status: res.statusCode, data });
      });
      res.on('error', fail);
    });
    req.on('error', fail);
    if (text !== undefined) req.write(text);
    req.end();
  });
}

async function timed(agent, method, path, body, token) {
  const t = performance.now();
  requests++;
  try {
    const r = await request(agent, method, path, body, token);
    latencies.push(performance.now() - t);
    if (r.status >= 500) { failures++; errors.push(`${r.status} ${JSON.stringify(r.data)}`); }
    return r;
  } catch (e) {
    failures++;
    errors.push(String(e));
    return { status: 0, data: {} };
  }
}

// One client: games one after the other, each of at most PER_GAME moves (a new game after ten
// refusals in a row: the board is full of suicides), until MOVES moves or SECONDS.
const PER_GAME = 40;
async function player(n) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const games = [];
  try {
    // The connection first: its opening (every client's at once) and first request are timed
    // apart, the requests the figures below count go over the connection kept alive.
    const t = performance.now();
    const first = await request(agent, 'GET', '/api/presets');
    firstLatencies.push(performance.now() - t);
    if (first.status !== 200) { failures++; errors.push(`first request: ${first.status}`); return games; }
    let total = 0;
    for (let k = 0; total < opt.moves && performance.now() < deadline; k++) {
      const created = await timed(agent, 'POST', '/api/games', { rules: (n + k) % 2 ? 'ming-qing' : 'chinese', size: 9 });
      if (created.status !== 201) break;
      const { id, tokens } = created.data;
      let g = created.data, played = 0, streak = 0;
      games.push({ id, played: 0 });
      while (played < PER_GAME && total < opt.moves && streak < 10 && performance.now() < deadline) {
        const empty = [];
        g.board.forEach((row, y) => [...row].forEach((c, x) => { if (c === '.') empty.push(`${LETTERS[x]}${9 - y}`); }));
        if (!empty.length) break;
        const point = empty[Math.floor(Math.random() * empty.length)];
        const known = g.version;
        const t0 = performance.now();
        const r = await timed(agent, 'POST', `/api/games/${id}/moves`, { color: g.to_move, kind: 'play', point }, tokens[g.to_move]);
        moveLatencies.push(performance.now() - t0);
        if (r.status === 200) { g = r.data; played++; total++; moves++; streak = 0; games[games.length - 1].played = played; }
        else if (r.status === 409) { refused++; streak++; continue; }  // suicide, ko: the referee's refusal
        else break;
        for (let j = 0; j < opt.reads; j++)
          await timed(agent, 'GET', `/api/games/${id}?known=${j === 0 ? known : g.version}`);
      }
    }
    return games;
  } finally {
    agent.destroy();
  }
}

// CPU seconds of the server (Linux: /proc), of this process (the clients).
const serverCpu = () => {
  try {
    const f = readFileSync(`/proc/${server.child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch { return NaN; }
};
const serverCpu0 = serverCpu(), clientCpu0 = process.cpuUsage();
const start = performance.now();
const games = (await Promise.all(Array.from({ length: opt.clients }, (_, i) => player(i)))).flat();
const wall = (performance.now() - start) / 1000;
const clientCpu1 = process.cpuUsage(clientCpu0), serverCpuSeconds = serverCpu() - serverCpu0;

// Every acknowledged move is in the server's game.
let lost = 0;
const check = new http.Agent({ keepAlive: true, maxSockets: 1 });
for (const g of games) {
  const r = await request(check, 'GET', `/api/games/${g.id}`);
  if (r.data.moves.length !== g.played) lost++;
}
check.destroy();
await server.stop();
// The server's own time for each request of the run (its access log: "... 200 1234 0.4ms").
const serverMs = [];
try {
  for (const m of readFileSync(join(dir, 'access.log'), 'utf8').matchAll(/ ([0-9.]+)ms$/gm)) serverMs.push(Number(m[1]));
} catch { /* no log */ }
serverMs.sort((a, b) => a - b);
rmSync(dir, { recursive: true, force: true });

latencies.sort((a, b) => a - b);
moveLatencies.sort((a, b) => a - b);
firstLatencies.sort((a, b) => a - b);
const pct = (p, l = latencies) => l[Math.min(l.length - 1, Math.floor(p / 100 * l.length))] || 0;
const result = {
  clients: opt.clients, sync: opt.sync, reads: opt.reads, requests, moves, refused, failures, games_with_lost_moves: lost,
  seconds: Math.round(wall * 100) / 100, requests_per_second: Math.round(requests / wall),
  moves_per_second: Math.round(moves / wall),
  latency_ms: { p50: +pct(50).toFixed(1), p95: +pct(95).toFixed(1), p99: +pct(99).toFixed(1), max: +pct(100).toFixed(1) },
  move_latency_ms: { p50: +pct(50, moveLatencies).toFixed(1), p99: +pct(99, moveLatencies).toFixed(1) },
  connect_ms: { p50: +pct(50, firstLatencies).toFixed(1), max: +pct(100, firstLatencies).toFixed(1) },
  server_latency_ms: { p50: +pct(50, serverMs).toFixed(1), p99: +pct(99, serverMs).toFixed(1) },
  cpu_seconds: { clients: +((clientCpu1.user + clientCpu1.system) / 1e6).toFixed(2), server: +serverCpuSeconds.toFixed(2) },
};
if (opt.json) console.log(JSON.stringify(result));
for (const e of errors.slice(0, 5)) console.error(`error: ${e}`);
const misses = [];
if (opt['min-rps'] > 0 && result.requests_per_second < opt['min-rps']) misses.push(`under ${opt['min-rps']} requests/s`);
if (opt['max-p99'] > 0 && result.latency_ms.p99 > opt['max-p99']) misses.push(`p99 over ${opt['max-p99']} ms`);
const ok = failures === 0 && lost === 0 && moves > 0 && misses.length === 0;
console.log(`load: ${ok ? 'ok' : 'FAILED'}: ${opt.clients} kept-alive clients, ${requests} requests ` +
  `(${moves} moves, +${refused} refused, ${opt.reads} reads a move) in ${result.seconds} s: ` +
  `${result.requests_per_second} requests/s, ${result.moves_per_second} moves/s, latency p50 ${result.latency_ms.p50} ms ` +
  `p95 ${result.latency_ms.p95} ms p99 ${result.latency_ms.p99} ms (moves: p50 ${result.move_latency_ms.p50} ms ` +
  `p99 ${result.move_latency_ms.p99} ms; each connection's opening and first request: p50 ` +
  `${result.connect_ms.p50} ms, max ${result.connect_ms.max} ms; in the server: p50 ${result.server_latency_ms.p50} ms p99 ` +
  `${result.server_latency_ms.p99} ms; CPU: clients ${result.cpu_seconds.clients} s, server ` +
  `${result.cpu_seconds.server} s), sync=${opt.sync}, ${failures} failures, ` +
  `${lost} games with lost moves${misses.length ? `; ${misses.join(', ')}` : ''}`);
process.exit(ok ? 0 : 1);
