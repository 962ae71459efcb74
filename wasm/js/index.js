// ddtb: a double-dummy bridge solver, compiled to WebAssembly.
//
// Two ways in:
//   - await load() gives a Ddtb whose calls are synchronous (a Solver inside,
//     its transposition table reused from call to call); for Node, workers
//     and batch jobs;
//   - the module-level functions (ddTable, solve, ...) are the same calls,
//     asynchronous: they load the module on first use.
// A page should not solve on its main thread: DdtbWorker (worker-client.js,
// exported here too) offers the same calls, run in a Web Worker (a worker
// thread in Node).
//
// Every answer comes from the C++ library (wasm/src/binding.cpp), which also
// checks every argument, its type and its value (wasm/src/args.hpp); this file
// passes the arguments on and turns error values into thrown DdtbErrors.
import createDdtbCore from './ddtb-core.js';

export { DdtbWorker, ddTablesParallel, singleDummyParallel } from './worker-client.js';

// A bad argument or position. `message` names the call, the argument and the
// place ("ddTable: deal: hand 2 (East), character 5: ..."); `code` is one of
// "syntax", "cardCount", "duplicateCard", "badTrick", "badArgument", "io",
// "corruptData", "notFound" or "cancelled" (a progress callback stopped it).
export class DdtbError extends Error {
  constructor(message, code = 'badArgument') {
    super(message);
    this.name = 'DdtbError';
    this.code = code;
  }
}

function isNode() {
  return typeof process === 'object' && process !== null && typeof process.versions === 'object' &&
         typeof process.versions.node === 'string';
}

// The result of a binding call, or the DdtbError its error value describes.
function unwrap(call, r) {
  if (r.error !== undefined) throw new DdtbError(`${call}: ${r.error}`, r.code);
  return r;
}

// A double-dummy solver: one Solver of the C++ library. Calls are
// synchronous; one Solver serves one thread (a worker holds its own).
export class Solver {
  #session;

  constructor(core, options = {}) {
    const o = unwrap('Solver', core.sessionOptions(options.ttMemoryBytes, options.ttMaxMemoryBytes));
    this.#session = new core.Session(o.ttMemoryBytes, o.ttMaxMemoryBytes);
  }

  // The 5 x 4 DD table: table.NT.N is the tricks North takes as declarer in
  // no trump. `strains` limits the strains solved (the others are 0).
  ddTable(deal, options = {}) {
    return unwrap('ddTable', this.#session.ddTable(deal, options.strains)).table;
  }

  // DD tables of many deals, in order; onProgress(done, total) after each.
  // A bad deal throws, naming its index.
  ddTables(deals, options = {}) {
    if (!Array.isArray(deals)) {
      const got = deals === null ? 'null' : typeof deals === 'string' ? `'${deals}'` : `a ${typeof deals}`;
      throw new DdtbError(`ddTables: deals: expected an array of deals, got ${got}`, 'badArgument');
    }
    const out = [];
    for (const [i, d] of deals.entries()) {
      const r = this.#session.ddTable(d, undefined);
      if (r.error !== undefined) throw new DdtbError(`ddTables: deals[${i}]: ${r.error}`, r.code);
      out.push(r.table);
      if (options.onProgress) options.onProgress(i + 1, deals.length);
    }
    return out;
  }

  // Every legal card's score: {tricks, cards: [{card, equals, tricks}]}, best
  // first (DDS SolveBoard, solutions = 3).
  solve(position) {
    return this.#solve('solve', position, 'all');
  }
  // The best result and one card that reaches it: {tricks, card}, the card
  // the first in the search's fixed move order (DDS solutions = 1).
  bestCard(position) {
    const r = this.#solve('bestCard', position, 'best');
    return {tricks: r.tricks, card: r.cards.length ? r.cards[0] : null};
  }
  // The best result and every card that reaches it.
  bestCards(position) {
    return this.#solve('bestCards', position, 'bestCards');
  }
  // The most tricks the side to play takes, this trick included.
  maxTricks(position) {
    return this.#solve('maxTricks', position, 'max').tricks;
  }
  // Every card taking at least `target` tricks (each card's `tricks` is the
  // target: the search proves "at least").
  cardsReaching(position, target) {
    return this.#solve('cardsReaching', position, 'reaching', target).cards;
  }
  // One such card, or null.
  cardReaching(position, target) {
    const cards = this.#solve('cardReaching', position, 'oneReaching', target).cards;
    return cards.length ? cards[0] : null;
  }

  // Double-dummy analysis of `cards` played from `position`: before the
  // first card and after each, the tricks `side` ("NS"/"EW"; by default the
  // declarer's side, the seat to the right of position.leader) takes from
  // the position on. cards.length + 1 numbers.
  analysePlay(position, cards, options = {}) {
    return unwrap('analysePlay', this.#session.analysePlay(position, cards, options.side)).tricks;
  }

  // {nodes, ttEntries, ttBytes, ttGrows, ttResets, ttMemoryBytes, ttMaxMemoryBytes}.
  stats() {
    return this.#session.stats();
  }
  resetStats() {
    this.#session.resetStats();
  }
  // Empties the transposition table (answers never depend on it).
  clear() {
    this.#session.clear();
  }
  // Frees the Solver's memory; the object is unusable afterwards.
  dispose() {
    this.#session.delete();
  }

  #solve(call, position, mode, target) {
    return unwrap(call, this.#session.solve(position, mode, target));
  }
}

// The loaded module: a Solver (the default one), and the functions that
// need no Solver.
export class Ddtb extends Solver {
  #core;

  constructor(core, options = {}) {
    super(core, options);
    this.#core = core;
  }

  // A Solver of its own (another transposition table).
  newSolver(options = {}) {
    return new Solver(this.#core, options);
  }

  // The state of a position: {hands: {N, E, S, W}, trump, leader, toPlay,
  // trick: [{seat, card}], legal: [cards], tricksLeft, won: {NS, EW}}.
  inspect(position) {
    return unwrap('inspect', this.#core.inspect(position));
  }

  // The deal checked, in PBN from `first` (default N): "N:... ... ... ...".
  normaliseDeal(deal, first = 'N') {
    return unwrap('normaliseDeal', this.#core.normaliseDeal(deal, first)).deal;
  }

  // Par when the seats bid in turn from the dealer (DDS DealerPar):
  // {score (North-South's view), contracts: [{level, strain, side, declarers,
  // doubled, preEmptive, overtricks, undertricks, text}]}.
  dealerPar(table, dealer, vulnerability = 'None') {
    return unwrap('dealerPar', this.#core.dealerPar(table, dealer, vulnerability));
  }

  // Par when side `first` ("NS" or "EW") starts the bidding (DDS SidesPar).
  par(table, vulnerability = 'None', first = 'NS') {
    return unwrap('par', this.#core.sidesPar(table, first, vulnerability));
  }

  // DDS Par()'s texts: {NS: [score, contracts], EW: [score, contracts]}.
  parTexts(table, vulnerability = 'None') {
    return unwrap('parTexts', this.#core.parTexts(table, vulnerability));
  }

  // Duplicate score of a contract for the declaring side: {level, strain,
  // tricks, doubled?, redoubled?, vulnerable?}.
  contractScore(contract) {
    return unwrap('contractScore', this.#core.contractScore(contract)).score;
  }

  // Single-dummy analysis: deals drawn uniformly among those meeting `spec`
  // ({deal: 'N:AKQ2.K5.AJ72.Q84 - - -' with '-' for a hidden hand, known /
  // lacks: {E: 'K.A..'}, hcp: {E: [11, 15]}, length: {E: {S: [5, null]}},
  // samples (1000), seed (1), where: a dealer script or expression}), each
  // solved double dummy. Without spec.lead:
  // {samples, seed, contracts: [{strain, declarer, tricks (a count per number
  // of tricks), meanTricks, makes: {1..7}, score: {1..7}}]} for spec.strains
  // and spec.declarers (all by default), scores for spec.vulnerability. With
  // spec.lead ('3NT-S'): {samples, seed, leader, leads: [{card, equals,
  // defenceTricks, sets}]}, best first. Every figure is {value, error} (its
  // standard error). onProgress(done, total) after each deal; returning false
  // stops the analysis (a DdtbError).
  singleDummy(spec, options = {}) {
    return unwrap('singleDummy', this.#core.singleDummy(spec, options.onProgress));
  }

  // The paired comparison (include/ddtb/comparison.hpp) is singleDummy's too:
  // spec.paired (true) with spec.lead compares each lead with the best on the
  // same deals; spec.compare (['3NT-S', '4S-N']) compares contracts. It gives
  // a Comparison (index.d.ts): {samples, seed, first, total, side,
  // vulnerability, choices: [{contract, lead?, equals?, tricks, points,
  // matchpoints, makes, vsBest: {tricks, points, imps, matchpoints, better,
  // ties}}] (leads in suit order, contracts as given), order (best first),
  // best, declarerTricks (per deal and choice, [deal * choices + choice])}.
  // spec.part ([index, count]) analyses only that part of the sampled deals
  // (singleDummyParallel: worker-client.js); compareTricks puts the parts'
  // declarerTricks, concatenated in order, back into one Comparison.
  compareTricks(input) {
    return unwrap('compareTricks', this.#core.compareTricks(input));
  }

  // The library's version, "0.1.0".
  get version() {
    return this.#core.version();
  }
}

async function wasmBytes(url) {
  if (isNode() && url.protocol === 'file:') {
    // (Bundlers for the browser must not resolve this Node-only import.)
    const fs = await import(/* webpackIgnore: true */ /* @vite-ignore */ 'node:fs/promises');
    return new Uint8Array(await fs.readFile(url));
  }
  const response = await fetch(url);
  if (!response.ok) throw new DdtbError(`load: cannot fetch ${url}: HTTP ${response.status}`, 'io');
  return new Uint8Array(await response.arrayBuffer());
}

// Compiles the WebAssembly module and returns a Ddtb. Options:
//   wasmUrl           where ddtb-core.wasm is (default: next to this file)
//   wasmBinary        its bytes, if the caller has them
//   ttMemoryBytes     the default Solver's table (default 32 MiB)
//   ttMaxMemoryBytes  what it may grow to within a call (default 32 MiB: no growth)
export async function load(options = {}) {
  const binary = options.wasmBinary ??
                 await wasmBytes(options.wasmUrl ? new URL(options.wasmUrl, import.meta.url)
                                                 : new URL('./ddtb-core.wasm', import.meta.url));
  const core = await createDdtbCore({wasmBinary: binary});
  return new Ddtb(core, options);
}

// --- the same calls, asynchronous, on a Ddtb loaded on first use -----------
let shared = null;
function instance() {
  if (!shared) shared = load();
  return shared;
}

export const ddTable = async (deal, options) => (await instance()).ddTable(deal, options);
export const ddTables = async (deals, options) => (await instance()).ddTables(deals, options);
export const solve = async (position) => (await instance()).solve(position);
export const bestCard = async (position) => (await instance()).bestCard(position);
export const bestCards = async (position) => (await instance()).bestCards(position);
export const maxTricks = async (position) => (await instance()).maxTricks(position);
export const cardsReaching = async (position, target) => (await instance()).cardsReaching(position, target);
export const cardReaching = async (position, target) => (await instance()).cardReaching(position, target);
export const analysePlay = async (position, cards, options) => (await instance()).analysePlay(position, cards, options);
export const inspect = async (position) => (await instance()).inspect(position);
export const normaliseDeal = async (deal, first) => (await instance()).normaliseDeal(deal, first);
export const dealerPar = async (table, dealer, vulnerability) => (await instance()).dealerPar(table, dealer, vulnerability);
export const par = async (table, vulnerability, first) => (await instance()).par(table, vulnerability, first);
export const parTexts = async (table, vulnerability) => (await instance()).parTexts(table, vulnerability);
export const contractScore = async (contract) => (await instance()).contractScore(contract);
export const singleDummy = async (spec, options) => (await instance()).singleDummy(spec, options);
export const compareTricks = async (input) => (await instance()).compareTricks(input);
