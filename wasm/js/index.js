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
// Every answer comes from the C++ library (wasm/src/binding.cpp); this file
// only checks argument types and turns error values into thrown DdtbErrors.
import createDdtbCore from './ddtb-core.js';

export { DdtbWorker, ddTablesParallel } from './worker-client.js';

// A bad argument or position. `message` names the call, the argument and the
// place ("ddTable: deal: hand 2 (East), character 5: ..."); `code` is one of
// "syntax", "cardCount", "duplicateCard", "badTrick", "badArgument", "io".
export class DdtbError extends Error {
  constructor(message, code = 'badArgument') {
    super(message);
    this.name = 'DdtbError';
    this.code = code;
  }
}

const STRAINS = ['S', 'H', 'D', 'C', 'NT'];
const SEATS = ['N', 'E', 'S', 'W'];

function isNode() {
  return typeof process === 'object' && process !== null && typeof process.versions === 'object' &&
         typeof process.versions.node === 'string';
}

function describe(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'string' ? `'${v}'` : `a ${typeof v}`;
}

function fail(call, what, message, code = 'badArgument') {
  throw new DdtbError(`${call}: ${what ? what + ': ' : ''}${message}`, code);
}

// The result of a binding call, or the DdtbError its error value describes.
function unwrap(call, r) {
  if (r.error !== undefined) throw new DdtbError(`${call}: ${r.error}`, r.code);
  return r;
}

function text(call, what, v, expected) {
  if (typeof v !== 'string') fail(call, what, `expected ${expected}, got ${describe(v)}`);
  return v;
}

// A strain, seat, side or vulnerability: a string, or its DDS number.
function named(call, what, v, names, expected) {
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < names.length) return names[v];
  return text(call, what, v, expected);
}

// Cards as an array of "SA", "H9"... or one string ("SA H9", "SAH9").
function cardsText(call, what, v) {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (!Array.isArray(v)) fail(call, what, `expected an array of cards or a string, got ${describe(v)}`);
  return v.map((c, i) => text(call, `${what}[${i}]`, c, 'a card such as "SA"')).join(' ');
}

// A deal: a PBN deal string ("N:AKQ.. ... ... ..."), or four hands, as
// {N, E, S, W} or [N, E, S, W], each a PBN hand "AKQ.T98..5432".
function dealText(call, what, v) {
  if (typeof v === 'string') return v;
  if (v !== null && typeof v === 'object') {
    const hands = Array.isArray(v) ? v : SEATS.map((s) => v[s]);
    if (hands.length === 4) {
      return 'N:' +
             hands.map((h, i) => text(call, `${what}.${SEATS[i]}`, h, 'a PBN hand such as "AKQ.T98..5432"'))
                 .join(' ');
    }
  }
  fail(call, what, `expected a PBN deal string or four hands, got ${describe(v)}`);
}

// The binding's arguments for a position: [deal, trump, leader, played].
function positionArgs(call, p) {
  if (p === null || typeof p !== 'object' || Array.isArray(p))
    fail(call, 'position', `expected {deal, trump, leader, played?}, got ${describe(p)}`);
  return [
    dealText(call, 'position.deal', p.deal),
    named(call, 'position.trump', p.trump, STRAINS, 'a strain (S, H, D, C, NT)'),
    named(call, 'position.leader', p.leader, SEATS, 'a seat (N, E, S, W)'),
    cardsText(call, 'position.played', p.played),
  ];
}

// A DD table as 20 numbers, S,H,D,C,NT by N,E,S,W (DDS's resTable).
function tableNumbers(call, t) {
  if (Array.isArray(t)) {
    const flat = t.flat();
    if (flat.every((x) => typeof x === 'number')) return flat;
  } else if (t !== null && typeof t === 'object') {
    const out = [];
    for (const strain of STRAINS) {
      const row = t[strain];
      if (row === null || typeof row !== 'object') fail(call, 'table', `no row for strain ${strain}`);
      for (const seat of SEATS) {
        if (typeof row[seat] !== 'number') fail(call, 'table', `no number for ${strain} by ${seat}`);
        out.push(row[seat]);
      }
    }
    return out;
  }
  fail(call, 'table', `expected a DD table ({S: {N, E, S, W}, ..., NT: ...}), got ${describe(t)}`);
}

// Bit (1 << strain) for each strain of `strains` (all five when undefined),
// strains numbered as DDS's: S, H, D, C, NT = 0..4.
function strainMask(call, strains) {
  if (strains === undefined) return 31;
  if (!Array.isArray(strains)) fail(call, 'strains', `expected an array of strains, got ${describe(strains)}`);
  let mask = 0;
  for (const [i, s] of strains.entries()) {
    const name = typeof s === 'number' ? STRAINS[s] : typeof s === 'string' ? s.toUpperCase() : undefined;
    const k = STRAINS.indexOf(name === 'N' ? 'NT' : name);
    if (k < 0) fail(call, `strains[${i}]`, `${describe(s)} is not a strain (S, H, D, C, NT)`);
    mask |= 1 << k;
  }
  return mask;
}

function targetNumber(call, target) {
  if (!Number.isInteger(target)) fail(call, 'target', `expected a whole number of tricks, got ${describe(target)}`);
  return target;
}

function ttBytes(call, what, v) {
  if (v === undefined) return 0;
  if (typeof v !== 'number' || !(v > 0)) fail(call, what, `expected a number of bytes, got ${describe(v)}`);
  return v;
}

// A double-dummy solver: one Solver of the C++ library. Calls are
// synchronous; one Solver serves one thread (a worker holds its own).
export class Solver {
  #core;
  #session;

  constructor(core, options = {}) {
    this.#core = core;
    this.#session = new core.Session(ttBytes('Solver', 'ttMemoryBytes', options.ttMemoryBytes),
                                     ttBytes('Solver', 'ttMaxMemoryBytes', options.ttMaxMemoryBytes));
  }

  // The 5 x 4 DD table: table.NT.N is the tricks North takes as declarer in
  // no trump. `strains` limits the strains solved (the others are 0).
  ddTable(deal, options = {}) {
    return unwrap('ddTable', this.#session.ddTable(dealText('ddTable', 'deal', deal),
                                                  strainMask('ddTable', options.strains))).table;
  }

  // DD tables of many deals, in order; onProgress(done, total) after each.
  // A bad deal throws, naming its index.
  ddTables(deals, options = {}) {
    if (!Array.isArray(deals)) fail('ddTables', 'deals', `expected an array of deals, got ${describe(deals)}`);
    const out = [];
    for (const [i, d] of deals.entries()) {
      const r = this.#session.ddTable(dealText('ddTables', `deals[${i}]`, d), 31);
      if (r.error !== undefined) throw new DdtbError(`ddTables: deals[${i}]: ${r.error}`, r.code);
      out.push(r.table);
      if (options.onProgress) options.onProgress(i + 1, deals.length);
    }
    return out;
  }

  // Every legal card's score: {tricks, cards: [{card, equals, tricks}]}, best
  // first (DDS SolveBoard, solutions = 3).
  solve(position) {
    return this.#solve('solve', position, 'all', 0);
  }
  // The best result and one card that reaches it: {tricks, card}, the card
  // the first in the search's fixed move order (DDS solutions = 1).
  bestCard(position) {
    const r = this.#solve('bestCard', position, 'best', 0);
    return {tricks: r.tricks, card: r.cards.length ? r.cards[0] : null};
  }
  // The best result and every card that reaches it.
  bestCards(position) {
    return this.#solve('bestCards', position, 'bestCards', 0);
  }
  // The most tricks the side to play takes, this trick included.
  maxTricks(position) {
    return this.#solve('maxTricks', position, 'max', 0).tricks;
  }
  // Every card taking at least `target` tricks (each card's `tricks` is the
  // target: the search proves "at least").
  cardsReaching(position, target) {
    return this.#solve('cardsReaching', position, 'reaching', targetNumber('cardsReaching', target)).cards;
  }
  // One such card, or null.
  cardReaching(position, target) {
    const cards = this.#solve('cardReaching', position, 'oneReaching', targetNumber('cardReaching', target)).cards;
    return cards.length ? cards[0] : null;
  }

  // Double-dummy analysis of `cards` played from `position`: before the
  // first card and after each, the tricks `side` ("NS"/"EW"; by default the
  // declarer's side, the seat to the right of position.leader) takes from
  // the position on. cards.length + 1 numbers.
  analysePlay(position, cards, options = {}) {
    const side = options.side === undefined ? '' : named('analysePlay', 'side', options.side, ['NS', 'EW'], 'a side (NS, EW)');
    return unwrap('analysePlay', this.#session.analysePlay(...positionArgs('analysePlay', position),
                                                          cardsText('analysePlay', 'cards', cards), side))
        .tricks;
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
    return unwrap(call, this.#session.solve(...positionArgs(call, position), mode, target));
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
    return unwrap('inspect', this.#core.inspect(...positionArgs('inspect', position)));
  }

  // The deal checked, in PBN from `first` (default N): "N:... ... ... ...".
  normaliseDeal(deal, first = 'N') {
    return unwrap('normaliseDeal', this.#core.normaliseDeal(dealText('normaliseDeal', 'deal', deal),
                                                            named('normaliseDeal', 'first', first, SEATS, 'a seat (N, E, S, W)')))
        .deal;
  }

  // Par when the seats bid in turn from the dealer (DDS DealerPar):
  // {score (North-South's view), contracts: [{level, strain, side, declarers,
  // doubled, preEmptive, overtricks, undertricks, text}]}.
  dealerPar(table, dealer, vulnerability = 'None') {
    return unwrap('dealerPar', this.#core.dealerPar(
        tableNumbers('dealerPar', table), named('dealerPar', 'dealer', dealer, SEATS, 'a seat (N, E, S, W)'),
        named('dealerPar', 'vulnerability', vulnerability, ['None', 'Both', 'NS', 'EW'], 'None, NS, EW or Both')));
  }

  // Par when side `first` ("NS" or "EW") starts the bidding (DDS SidesPar).
  par(table, vulnerability = 'None', first = 'NS') {
    return unwrap('par', this.#core.sidesPar(
        tableNumbers('par', table), named('par', 'first', first, ['NS', 'EW'], 'a side (NS, EW)'),
        named('par', 'vulnerability', vulnerability, ['None', 'Both', 'NS', 'EW'], 'None, NS, EW or Both')));
  }

  // DDS Par()'s texts: {NS: [score, contracts], EW: [score, contracts]}.
  parTexts(table, vulnerability = 'None') {
    return unwrap('parTexts', this.#core.parTexts(
        tableNumbers('parTexts', table),
        named('parTexts', 'vulnerability', vulnerability, ['None', 'Both', 'NS', 'EW'], 'None, NS, EW or Both')));
  }

  // Duplicate score of a contract for the declaring side.
  contractScore({level, strain, doubled = false, redoubled = false, vulnerable = false, tricks}) {
    const s = named('contractScore', 'strain', strain, STRAINS, 'a strain (S, H, D, C, NT)');
    if (!Number.isInteger(level)) fail('contractScore', 'level', `expected 1..7, got ${describe(level)}`);
    if (!Number.isInteger(tricks)) fail('contractScore', 'tricks', `expected 0..13, got ${describe(tricks)}`);
    return unwrap('contractScore',
                  this.#core.contractScore(level, s, redoubled ? 2 : doubled ? 1 : 0, !!vulnerable, tricks))
        .score;
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
//   ttMemoryBytes     the default Solver's table (default 40 MiB)
//   ttMaxMemoryBytes  what it may grow to within a call (default 64 MiB)
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
