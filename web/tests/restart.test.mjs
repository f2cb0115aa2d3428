// Durability: the server is killed with SIGKILL in the middle of games, while moves are being sent,
// and started again on the same database: every game is there with every acknowledged move (and
// at most the one move in flight besides), and the page shows them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir, startServer, stopServer, launchBrowser, api } from './lib.mjs';

const LETTERS = 'ABCDEFGHJ';

// Plays random legal moves in game `id` until stopped; returns the moves acknowledged.
async function playUntilKilled(url, id, tokens, acknowledged, stop) {
  let colour = 'B';
  for (let i = 0; !stop.now && i < 200; i++) {
    const point = `${LETTERS[Math.floor(Math.random() * 9)]}${1 + Math.floor(Math.random() * 9)}`;
    let r;
    try {
      r = await api(url, 'POST', `/api/games/${id}/moves`, { color: colour, kind: 'play', point }, tokens[colour]);
    } catch (e) {
      return;  // the server is gone
    }
    if (r.status === 200) {
      acknowledged.push(point);
      colour = colour === 'B' ? 'W' : 'B';
    }
  }
}

test('a server killed with SIGKILL mid-game restarts with every game and every acknowledged move', async () => {
  const dir = tempDir('jpd-web-restart-');
  const db = join(dir, 'games.sqlite');
  try {
    let server = await startServer({ db, args: ['--rate', '0'] });  // four players as fast as they can
    const ids = [], tokens = [];
    for (let i = 0; i < 4; i++) {
      const g = (await api(server.url, 'POST', '/api/games', { rules: i % 2 ? 'chinese' : 'ming-qing', size: 9, public: true })).data;
      ids.push(g.id);
      tokens.push(g.tokens);
    }
    const acknowledged = ids.map(() => []);
    const stop = { now: false };
    const players = ids.map((id, i) => playUntilKilled(server.url, id, tokens[i], acknowledged[i], stop));
    // Kill it while the four games are being played.
    await new Promise((ok) => setTimeout(ok, 1500));
    const total = acknowledged.reduce((n, a) => n + a.length, 0);
    assert.ok(total > 4, `only ${total} moves before the kill`);
    await stopServer(server.child, 'SIGKILL');
    stop.now = true;
    await Promise.all(players);

    server = await startServer({ db, args: ['--rate', '0'] });
    try {
      const list = (await api(server.url, 'GET', '/api/games')).data.games;
      assert.equal(list.length, ids.length);
      for (let i = 0; i < ids.length; i++) {
        const g = (await api(server.url, 'GET', `/api/games/${ids[i]}`)).data;
        const stored = g.moves.map((m) => m.point);
        // Every acknowledged move, in order; at most one more (sent, stored, not yet answered).
        assert.deepEqual(stored.slice(0, acknowledged[i].length), acknowledged[i], `game ${ids[i]}`);
        assert.ok(stored.length <= acknowledged[i].length + 1, `game ${ids[i]}: ${stored.length} stored`);
      }
      const extra = ids.length && (await Promise.all(ids.map((id) => api(server.url, 'GET', `/api/games/${id}`))))
        .reduce((n, r, i) => n + r.data.moves.length - acknowledged[i].length, 0);
      console.log(`restart: ${total}+ moves acknowledged in ${ids.length} games before SIGKILL, ` +
        `${acknowledged.reduce((n, a) => n + a.length, 0)} in all, every one restored; ${extra} stored but not acknowledged`);
      // The game goes on, and the page shows every stone of it.
      const g = (await api(server.url, 'GET', `/api/games/${ids[0]}`)).data;
      const next = await api(server.url, 'POST', `/api/games/${ids[0]}/moves`, { color: g.to_move, kind: 'virtual' },
        tokens[0][g.to_move]);  // the players' tokens hold across the restart
      assert.equal(next.status, 200, JSON.stringify(next.data));
      const stones = next.data.board.join('').replace(/\./g, '').length;
      const browser = await launchBrowser();
      try {
        const page = await browser.context.newPage();
        await page.goto(`${server.url}/#/games/${ids[0]}`);
        await page.waitForSelector('#board circle.stone, #board [data-point]');
        await page.waitForFunction((n) => document.querySelectorAll('.moves li').length === n, next.data.moves.length);
        assert.equal((await page.$$('#board circle.stone')).length, stones);
      } finally {
        await browser.close();
      }
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
