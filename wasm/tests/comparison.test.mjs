// The paired comparison (singleDummy with paired or compare, compareTricks,
// singleDummyParallel) in the package as a user gets it: each lead's and
// contract's declarer tricks are the sampled deals solved one by one
// (solve, ddTable), the scores and paired errors computed again here from
// them; a comparison split over workers equals the one call.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { DdtbError, DdtbWorker, load, singleDummyParallel } from 'ddtb';

const dd = await load();
const NORTH = 'AKQ2.K5.AJ72.Q84';
const WEST = 'T87.QJT9.Q854.A2';

const mean = (x) => x.reduce((a, b) => a + b, 0) / x.length;
const se = (x) => {
  const m = mean(x);
  return Math.sqrt(x.reduce((a, b) => a + (b - m) ** 2, 0) / (x.length - 1) / x.length);
};
const near = (a, b, what) => assert.ok(Math.abs(a - b) < 1e-9 * Math.max(1, Math.abs(b)), `${what}: ${a} vs ${b}`);

test('leads: the tricks per deal are solve\'s, the paired figures computed from them', () => {
  const spec = {deal: `N:${NORTH} - - ${WEST}`, lead: '3NT-S', paired: true, samples: 10, seed: 2,
                vulnerability: 'NS', deals: true};
  const r = dd.singleDummy(spec);
  const deals = dd.singleDummy({...spec, paired: false}).deals;
  assert.equal(r.side, 'EW');
  const k = r.choices.length;
  const points = r.choices.map(() => []);
  deals.forEach((d, i) => {
    const s = dd.solve({deal: d, trump: 'NT', leader: 'W'});
    r.choices.forEach((c, j) => {
      const score = s.cards.find((x) => x.card === c.lead || x.equals.includes(c.lead));
      assert.equal(r.declarerTricks[i * k + j], 13 - score.tricks);
      points[j].push(-dd.contractScore({level: 3, strain: 'NT', vulnerable: true, tricks: 13 - score.tricks}));  // N-S vulnerable
    });
  });
  const best = r.order[0];
  r.choices.forEach((c, j) => {
    near(c.points.value, mean(points[j]), 'points');
    const diff = points[j].map((p, i) => p - points[best][i]);
    near(c.vsBest.points.value, mean(diff), 'difference');
    near(c.vsBest.points.error, se(diff), 'paired error');
  });
});

test('a comparison split over workers is the one call\'s, with progress', async () => {
  const spec = {deal: `N:${NORTH} - - -`, compare: ['3NT-S', '4S-N', '5HX-E'], samples: 9, seed: 5,
                vulnerability: 'Both'};
  const whole = dd.singleDummy(spec);
  const workers = await Promise.all([DdtbWorker.create(), DdtbWorker.create()]);
  try {
    const progress = [];
    const split = await singleDummyParallel(spec, {workers, onProgress: (a, b) => progress.push([a, b])});
    assert.deepEqual(split, whole);
    assert.deepEqual(progress.at(-1), [9, 9]);
    const part = await workers[1].singleDummy({...spec, part: [1, 2]});
    assert.equal(part.first, 4);
    assert.deepEqual(part.declarerTricks, whole.declarerTricks.slice(4 * 3));
  } finally {
    for (const w of workers) w.terminate();
  }
  assert.throws(() => dd.singleDummy({...spec, compare: ['3NT']}),
                (e) => e instanceof DdtbError && /compare\[0\]/.test(e.message));
  assert.throws(() => dd.singleDummy({...spec, part: [2, 2]}),
                (e) => e instanceof DdtbError && /part/.test(e.message));
  assert.throws(() => dd.compareTricks({choices: whole.choices, declarerTricks: [1, 2], side: 'NS',
                                        vulnerability: 'None'}),
                (e) => e instanceof DdtbError && /multiple/.test(e.message));
});
