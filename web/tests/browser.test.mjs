// The page in a real browser (Debian's Chromium through playwright-core): a game created on the
// page by one player, whose link the other opens to take the free seat, played by the two browsers
// to the pause by clicking, a dead stone marked, both sides agree, the result read on the page; a
// third browser watches and is refused a move; the referee's refusals in words, in English and
// Chinese; the lobby of public games; the page under its content security policy.
// Screenshots go to $JPD_SCREENSHOTS (default build/web-screenshots).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { root, tempDir, startServer, launchBrowser, api } from './lib.mjs';

const shots = process.env.JPD_SCREENSHOTS || join(root, 'build/web-screenshots');
let server, browser, dir;

before(async () => {
  mkdirSync(shots, { recursive: true });
  dir = tempDir('jpd-web-browser-');
  server = await startServer({ db: join(dir, 'games.sqlite'), args: ['--playouts', '400'] });
  browser = await launchBrowser();
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

// A page in the given browser (a context of its own: its own storage, so its own seats). Any
// error of the page's script or breach of its content security policy fails the test.
async function open(path, context = browser.context) {
  const page = await context.newPage();
  page.on('pageerror', (e) => { throw e; });
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/.test(m.text())) throw new Error(m.text());
  });
  await page.goto(server.url + path);
  await page.waitForSelector('#lang:not(:empty)');
  return page;
}

const gameId = (page) => /#\/games\/([0-9a-f]{32})/.exec(page.url())[1];

const moveCount = (page) => page.$$eval('.moves li', (l) => l.length);

// Clicks a point and waits until the page shows the stone there.
async function play(page, point) {
  await page.click(`#board [data-point="${point}"]`);
  await page.waitForSelector(`#board [data-point="${point}"] circle.stone`);
}

test('two players with their seats play a game to its count, and a spectator is refused a move', async () => {
  // Black creates the game and takes Black's seat.
  const blackBrowser = await browser.newContext();
  const black = await open('/', blackBrowser);
  if ((await black.textContent('#lang')) !== '中文') await black.click('#lang');  // English
  await black.selectOption('#rules', 'tang-song');
  await black.selectOption('#size', '9');
  assert.equal(await black.inputValue('#komi'), '6.5');  // the preset's komi
  await black.selectOption('#seat-choice', 'B');
  await black.click('#create');
  await black.waitForSelector('#board');
  const id = gameId(black);
  assert.equal(await black.getAttribute('#you-play', 'data-seat'), 'B');
  const link = await black.getAttribute('#invite', 'href');
  assert.equal(link, `#/games/${id}`);
  await black.screenshot({ path: join(shots, 'game-start.png') });

  // White opens the link in another browser and takes the free seat.
  const whiteBrowser = await browser.newContext();
  const white = await open(`/${link}`, whiteBrowser);
  await white.waitForSelector('#take-W');
  await white.click('#take-W');
  await white.waitForSelector('#you-play[data-seat="W"]');
  await black.waitForSelector('#seats:not(:has(#take-W))', { timeout: 10000 });

  // A third browser only watches: no seat to take, no point to click, and a move it sends
  // itself (from the page, as a script on it could) is refused.
  const spectatorBrowser = await browser.newContext();
  const spectator = await open(`/#/games/${id}`, spectatorBrowser);
  await spectator.waitForSelector('#spectator');
  assert.equal(await spectator.$$eval('#board .point.clickable', (l) => l.length), 0);
  assert.equal(await spectator.$$eval('#actions button', (l) => l.length), 0);
  const refused = await spectator.evaluate(async (path) => {
    const r = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ color: 'B', kind: 'play', point: 'E5' }) });
    return { status: r.status, reason: (await r.json()).reason };
  }, `/api/games/${id}/moves`);
  assert.deepEqual(refused, { status: 403, reason: 'not_your_seat' });
  const g0 = (await api(server.url, 'GET', `/api/games/${id}`)).data;
  assert.equal(g0.moves.length, 0);

  // Black walls off column D, White column F; White's stone at B5 is dead inside Black's land.
  const moves = [];
  for (let r = 1; r <= 9; r++) moves.push(['B', `D${r}`], ['W', `F${r}`]);
  moves.push(['B', 'E5'], ['W', 'B5'], ['B', 'E4']);
  for (const [c, p] of moves) {
    await play(c === 'B' ? black : white, p);
    // The other browser sees it live (it polls the server).
    await (c === 'B' ? white : black).waitForSelector(`#board [data-point="${p}"] circle.stone`, { timeout: 10000 });
  }
  assert.equal(await moveCount(black), moves.length);
  await spectator.waitForFunction((n) => document.querySelectorAll('.moves li').length === n, moves.length, { timeout: 10000 });
  assert.equal(await spectator.$$eval('#board .point.clickable', (l) => l.length), 0);
  // White's virtual move, then Black's: two virtual moves pause the game (Tang-Song art. 10).
  await white.click('button[data-kind="virtual"]');
  await black.waitForSelector('button[data-kind="virtual"]');
  await black.click('button[data-kind="virtual"]');
  await black.waitForSelector('#marking');
  await white.waitForSelector('#marking', { timeout: 10000 });
  assert.match(await black.textContent('#phase'), /paused/);

  // The estimator's suggestion is shown; mark B5 dead by clicking (a click toggles its chain).
  let g = (await api(server.url, 'GET', `/api/games/${id}`)).data;
  if (g.marks.dead.includes('B5')) {
    await black.click('#board [data-point="B5"]');
    await black.waitForSelector('#board [data-point="B5"] circle.stone:not(.dead)');
  }
  await black.click('#board [data-point="B5"]');
  await black.waitForSelector('#board [data-point="B5"] circle.stone.dead');
  await white.waitForSelector('#board [data-point="B5"] circle.stone.dead', { timeout: 10000 });
  g = (await api(server.url, 'GET', `/api/games/${id}`)).data;
  assert.deepEqual(g.marks.dead, ['B5']);
  await black.waitForSelector('#preview');
  await black.screenshot({ path: join(shots, 'game-paused.png') });

  await black.click('#agree-B');
  await white.waitForSelector('#marking .agreed', { timeout: 10000 });
  // The server refuses an engine request for the moment when the same client has one running
  // (both browsers here are one client, 127.0.0.1): the page asks again after Retry-After. The
  // first request for the making is refused so, on purpose.
  let refusedOnce = 0;
  await white.route('**/making*', async (route) => {
    if (refusedOnce++ > 0) return route.continue();
    return route.fulfill({ status: 429, headers: { 'Retry-After': '1', 'Content-Type': 'application/json' },
      body: JSON.stringify({ error: 'this client has 1 engine requests running already', reason: 'engine_busy' }) });
  });
  await white.click('#agree-W');
  await white.waitForSelector('#figures');
  await black.waitForSelector('#figures', { timeout: 10000 });
  g = (await api(server.url, 'GET', `/api/games/${id}`)).data;
  assert.equal(g.phase, 'ended');
  const expected = g.count.result;
  assert.ok(/^[BW]\+/.test(expected), expected);
  assert.ok((await white.textContent('#result')).includes(expected));
  assert.ok((await white.textContent('#figures .result-big')).includes(expected));
  assert.ok(g.count.all_invariants_hold);
  // The making, step by step, as pictures with their counts.
  await white.waitForSelector('#making .step svg');
  assert.ok(refusedOnce >= 2, `the making was asked ${refusedOnce} time(s)`);
  assert.ok((await white.$$('#making .step')).length >= 4);
  await white.screenshot({ path: join(shots, 'game-counted-en.png'), fullPage: true });
  await white.click('#lang');
  await white.waitForSelector('#making .step svg');
  await white.waitForFunction(() => document.querySelector('#figures h3').textContent.includes('结果'));
  assert.match(await white.textContent('#result'), /胜/);
  await white.screenshot({ path: join(shots, 'game-counted-zh.png'), fullPage: true });
  await white.click('#lang');
  // The record downloads from the page.
  const sgf = await (await fetch(server.url + (await white.getAttribute('#sgf', 'href')))).text();
  assert.ok(sgf.includes(`RE[${expected}]`), sgf);
  await spectator.waitForSelector('#figures', { timeout: 10000 });
  for (const b of [blackBrowser, whiteBrowser, spectatorBrowser]) await b.close();
});

test('the referee refuses in words, in English and in Chinese', async () => {
  const page = await open('/');
  if ((await page.textContent('#lang')) !== '中文') await page.click('#lang');
  await page.selectOption('#rules', 'tang-song');
  await page.selectOption('#size', '9');
  await page.selectOption('#seat-choice', 'both');  // one browser plays both colours
  await page.click('#create');
  await page.waitForSelector('#board');
  assert.match(await page.textContent('#you-play'), /both colours/);
  // A ko: White takes at D5, Black may not take back at E5 at once.
  for (const p of ['C5', 'E4', 'D4', 'F5', 'D6', 'E6', 'E5', 'D5']) await play(page, p);
  await page.waitForSelector('#board [data-point="E5"] circle.ghost');
  // The ko point is marked on the board and named beside it.
  assert.ok(await page.$('#board [data-point="E5"] .ko-mark'));
  assert.equal(await page.$$eval('#board .ko-mark', (l) => l.length), 1);
  assert.match(await page.textContent('#ko-note'), /E5/);
  await page.click('#board [data-point="E5"]');
  await page.waitForSelector('#message.error');
  assert.match(await page.textContent('#message'), /ko: point E5 was just captured/);
  assert.equal(await moveCount(page), 8);
  await page.click('#lang');
  await page.waitForFunction(() => document.querySelector('button[data-kind="virtual"]').textContent === '停一手（虚着）');
  await page.click('#board [data-point="E5"]');
  await page.waitForFunction(() => document.querySelector('#message').textContent.includes('打劫'));
  assert.equal(await page.textContent('#message'), '打劫：E5 刚被提，须先在别处下一着');
  await page.screenshot({ path: join(shots, 'refusal-zh.png') });
  await page.click('#lang');
  await page.close();
});

test('the lobby lists the public games only and opens an uploaded record', async () => {
  const hidden = (await api(server.url, 'POST', '/api/games', { size: 9 })).data.id;
  const page = await open('/');
  await page.selectOption('#size', '13');
  await page.check('#public');
  await page.click('#create');
  await page.waitForSelector('#board');
  const listed = gameId(page);
  await page.click('a[href="#/"]');
  await page.waitForSelector('.lobby-list table');
  const links = await page.$$eval('.lobby-list tbody a', (l) => l.map((a) => a.getAttribute('href')));
  assert.ok(links.includes(`#/games/${listed}`), links.join(' '));
  assert.ok(!links.includes(`#/games/${hidden}`));
  await page.screenshot({ path: join(shots, 'lobby.png') });
  const record = '(;GM[1]FF[4]SZ[9]KM[7]RU[Chinese];B[ee];W[cc];B[gc];W[cg])';
  await page.setInputFiles('#upload', { name: 'game.sgf', mimeType: 'application/x-go-sgf', buffer: Buffer.from(record) });
  await page.waitForSelector('#board [data-point="C3"] circle.stone');
  assert.equal(await moveCount(page), 4);
  assert.match(await page.textContent('.rules-line'), /chinese/);
  await page.close();
});

test('against the built-in engine: it answers a move on the page', async () => {
  const page = await open('/');
  await page.selectOption('#rules', 'chinese');
  await page.selectOption('#size', '9');
  assert.equal(await page.inputValue('#komi'), '7.5');
  await page.selectOption('#engine', 'W');
  await page.click('#create');
  await page.waitForSelector('#board');
  assert.equal(await page.getAttribute('#you-play', 'data-seat'), 'B');
  await play(page, 'E5');
  await page.waitForFunction(() => document.querySelectorAll('.moves li').length === 2, null, { timeout: 60000 });
  const id = gameId(page);
  const g = (await api(server.url, 'GET', `/api/games/${id}`)).data;
  assert.equal(g.moves[1].color, 'W');
  assert.equal(g.to_move, 'B');
  assert.equal(await page.$$eval('#board circle.stone', (s) => s.length), g.board.join('').replace(/\./g, '').length);
  await page.close();
});
