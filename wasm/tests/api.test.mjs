// The package's calls beyond golden.test.mjs's: the forms of their arguments, the
// state of a position being played, par and scores, several Solvers, and
// the asynchronous module-level functions.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import * as ddtb from 'ddtb';

const DEAL = 'N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3';
const HANDS = {N: 'QJ6.K652.J85.T98', E: '873.J97.AT764.Q4', S: 'K5.T83.KQ9.A7652', W: 'AT942.AQ4.32.KJ3'};
const dd = await ddtb.load();

test('a deal as PBN from any seat, as four hands by seat or in an array', () => {
  const t = dd.ddTable(DEAL);
  assert.deepEqual(t.S, {N: 5, E: 8, S: 5, W: 8});
  assert.deepEqual(t.NT, {N: 6, E: 6, S: 6, W: 6});
  assert.deepEqual(dd.ddTable(HANDS), t);
  assert.deepEqual(dd.ddTable([HANDS.N, HANDS.E, HANDS.S, HANDS.W]), t);
  const fromEast = dd.normaliseDeal(DEAL, 'E');
  assert.equal(fromEast, `E:${HANDS.E} ${HANDS.S} ${HANDS.W} ${HANDS.N}`);
  assert.deepEqual(dd.ddTable(fromEast), t);
});

test('ddTable with some strains solves those only', () => {
  const t = dd.ddTable(DEAL, {strains: ['S', 'NT']});
  assert.deepEqual(t.S, {N: 5, E: 8, S: 5, W: 8});
  assert.deepEqual(t.NT, {N: 6, E: 6, S: 6, W: 6});
  assert.deepEqual(t.H, {N: 0, E: 0, S: 0, W: 0});
});

test('playing cards: the state of the position and its scores', () => {
  const start = {deal: DEAL, trump: 'S', leader: 'N'};
  const s0 = dd.inspect(start);
  assert.equal(s0.toPlay, 'N');
  assert.equal(s0.legal.length, 13);
  assert.equal(s0.tricksLeft, 13);
  const trick = ['SQ', 'S3', 'SK', 'SA'];
  const s4 = dd.inspect({...start, played: trick});
  assert.deepEqual(s4.trick, []);
  assert.equal(s4.leader, 'W');  // the ace won
  assert.deepEqual(s4.won, {NS: 0, EW: 1});
  assert.equal(s4.hands.W, 'T942.AQ4.32.KJ3');
  const s2 = dd.inspect({...start, played: 'SQ S3'});
  assert.deepEqual(s2.trick, [{seat: 'N', card: 'SQ'}, {seat: 'E', card: 'S3'}]);
  assert.deepEqual(s2.legal, ['SK', 'S5']);
  // Each card's score is the tricks of the side to play; after its best card
  // the other side's best is what remains.
  const r2 = dd.solve({...start, played: 'SQ S3'});
  assert.deepEqual(r2.cards.map((c) => c.card).sort(), ['S5', 'SK']);
  const r3 = dd.solve({...start, played: ['SQ', 'S3', r2.cards[0].card]});
  assert.equal(r3.tricks, 13 - r2.tricks);
  // analysePlay's first value is the declarer side's result before any card.
  assert.equal(dd.analysePlay(start, [])[0], 13 - dd.maxTricks(start));
  assert.equal(dd.analysePlay(start, [], {side: 'NS'})[0], dd.maxTricks(start));
});

test('an ending: fewer cards in each hand', () => {
  // Each hand holds the ace and king of its own suit.
  const ending = 'N:AK... .AK.. ..AK. ...AK';
  assert.equal(dd.maxTricks({deal: ending, trump: 'NT', leader: 'N'}), 2);
  assert.equal(dd.maxTricks({deal: ending, trump: 'NT', leader: 'E'}), 2);
  const t = dd.ddTable(ending);
  // At no trump the opening leader cashes two tricks; in spades North ruffs
  // whatever is led, so North-South take both.
  assert.deepEqual(t.NT, {N: 0, E: 0, S: 0, W: 0});
  assert.deepEqual(t.S, {N: 2, E: 0, S: 2, W: 0});
});

test('par, sides par, par texts and contract scores', () => {
  const t = dd.ddTable(DEAL);
  const p = dd.dealerPar(t, 'N', 'None');
  assert.equal(p.score, -110);
  assert.deepEqual(p.contracts.map((c) => [c.level, c.strain, c.side, c.declarers, c.doubled, c.text]),
                   [[2, 'S', 'EW', ['E', 'W'], false, '2S-EW']]);
  assert.equal(dd.par(t, 'None', 'EW').score, -110);
  assert.deepEqual(dd.parTexts(t, 'None').NS, ['NS -110', 'NS:EW 2S']);
  assert.equal(dd.contractScore({level: 4, strain: 'S', vulnerable: true, tricks: 10}), 620);
  assert.equal(dd.contractScore({level: 3, strain: 'NT', doubled: true, tricks: 7}), -300);
  assert.equal(dd.contractScore({level: 1, strain: 'C', redoubled: true, tricks: 7}), 230);
  // A table given as DDS's resTable rows gives the same par.
  const rows = ['S', 'H', 'D', 'C', 'NT'].map((s) => ['N', 'E', 'S', 'W'].map((h) => t[s][h]));
  assert.deepEqual(dd.dealerPar(rows, 0, 0), p);
});

test('Solvers of their own, their stats, and freeing them', () => {
  const a = dd.newSolver({ttMemoryBytes: 4 << 20, ttMaxMemoryBytes: 8 << 20});
  assert.equal(a.stats().ttMemoryBytes, 4 << 20);
  assert.equal(a.stats().ttMaxMemoryBytes, 8 << 20);
  assert.deepEqual(a.ddTable(DEAL), dd.ddTable(DEAL));
  assert.ok(a.stats().nodes > 0);
  a.resetStats();
  assert.equal(a.stats().nodes, 0);
  a.clear();
  assert.equal(a.stats().ttEntries, 0);
  a.dispose();
});

test('the asynchronous module-level calls', async () => {
  const t = await ddtb.ddTable(DEAL);
  assert.deepEqual(t, dd.ddTable(DEAL));
  assert.equal((await ddtb.dealerPar(t, 'N')).score, -110);
  assert.equal(await ddtb.maxTricks({deal: DEAL, trump: 'S', leader: 'E'}), 8);
  assert.deepEqual((await ddtb.solve({deal: DEAL, trump: 'S', leader: 'E'})).tricks, 8);
});
