// Types of the npm package ddtb: index.js, with DdtbWorker and
// ddTablesParallel of worker-client.js, which it exports too.

/** A strain: "S", "H", "D", "C", "NT" (also "N", any case), or its DDS number 0..4. */
export type Strain = 'S' | 'H' | 'D' | 'C' | 'NT' | string | number;
/** A seat: "N", "E", "S", "W" (or "north"...), or its DDS number 0..3. */
export type Seat = 'N' | 'E' | 'S' | 'W' | string | number;
/** A side: "NS" or "EW", or 0 (NS) / 1 (EW). */
export type Side = 'NS' | 'EW' | string | number;
/** "None", "NS", "EW", "Both" (also "All", "-"), or DDS's 0 None, 1 Both, 2 NS, 3 EW. */
export type Vulnerability = 'None' | 'NS' | 'EW' | 'Both' | string | number;
/** A card: suit and rank, "SA", "H9", "DT" (or "D10"). */
export type Card = string;
/** Cards as an array, or in one string ("SA H9 DT", "SAH9DT"). */
export type Cards = Card[] | string;
/**
 * A deal: PBN ("N:AKQ.T98.J2.5432 ... ... ...", hands clockwise from the seat
 * before the colon, suits S.H.D.C), or four PBN hands by seat or as [N, E, S, W].
 * A full deal (13 cards each) or an ending (equal hands, fewer cards).
 */
export type Deal = string | { N: string; E: string; S: string; W: string } | [string, string, string, string];

/**
 * A position: the deal at the start of a trick, the trump strain, the seat
 * leading that trick, and the cards played since, in order (across tricks too).
 */
export interface Position {
  deal: Deal;
  trump: Strain;
  leader: Seat;
  played?: Cards;
}

type SeatRow = { N: number; E: number; S: number; W: number };
/** Tricks each declarer takes in each strain: table.NT.N, table.S.E. */
export interface DdTable {
  S: SeatRow;
  H: SeatRow;
  D: SeatRow;
  C: SeatRow;
  NT: SeatRow;
}
/** A DD table, or DDS's resTable: 5 rows (S, H, D, C, NT) of 4 (N, E, S, W). */
export type TableLike = DdTable | number[][] | number[];

export interface CardScore {
  /** The highest card of a run of equivalent cards. */
  card: Card;
  /** The lower cards of the run, high to low. */
  equals: Card[];
  /** Tricks for the side to play, the current trick included. */
  tricks: number;
}

export interface SolveResult {
  /** The best result for the side to play. */
  tricks: number;
  /** solve(): every legal card, best score first; bestCards(): the best ones, in suit and rank order. */
  cards: CardScore[];
}

export interface ParContract {
  level: number;
  strain: 'S' | 'H' | 'D' | 'C' | 'NT';
  side: 'NS' | 'EW';
  /** The declarers that reach the par score. */
  declarers: Array<'N' | 'E' | 'S' | 'W'>;
  /** A sacrifice, doubled. */
  doubled: boolean;
  /** dealerPar only: a sacrifice bid before the opponents named a contract. */
  preEmptive: boolean;
  overtricks: number;
  undertricks: number;
  /** DDS's text: "4S*-EW-1", "3N-NS", "4N-W+1". */
  text: string;
}

export interface Par {
  /** From North-South's view. */
  score: number;
  /** Empty when par is to pass the deal out. */
  contracts: ParContract[];
}

export interface PositionState {
  /** The cards left in each hand, as PBN hands. */
  hands: { N: string; E: string; S: string; W: string };
  trump: 'S' | 'H' | 'D' | 'C' | 'NT';
  /** The seat that led the current trick. */
  leader: 'N' | 'E' | 'S' | 'W';
  toPlay: 'N' | 'E' | 'S' | 'W';
  trick: Array<{ seat: 'N' | 'E' | 'S' | 'W'; card: Card }>;
  /** The cards the seat to play may play. */
  legal: Card[];
  tricksLeft: number;
  /** Tricks each side took in position.played. */
  won: { NS: number; EW: number };
}

export interface SolverStats {
  nodes: number;
  ttEntries: number;
  ttBytes: number;
  ttGrows: number;
  ttResets: number;
  ttMemoryBytes: number;
  ttMaxMemoryBytes: number;
}

export interface SolverOptions {
  /** The transposition table's size (default 32 MiB). */
  ttMemoryBytes?: number;
  /** What it may grow to within a call on a freak deal (default 32 MiB: no growth). */
  ttMaxMemoryBytes?: number;
}

export interface LoadOptions extends SolverOptions {
  /** Where ddtb-core.wasm is (default: next to index.js). */
  wasmUrl?: string | URL;
  /** Its bytes, if you have them. */
  wasmBinary?: ArrayBuffer | Uint8Array;
}

export type Progress = (done: number, total: number) => void;

/** A bad argument or position; the message names the call, the argument and the place. */
export class DdtbError extends Error {
  name: 'DdtbError';
  code: 'syntax' | 'cardCount' | 'duplicateCard' | 'badTrick' | 'badArgument' | 'io' | 'corruptData' | 'notFound' | 'cancelled' | 'internal' | string;
}

/** One Solver of the library: synchronous calls; its table is reused from call to call. */
export class Solver {
  ddTable(deal: Deal, options?: { strains?: Strain[] }): DdTable;
  ddTables(deals: Deal[], options?: { onProgress?: Progress }): DdTable[];
  /** Every legal card's score, best first (DDS SolveBoard, solutions = 3). */
  solve(position: Position): SolveResult;
  /** The best result and one card reaching it (DDS solutions = 1). */
  bestCard(position: Position): { tricks: number; card: CardScore | null };
  /** The best result and every card reaching it (DDS solutions = 2). */
  bestCards(position: Position): SolveResult;
  maxTricks(position: Position): number;
  /** Every card taking at least `target` tricks; each card's tricks is the target. */
  cardsReaching(position: Position, target: number): CardScore[];
  cardReaching(position: Position, target: number): CardScore | null;
  /**
   * Before the first card and after each: the tricks `side` takes from the
   * position on (default: the declarer's side, the seat to the right of position.leader).
   */
  analysePlay(position: Position, cards: Cards, options?: { side?: Side }): number[];
  stats(): SolverStats;
  resetStats(): void;
  clear(): void;
  /** Frees the Solver's memory. */
  dispose(): void;
}

/** The loaded module: a Solver (the default one), and the calls that need no Solver. */
export class Ddtb extends Solver {
  readonly version: string;
  newSolver(options?: SolverOptions): Solver;
  inspect(position: Position): PositionState;
  /** The deal checked, written as PBN from `first`. */
  normaliseDeal(deal: Deal, first?: Seat): string;
  /** Par when the seats bid in turn from the dealer (DDS DealerPar). */
  dealerPar(table: TableLike, dealer: Seat, vulnerability?: Vulnerability): Par;
  /** Par when `first` starts the bidding (DDS SidesPar). */
  par(table: TableLike, vulnerability?: Vulnerability, first?: Side): Par;
  /** DDS Par()'s texts: { NS: ["NS -110", "NS:EW 2S"], EW: [...] }. */
  parTexts(table: TableLike, vulnerability?: Vulnerability): { NS: [string, string]; EW: [string, string] };
  contractScore(contract: {
    level: number;
    strain: Strain;
    doubled?: boolean;
    redoubled?: boolean;
    vulnerable?: boolean;
    tricks: number;
  }): number;
  /** The paired comparison of leads (paired with lead) or contracts (compare). */
  singleDummy(spec: ComparisonSpec, options?: { onProgress?: (done: number, total: number) => boolean | void }): Comparison;
  /** Single-dummy analysis; onProgress may return false to stop. */
  singleDummy(spec: SingleDummySpec, options?: { onProgress?: (done: number, total: number) => boolean | void }): SingleDummyResult;
  /** A Comparison from the declarer's tricks per deal and choice (parts put together). */
  compareTricks(input: CompareTricksInput): Comparison;
}

/** A figure over the sampled deals and its standard error. */
export interface Estimate {
  value: number;
  error: number;
}
type Range = number | [number | null, number | null];
type BySeat<T> = Partial<Record<Seat, T>>;
/** What is known of the deals a single-dummy analysis draws from. */
export interface SingleDummySpec {
  /** PBN with '-' for a hidden hand: "N:AKQ2.K5.AJ72.Q84 - - -". */
  deal?: string;
  known?: BySeat<string>;
  lacks?: BySeat<string>;
  hcp?: BySeat<Range>;
  length?: BySeat<Partial<Record<'S' | 'H' | 'D' | 'C', Range>>>;
  samples?: number;
  seed?: number;
  /** Constraints in dealer's language, a script or an expression:
   * "shape(east, 5xxx) && hcp(east) >= 11" (docs/USAGE.md, "Constraint scripts"). */
  where?: string;
  /** A contract with its declarer ("3NT-S"): the opening leads' odds. */
  lead?: string;
  strains?: Strain[];
  declarers?: Seat[];
  vulnerability?: Vulnerability;
  /** Adds the sampled deals (PBN) to the result. */
  deals?: boolean;
}
/** A paired comparison: each lead against spec.lead (paired: true), or each contract of
 * compare, against the best on the same deals; part [index, count]: that part of the deals. */
export type ComparisonSpec = SingleDummySpec &
  ({ paired: true; lead: string } | { compare: string[] }) & { part?: [number, number] };
/** A lead (with its contract) or a contract ("3NT-S", "4SX-N"). */
export interface Choice {
  contract: string;
  lead?: string;
  equals?: string[];
}
/** Choice minus the best, deal by deal, with paired standard errors. */
export interface PairedDifference {
  tricks: Estimate;
  points: Estimate;
  imps: Estimate;
  matchpoints: Estimate;
  /** The chance of scoring strictly more; the same. */
  better: Estimate;
  ties: Estimate;
}
export interface ChoiceFigures extends Choice {
  tricks: Estimate;
  points: Estimate;
  /** Against the field of the other choices, 0..1. */
  matchpoints: Estimate;
  makes: Estimate;
  vsBest: PairedDifference;
}
export interface Comparison {
  samples: number;
  seed?: number;
  /** The first deal analysed and the deals sampled (spec.part). */
  first?: number;
  total?: number;
  /** Whose tricks and points: the defence for leads, the first contract's side. */
  side: 'NS' | 'EW';
  vulnerability: string;
  /** Leads in suit order, contracts as given. */
  choices: ChoiceFigures[];
  /** Indices into choices, best first; best = order[0]. */
  order: number[];
  best: number;
  /** The declarer's tricks, [deal * choices.length + choice]. */
  declarerTricks: number[];
}
export interface CompareTricksInput {
  choices: Choice[];
  declarerTricks: number[];
  side: Side;
  vulnerability: Vulnerability;
}
export interface ContractOdds {
  strain: string;
  declarer: string;
  tricks: number[];
  meanTricks: Estimate;
  makes: Record<number, Estimate>;
  score: Record<number, Estimate>;
}
export interface LeadOdds {
  card: string;
  equals: string[];
  defenceTricks: Estimate;
  sets: Estimate;
}
export interface SingleDummyResult {
  samples: number;
  seed: number;
  contracts?: ContractOdds[];
  leader?: string;
  leads?: LeadOdds[];
  deals?: string[];
}

/** Compiles the WebAssembly module once; the Ddtb's calls are then synchronous. */
export function load(options?: LoadOptions): Promise<Ddtb>;

// The same calls, asynchronous, on a Ddtb loaded on first use.
export function ddTable(deal: Deal, options?: { strains?: Strain[] }): Promise<DdTable>;
export function ddTables(deals: Deal[], options?: { onProgress?: Progress }): Promise<DdTable[]>;
export function solve(position: Position): Promise<SolveResult>;
export function bestCard(position: Position): Promise<{ tricks: number; card: CardScore | null }>;
export function bestCards(position: Position): Promise<SolveResult>;
export function maxTricks(position: Position): Promise<number>;
export function cardsReaching(position: Position, target: number): Promise<CardScore[]>;
export function cardReaching(position: Position, target: number): Promise<CardScore | null>;
export function analysePlay(position: Position, cards: Cards, options?: { side?: Side }): Promise<number[]>;
export function inspect(position: Position): Promise<PositionState>;
export function normaliseDeal(deal: Deal, first?: Seat): Promise<string>;
export function dealerPar(table: TableLike, dealer: Seat, vulnerability?: Vulnerability): Promise<Par>;
export function par(table: TableLike, vulnerability?: Vulnerability, first?: Side): Promise<Par>;
export function parTexts(
  table: TableLike,
  vulnerability?: Vulnerability,
): Promise<{ NS: [string, string]; EW: [string, string] }>;
export function contractScore(contract: {
  level: number;
  strain: Strain;
  doubled?: boolean;
  redoubled?: boolean;
  vulnerable?: boolean;
  tricks: number;
}): Promise<number>;
export function singleDummy(spec: ComparisonSpec, options?: { onProgress?: (done: number, total: number) => boolean | void }): Promise<Comparison>;
export function singleDummy(spec: SingleDummySpec, options?: { onProgress?: (done: number, total: number) => boolean | void }): Promise<SingleDummyResult>;
export function compareTricks(input: CompareTricksInput): Promise<Comparison>;

/** The calls of Ddtb, run in a Web Worker (a worker thread in Node): a page never blocks. */
export class DdtbWorker {
  /** Starts a worker and loads ddtb in it. */
  static create(options?: LoadOptions & { workerUrl?: string | URL }): Promise<DdtbWorker>;
  readonly version: string;
  ddTable(deal: Deal, options?: { strains?: Strain[] }): Promise<DdTable>;
  ddTables(deals: Deal[], options?: { onProgress?: Progress }): Promise<DdTable[]>;
  solve(position: Position): Promise<SolveResult>;
  bestCard(position: Position): Promise<{ tricks: number; card: CardScore | null }>;
  bestCards(position: Position): Promise<SolveResult>;
  maxTricks(position: Position): Promise<number>;
  cardsReaching(position: Position, target: number): Promise<CardScore[]>;
  cardReaching(position: Position, target: number): Promise<CardScore | null>;
  analysePlay(position: Position, cards: Cards, options?: { side?: Side }): Promise<number[]>;
  inspect(position: Position): Promise<PositionState>;
  normaliseDeal(deal: Deal, first?: Seat): Promise<string>;
  dealerPar(table: TableLike, dealer: Seat, vulnerability?: Vulnerability): Promise<Par>;
  par(table: TableLike, vulnerability?: Vulnerability, first?: Side): Promise<Par>;
  parTexts(table: TableLike, vulnerability?: Vulnerability): Promise<{ NS: [string, string]; EW: [string, string] }>;
  contractScore(contract: {
    level: number;
    strain: Strain;
    doubled?: boolean;
    redoubled?: boolean;
    vulnerable?: boolean;
    tricks: number;
  }): Promise<number>;
  singleDummy(spec: ComparisonSpec, options?: { onProgress?: Progress }): Promise<Comparison>;
  singleDummy(spec: SingleDummySpec, options?: { onProgress?: Progress }): Promise<SingleDummyResult>;
  compareTricks(input: CompareTricksInput): Promise<Comparison>;
  stats(): Promise<SolverStats>;
  resetStats(): Promise<void>;
  clear(): Promise<void>;
  /** Stops the worker; pending calls reject. */
  terminate(): void;
}

/** DD tables of many deals on several workers at once (default: one per core), in order. */
export function ddTablesParallel(
  deals: Deal[],
  options?: LoadOptions & { workers?: number; onProgress?: Progress },
): Promise<DdTable[]>;

/** A paired comparison split over workers (given, or one per core), the same result as one call. */
export function singleDummyParallel(
  spec: ComparisonSpec,
  options?: LoadOptions & { workers?: number | DdtbWorker[]; onProgress?: Progress },
): Promise<Comparison>;
