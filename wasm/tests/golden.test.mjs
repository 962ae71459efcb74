// A hand list's answers (DDS 2.9's) through the installed npm package: DD
// tables, the opening lead's card scores (FUT), par (PAR, PAR2) and play
// analysis (TRACE). The list: the project's golden deals, or with
// $DDTB_GOLDEN_LIST one of DDS's lists, every test skipped when it is not
// there (hand_list.mjs).
import assert from 'node:assert/strict';
import { test as nodeTest } from 'node:test';

import { load } from 'ddtb';

import { card, listUnderTest, SEATS, STRAINS, VULS } from './hand_list.mjs';

const {deals, skip = false} = listUnderTest();
const dd = await load();

// Every test of this file, skipped with the list's reason when it is missing.
function test(name, fn) {
  nodeTest(name, {skip}, fn);
}

function flat(table) {
  return STRAINS.flatMap((s) => SEATS.map((h) => table[s][h]));
}

test('DD tables match the list', () => {
  const tables = dd.ddTables(deals.map((d) => d.pbn));
  assert.equal(tables.length, deals.length);
  deals.forEach((d, i) => assert.deepEqual(flat(tables[i]), d.table, `line ${d.line}: ${d.pbn}`));
});

test('FUT lines: every card of the opening lead', () => {
  for (const d of deals) {
    const r = dd.solve({deal: d.pbn, trump: d.trump, leader: d.first});
    const want = d.fut.map((f) => [card(f.suit, f.rank),
      Array.from({length: 13}, (_, k) => k + 2).filter((q) => (f.equals >> q) & 1).map((q) => card(f.suit, q)).sort(),
      f.tricks]);
    const got = r.cards.map((c) => [c.card, [...c.equals].sort(), c.tricks]);
    // Same groups and scores; cards of equal score may be listed in another order.
    assert.deepEqual(got.map((g) => g[2]), want.map((w) => w[2]), `line ${d.line}`);
    assert.deepEqual([...got].sort(), [...want].sort(), `line ${d.line}`);
    assert.equal(r.tricks, d.fut[0].tricks, `line ${d.line}`);
  }
});

test('the single-answer forms agree with the FUT lines', () => {
  for (const d of deals.slice(0, 25)) {
    const pos = {deal: d.pbn, trump: STRAINS[d.trump], leader: SEATS[d.first]};
    const best = d.fut[0].tricks;
    const bestCards = d.fut.filter((f) => f.tricks === best).map((f) => card(f.suit, f.rank)).sort();
    assert.equal(dd.maxTricks(pos), best, `line ${d.line}`);
    const one = dd.bestCard(pos);
    assert.equal(one.tricks, best);
    assert.ok(bestCards.includes(one.card.card), `line ${d.line}: ${one.card.card} is not a best card`);
    assert.deepEqual(dd.bestCards(pos).cards.map((c) => c.card).sort(), bestCards, `line ${d.line}`);
    const reaching = d.fut.filter((f) => f.tricks >= best - 1).map((f) => card(f.suit, f.rank)).sort();
    assert.deepEqual(dd.cardsReaching(pos, best - 1).map((c) => c.card).sort(), reaching, `line ${d.line}`);
    assert.equal(dd.cardReaching(pos, best + 1), null, `line ${d.line}`);
    assert.ok(bestCards.includes(dd.cardReaching(pos, best).card), `line ${d.line}`);
  }
});

test('PAR and PAR2 lines', () => {
  for (const d of deals) {
    const texts = dd.parTexts(d.table, VULS[d.vul]);
    assert.deepEqual([texts.NS[0], texts.EW[0], texts.NS[1], texts.EW[1]], d.par, `line ${d.line}`);
    const p = dd.dealerPar(d.table, SEATS[d.dealer], VULS[d.vul]);
    assert.deepEqual([String(p.score), ...p.contracts.map((c) => c.text)], d.par2, `line ${d.line}`);
  }
});

test('TRACE lines', () => {
  const solver = dd.newSolver();
  for (const d of deals) {
    const trace = solver.analysePlay({deal: d.pbn, trump: d.trump, leader: d.first}, d.play);
    // DDS's TRACE stops early on some deals (tests/golden_test.cpp): a prefix.
    assert.equal(trace.length, d.play.length / 2 + 1, `line ${d.line}`);
    assert.deepEqual(trace.slice(0, d.trace.length), d.trace, `line ${d.line}`);
  }
  solver.dispose();
});

test('a small table that fills up, grows and shrinks gives the same tables', () => {
  // 1 MiB growing to 2 MiB: each of these deals fills it (the wasm memory
  // is allocated and freed as natively).
  const small = dd.newSolver({ttMemoryBytes: 1 << 20, ttMaxMemoryBytes: 2 << 20});
  for (const d of deals.slice(0, 5))
    assert.deepEqual(flat(small.ddTable(d.pbn)), d.table, `line ${d.line}`);
  const s = small.stats();
  assert.ok(s.ttGrows > 0 && s.ttResets > 0, JSON.stringify(s));
  assert.equal(s.ttMaxMemoryBytes, 2 << 20);
  small.dispose();
});
