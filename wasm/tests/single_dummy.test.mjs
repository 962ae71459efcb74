// singleDummy (index.js, include/ddtb/single_dummy.hpp) in the package as a
// user gets it: every figure equals the sampled deals solved one by one with
// ddTable and solve; the worker's call answers the same, with progress; bad
// specs are DdtbErrors naming the field.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { DdtbError, DdtbWorker, load } from 'ddtb';

const dd = await load();
const NORTH = 'AKQ2.K5.AJ72.Q84';

test('contract odds are the sampled deals solved one by one', () => {
  const spec = {deal: `N:${NORTH} - - -`, hcp: {E: [11, 15]}, length: {E: {S: [5, null]}},
                samples: 12, seed: 3, strains: ['NT', 'S'], declarers: ['N', 'S'], deals: true};
  const r = dd.singleDummy(spec);
  assert.equal(r.deals.length, 12);
  const tables = r.deals.map((d) => dd.ddTable(d));
  assert.equal(r.contracts.length, 4);
  for (const c of r.contracts) {
    const tricks = tables.map((t) => t[c.strain][c.declarer]);
    assert.deepEqual(c.tricks, [...Array(14).keys()].map((n) => tricks.filter((t) => t === n).length));
    const mean = tricks.reduce((a, b) => a + b, 0) / tricks.length;
    assert.ok(Math.abs(c.meanTricks.value - mean) < 1e-9);
    for (let level = 1; level <= 7; ++level) {
      const p = tricks.filter((t) => t >= 6 + level).length / tricks.length;
      assert.ok(Math.abs(c.makes[level].value - p) < 1e-9);
    }
  }
});

test('lead odds, in a worker with progress, and errors', async () => {
  const spec = {deal: `N:${NORTH} - - T87.QJT9.Q854.A2`, lead: '3NT-S', samples: 8, deals: true};
  const direct = dd.singleDummy(spec);
  assert.equal(direct.leader, 'W');
  const perCard = {};
  for (const d of direct.deals) {
    const s = dd.solve({deal: d, trump: 'NT', leader: 'W'});
    for (const c of s.cards) for (const card of [c.card, ...c.equals]) (perCard[card] ??= []).push(c.tricks);
  }
  for (const l of direct.leads) {
    const scores = perCard[l.card];
    assert.ok(Math.abs(l.defenceTricks.value - scores.reduce((a, b) => a + b, 0) / scores.length) < 1e-9);
  }
  const w = await DdtbWorker.create();
  try {
    const progress = [];
    const viaWorker = await w.singleDummy(spec, {onProgress: (a, b) => progress.push([a, b])});
    assert.deepEqual(viaWorker, direct);
    assert.deepEqual(progress.at(-1), [8, 8]);
  } finally {
    w.terminate();
  }
  assert.throws(() => dd.singleDummy({deal: `N:${NORTH} - J95.A432.K9.KJ53 -`, hcp: {E: [11, 15]}}),
                (e) => e instanceof DdtbError && /East: 11\+ HCP asked, at most 9 possible/.test(e.message));
  assert.throws(() => dd.singleDummy({hcp: {X: [1, 2]}}),
                (e) => e instanceof DdtbError && /hcp\.X/.test(e.message));
  assert.throws(() => dd.singleDummy({samples: 20}, {onProgress: (done) => done < 3}),
                (e) => e instanceof DdtbError && /cancelled/.test(e.message));
});

// spec.where: a dealer script or expression (docs/USAGE.md, "Constraint
// scripts"). Every sampled deal meets the condition, checked here from the
// deal's PBN; its predeal places cards; a bad script names line and column.
test('constraint scripts: where', () => {
  const hcp = (hand) => [...hand].reduce((n, c) => n + ({A: 4, K: 3, Q: 2, J: 1}[c] ?? 0), 0);
  const where = 'predeal north SAKQ2, HK5, DAJ72, CQ84\n' +
                'condition shape(east, 5xxx + 6xxx) && hcp(east) >= 8 && hcp(east) <= 12';
  const r = dd.singleDummy({where, samples: 20, seed: 7, strains: ['S'], declarers: ['N'], deals: true});
  assert.equal(r.deals.length, 20);
  for (const d of r.deals) {
    const [north, east] = d.slice(2).split(' ');
    assert.equal(north, NORTH);
    const spades = east.split('.')[0];
    assert.ok(spades.length === 5 || spades.length === 6, east);
    assert.ok(hcp(east) >= 8 && hcp(east) <= 12, east);
  }
  assert.throws(() => dd.singleDummy({where: 'hcp(north) >= 10 &&\n  hcp(nort) < 3'}),
                (e) => e instanceof DdtbError && /^singleDummy: where: line 2, column \d+/.test(e.message));
  assert.throws(() => dd.singleDummy({where: 7}),
                (e) => e instanceof DdtbError && /where/.test(e.message));
});
