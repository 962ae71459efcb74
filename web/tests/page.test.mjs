// The web page in a real browser: Debian's Chromium, headless, driven by
// playwright-core (which downloads no browser). Serves the built site
// (DDTB_SITE_DIR) on localhost, enters the first of the project's golden
// deals (DDTB_GOLDEN_DIR: tests/data/golden) and checks the table against
// DDS's (its TABLE line), the opening leader's card scores against its FUT
// line, then plays the recorded cards and checks the
// running result against its TRACE line, with undo and replay; a bad deal
// shows its message; the page works offline once loaded; a random deal's
// table is checked against libdds's (DDTB_DDS_TABLE, ddtb_dds_table).
// With East and West hidden, the bars of each game's chance to make and each
// lead's chance to set, and the chart of each lead's paired difference from
// the best, are the package's singleDummy figures; the leads, split over
// the page's workers, show their progress (the worst frame and the longest
// main-thread task meanwhile are printed, not asserted). Screenshots
// go to DDTB_SCREENSHOT_DIR.
//
//   DDTB_SITE_DIR=build/wasm/wasm/site DDTB_GOLDEN_DIR=tests/data/golden \
//   DDTB_SCREENSHOT_DIR=/tmp node --test page.test.mjs
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';

import { chromium } from 'playwright-core';

import { card, readGoldenDeals, SEATS, STRAINS } from './hand_list.mjs';

const SITE = process.env.DDTB_SITE_DIR;
const SHOTS = process.env.DDTB_SCREENSHOT_DIR ?? '.';
const CHROMIUM = process.env.DDTB_CHROMIUM ?? '/usr/bin/chromium';
const DDS_TABLE = process.env.DDTB_DDS_TABLE;
const TYPES = {'.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css',
               '.wasm': 'application/wasm', '.webmanifest': 'application/manifest+json'};

const d = readGoldenDeals()[0];
let server, base, browser;

before(async () => {
  assert.ok(SITE && existsSync(join(SITE, 'index.html')), `DDTB_SITE_DIR (${SITE}) has no index.html`);
  server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    let file = join(SITE, path);
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream'});
    createReadStream(file).pipe(res);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}/`;
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
           '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});

after(async () => {
  await browser?.close();
  server?.close();
});

async function openPage(viewport) {
  const context = await browser.newContext({viewport});
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(base);
  return {context, page, errors};
}

async function solve(page, text) {
  await page.fill('#deal-text', text);
  const start = Date.now();
  await page.click('#solve');
  await page.waitForFunction(() => document.querySelector('#spinner').hidden &&
                                    !document.body.classList.contains('busy') &&
                                    (!document.querySelector('#results').hidden ||
                                     !document.querySelector('#message').hidden));
  return Date.now() - start;
}

// The table as DDS's resTable: S,H,D,C,NT by N,E,S,W.
async function readTable(page) {
  const rows = await page.$$eval('#dd-table tbody tr', (trs) => trs.map((tr) => [
    tr.querySelector('th').textContent, [...tr.querySelectorAll('td')].map((td) => Number(td.textContent))]));
  const bySeat = Object.fromEntries(rows);  // columns NT, S, H, D, C
  return STRAINS.flatMap((s) => SEATS.map((h) => bySeat[h][(STRAINS.indexOf(s) + 1) % 5]));
}

// The cards offered to the seat to play: card -> {total, loses}.
async function offered(page) {
  return Object.fromEntries(await page.$$eval('button.card', (bs) => bs.map((b) => [
    b.dataset.card, {total: Number(b.querySelector('sub').textContent), loses: b.classList.contains('loses')}])));
}

async function endsWith(page) {
  const text = await page.textContent('#tally');
  const m = text.match(/ends with (\d+)/);
  assert.ok(m, `no result in "${text}"`);
  return Number(m[1]);
}

// Run in the page: watches the frames (requestAnimationFrame) and the main
// thread's long tasks until window.ddtbFrames.stop(), which returns the worst
// gap between frames, the longest task (ms) and the cores the page uses.
function watchFrames() {
  const w = {worstFrame: 0, longestTask: 0, last: performance.now(), on: true};
  const frame = (t) => {
    w.worstFrame = Math.max(w.worstFrame, t - w.last);
    w.last = t;
    if (w.on) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.longestTask = Math.max(w.longestTask, e.duration);
  });
  observer.observe({type: 'longtask'});
  window.ddtbFrames = {stop: () => {
    w.on = false;
    observer.disconnect();
    return {worstFrame: w.worstFrame, longestTask: w.longestTask, workers: navigator.hardwareConcurrency};
  }};
}

async function waitIdle(page) {
  await page.waitForFunction(() => !document.body.classList.contains('busy'));
}

test('a deal: its table, the lead scores, playing, undo and replay', async () => {
  const {context, page, errors} = await openPage({width: 1200, height: 860});
  const ms = await solve(page, d.pbn);
  console.log(`full DD table in the page: ${ms} ms`);
  assert.deepEqual(await readTable(page), d.table, 'the page\'s table differs from the golden deal\'s (DDS)');
  assert.match(await page.textContent('#par'), /Par/);

  // The FUT line's contract: trump d.trump, led by d.first, declared by its right-hand opponent.
  const strain = STRAINS[d.trump];
  const declarer = SEATS[(d.first + 3) % 4];
  const column = (STRAINS.indexOf(strain) + 1) % 5;  // NT first on the page
  const row = ['N', 'S', 'E', 'W'].indexOf(declarer);
  await page.click(`#dd-table tbody tr:nth-child(${row + 1}) td:nth-child(${column + 2}) button`);
  await waitIdle(page);
  const lead = await offered(page);
  const best = d.fut[0].tricks;
  for (const f of d.fut) {
    const c = card(f.suit, f.rank);
    assert.equal(lead[c].total, 13 - f.tricks, `${c}: declarer's total`);
    assert.equal(lead[c].loses, f.tricks < best, `${c}: marked as losing`);
  }
  assert.equal(await endsWith(page), d.trace[0]);
  await page.screenshot({path: join(SHOTS, 'page-lead.png'), fullPage: true});

  // Play the recorded cards; after each, the result with best play from
  // there on is the TRACE line's.
  const cards = d.play.match(/../g).slice(0, 6);
  for (const [i, c] of cards.entries()) {
    await page.click(`button.card[data-card="${c}"]`);
    await waitIdle(page);
    assert.equal(await endsWith(page), d.trace[i + 1], `after card ${i + 1} (${c})`);
  }
  await page.screenshot({path: join(SHOTS, 'page-play.png'), fullPage: true});
  await page.click('#undo');
  await waitIdle(page);
  await page.click('#undo');
  await waitIdle(page);
  assert.equal(await endsWith(page), d.trace[4]);
  await page.click('#redo');
  await waitIdle(page);
  assert.equal(await endsWith(page), d.trace[5]);
  assert.ok(await page.isVisible(`button.card[data-card="${cards[5]}"]`), 'the undone card is playable again');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a bad deal shows what is wrong and where', async () => {
  const {context, page} = await openPage({width: 390, height: 844});
  assert.equal(await page.isVisible('#results'), false, 'results shown before any deal');
  const bad = d.pbn.replace(/ (\S+)$/, (m, west) => ' ' + west.slice(0, -1) + 'X');
  await solve(page, bad);
  const message = await page.textContent('#message');
  assert.match(message, /^Bad deal: hand 4 \(West\), character \d+: 'X' is not a rank/);
  assert.equal(await page.isVisible('#results'), false, 'results shown for a bad deal');
  await page.screenshot({path: join(SHOTS, 'page-bad-deal.png')});
  // After a good deal, a bad one hides its results.
  await solve(page, d.pbn);
  assert.equal(await page.isVisible('#results'), true);
  assert.equal(await page.isVisible('#message'), false);
  await solve(page, 'N:AKQ');
  assert.match(await page.textContent('#message'), /^Bad deal: /);
  assert.equal(await page.isVisible('#results'), false);
  await solve(page, 'AKQ.T98.J2.5432');
  assert.match(await page.textContent('#message'), /^Expected four hands \(North, East, South, West\), found 1/);
  await context.close();
});

test('phone-sized: a random deal, four hands typed one per line', async () => {
  const {context, page, errors} = await openPage({width: 390, height: 844});
  await page.click('#random');
  await page.waitForFunction(() => document.querySelectorAll('#dd-table tbody button').length === 20);
  await waitIdle(page);
  // The random deal's table is DDS 2.9.0's (Debian's libdds, through
  // ddtb_dds_table) and the site's own package's, in Node.
  const dealt = await page.inputValue('#deal-text');
  const {load} = await import(pathToFileURL(join(SITE, 'ddtb', 'index.js')).href);
  const t = (await load()).ddTable(dealt);
  const shown = await readTable(page);
  assert.deepEqual(shown, STRAINS.flatMap((s) => SEATS.map((h) => t[s][h])), dealt);
  assert.ok(DDS_TABLE, 'DDTB_DDS_TABLE (ddtb_dds_table) is not set');
  const dds = JSON.parse(execFileSync(DDS_TABLE, [dealt], {encoding: 'utf8'}));
  assert.deepEqual(shown, STRAINS.flatMap((s) => SEATS.map((h) => dds[s][h])), `libdds: ${dealt}`);
  const hands = d.pbn.slice(2).split(' ');
  await solve(page, `North: ${hands[0]}\nEast: ${hands[1]}\nSouth: ${hands[2]}\nWest: ${hands[3]}`);
  assert.deepEqual(await readTable(page), d.table);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the page is ${width} px wide on a 390 px screen`);
  await page.screenshot({path: join(SHOTS, 'page-phone.png'), fullPage: true});
  assert.deepEqual(errors, []);
  await context.close();
});

test('offline once loaded', async () => {
  const {context, page} = await openPage({width: 1000, height: 800});
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await context.setOffline(true);
  await page.reload();
  await solve(page, `[Deal "${d.pbn}"]`);
  assert.deepEqual(await readTable(page), d.table);
  // A PBN game's dealer and vulnerability tags set par's (the second golden
  // deal: board 2, dealer E, N-S vulnerable; its PAR2 line).
  const d2 = readGoldenDeals()[1];
  assert.deepEqual([d2.dealer, d2.vul], [1, 2]);
  await solve(page, `[Dealer "E"]\n[Vulnerable "NS"]\n[Deal "${d2.pbn}"]`);
  assert.deepEqual(await readTable(page), d2.table);
  const score = Number(d2.par2[0]);
  const parText = await page.textContent('#par');
  assert.ok(parText.includes(score > 0 ? `N-S +${score}` : `E-W +${-score}`), parText);
  assert.match(parText, /dealer E, vul NS/);
  // Changing the vulnerability recomputes par.
  await page.selectOption('#vul', 'None');
  await page.waitForFunction(() => /vul None/.test(document.querySelector('#par').textContent));
  await context.close();
});

test('hiding East and West: each game\'s chance to make and each lead\'s chance to set', async () => {
  const {context, page, errors} = await openPage({width: 1200, height: 900});
  await solve(page, d.pbn);
  await page.check('#hide-ew');
  // The analyses take seconds to a minute on a busy machine.
  await page.waitForFunction(() => !document.body.classList.contains('busy'), null, {timeout: 300000});
  // 3NT by North: East leads, only East's hand known. The frames and the
  // main thread's long tasks are watched in the page while the workers work.
  await page.evaluate(watchFrames);
  const start = Date.now();
  let blocked = 0;  // the longest the page took to answer while analysing
  const progress = new Set();  // the progress texts seen
  const clicked = page.click('#dd-table tbody tr:nth-child(1) td:nth-child(2) button');
  await clicked;
  while (await page.evaluate(() => document.body.classList.contains('busy'))) {
    const t = Date.now();
    progress.add(await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(
        () => resolve(document.querySelector('#sd-progress-text').textContent)))));
    blocked = Math.max(blocked, Date.now() - t);
  }
  const frames = await page.evaluate(() => window.ddtbFrames.stop());
  console.log(`hide E-W: leads of 3NT by N (200 samples) in ${Date.now() - start} ms on ` +
              `${frames.workers} workers; the page answered within ${blocked} ms throughout; ` +
              `worst frame ${Math.round(frames.worstFrame)} ms, longest main-thread task ` +
              `${Math.round(frames.longestTask)} ms`);
  // Progress was shown as the parts came in, while the page kept answering
  // (the solving is in the workers). How long its frames and tasks took is
  // printed above, not asserted: on a loaded machine any of them may run
  // late (web/tests/measure_leads.mjs measures them on an idle one).
  assert.ok([...progress].some((p) => /^\d+ of 200 deals$/.test(p)), [...progress].join(' | '));
  assert.equal(await page.isVisible('#sd-results'), true);
  const shown = async (box) => page.$$eval(`#${box} .bar-value`, (vs) => vs.map((v) => v.textContent));
  // The same analyses by the site's package in Node: the same seed, the same deals.
  const {load} = await import(pathToFileURL(join(SITE, 'ddtb', 'index.js')).href);
  const dd = await load();
  const hands = d.pbn.slice(2).split(' ');
  const odds = dd.singleDummy({deal: `N:${hands[0]} - ${hands[2]} -`, samples: 100, declarers: ['N', 'S']});
  const game = {NT: 3, S: 4, H: 4, D: 5, C: 5};
  const want = [];
  for (const strain of ['NT', 'S', 'H', 'D', 'C'])
    for (const seat of ['N', 'S']) {
      const c = odds.contracts.find((x) => x.strain === strain && x.declarer === seat);
      want.push(`${Math.round(1000 * c.makes[game[strain]].value) / 10}%`);
    }
  assert.deepEqual(await shown('sd-contracts'), want);
  // The leads: one paired comparison, as the page's workers split it.
  const vulnerability = await page.$eval('#vul', (s) => s.value);
  const leads = dd.singleDummy({deal: `N:- ${hands[1]} - -`, samples: 200, lead: '3NT-N', paired: true,
                                vulnerability});
  const best = leads.order.map((i) => leads.choices[i]);
  assert.deepEqual(await shown('sd-leads'), best.map((c) => `${Math.round(1000 * (1 - c.makes.value)) / 10}%`));
  assert.match(await page.textContent('#sd-lead-title'), /Chance to set 3NT by North, East leading/);
  // The chart: each lead's mean IMPs against the best, with its error.
  const drawn = await page.$$eval('#sd-paired .bar-value', (vs) => vs.map((v) => [+v.dataset.value, +v.dataset.error]));
  assert.equal(drawn.length, best.length);
  best.forEach((c, i) => {
    assert.ok(Math.abs(drawn[i][0] - c.vsBest.imps.value) < 1e-9, `${c.lead}: ${drawn[i][0]}`);
    assert.ok(Math.abs(drawn[i][1] - c.vsBest.imps.error) < 1e-9, `${c.lead}: ${drawn[i][1]}`);
  });
  assert.match(await page.textContent('#sd-paired-title'), /Against the best lead/);
  await page.selectOption('#sd-measure', 'tricks');
  const tricks = await page.$$eval('#sd-paired .bar-value', (vs) => vs.map((v) => +v.dataset.value));
  best.forEach((c, i) => assert.ok(Math.abs(tricks[i] - c.vsBest.tricks.value) < 1e-9));
  await page.screenshot({path: join(SHOTS, 'page-single-dummy.png'), fullPage: true});
  // Off again: the bars go.
  await page.uncheck('#hide-ew');
  assert.equal(await page.isVisible('#sd-results'), false);
  assert.deepEqual(errors, []);
  await context.close();
});
