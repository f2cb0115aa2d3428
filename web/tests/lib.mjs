// Helpers of the browser, restart and load tests: a `jpd serve` child process on 127.0.0.1 with a
// port the system picks, and Debian's Chromium driven by playwright-core (never a browser of its
// own download).
import { spawn } from 'node:child_process';
import { mkdtempSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const jpd = process.env.JPD_BINARY || join(root, 'build/apps/jpd/jpd');
export const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';

export function tempDir(prefix) {
  return mkdtempSync(join(tmpdir(), prefix));
}

// Starts `jpd serve --port 0` on 127.0.0.1; resolves when it prints its address.
export function startServer({ db, args = [] } = {}) {
  if (!existsSync(jpd)) throw new Error(`no ${jpd}: build first`);
  const child = spawn(jpd, ['serve', '--host', '127.0.0.1', '--port', '0', '--db', db, ...args],
    { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  return new Promise((ok, fail) => {
    const timer = setTimeout(() => { child.kill('SIGKILL'); fail(new Error(`jpd serve did not start: ${err}`)); }, 20000);
    child.stdout.on('data', (d) => {
      out += d;
      const m = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        const url = `http://127.0.0.1:${m[1]}`;
        ok({ child, url, port: Number(m[1]), stop: () => stopServer(child) });
      }
    });
    child.stderr.on('data', (d) => { err += d; });
    child.on('exit', (code) => { clearTimeout(timer); fail(new Error(`jpd serve exited (${code}): ${err}`)); });
  });
}

export function stopServer(child, signal = 'SIGTERM') {
  return new Promise((ok) => {
    if (child.exitCode !== null || child.signalCode !== null) return ok();
    child.once('exit', () => ok());
    child.kill(signal);
  });
}

// One request; `token` is a seat's (Authorization: Bearer). Keeps the connection alive (Node's
// fetch does), as browsers do.
export async function api(url, method, path, body, token) {
  const headers = body === undefined ? {} : { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(url + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await res.json().catch(() => ({}));
  return { status: res.status, data, headers: res.headers };
}

// Debian's Chromium, headless; each newContext() is a browser of its own (its own storage: a
// player's seats are in it), nothing but loopback is reached.
export async function launchBrowser() {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const options = { viewport: { width: 1360, height: 900 }, deviceScaleFactor: 1, locale: 'en-US' };
  const context = await browser.newContext(options);
  return {
    browser,
    context,
    newContext: () => browser.newContext(options),
    close: () => browser.close(),
  };
}
