// Measures the page's 200-sample lead analysis (the figure of issue 40: at
// most 6 s on two idle cores, the page responsive throughout). Not a test:
// it prints what it measured. Like page.test.mjs, it serves the built site
// and drives Debian's Chromium; the first golden deal is entered, East and
// West hidden, then each run clicks a no-trump contract and times the click
// until the page is idle (the leads of 200 sampled deals, on the page's
// workers: one per core, or ?workers=N), with the worst frame and the
// longest main-thread task meanwhile.
//
// From <build>/web-test (ctest -R ddtb_web_setup puts it there, with
// playwright-core), the site being <build>/wasm/wasm/site:
//   DDTB_SITE_DIR=<site> DDTB_GOLDEN_DIR=<repo>/tests/data/golden \
//     node measure_leads.mjs [runs] [workers]
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright-core';

import { readGoldenDeals } from './hand_list.mjs';

const SITE = process.env.DDTB_SITE_DIR;
const CHROMIUM = process.env.DDTB_CHROMIUM ?? '/usr/bin/chromium';
const TYPES = {'.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css',
               '.wasm': 'application/wasm', '.webmanifest': 'application/manifest+json'};
const runs = Number(process.argv[2] ?? 3);
const workers = process.argv[3];

const server = createServer((req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
  let file = join(SITE, path);
  if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
  if (!existsSync(file)) return res.writeHead(404).end();
  res.writeHead(200, {'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream'});
  createReadStream(file).pipe(res);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
         '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const idle = (page) => page.waitForFunction(() => !document.body.classList.contains('busy'), null,
                                            {timeout: 600000});
try {
  const page = await browser.newPage({viewport: {width: 1200, height: 900}});
  await page.goto(`http://127.0.0.1:${server.address().port}/${workers ? `?workers=${workers}` : ''}`);
  await page.fill('#deal-text', readGoldenDeals()[0].pbn);
  await page.click('#solve');
  await page.waitForFunction(() => !document.querySelector('#results').hidden);
  await idle(page);
  await page.check('#hide-ew');
  await idle(page);
  const times = [];
  for (let i = 0; i < runs; ++i) {
    await page.evaluate(() => {
      const w = {worst: 0, longest: 0, last: performance.now(), on: true};
      const frame = (t) => { w.worst = Math.max(w.worst, t - w.last); w.last = t; if (w.on) requestAnimationFrame(frame); };
      requestAnimationFrame(frame);
      const o = new PerformanceObserver((l) => { for (const e of l.getEntries()) w.longest = Math.max(w.longest, e.duration); });
      o.observe({type: 'longtask'});
      window.ddtbMeasure = () => { w.on = false; o.disconnect(); return w; };
    });
    // 3NT by North, then by South: East leads, then West.
    const start = Date.now();
    await page.click(`#dd-table tbody tr:nth-child(${i % 2 ? 3 : 1}) td:nth-child(2) button`);
    await idle(page);
    const ms = Date.now() - start;
    const w = await page.evaluate(() => window.ddtbMeasure());
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    times.push(ms);
    console.log(`run ${i + 1}: ${ms} ms (${workers ?? cores} workers, ${cores} cores); worst frame ` +
                `${Math.round(w.worst)} ms, longest main-thread task ${Math.round(w.longest)} ms`);
  }
  times.sort((a, b) => a - b);
  console.log(`median ${times[Math.floor(times.length / 2)]} ms over ${runs} runs`);
} finally {
  await browser.close();
  server.close();
}
