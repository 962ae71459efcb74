// Bad input throws a DdtbError (an Error) whose message names the call, the
// argument and the place, in the C++ library's words.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { DdtbError, ddTable, load } from 'ddtb';

const DEAL = 'N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3';
const dd = await load();

function throwsWith(f, code, pattern) {
  assert.throws(f, (e) => {
    assert.ok(e instanceof DdtbError && e instanceof Error, `not a DdtbError: ${e}`);
    assert.equal(e.code, code, e.message);
    assert.match(e.message, pattern);
    return true;
  });
}

test('bad deals name the hand and the character', () => {
  throwsWith(() => dd.ddTable('N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A765X AT942.AQ4.32.KJ3'),
             'syntax', /^ddTable: deal: hand 3 \(South\), character \d+: 'X' is not a rank/);
  throwsWith(() => dd.ddTable('N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A765 AT942.AQ4.32.KJ3'),
             'cardCount', /^ddTable: deal: .*South/);
  throwsWith(() => dd.ddTable('N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ2'),
             'duplicateCard', /^ddTable: deal: .*C2/);
  throwsWith(() => dd.ddTable(42), 'badArgument', /^ddTable: deal: expected a PBN deal string or four hands, got a number/);
  throwsWith(() => dd.ddTable({N: 'AKQ', E: 7}), 'badArgument', /^ddTable: deal\.E: expected a PBN hand/);
  throwsWith(() => dd.ddTables([DEAL, 'N:xyz']), 'syntax', /^ddTables: deals\[1\]: deal: /);
  throwsWith(() => dd.ddTable(DEAL, {strains: ['S', 'X']}), 'badArgument', /^ddTable: strains\[1\]: 'X' is not a strain/);
});

test('bad positions name the argument, the card and its place in the play', () => {
  const pos = {deal: DEAL, trump: 'S', leader: 'N'};
  throwsWith(() => dd.solve({...pos, trump: 'X'}), 'badArgument', /^solve: trump: 'X' is not a strain/);
  throwsWith(() => dd.solve({...pos, leader: 'Q'}), 'badArgument', /^solve: leader: 'Q' is not a seat/);
  throwsWith(() => dd.solve({...pos, leader: undefined}), 'badArgument', /^solve: position\.leader: expected a seat/);
  throwsWith(() => dd.solve({...pos, played: 'SQ H7'}), 'badTrick', /^solve: played: card 2 \(H7\): .*East must follow suit/);
  throwsWith(() => dd.solve({...pos, played: 'SQ Z9'}), 'syntax', /^solve: played: character 4: 'Z9' is not a card/);
  throwsWith(() => dd.solve({...pos, played: 'SA'}), 'badTrick', /^solve: played: card 1 \(SA\)/);
  throwsWith(() => dd.solve('N:AKQ'), 'badArgument', /^solve: position: expected \{deal, trump, leader, played\?\}/);
  throwsWith(() => dd.cardsReaching(pos, 'seven'), 'badArgument', /^cardsReaching: target: expected a whole number/);
  throwsWith(() => dd.analysePlay(pos, 'SQ S3 H2'), 'badTrick', /^analysePlay: cards: card 3 of the play \(H2\)/);
  throwsWith(() => dd.analysePlay(pos, [], {side: 'NE'}), 'badArgument', /^analysePlay: side: 'NE' is not a side/);
});

test('bad tables, seats and contracts', () => {
  const t = dd.ddTable(DEAL);
  throwsWith(() => dd.dealerPar(t, 'X'), 'badArgument', /^dealerPar: dealer: 'X' is not a seat/);
  throwsWith(() => dd.dealerPar(t, 'N', 'Red'), 'badArgument', /^dealerPar: vulnerability: 'Red' is not a vulnerability/);
  throwsWith(() => dd.par({...t, H: undefined}), 'badArgument', /^par: table: no row for strain H/);
  throwsWith(() => dd.par([1, 2, 3]), 'badArgument', /^par: table: a DD table has 20 entries/);
  throwsWith(() => dd.par(Array(20).fill(14)), 'badArgument', /^par: table: S by N: 14 tricks is not 0\.\.13/);
  throwsWith(() => dd.contractScore({level: 8, strain: 'S', tricks: 7}), 'badArgument', /^contractScore: level: 8 is not 1\.\.7/);
});

test('the asynchronous calls reject with the same errors', async () => {
  await assert.rejects(ddTable('N:QJ6'), (e) => e instanceof DdtbError && /^ddTable: deal: /.test(e.message));
});
