// DdtbWorker and ddTablesParallel (worker-client.js) in Node worker threads:
// the same answers and errors as the synchronous calls, progress, and the
// order of a batch kept.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { DdtbError, DdtbWorker, ddTablesParallel, load } from 'ddtb';

import { readGoldenDeals } from './hand_list.mjs';

const deals = readGoldenDeals().slice(0, 12);
const dd = await load();

test('a worker answers as the synchronous calls do', async () => {
  const w = await DdtbWorker.create();
  try {
    assert.equal(w.version, dd.version);
    const d = deals[0];
    assert.deepEqual(await w.ddTable(d.pbn), dd.ddTable(d.pbn));
    const pos = {deal: d.pbn, trump: d.trump, leader: d.first, played: d.play.slice(0, 4)};
    assert.deepEqual(await w.solve(pos), dd.solve(pos));
    assert.deepEqual(await w.inspect(pos), dd.inspect(pos));
    const t = await w.ddTable(d.pbn);
    assert.deepEqual(await w.dealerPar(t, 'E', 'NS'), dd.dealerPar(t, 'E', 'NS'));
    const progress = [];
    const tables = await w.ddTables(deals.map((x) => x.pbn), {onProgress: (a, b) => progress.push([a, b])});
    assert.deepEqual(tables, dd.ddTables(deals.map((x) => x.pbn)));
    assert.deepEqual(progress.at(-1), [deals.length, deals.length]);
    await assert.rejects(w.solve({...pos, played: 'SQ Z9'}),
                         (e) => e instanceof DdtbError && e.code === 'syntax' &&
                                /^solve: played: character 4: 'Z9' is not a card/.test(e.message));
  } finally {
    w.terminate();
  }
});

test('calls still pending when the worker stops reject', async () => {
  const w = await DdtbWorker.create();
  const pending = w.ddTables(deals.map((x) => x.pbn));
  w.terminate();
  await assert.rejects(pending, /worker: terminated/);
});

test('ddTablesParallel keeps the order and names a bad deal', async () => {
  const pbns = deals.map((x) => x.pbn);
  let calls = 0;
  const tables = await ddTablesParallel(pbns, {workers: 2, onProgress: () => ++calls});
  assert.deepEqual(tables, dd.ddTables(pbns));
  assert.equal(calls, pbns.length);
  await assert.rejects(ddTablesParallel([pbns[0], 'N:AKQ.x'], {workers: 2}),
                       /^DdtbError: ddTablesParallel: deals\[1\]: deal: /);
});
