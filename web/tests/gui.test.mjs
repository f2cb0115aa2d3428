// The page as players expect it, in Debian's Chromium: the count drawn on the board at the pause
// (every view on request, the figures beside it), the coordinates never covered by the stones
// of the edge lines at 400 px and at 1,200 px (checked on a screenshot, and the check made to
// fail by covering a label on purpose), a refused click, move numbers, the players' names in the
// lobby and the game, an uploaded record counted under the rules chosen for it, and its download
// uploaded again with its headers intact. Screenshots go to $JPD_SCREENSHOTS.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { root, tempDir, startServer, launchBrowser, api } from './lib.mjs';

const shots = process.env.JPD_SCREENSHOTS || join(root, 'build/web-screenshots');
let server, browser, dir;

before(async () => {
  mkdirSync(shots, { recursive: true });
  dir = tempDir('jpd-web-gui-');
  server = await startServer({ db: join(dir, 'games.sqlite'), args: ['--playouts', '200'] });
  browser = await launchBrowser();
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

// A page of its own browser (its own storage), at the given width, holding the given seats'
// tokens of a game. Any error of the page's script fails the test.
async function open(path, { width = 1360, height = 900, tokens = null, lang = 'en' } = {}) {
  const context = await browser.browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1, locale: 'en-US' });
  await context.addInitScript(([t, l]) => {
    if (t) localStorage.setItem(`jpd-tokens-${t.id}`, JSON.stringify(t.tokens));
    localStorage.setItem('jpd-lang', l);
  }, [tokens, lang]);
  const page = await context.newPage();
  page.on('pageerror', (e) => { throw e; });
  await page.goto(server.url + path);
  await page.waitForSelector('#lang:not(:empty)');
  return { page, close: () => context.close() };
}

const gameId = (page) => /#\/games\/([0-9a-f]{32})/.exec(page.url())[1];

// Uploads a record through the API (both seats to the uploader).
async function uploadRecord(text, query = '') {
  const res = await fetch(`${server.url}/api/sgf${query}`, { method: 'POST', headers: { 'Content-Type': 'application/x-go-sgf' }, body: text });
  const data = await res.json();
  assert.equal(res.status, 201, JSON.stringify(data));
  return data;
}

// SPEC 7's worked check on 5x5 (Black walls column B, White column D, Black C3), no passes.
const WORKED = ';B[bc];W[dc];B[bd];W[dd];B[bb];W[db];B[be];W[de];B[ba];W[da];B[cc]';

test('the count is drawn on the board at the pause, with its figures, and any view on request', async () => {
  const g = await uploadRecord(`(;GM[1]FF[4]SZ[5]KM[0.5]RU[Chinese]${WORKED};W[];B[])`);
  assert.equal(g.phase, 'paused');
  const { page, close } = await open(`/#/games/${g.id}`, { tokens: { id: g.id, tokens: g.tokens } });
  await page.waitForSelector('#overlay-box[data-view="area"]');
  // Mark the stones alive: the land of each side is drawn, column A Black's, E White's.
  await api(server.url, 'POST', `/api/games/${g.id}/marks`, { dead: [] }, g.tokens.B);
  await page.waitForFunction(() => !document.querySelector('#board .stone.dead'));
  await page.waitForSelector('#board [data-point="A1"] .terr.B');
  for (const p of ['A1', 'A3', 'A5']) assert.ok(await page.$(`#board [data-point="${p}"] .terr.B`), p);
  for (const p of ['E1', 'E3', 'E5']) assert.ok(await page.$(`#board [data-point="${p}"] .terr.W`), p);
  // The shared points (C1, C2, C4, C5 are dame under the area count) are marked as shared.
  assert.equal(await page.$$eval('#board .shared', (l) => l.length), 4);
  // The figures beside the board are the count's own.
  const count = (await api(server.url, 'POST', `/api/games/${g.id}/overlay`, {})).data;
  const figures = await page.textContent('#overlay-figures');
  assert.ok(figures.includes(`Black ${count.overlay.figures.B}`), figures);
  assert.ok(figures.includes(`White ${count.overlay.figures.W}`), figures);
  assert.ok(figures.includes(count.result), figures);
  // The README's picture (docs/web-overlay-pause.png is this one): the board at 420 px.
  await page.setViewportSize({ width: 420, height: 900 });
  await page.locator('#board').screenshot({ path: join(shots, 'overlay-pause.png') });
  await page.setViewportSize({ width: 1360, height: 900 });
  // A dead chain is crossed and drawn as the other side's land.
  await page.click('#board [data-point="D3"]');
  await page.waitForSelector('#board [data-point="D3"] .dead-mark');
  await page.waitForSelector('#board [data-point="E3"] .terr.B');
  assert.ok(await page.$('#board [data-point="D3"] .terr.B'));
  await page.screenshot({ path: join(shots, 'overlay-pause-dead.png') });
  await page.click('#board [data-point="D3"]');
  await page.waitForSelector('#board [data-point="E3"] .terr.W');
  // Another view on request: the Japanese view gives the stones no land.
  await page.selectOption('#view', 'japanese');
  await page.waitForSelector('#overlay-box[data-view="japanese"]');
  assert.equal(await page.$$eval('#board .terr', (l) => l.length), 10);
  assert.ok(!(await page.$('#board [data-point="B3"] .terr')));
  await page.selectOption('#view', 'area');
  await page.waitForSelector('#overlay-box[data-view="area"]');
  await close();
});

// Every coordinate label visible in a screenshot of the board: some of its pixels have the
// labels' brown (#6b5330, or blended with the wood), which no stone has. Returns the labels that
// are not.
async function coveredLabels(page) {
  const png = (await page.locator('#board').screenshot()).toString('base64');
  return page.evaluate(async (data) => {
    const img = new Image();
    img.src = `data:image/png;base64,${data}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.width;
    canvas.height = img.height;
    const ctx = canvas.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const board = document.querySelector('#board').getBoundingClientRect();
    const sx = img.width / board.width, sy = img.height / board.height;
    const out = [];
    for (const t of document.querySelectorAll('#board text.coord')) {
      const r = t.getBoundingClientRect();
      const x0 = Math.floor((r.left - board.left) * sx), y0 = Math.floor((r.top - board.top) * sy);
      const w = Math.max(1, Math.ceil(r.width * sx)), h = Math.max(1, Math.ceil(r.height * sy));
      const px = ctx.getImageData(x0, y0, w, h).data;
      let ink = 0;
      // The label's brown, or its blend with the wood (anti-aliasing); the stones are grey.
      for (let i = 0; i < px.length; i += 4)
        if (px[i] > 80 && px[i] < 190 && px[i] - px[i + 2] > 40) ink++;
      if (ink === 0) out.push(`${t.getAttribute('class')} ${t.textContent}`);
    }
    return out;
  }, png);
}

// A record with a stone on every point of the edge lines: Black's on the top and left ones,
// White's on the bottom and right ones.
function edgeRecord(n) {
  const L = 'abcdefghijklmnopqrstuvwxy';
  const black = new Set(), white = new Set();
  for (let i = 0; i < n; i++) {
    black.add(`[${L[i]}a]`).add(`[a${L[i]}]`);
    if (i > 0) white.add(`[${L[i]}${L[n - 1]}]`);
    if (i > 0) white.add(`[${L[n - 1]}${L[i]}]`);
  }
  return `(;GM[1]FF[4]SZ[${n}]RU[Chinese]AB${[...black].join('')}AW${[...white].join('')})`;
}

test('the coordinates are never covered by the stones of the edge lines, at 400 px and at 1,200 px', async () => {
  // The lobby fits 400 px too.
  const lobby = await open('/', { width: 400, height: 900 });
  await lobby.page.waitForSelector('#create');
  assert.ok(await lobby.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'the lobby scrolls sideways');
  await lobby.page.screenshot({ path: join(shots, 'lobby-400px.png'), fullPage: true });
  await lobby.close();
  for (const n of [9, 19]) {
    const g = await uploadRecord(edgeRecord(n));
    for (const width of [400, 1200]) {
      const { page, close } = await open(`/#/games/${g.id}`, { width, height: 900 });
      await page.waitForSelector('#board circle.stone');
      assert.equal(await page.$$eval('#board circle.stone', (l) => l.length), 4 * (n - 1));
      // Nothing wider than the screen.
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        `${n}x${n} at ${width} px scrolls sideways`);
      const board = await page.locator('#board').boundingBox();
      assert.ok(board.width <= width && board.width >= Math.min(width - 40, 300), `${board.width} px`);
      // No label's box meets a stone's.
      const overlaps = await page.evaluate(() => {
        const stones = [...document.querySelectorAll('#board circle.stone')].map((s) => s.getBoundingClientRect());
        const out = [];
        for (const t of document.querySelectorAll('#board text.coord')) {
          const r = t.getBoundingClientRect();
          if (stones.some((s) => r.left < s.right && s.left < r.right && r.top < s.bottom && s.top < r.bottom)) out.push(t.textContent);
        }
        return out;
      });
      assert.deepEqual(overlaps, [], `${n}x${n} at ${width} px`);
      assert.deepEqual(await coveredLabels(page), [], `${n}x${n} at ${width} px`);
      await page.screenshot({ path: join(shots, `coordinates-${n}-${width}px.png`), fullPage: true });
      if (n === 19 && width === 400) {
        // The check can fail: a stone drawn over the top-left label is seen.
        await page.evaluate(() => {
          const t = document.querySelector('#board text.coord.top');
          const svg = document.querySelector('#board');
          const c = document.createElementNS('http://www.w3.org/2000/svg', 'circle');
          c.setAttribute('cx', t.getAttribute('x'));
          c.setAttribute('cy', t.getAttribute('y'));
          c.setAttribute('r', '18');
          c.setAttribute('fill', '#000');
          svg.append(c);
        });
        const covered = await coveredLabels(page);
        assert.deepEqual(covered, ['coord top A'], covered.join(', '));
      }
      await close();
    }
  }
});

test('a click on an occupied point is refused in words; move numbers and the sound on request', async () => {
  const created = await api(server.url, 'POST', '/api/games', { rules: 'chinese', size: 9, seat: 'both' });
  const { id, tokens } = created.data;
  for (const [c, p] of [['B', 'E5'], ['W', 'C3'], ['B', 'G7']])
    await api(server.url, 'POST', `/api/games/${id}/moves`, { color: c, kind: 'play', point: p }, tokens[c]);
  const { page, close } = await open(`/#/games/${id}`, { tokens: { id, tokens } });
  await page.waitForSelector('#board [data-point="G7"] circle.stone');
  // The pass button, as a Chinese player reads it.
  assert.equal(await page.textContent('button[data-kind="pass"]'), 'Pass (停一手)');
  await page.click('#board [data-point="E5"]');
  await page.waitForSelector('#message.error');
  assert.equal(await page.textContent('#message'), 'E5 is occupied');
  assert.ok(await page.$('#board [data-point="E5"].refused'));
  await page.click('#lang');
  await page.waitForFunction(() => document.querySelector('button[data-kind="pass"]').textContent === '停一手');
  await page.click('#board [data-point="C3"]');
  await page.waitForFunction(() => document.querySelector('#message').textContent === 'C3 已有棋子');
  await page.click('#lang');
  await page.check('#show-numbers');
  await page.waitForSelector('#board text.num');
  assert.deepEqual(await page.$$eval('#board text.num', (l) => l.map((t) => t.textContent)), ['3', '1', '2']);
  await page.uncheck('#show-numbers');
  await page.waitForFunction(() => !document.querySelector('#board text.num'));
  // The sound, off by default, is kept switched on; a stone arriving plays it without an error.
  assert.equal(await page.isChecked('#sound'), false);
  await page.check('#sound');
  assert.equal(await page.evaluate(() => localStorage.getItem('jpd-sound')), '1');
  await api(server.url, 'POST', `/api/games/${id}/moves`, { color: 'W', kind: 'play', point: 'D4' }, tokens.W);
  await page.waitForSelector('#board [data-point="D4"] circle.stone', { timeout: 10000 });
  await page.reload();
  await page.waitForSelector('#board');
  assert.equal(await page.isChecked('#sound'), true);
  await close();
});

test('names in the lobby and the game; an uploaded record counted under the rules chosen for it', async () => {
  const lobby = await open('/');
  const { page } = lobby;
  await page.selectOption('#size', '9');
  await page.fill('#black-name', 'Ke Jie');
  await page.fill('#white-name', 'Shin Jinseo');
  await page.check('#public');
  await page.click('#create');
  await page.waitForSelector('#board');
  assert.match(await page.textContent('#players'), /Ke Jie.*Shin Jinseo/);
  const listed = gameId(page);
  await page.click('a[href="#/"]');
  await page.waitForSelector('.lobby-list table');
  const row = await page.textContent(`.lobby-list tr:has(a[href="#/games/${listed}"]) .players`);
  assert.equal(row, 'Ke Jie (Black) – Shin Jinseo (White)');

  // A record without RU, opened under the Japanese rules chosen for it, then counted.
  const record = `(;GM[1]FF[4]SZ[5]KM[0.5]PB[Lee Sedol]PW[Gu Li]EV[Jubango]DT[2014-01-26]BR[9p]WR[9p]${WORKED})`;
  await page.selectOption('#upload-rules', 'japanese');
  await page.setInputFiles('#upload', { name: 'game.sgf', mimeType: 'application/x-go-sgf', buffer: Buffer.from(record) });
  await page.waitForSelector('#board [data-point="C3"] circle.stone');
  assert.match(await page.textContent('.rules-line'), /japanese/);
  assert.match(await page.textContent('#players'), /Lee Sedol.*Gu Li/);
  assert.match(await page.textContent('#phase'), /play/);
  await page.click('#count-record');
  await page.waitForSelector('#marking');
  await page.waitForSelector('#overlay-box[data-view="japanese"]');
  const id = gameId(page);
  let g = (await api(server.url, 'GET', `/api/games/${id}`)).data;
  if (g.marks.dead.length) {
    await page.click(`#board [data-point="${g.marks.dead[0]}"]`);
    await page.waitForFunction(() => !document.querySelector('#board .stone.dead'));
  }
  await page.click('#agree-B');
  await page.waitForSelector('#marking .agreed');
  await page.click('#agree-W');
  await page.waitForSelector('#figures');
  g = (await api(server.url, 'GET', `/api/games/${id}`)).data;
  assert.equal(g.phase, 'ended');
  assert.ok((await page.textContent('#result')).includes(g.result));
  // The Japanese figure of each side is read as a Japanese player counts it: territory + prisoners.
  for (const [s, o] of [['B', 'W'], ['W', 'B']]) {
    const c = g.count;
    const p = c.captured[o] + c.dead_count[o] + (c.pass_stones ? c.pass_stones[o] : 0);
    const text = await page.textContent(`#figures .japanese-parts[data-side="${s}"]`);
    assert.ok(text.includes(`territory ${c.japanese[s] - p} + prisoners ${p}`), text);
  }
  // At the end, the count agreed is drawn.
  await page.waitForSelector('#overlay-box');
  assert.match(await page.textContent('#overlay-box h3'), /The count/);
  await page.locator('#board').screenshot({ path: join(shots, 'overlay-end.png') });

  // The download keeps the record's headers, with a standard RU and the territory as TB/TW ...
  const href = await page.getAttribute('#sgf', 'href');
  const sgf = await page.evaluate(async (h) => (await fetch(h)).text(), href);
  for (const p of ['PB[Lee Sedol]', 'PW[Gu Li]', 'EV[Jubango]', 'DT[2014-01-26]', 'BR[9p]', 'WR[9p]', 'RU[Japanese]', 'KM[0.5]', `RE[${g.result}]`, 'TB[', 'TW['])
    assert.ok(sgf.includes(p), `${p} in ${sgf}`);
  // ... and opened again it is the same game, with the same headers.
  await page.click('a[href="#/"]');
  await page.waitForSelector('#upload');
  await page.selectOption('#upload-rules', '');
  await page.setInputFiles('#upload', { name: 'again.sgf', mimeType: 'application/x-go-sgf', buffer: Buffer.from(sgf) });
  await page.waitForFunction((old) => location.hash.startsWith('#/games/') && !location.hash.includes(old), id);
  await page.waitForSelector('#figures, #marking, #board circle.stone');
  const again = (await api(server.url, 'GET', `/api/games/${gameId(page)}`)).data;
  assert.equal(again.rules, g.rules);
  assert.deepEqual(again.players, g.players);
  assert.deepEqual(again.board, g.board);
  assert.match(await page.textContent('#players'), /Lee Sedol.*Gu Li/);
  const sgf2 = await page.evaluate(async (h) => (await fetch(h)).text(), await page.getAttribute('#sgf', 'href'));
  for (const p of ['PB[Lee Sedol]', 'PW[Gu Li]', 'EV[Jubango]', 'DT[2014-01-26]', 'BR[9p]', 'WR[9p]', 'RU[Japanese]'])
    assert.ok(sgf2.includes(p), `${p} in ${sgf2}`);
  await lobby.close();
});

test('a move is taken back by the opponent\'s consent, seen in both browsers', async () => {
  const created = (await api(server.url, 'POST', '/api/games', { rules: 'chinese', size: 9, seat: 'B' })).data;
  const seat = (await api(server.url, 'POST', `/api/games/${created.id}/seats`, { color: 'W' })).data;
  const black = await open(`/#/games/${created.id}`, { tokens: { id: created.id, tokens: created.tokens } });
  const white = await open(`/#/games/${created.id}`, { tokens: { id: created.id, tokens: seat.tokens } });
  await black.page.waitForSelector('#you-play[data-seat="B"]');
  await white.page.waitForSelector('#you-play[data-seat="W"]');
  await black.page.click('#board [data-point="E5"]');
  await white.page.waitForSelector('#board [data-point="E5"] circle.stone', { timeout: 10000 });
  // White may not ask for Black's move; Black asks.
  assert.equal(await white.page.$('#undo-ask-W'), null);
  await black.page.click('#undo-ask-B');
  await white.page.waitForSelector('#undo-accept', { timeout: 10000 });
  assert.match(await white.page.textContent('#undo-asked'), /Black asks to take back/);
  assert.equal(await black.page.$('#undo-accept'), null);  // not the asker's to answer
  // Refused first: the stone stays.
  await white.page.click('#undo-refuse');
  await black.page.waitForFunction(() => !document.querySelector('#undo-asked'), null, { timeout: 10000 });
  assert.ok(await black.page.$('#board [data-point="E5"] circle.stone'));
  // Asked again and allowed: the stone is gone in both browsers, Black to move again.
  await black.page.click('#undo-ask-B');
  await white.page.waitForSelector('#undo-accept', { timeout: 10000 });
  await white.page.screenshot({ path: join(shots, 'undo-asked.png') });
  await white.page.click('#undo-accept');
  for (const p of [white.page, black.page])
    await p.waitForFunction(() => !document.querySelector('#board circle.stone'), null, { timeout: 10000 });
  const g = (await api(server.url, 'GET', `/api/games/${created.id}`)).data;
  assert.equal(g.moves.length, 0);
  assert.equal(g.to_move, 'B');
  await black.page.waitForSelector('#board [data-point="D4"].clickable');
  await black.close();
  await white.close();
});

test('the clock is kept by the server: a game lost on time', async () => {
  const page0 = await open('/');
  const { page } = page0;
  await page.selectOption('#size', '9');
  await page.selectOption('#rules', 'japanese');
  assert.ok((await page.$$eval('#clock option', (l) => l.map((o) => o.value))).includes('fischer:60:2'));
  await page.close();
  // A clock too short to play with, made through the API: Fischer, 2 s.
  const g = (await api(server.url, 'POST', '/api/games', { rules: 'japanese', size: 9, seat: 'both',
    clock: { type: 'fischer', main: 2, increment: 0 } })).data;
  const { page: p, close } = await open(`/#/games/${g.id}`, { tokens: { id: g.id, tokens: g.tokens } });
  await p.waitForSelector('#clock-B .time:not(:empty)');
  assert.match(await p.textContent('#clock-W'), /White 0:02/);
  await p.click('#board [data-point="E5"]');  // Black's first move starts White's clock
  await p.waitForSelector('#clock-W.running');
  // Nobody moves: the server ends the game, the page shows it.
  await p.waitForSelector('#result', { timeout: 15000 });
  assert.equal((await api(server.url, 'GET', `/api/games/${g.id}`)).data.result, 'B+T');
  assert.match(await p.textContent('#result'), /B\+T/);
  assert.match(await p.textContent('#result'), /on time/);
  assert.match(await p.textContent('#phase'), /ended/);
  await p.screenshot({ path: join(shots, 'lost-on-time.png') });
  await close();
  await page0.close();
});
