// The page of `jpd serve`: a lobby (new game, the list of games, SGF upload) and a game view (the
// board, every move kind the rules allow, the pause, dead stones, agreement or dispute, the count
// with the making step by step). Plain JavaScript, no framework; every word comes from the
// server's text table (/api/texts, src/report/text.cpp), in English or Chinese.

const $ = (sel, root = document) => root.querySelector(sel);
const el = (tag, attrs = {}, ...children) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (k === 'class') e.className = v;
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) e.append(c.nodeType ? c : String(c));
  return e;
};
const SVGNS = 'http://www.w3.org/2000/svg';
const svgEl = (tag, attrs = {}) => {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
};

const app = {
  lang: localStorage.getItem('jpd-lang') || ((navigator.language || 'en').toLowerCase().startsWith('zh') ? 'zh' : 'en'),
  texts: {},
  views: [],         // the views of a count people read: {key, name, method}, the server's table
  presets: [],
  game: null,        // the game shown, as the API returns it
  making: null,      // {key, data} of the making pictures shown
  preview: null,     // {key, result} of the count if agreed now
  message: null,     // {text, kind}
  timer: null,
  engineBusy: false,
  view: null,        // the view of the count overlay asked for (null: the rules' own)
  numbers: localStorage.getItem('jpd-numbers') === '1',  // move numbers on the stones
  sound: localStorage.getItem('jpd-sound') === '1',      // a click for every new stone
  refused: null,     // the point a click was refused on, flashed once
  clockAt: 0,        // performance.now() when the game's clock was read from the server
  tick: null,
};

// ---- texts ---------------------------------------------------------------------------------

function T(id, ...args) {
  const e = app.texts[id];
  const pattern = e ? e[app.lang] : `[[${id}]]`;
  return pattern.replace(/\{(\d)\}/g, (_, i) => (args[i] === undefined ? '' : String(args[i])));
}
const has = (id) => id in app.texts;
const colour = (c) => T(`colour.${c}`);
const side = (c) => T(`side.${c}`);
const num = (v) => (Number.isInteger(v) ? String(v) : String(Math.round(v * 100) / 100));

// "B+2.5" -> "Black wins by 2.5 points (B+2.5)", as result_words() in text.cpp.
function resultWords(r) {
  if (!r) return '';
  if (r === '0' || r === 'Draw') return T('result.draw');
  if (r === 'Void') return T('result.void');
  const m = /^([BW])\+(.*)$/.exec(r);
  if (!m) return r;
  const who = colour(m[1]);
  if (m[2] === 'R' || m[2] === 'Resign') return T('result.resigned', who, r);
  if (m[2] === 'F' || m[2] === 'Forfeit') return T('result.forfeit', who, r);
  if (m[2] === 'T' || m[2] === 'Time') return T('result.time', who, r);
  const v = Number(m[2]);
  if (v === 1) return T('result.wins_one', who, r);
  if (v === 0.5) return T('result.wins_half', who, r);
  return T('result.wins', who, num(v), r);
}

function presetTitle(name) {
  const p = app.presets.find((q) => q.name === name);
  return p ? p.title[app.lang] : name;
}

// ---- the API -------------------------------------------------------------------------------

// A request; `token` is a seat's (sent as Authorization: Bearer, as the server wants for a
// player's acts).
async function api(method, path, body, token) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    init.headers['Content-Type'] = typeof body === 'string' ? 'application/x-go-sgf' : 'application/json';
  }
  if (token) init.headers.Authorization = `Bearer ${token}`;
  let res;
  // A request refused for the moment (429 or 503 with Retry-After: the engine busy with another
  // request of this client, the rate limit) was not carried out: ask again after the delay the
  // server names, a few times, before showing the refusal.
  for (let attempt = 0; ; attempt++) {
    try {
      res = await fetch(path, init);
    } catch (e) {
      return { ok: false, status: 0, data: { error: T('web.server_error') } };
    }
    const after = Number(res.headers.get('Retry-After'));
    if (!(res.status === 429 || res.status === 503) || !(after > 0) || attempt >= 3) break;
    await new Promise((done) => setTimeout(done, Math.min(after, 5) * 1000));
  }
  let data = null;
  try { data = await res.json(); } catch (e) { data = {}; }
  return { ok: res.ok, status: res.status, data };
}

// A refusal in words: the referee's own sentence in English, the table's in Chinese.
function refusalText(data, point) {
  const g = app.game;
  const id = `illegal.${data.reason}`;
  if (app.lang === 'zh' && has(id)) return T(id, point || '', g && g.to_move ? side(g.to_move) : '');
  return data.error || String(data.reason || '');
}

function say(text, kind = 'error') {
  app.message = text ? { text, kind } : null;
  const box = $('#message');
  if (box) renderMessage(box);
}

function renderMessage(box) {
  box.textContent = app.message ? app.message.text : '';
  box.className = `message ${app.message ? app.message.kind : ''}`;
}

// ---- seats ---------------------------------------------------------------------------------

// The tokens of the seats this browser took, per game: {"B": token, "W": token}. The server shows
// a token once, to whoever takes the seat; it lives here only.
const tokensOf = (id) => JSON.parse(localStorage.getItem(`jpd-tokens-${id}`) || '{}');
function keepTokens(id, tokens) {
  if (tokens && Object.keys(tokens).length)
    localStorage.setItem(`jpd-tokens-${id}`, JSON.stringify({ ...tokensOf(id), ...tokens }));
}
const tokenFor = (game, c) => tokensOf(game.id)[c];
const anyToken = (game) => tokenFor(game, 'B') || tokenFor(game, 'W');
const mayPlay = (game, c) => !!tokenFor(game, c) && game.engine !== c;
const shortId = (id) => String(id).slice(0, 8);
const playerName = (game, c) => (game.players && game.players[c]) || T('web.anonymous');
const named = (game) => !!(game.players && (game.players.B || game.players.W));
const playersLine = (game) => (named(game) ? T('web.vs', playerName(game, 'B'), playerName(game, 'W')) : '');
// The label of a move button: the pass and the virtual move as a Chinese player reads them
// (停一手), the rules' own term beside it.
const kindLabel = (k) => (k === 'pass' || k === 'virtual' ? T(`web.button.${k}`) : T(`web.kind.${k}`));

// ---- routing -------------------------------------------------------------------------------

function route() {
  clearInterval(app.timer);
  clearInterval(app.tick);
  app.timer = app.tick = null;
  app.message = null;
  const m = /^#\/games\/([0-9a-f]{32})/.exec(location.hash);
  if (m) showGame(m[1]);
  else showLobby();
}

function chrome() {
  document.documentElement.lang = app.lang === 'zh' ? 'zh-CN' : 'en';
  $('#title').textContent = T('web.title').replace('计枰点', '').trim() || T('web.title');
  $('#tagline').textContent = T('web.tagline');
  $('#lang').textContent = T('web.lang_switch');
  $('#foot-rules').textContent = T('web.tagline');
  document.title = `计枰点 · ${T('web.title')}`;
}

// ---- the lobby -----------------------------------------------------------------------------

async function showLobby() {
  app.game = null;
  const main = $('#main');
  const rules = rulesSelect({ name: 'rules', id: 'rules' });
  const komi = el('input', { name: 'komi', id: 'komi', type: 'number', step: '0.5', value: '6.5' });
  rules.addEventListener('change', () => {
    const p = app.presets.find((q) => q.name === rules.value);
    if (p) komi.value = p.komi;
  });
  const size = el('select', { name: 'size', id: 'size' },
    [9, 13, 19, 7, 5].map((n) => el('option', { value: n }, `${n} × ${n}`)));
  const engine = el('select', { name: 'engine', id: 'engine' },
    el('option', { value: '' }, T('web.two_players')),
    el('option', { value: 'W' }, T('web.engine_plays', colour('W'))),
    el('option', { value: 'B' }, T('web.engine_plays', colour('B'))));
  // Which seats this browser takes in a game of two players (the other is taken by the link).
  const seat = el('select', { name: 'seat', id: 'seat-choice' },
    el('option', { value: 'both' }, T('web.seat.both')),
    el('option', { value: 'B' }, colour('B')),
    el('option', { value: 'W' }, colour('W')));
  const seatLabel = el('label', {}, el('span', {}, T('web.my_seat')), seat);
  engine.addEventListener('change', () => { seatLabel.hidden = !!engine.value; });
  const listed = el('input', { type: 'checkbox', name: 'public', id: 'public' });
  // The clock: none, Japanese byo-yomi or Fischer (kept by the server).
  const clocks = [['', T('web.clock.none')], ['byoyomi:600:3:30', T('web.clock.byoyomi', 10, 3, 30)],
    ['byoyomi:60:3:10', T('web.clock.byoyomi', 1, 3, 10)], ['fischer:300:10', T('web.clock.fischer', 5, 10)],
    ['fischer:60:2', T('web.clock.fischer', 1, 2)]];
  const clock = el('select', { name: 'clock', id: 'clock' }, clocks.map(([v, label]) => el('option', { value: v }, label)));
  const blackName = el('input', { type: 'text', name: 'black', id: 'black-name', maxlength: '60', autocomplete: 'off' });
  const whiteName = el('input', { type: 'text', name: 'white', id: 'white-name', maxlength: '60', autocomplete: 'off' });
  const form = el('form', { class: 'new-game', id: 'new-game', onsubmit: async (ev) => {
    ev.preventDefault();
    const body = { rules: rules.value, size: Number(size.value), komi: Number(komi.value), public: listed.checked };
    const players = {};
    if (blackName.value.trim()) players.B = blackName.value.trim();
    if (whiteName.value.trim()) players.W = whiteName.value.trim();
    if (Object.keys(players).length) body.players = players;
    if (clock.value) {
      const [type, a, b, c] = clock.value.split(':');
      body.clock = type === 'byoyomi' ? { type, main: Number(a), periods: Number(b), period: Number(c) }
        : { type, main: Number(a), increment: Number(b) };
    }
    if (engine.value) body.engine = engine.value;
    else body.seat = seat.value;
    const r = await api('POST', '/api/games', body);
    if (!r.ok) return say(r.data.error);
    keepTokens(r.data.id, r.data.tokens);
    location.hash = `#/games/${r.data.id}`;
  } },
  el('label', {}, el('span', {}, T('web.rules')), rules),
  el('label', {}, el('span', {}, T('web.size')), size),
  el('label', {}, el('span', {}, T('web.komi')), komi),
  el('label', {}, el('span', {}, T('web.players')), engine),
  seatLabel,
  el('label', {}, el('span', {}, T('web.clock')), clock),
  el('label', {}, el('span', {}, T('web.black_name')), blackName),
  el('label', {}, el('span', {}, T('web.white_name')), whiteName),
  el('label', { class: 'check' }, listed, el('span', {}, T('web.public'))),
  el('button', { type: 'submit', class: 'primary', id: 'create' }, T('web.create')));
  // An uploaded record's rules: its RU (and KM), or the rules chosen here.
  const uploadRules = rulesSelect({ name: 'upload-rules', id: 'upload-rules' },
    el('option', { value: '' }, T('web.rules_of_record')));
  const upload = el('input', { type: 'file', accept: '.sgf,application/x-go-sgf', id: 'upload', onchange: async (ev) => {
    const f = ev.target.files[0];
    if (!f) return;
    const query = uploadRules.value ? `?rules=${encodeURIComponent(uploadRules.value)}` : '';
    const r = await api('POST', `/api/sgf${query}`, await f.text());
    if (!r.ok) return say(r.data.error);
    keepTokens(r.data.id, r.data.tokens);
    location.hash = `#/games/${r.data.id}`;
  } });
  const list = el('div', { class: 'games' }, el('p', { class: 'muted' }, '…'));
  main.replaceChildren(
    el('section', { class: 'card lobby-new' }, el('h2', {}, T('web.new_game')), form,
      el('div', { class: 'upload' },
        el('label', {}, el('span', {}, T('web.upload_rules')), uploadRules),
        el('label', {}, el('span', {}, T('web.upload')), upload)),
      el('p', { id: 'message', class: 'message' })),
    el('section', { class: 'card lobby-list' }, el('h2', {}, T('web.games')), list));
  rules.dispatchEvent(new Event('change'));
  const r = await api('GET', '/api/games');
  if (!r.ok) return list.replaceChildren(el('p', { class: 'muted' }, r.data.error));
  if (!r.data.games.length) return list.replaceChildren(el('p', { class: 'muted' }, T('web.no_games')));
  list.replaceChildren(el('table', { class: 'wide' },
    el('thead', {}, el('tr', {}, ['game', 'players', 'rules', 'board', 'moves', 'phase', 'result'].map((c) => el('th', {}, T(`web.col.${c}`))))),
    el('tbody', {}, r.data.games.map((g) => el('tr', {},
      el('td', {}, el('a', { href: `#/games/${g.id}` }, T('web.game', shortId(g.id)))),
      el('td', { class: 'players' }, playersLine(g)),
      el('td', {}, `${presetTitle(g.preset)} · ${T('web.komi')} ${num(g.komi)}`),
      el('td', {}, `${g.width}×${g.height}`),
      el('td', {}, g.moves),
      el('td', {}, el('span', { class: `phase ${g.phase}` }, T(`web.phase.${g.phase}`))),
      el('td', {}, g.result ? resultWords(g.result) : ''))))));
}

// A choice of the presets, the 计枰点 family first; `first` options before them.
function rulesSelect(attrs, ...first) {
  const select = el('select', attrs, ...first);
  const groups = [[true, '计枰点'], [false, app.lang === 'zh' ? '各国规则' : 'standard rules']];
  for (const [jpd, label] of groups) {
    const g = el('optgroup', { label });
    for (const p of app.presets.filter((q) => q.jpd === jpd))
      g.append(el('option', { value: p.name }, `${p.title[app.lang]} — ${p.name}`));
    select.append(g);
  }
  return select;
}

// ---- the game ------------------------------------------------------------------------------

async function showGame(id) {
  const r = await api('GET', `/api/games/${id}`);
  if (!r.ok) {
    $('#main').replaceChildren(el('section', { class: 'card' }, el('p', {}, T('web.not_found')),
      el('a', { href: '#/' }, T('web.all_games'))));
    return;
  }
  setGame(r.data);
  app.timer = setInterval(poll, 1000);
  app.tick = setInterval(showClocks, 250);
}

async function poll() {
  const g = app.game;
  if (!g || document.hidden) return;
  const r = await api('GET', `/api/games/${g.id}?known=${g.version}`);
  if (r.ok && !r.data.unchanged && app.game && r.data.id === app.game.id) setGame(r.data);
}

function setGame(game) {
  const before = app.game;
  if (app.sound && before && before.id === game.id) {
    const stones = (g) => g.board.join('').replace(/\./g, '').length;
    if (game.moves.length > before.moves.length && stones(game) !== stones(before)) click();
  }
  app.game = game;
  app.clockAt = performance.now();
  renderGame();
  maybeEngine();
  maybePreview();
  maybeMaking();
}

async function maybeEngine() {
  const g = app.game;
  if (!g.engine || g.to_move !== g.engine || app.engineBusy || !anyToken(g)) return;
  if (g.phase !== 'play' && g.phase !== 'dispute') return;
  app.engineBusy = true;
  renderGame();
  const r = await api('POST', `/api/games/${g.id}/genmove`, { color: g.engine }, anyToken(g));
  app.engineBusy = false;
  if (r.ok) setGame(r.data);
  else renderGame();
}

// The count as it stands, with the overlay of the view shown: at the pause (what the players
// agree to) and at the end.
async function maybePreview() {
  const g = app.game;
  if (g.phase !== 'paused' && g.phase !== 'making' && !g.count) return;
  const key = `${g.id}:${g.version}:${app.view || ''}`;
  if (app.preview && app.preview.key === key) return;
  app.preview = { key, result: null, overlay: null, views: [] };
  const r = await api('POST', `/api/games/${g.id}/overlay`, app.view ? { view: app.view } : {});
  if (!app.preview || app.preview.key !== key) return;
  if (r.ok) {
    app.preview.result = r.data.result;
    app.preview.overlay = r.data.overlay;
    app.preview.views = r.data.views;
    renderGame();
  } else app.preview = null;  // asked again at the next change or poll
}

const overlayShown = (g) => app.preview && app.preview.overlay && app.preview.key.startsWith(`${g.id}:${g.version}:`) &&
  (g.phase === 'paused' || g.phase === 'making' || g.count);

async function maybeMaking() {
  const g = app.game;
  if (!g.count) return;
  const key = `${g.id}:${g.version}:${app.lang}`;
  if (app.making && app.making.key === key) return;
  app.making = { key, data: null };
  const r = await api('GET', `/api/games/${g.id}/making?lang=${app.lang}`);
  if (!app.making || app.making.key !== key) return;
  if (r.ok) { app.making.data = r.data; renderGame(); }
  else app.making = null;  // asked again at the next change or poll
}

async function move(kind, point) {
  const g = app.game;
  const body = { color: g.to_move, kind };
  if (point) body.point = point;
  const r = await api('POST', `/api/games/${g.id}/moves`, body, tokenFor(g, g.to_move));
  if (!r.ok) return refuse(refusalText(r.data, point), point);
  say(null);
  setGame(r.data);
}

// A click the referee refuses: its words, and the point flashed.
function refuse(text, point) {
  say(text);
  if (!point) return;
  const p = $(`#board [data-point="${point}"]`);
  if (!p) return;
  p.classList.remove('refused');
  void p.getBoundingClientRect();  // restart the animation
  p.classList.add('refused');
}

// A stone's click, made with the Web Audio API (no file to fetch).
let audio = null;
function click() {
  try {
    audio = audio || new AudioContext();
    const t = audio.currentTime, o = audio.createOscillator(), gain = audio.createGain();
    o.frequency.setValueAtTime(900, t);
    o.frequency.exponentialRampToValueAtTime(220, t + 0.06);
    gain.gain.setValueAtTime(0.25, t);
    gain.gain.exponentialRampToValueAtTime(0.001, t + 0.08);
    o.connect(gain).connect(audio.destination);
    o.start(t);
    o.stop(t + 0.09);
  } catch (e) { /* no audio: no sound */ }
}

// A player's act: with the token of the colour it is for (an agreement), else of any seat held.
async function post(action, body) {
  const g = app.game;
  const token = body && body.color ? tokenFor(g, body.color) : anyToken(g);
  const r = await api('POST', `/api/games/${g.id}/${action}`, body, token);
  if (!r.ok) return say(refusalText(r.data));
  say(r.data.engine_disagrees ? T('web.engine_disagrees') : null, 'note');
  setGame(r.data);
}

function renderGame() {
  const g = app.game;
  if (!g) return;
  const main = $('#main');
  const board = drawBoard(g);
  const phase = el('span', { class: `phase ${g.phase}`, id: 'phase' }, T(`web.phase.${g.phase}`));
  const info = el('div', { class: 'info' },
    el('h2', {}, T('web.game', shortId(g.id)), ' ', phase),
    named(g) ? el('p', { class: 'players-line', id: 'players' }, el('span', { class: 'stone-dot B' }), ' ', playerName(g, 'B'), ' – ',
      el('span', { class: 'stone-dot W' }), ' ', playerName(g, 'W')) : null,
    el('p', { class: 'rules-line' }, `${g.title[app.lang]} (${g.preset}) · ${g.width}×${g.height} · ${T('web.komi')} ${num(g.komi)}`),
    g.clock ? el('div', { class: 'clocks', id: 'clocks' },
      ['B', 'W'].map((c) => el('p', { class: `clock${g.clock.running === c ? ' running' : ''}`, id: `clock-${c}` },
        el('span', { class: `stone-dot ${c}` }), ' ', el('span', { class: 'time' })))) : null,
    el('dl', { class: 'stats' },
      el('dt', {}, T('web.stat.moves')), el('dd', {}, g.moves.length),
      el('dt', {}, T('web.stat.captured')), el('dd', {}, `${g.captured.B} : ${g.captured.W}`),
      el('dt', {}, T('web.stat.virtual')), el('dd', {}, `${g.virtual.B} : ${g.virtual.W}`)));
  const status = el('p', { class: 'status', id: 'status' });
  if (g.phase === 'play' || g.phase === 'dispute') {
    status.append(el('span', { class: `stone-dot ${g.to_move}` }), ' ', T('web.to_move', side(g.to_move)));
    if (g.pending_proposal) status.append(' · ', T('web.proposal', side(g.pending_proposal)));
    if (g.ko) status.append(' · ', el('span', { class: 'ko-note', id: 'ko-note' }, T('web.ko_here', g.ko)));
    if (app.engineBusy) status.append(' · ', el('span', { class: 'thinking' }, T('web.thinking')));
  } else if (g.result) {
    status.append(el('strong', { id: 'result' }, resultWords(g.result)));
  }
  const seatBox = seats(g);
  // Move kinds without a point that the referee allows now.
  const actions = el('div', { class: 'actions', id: 'actions' });
  if ((g.phase === 'play' || g.phase === 'dispute') && mayPlay(g, g.to_move))
    for (const k of g.legal) actions.append(el('button', { type: 'button', 'data-kind': k, class: k === 'resign' ? 'danger' : '', onclick: () => move(k) }, kindLabel(k)));
  if (g.uploaded && (g.phase === 'play' || g.phase === 'dispute') && anyToken(g))
    actions.append(el('button', { type: 'button', id: 'count-record', title: T('web.count_record_help'), onclick: () => post('pause', {}) }, T('web.count_record')));
  const panel = el('aside', { class: 'panel' }, info, status, seatBox, actions, takeBack(g), el('p', { id: 'message', class: 'message' }));
  if (overlayShown(g)) panel.append(overlayBox(g));
  if (g.marks && !g.count) panel.append(marking(g));
  if (g.count) panel.append(figures(g.count));
  panel.append(movesList(g),
    el('p', { class: 'links' }, el('a', { href: `/api/games/${g.id}/sgf`, download: `jpd-game-${g.id}.sgf`, id: 'sgf' }, T('web.sgf')), ' · ',
      el('a', { href: '#/' }, T('web.all_games'))));
  const options = el('div', { class: 'board-options' },
    toggle('show-numbers', T('web.numbers'), app.numbers, (on) => { app.numbers = on; localStorage.setItem('jpd-numbers', on ? '1' : '0'); renderGame(); }),
    toggle('sound', T('web.sound'), app.sound, (on) => { app.sound = on; localStorage.setItem('jpd-sound', on ? '1' : '0'); if (on) click(); }));
  const parts = [el('div', { class: 'game' }, el('div', { class: 'board-wrap' }, board, options), panel)];
  if (g.count && app.making && app.making.data) parts.push(makingSection(app.making.data));
  main.replaceChildren(...parts);
  renderMessage($('#message'));
  showClocks();
}

// The clocks as the server keeps them, counted down here between two answers.
function showClocks() {
  const g = app.game;
  if (!g || !g.clock) return;
  const k = g.clock, gone = (performance.now() - app.clockAt) / 1000;
  const mmss = (s) => { s = Math.max(0, Math.ceil(s)); return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`; };
  for (const c of ['B', 'W']) {
    const box = $(`#clock-${c} .time`);
    if (!box) continue;
    const t = k[c], e = k.running === c ? gone : 0;
    let text;
    if (k.type === 'fischer') {
      text = t.main - e > 0 ? mmss(t.main - e) : T('web.clock.out');
    } else {
      let main = t.main - e, periods = t.periods, left = t.period_left;
      if (main < 0) {
        let over = t.main > 0 ? -main : e - (t.period - t.period_left);
        if (t.main === 0) over = e + (t.period - t.period_left);
        periods -= Math.floor(over / t.period);
        left = t.period - (over % t.period);
        main = 0;
      }
      if (periods <= 0) text = T('web.clock.out');
      else if (main > 0) text = `${mmss(main)} + ${T('web.clock.periods', periods, num(k.period))}`;
      else text = T('web.clock.periods', periods, mmss(left));
    }
    if (k.out_of_time && k.out_of_time[c]) text = T('web.clock.out');
    box.textContent = `${side(c)} ${text}`;
  }
}

// Taking back a move by the opponent's consent: the mover asks, the other seat answers.
function takeBack(g) {
  const box = el('div', { class: 'actions take-back', id: 'take-back' });
  if (g.phase !== 'play' && g.phase !== 'dispute') return box;
  const other = (c) => (c === 'B' ? 'W' : 'B');
  if (g.undo_request) {
    box.append(el('span', { id: 'undo-asked' }, T('web.undo_asked', side(g.undo_request))));
    const answerer = other(g.undo_request);
    if (mayPlay(g, answerer)) {
      box.append(el('button', { type: 'button', id: 'undo-accept', onclick: () => post('undo', { color: answerer, accept: true }) }, T('web.undo_accept')));
      box.append(el('button', { type: 'button', id: 'undo-refuse', onclick: () => post('undo', { color: answerer, accept: false }) }, T('web.undo_refuse')));
    }
    return box;
  }
  const last = [...g.moves].reverse().find(() => true);
  for (const c of ['B', 'W']) {
    if (!mayPlay(g, c) || !g.may_undo[c]) continue;
    if (mayPlay(g, other(c)) && g.engine !== other(c) && (!last || last.color !== c)) continue;  // both seats here: the last mover's
    box.append(el('button', { type: 'button', id: `undo-ask-${c}`, onclick: () => post('undo', { color: c }) }, T('web.undo_ask', colour(c))));
  }
  return box;
}

function toggle(id, label, on, changed) {
  const box = el('input', { type: 'checkbox', id, checked: on, onchange: (ev) => changed(ev.target.checked) });
  return el('label', { class: 'check' }, box, el('span', {}, label));
}

// The count drawn on the board: its view, the figures beside it, any other view on request.
function overlayBox(g) {
  const o = app.preview.overlay;
  const viewLabel = (v) => T(`web.view.${v}`);
  const select = el('select', { id: 'view', onchange: (ev) => { app.view = ev.target.value; maybePreview(); } },
    app.preview.views.map((v) => el('option', { value: v, selected: v === o.view }, viewLabel(v))));
  return el('section', { class: 'overlay-box', id: 'overlay-box', 'data-view': o.view },
    el('h3', {}, g.count ? T('web.overlay_end') : T('web.overlay')),
    el('label', { class: 'view-choice' }, el('span', {}, T('web.overlay_view')), select),
    el('p', { id: 'overlay-figures', class: 'overlay-figures' },
      T('web.overlay_figures', viewLabel(o.view), num(o.figures.B), num(o.figures.W)),
      o.primary ? ` (${T('web.overlay_primary')}) · ${resultWords(o.result)}` : ''),
    el('p', { class: 'muted legend' }, T('web.overlay_legend')));
}

// The seats: the colours this browser plays (it holds their tokens), the free ones it may take,
// the link that lets the other player take one.
function seats(g) {
  const mine = ['B', 'W'].filter((c) => tokenFor(g, c));
  const free = ['B', 'W'].filter((c) => g.seats && g.seats[c] === 'free');
  const box = el('div', { class: 'seat', id: 'seats' });
  if (mine.length === 2) box.append(el('p', { id: 'you-play' }, T('web.you_play', T('web.seat.both'))));
  else if (mine.length === 1) box.append(el('p', { id: 'you-play', 'data-seat': mine[0] }, T('web.you_play', colour(mine[0]))));
  else box.append(el('p', { id: 'spectator' }, free.length ? T('web.watching') : T('web.spectator')));
  for (const c of free) {
    if (!mine.length && c === free[0])
      box.append(el('label', {}, el('span', {}, T('web.your_name')),
        el('input', { type: 'text', id: 'seat-name', maxlength: '60', autocomplete: 'off', value: localStorage.getItem('jpd-name') || '' })));
    box.append(el('button', { type: 'button', id: `take-${c}`, onclick: () => takeSeat(c) }, T('web.take_seat', colour(c))));
    if (mine.length) box.append(el('p', { class: 'invite' }, `${T('web.seat_free', colour(c))}: `,
      el('a', { href: `#/games/${g.id}`, id: 'invite' }, `${location.origin}/#/games/${g.id}`)));
  }
  return box;
}

async function takeSeat(c) {
  const g = app.game;
  const input = $('#seat-name');
  const name = input ? input.value.trim() : '';
  if (name) localStorage.setItem('jpd-name', name);
  const r = await api('POST', `/api/games/${g.id}/seats`, name ? { color: c, name } : { color: c });
  if (!r.ok) return say(refusalText(r.data));
  keepTokens(g.id, r.data.tokens);
  say(null);
  setGame(r.data);
}

function marking(g) {
  const m = g.marks;
  const box = el('section', { class: 'marking', id: 'marking' }, el('h3', {}, T('web.marking')),
    el('p', { class: 'help' }, T('web.marking_help'), g.ruleset.claims ? ` ${T('web.claims_help')}` : ''),
    el('p', {}, m.dead.length ? T('web.dead_count', m.dead.length) : T('web.none_dead'), ' · ',
      T('web.marks_from', T(`source.${m.source === 'none' ? 'none' : m.source}`))));
  if (m.uncertain.length) box.append(el('p', { class: 'muted' }, T('web.uncertain', m.uncertain.map((u) => u.point).join(', '))));
  if (app.preview && app.preview.result) box.append(el('p', { class: 'preview', id: 'preview' }, T('web.preview', resultWords(app.preview.result))));
  const row = el('div', { class: 'actions' });
  for (const c of ['B', 'W']) {
    if (m.agreed[c]) row.append(el('span', { class: 'agreed' }, '✓ ', T('web.agreed', side(c))));
    else if (mayPlay(g, c)) row.append(el('button', { type: 'button', class: 'primary', id: `agree-${c}`, onclick: () => post('agree', { color: c, dead: m.dead, claims: m.claims }) }, T('web.agree', side(c))));
    else row.append(el('span', { class: 'muted' }, T('web.waiting', side(c))));
  }
  if (anyToken(g)) row.append(el('button', { type: 'button', id: 'dispute', onclick: () => post('dispute', {}) }, T('web.dispute')));
  box.append(row);
  return box;
}

function figures(c) {
  // The views the server lists (/api/texts), by the method they are the figures of (or their key).
  const rows = app.views.map((v) => [v.method || v.key, v.name, c[v.key]]);
  const primary = c.primary_method === 'territory_generalized' ? 'territory_refill' : c.primary_method;
  // The Japanese figure as a Japanese player counts it: territory + the prisoners the side holds
  // (captured, dead, pass stones of the other colour).
  const prisoners = (o) => c.captured[o] + c.dead_count[o] + (c.pass_stones ? c.pass_stones[o] : 0);
  const cell = (id, f, s) => {
    if (id !== 'japanese') return el('td', {}, num(f[s]));
    const p = prisoners(s === 'B' ? 'W' : 'B');
    return el('td', { class: 'japanese-parts', 'data-side': s }, num(f[s]),
      el('span', { class: 'parts' }, ` (${T('web.fig.territory_prisoners', num(f[s] - p), num(p))})`));
  };
  const inv = c.invariants.map((i) => el('li', { class: i.ok ? 'ok' : 'bad', title: i.detail },
    i.ok ? '✓ ' : '✗ ', has(`inv.${i.name}`) ? T(`inv.${i.name}`) : i.name));
  return el('section', { class: 'figures', id: 'figures' },
    el('h3', {}, T('web.result'), ': ', el('span', { class: 'result-big' }, resultWords(c.result))),
    el('table', {},
      el('thead', {}, el('tr', {}, el('th', {}, T('web.fig.view')), el('th', {}, T('web.fig.black')), el('th', {}, T('web.fig.white')))),
      el('tbody', {}, rows.map(([id, label, f]) => el('tr', { class: id === primary ? 'primary-row' : '' },
        el('td', {}, T(label)), cell(id, f, 'B'), cell(id, f, 'W'))),
        el('tr', {}, el('td', {}, T('web.fig.k')), el('td', { colspan: 2 }, c.k)),
        el('tr', {}, el('td', {}, T('web.fig.shared')), el('td', { colspan: 2 }, c.shared)),
        el('tr', {}, el('td', {}, T('web.fig.pay')), el('td', { colspan: 2 }, num(c.pay))))),
    el('h4', {}, T('explain.invariants')), el('ul', { class: 'invariants' }, inv));
}

function makingSection(data) {
  const steps = data.pictures.map((p) => {
    // The picture of svg.hpp carries its title, counts and legend (text escaped there).
    const fig = el('figure', { class: 'step', 'data-step': p.id, title: p.title });
    const holder = el('div', { class: 'svg' });
    holder.innerHTML = p.svg;
    fig.append(holder);
    return fig;
  });
  return el('section', { class: 'card making', id: 'making' }, el('h2', {}, T('web.making')),
    el('p', { class: 'summary' }, data.summary), el('div', { class: 'steps' }, steps));
}

function movesList(g) {
  const items = g.moves.map((m, i) => {
    const what = m.kind === 'play' ? m.point : kindLabel(m.kind);
    return el('li', { class: m.phase === 'dispute' ? 'dispute' : '' }, el('span', { class: `stone-dot ${m.color}` }), ` ${i + 1}. ${what}`);
  });
  return el('details', { class: 'moves', open: g.moves.length <= 60 },
    el('summary', {}, `${T('web.moves')} (${g.moves.length})`),
    items.length ? el('ol', {}, items) : el('p', { class: 'muted' }, T('web.no_moves')));
}

// ---- the board -----------------------------------------------------------------------------

const LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';
const gtp = (x, y, h) => `${LETTERS[x]}${h - y}`;

// The coordinates sit in a margin of their own, outside the stones of the edge lines: a stone
// reaches 0.47 cell beyond its line, the labels stay within `label` of the board's edge.
function drawBoard(g) {
  const w = g.width, h = g.height, cell = 40, label = 22, pad = Math.ceil(cell * 0.47) + label + 6;
  const W = pad * 2 + cell * (w - 1), H = pad * 2 + cell * (h - 1);
  const svg = svgEl('svg', { viewBox: `0 0 ${W} ${H}`, class: 'board', id: 'board', role: 'img' });
  const defs = svgEl('defs');
  defs.innerHTML = `
    <radialGradient id="gb" cx="35%" cy="30%" r="70%"><stop offset="0" stop-color="#666"/><stop offset="0.55" stop-color="#1c1c1c"/><stop offset="1" stop-color="#000"/></radialGradient>
    <radialGradient id="gw" cx="35%" cy="30%" r="75%"><stop offset="0" stop-color="#fff"/><stop offset="0.7" stop-color="#eceae3"/><stop offset="1" stop-color="#c9c5b9"/></radialGradient>
    <filter id="sh" x="-30%" y="-30%" width="160%" height="160%"><feDropShadow dx="1.2" dy="1.6" stdDeviation="1.2" flood-opacity="0.35"/></filter>`;
  svg.append(defs, svgEl('rect', { x: 0, y: 0, width: W, height: H, rx: 6, class: 'wood' }));
  const X = (x) => pad + x * cell, Y = (y) => pad + y * cell;
  for (let x = 0; x < w; x++) {
    svg.append(svgEl('line', { x1: X(x), y1: Y(0), x2: X(x), y2: Y(h - 1), class: 'grid' }));
    const t = svgEl('text', { x: X(x), y: label / 2 + 1, class: 'coord top' }); t.textContent = LETTERS[x]; svg.append(t);
    const b = svgEl('text', { x: X(x), y: H - label / 2 - 1, class: 'coord bottom' }); b.textContent = LETTERS[x]; svg.append(b);
  }
  for (let y = 0; y < h; y++) {
    svg.append(svgEl('line', { x1: X(0), y1: Y(y), x2: X(w - 1), y2: Y(y), class: 'grid' }));
    const t = svgEl('text', { x: label / 2 + 1, y: Y(y), class: 'coord left' }); t.textContent = h - y; svg.append(t);
    const r = svgEl('text', { x: W - label / 2 - 1, y: Y(y), class: 'coord right' }); r.textContent = h - y; svg.append(r);
  }
  svg.append(svgEl('rect', { x: X(0), y: Y(0), width: X(w - 1) - X(0), height: Y(h - 1) - Y(0), class: 'edge' }));
  for (const [x, y] of starPoints(w, h)) svg.append(svgEl('circle', { cx: X(x), cy: Y(y), r: 3.6, class: 'star' }));
  const dead = new Set(g.marks && (g.phase === 'paused' || g.phase === 'making' || g.count) ? g.marks.dead : []);
  const last = [...g.moves].reverse().find((m) => m.kind === 'play');
  const lastPlay = g.moves.length && g.moves[g.moves.length - 1].kind === 'play' ? last : null;
  const myTurn = (g.phase === 'play' || g.phase === 'dispute') && mayPlay(g, g.to_move) && !app.engineBusy;
  const marking = (g.phase === 'paused' || g.phase === 'making') && !g.count && !!anyToken(g);  // a player's
  const claims = new Map((g.marks ? g.marks.claims : []).map((c) => [c.slice(2), c[0]]));
  // The count's overlay (pause, end), the move numbers of the stones standing, the ko point.
  const ov = overlayShown(g) ? app.preview.overlay : null;
  const seki = new Set(ov ? ov.seki : []);
  const numbers = new Map();
  if (app.numbers) g.moves.forEach((m, i) => { if (m.kind === 'play') numbers.set(m.point, i + 1); });
  const ko = (g.phase === 'play' || g.phase === 'dispute') ? g.ko : null;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const c = g.board[y][x];
      const p = gtp(x, y, h);
      const cx = X(x), cy = Y(y);
      const group = svgEl('g', { 'data-point': p, class: 'point' });
      group.append(svgEl('rect', { x: cx - cell / 2, y: cy - cell / 2, width: cell, height: cell, class: 'hit' }));
      if (c === 'X' || c === 'O') {
        const isDead = dead.has(p);
        group.append(svgEl('circle', { cx, cy, r: cell * 0.47, class: `stone ${c === 'X' ? 'b' : 'w'}${isDead ? ' dead' : ''}`, fill: c === 'X' ? 'url(#gb)' : 'url(#gw)', filter: 'url(#sh)' }));
        if (isDead) {
          const d = cell * 0.2;
          group.append(svgEl('path', { d: `M${cx - d} ${cy - d}L${cx + d} ${cy + d}M${cx + d} ${cy - d}L${cx - d} ${cy + d}`, class: `dead-mark ${c === 'X' ? 'on-b' : 'on-w'}` }));
        }
        const n = numbers.get(p);
        if (n) {
          const t = svgEl('text', { x: cx, y: cy, class: `num ${c === 'X' ? 'on-b' : 'on-w'}${n >= 100 ? ' small' : ''}` });
          t.textContent = n;
          group.append(t);
        } else if (lastPlay && lastPlay.point === p) {
          group.append(svgEl('circle', { cx, cy, r: cell * 0.17, class: `last ${c === 'X' ? 'on-b' : 'on-w'}` }));
        }
        if (ov && seki.has(p)) group.append(svgEl('path', { d: `M${cx} ${cy - 9}L${cx + 8} ${cy + 6}L${cx - 8} ${cy + 6}Z`, class: `seki-mark ${c === 'X' ? 'on-b' : 'on-w'}` }));
        if (ov && isDead && ov.owner[y][x] !== '.') group.append(svgEl('rect', { x: cx + cell * 0.18, y: cy + cell * 0.18, width: 9, height: 9, class: `terr ${ov.owner[y][x]}` }));
        if (marking) { group.classList.add('clickable'); group.addEventListener('click', () => post('marks', { toggle: p })); }
        else if (myTurn) group.addEventListener('click', () => refuse(refusalText({ reason: 'occupied', error: T('illegal.occupied', p) }, p), p));
      } else if (marking && g.ruleset.claims) {
        // A claim (ko space, one-sided dame): Black, then White, then none.
        const owner = claims.get(p);
        if (owner) group.append(svgEl('rect', { x: cx - 7, y: cy - 7, width: 14, height: 14, rx: 2, class: `claim ${owner}` }));
        group.classList.add('clickable');
        group.addEventListener('click', () => {
          const next = owner === 'B' ? 'W' : owner === 'W' ? null : 'B';
          const rest = g.marks.claims.filter((c) => c.slice(2) !== p);
          post('marks', { dead: g.marks.dead, claims: next ? [...rest, `${next}:${p}`] : rest });
        });
      }
      if (c !== 'X' && c !== 'O' && ov) {
        const o = ov.owner[y][x];
        if (o === 'B' || o === 'W') group.append(svgEl('rect', { x: cx - 7, y: cy - 7, width: 14, height: 14, class: `terr ${o}` }));
        else if (o === '=') group.append(svgEl('path', { d: `M${cx} ${cy - 8}L${cx + 8} ${cy}L${cx} ${cy + 8}L${cx - 8} ${cy}Z`, class: 'shared' }));
      }
      if (ko === p) group.append(svgEl('rect', { x: cx - 9, y: cy - 9, width: 18, height: 18, class: 'ko-mark' }));
      if (c === 'X' || c === 'O' || (marking && g.ruleset.claims)) {
        // (stones and claims: above)
      } else if (myTurn) {
        group.classList.add('clickable', 'empty');
        group.append(svgEl('circle', { cx, cy, r: cell * 0.45, class: `ghost ${g.to_move === 'B' ? 'b' : 'w'}` }));
        group.addEventListener('click', () => move('play', p));
      }
      svg.append(group);
    }
  }
  return svg;
}

function starPoints(w, h) {
  if (w !== h || w < 7) return [];
  const e = w >= 13 ? 3 : 2, m = (w - 1) / 2;
  const pts = [[e, e], [w - 1 - e, e], [e, h - 1 - e], [w - 1 - e, h - 1 - e]];
  if (w % 2 === 1) pts.push([m, m]);
  if (w >= 19) pts.push([m, e], [m, h - 1 - e], [e, m], [w - 1 - e, m]);
  return pts;
}

// ---- start ---------------------------------------------------------------------------------

async function start() {
  const [t, p] = await Promise.all([api('GET', '/api/texts'), api('GET', '/api/presets')]);
  for (const [id, e] of Object.entries(t.data.texts || {})) app.texts[id] = e;
  app.views = t.data.views || [];
  app.presets = p.data.presets || [];
  $('#lang').addEventListener('click', () => {
    app.lang = app.lang === 'zh' ? 'en' : 'zh';
    localStorage.setItem('jpd-lang', app.lang);
    chrome();
    if (app.game) { renderGame(); maybeMaking(); } else showLobby();
  });
  chrome();
  window.addEventListener('hashchange', route);
  route();
}

start();
