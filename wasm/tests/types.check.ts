// The package's TypeScript types (index.d.ts) as a user's code meets them:
// `tsc --noEmit --strict` must accept this file (CTest ddtb_wasm_types), and
// the lines marked @ts-expect-error must be rejected. It is type-checked
// only, never run.
import {
  DdtbError,
  DdtbWorker,
  ddTable,
  ddTablesParallel,
  load,
  singleDummyParallel,
  type CardScore,
  type Comparison,
  type DdTable,
  type Par,
  type Position,
  type PositionState,
  type SolveResult,
} from 'ddtb';

const DEAL = 'N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3';

export async function uses(): Promise<void> {
  const dd = await load({ ttMemoryBytes: 8 << 20, wasmUrl: new URL('./ddtb-core.wasm', 'file:///x/') });
  const t: DdTable = dd.ddTable(DEAL, { strains: ['S', 'NT', 4] });
  const tricks: number = t.NT.N + t.S.E;
  const hands: Position = {
    deal: { N: 'QJ6.K652.J85.T98', E: '873.J97.AT764.Q4', S: 'K5.T83.KQ9.A7652', W: 'AT942.AQ4.32.KJ3' },
    trump: 'S',
    leader: 'N',
    played: ['SQ'],
  };
  const all: SolveResult = dd.solve(hands);
  const best: CardScore | null = dd.bestCard(hands).card;
  const reaching: CardScore[] = dd.cardsReaching(hands, 5);
  const one: CardScore | null = dd.cardReaching({ deal: DEAL, trump: 4, leader: 0 }, 7);
  const state: PositionState = dd.inspect(hands);
  const trace: number[] = dd.analysePlay(hands, 'S3 SK', { side: 'NS' });
  const par: Par = dd.dealerPar(t, 'N', 'NS');
  const text: string = par.contracts[0].text + dd.parTexts(t).NS[1] + dd.par(t, 'Both', 'EW').score;
  const score: number = dd.contractScore({ level: 3, strain: 'NT', vulnerable: true, tricks: 9 });
  const own = dd.newSolver({ ttMaxMemoryBytes: 16 << 20 });
  own.dispose();

  const worker = await DdtbWorker.create();
  const tables: DdTable[] = await worker.ddTables([DEAL], { onProgress: (done, total) => done < total });
  const parallel: DdTable[] = await ddTablesParallel([DEAL], { workers: 2 });
  const asynchronous: DdTable = await ddTable(DEAL);
  worker.terminate();
  try {
    dd.ddTable('N:AKQ');
  } catch (e) {
    if (e instanceof DdtbError) console.log(e.code, e.message);
  }
  console.log(tricks, all, best, reaching, one, state.toPlay, trace, text, score, tables, parallel, asynchronous);

  // The paired comparison: a Comparison for paired with lead, or compare.
  const leads: Comparison = dd.singleDummy({ deal: 'N:- - - T87.QJT9.Q854.A2', lead: '3NT-S', paired: true });
  const imps: number = leads.choices[leads.order[1]].vsBest.imps.error + leads.declarerTricks[0];
  const split: Comparison = await singleDummyParallel({ compare: ['3NT-S', '4S-N'] }, { workers: [worker] });
  const merged: Comparison = dd.compareTricks({ choices: split.choices, declarerTricks: split.declarerTricks,
                                                side: split.side, vulnerability: split.vulnerability });
  const odds: number | undefined = dd.singleDummy({ deal: 'N:AKQ2.K5.AJ72.Q84 - - -' }).contracts?.length;
  console.log(imps, merged.best, odds);
  // @ts-expect-error: paired compares the leads of a lead contract
  dd.singleDummy({ paired: true }).order;

  // @ts-expect-error: a position needs a leader
  dd.solve({ deal: DEAL, trump: 'S' });
  // @ts-expect-error: a table has no strain X
  console.log(t.X);
  // @ts-expect-error: the target is a number of tricks
  dd.cardsReaching(hands);
}
