// DdtbWorker: ddtb's calls run in a Web Worker (a worker thread in Node), so
// that a page never blocks while a deal is solved. Every call returns a
// Promise of what the synchronous Ddtb call (index.js) returns, or rejects
// with the same DdtbError. Calls to one worker run one after another.
import { DdtbError } from './index.js';

function isNode() {
  return typeof process === 'object' && process !== null && typeof process.versions === 'object' &&
         typeof process.versions.node === 'string';
}

async function startWorker(url) {
  if (typeof Worker === 'function' && !isNode()) {
    const w = new Worker(url, {type: 'module'});
    return {
      post: (m) => w.postMessage(m),
      listen: (f, fail) => {
        w.onmessage = (e) => f(e.data);
        w.onerror = (e) => fail(new DdtbError(`worker: ${e.message ?? 'failed to start'}`, 'internal'));
      },
      terminate: () => w.terminate(),
    };
  }
  const { Worker: NodeWorker } = await import(/* webpackIgnore: true */ /* @vite-ignore */ 'node:worker_threads');
  const w = new NodeWorker(url);
  return {
    post: (m) => w.postMessage(m),
    listen: (f, fail) => {
      w.on('message', f);
      w.on('error', (e) => fail(new DdtbError(`worker: ${e.message}`, 'internal')));
    },
    terminate: () => w.terminate(),
  };
}

export class DdtbWorker {
  #channel;
  #next = 1;
  #pending = new Map();  // id -> {resolve, reject, onProgress}

  // Starts a worker and loads ddtb in it; options as for load() (index.js),
  // plus workerUrl (default: worker.js next to this file).
  static async create(options = {}) {
    const {workerUrl, ...loadOptions} = options;
    const channel = await startWorker(workerUrl ? new URL(workerUrl, import.meta.url)
                                                : new URL('./worker.js', import.meta.url));
    const client = new DdtbWorker(channel);
    if (loadOptions.wasmUrl) loadOptions.wasmUrl = new URL(loadOptions.wasmUrl, import.meta.url).href;
    client.version = await client.#call('load', [loadOptions]);
    return client;
  }

  constructor(channel) {
    this.#channel = channel;
    channel.listen((m) => this.#receive(m), (e) => this.#failAll(e));
  }

  ddTable(deal, options) { return this.#call('ddTable', [deal, options]); }
  // onProgress(done, total) is called as the worker goes.
  ddTables(deals, options = {}) {
    return this.#call('ddTables', [deals, {progress: !!options.onProgress}], options.onProgress);
  }
  solve(position) { return this.#call('solve', [position]); }
  bestCard(position) { return this.#call('bestCard', [position]); }
  bestCards(position) { return this.#call('bestCards', [position]); }
  maxTricks(position) { return this.#call('maxTricks', [position]); }
  cardsReaching(position, target) { return this.#call('cardsReaching', [position, target]); }
  cardReaching(position, target) { return this.#call('cardReaching', [position, target]); }
  analysePlay(position, cards, options) { return this.#call('analysePlay', [position, cards, options]); }
  inspect(position) { return this.#call('inspect', [position]); }
  normaliseDeal(deal, first) { return this.#call('normaliseDeal', [deal, first]); }
  dealerPar(table, dealer, vulnerability) { return this.#call('dealerPar', [table, dealer, vulnerability]); }
  par(table, vulnerability, first) { return this.#call('par', [table, vulnerability, first]); }
  parTexts(table, vulnerability) { return this.#call('parTexts', [table, vulnerability]); }
  contractScore(contract) { return this.#call('contractScore', [contract]); }
  // onProgress(done, total) is called as the worker goes.
  singleDummy(spec, options = {}) {
    return this.#call('singleDummy', [spec, {progress: !!options.onProgress}], options.onProgress);
  }
  compareTricks(input) { return this.#call('compareTricks', [input]); }
  stats() { return this.#call('stats', []); }
  resetStats() { return this.#call('resetStats', []); }
  clear() { return this.#call('clear', []); }

  // Stops the worker; pending calls reject.
  terminate() {
    this.#channel.terminate();
    this.#failAll(new DdtbError('worker: terminated', 'internal'));
  }

  #call(method, args, onProgress) {
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, {resolve, reject, onProgress});
      this.#channel.post({id, method, args});
    });
  }

  #receive({id, result, error, code, progress}) {
    const p = this.#pending.get(id);
    if (!p) return;
    if (progress) {
      if (p.onProgress) p.onProgress(progress[0], progress[1]);
      return;
    }
    this.#pending.delete(id);
    if (error !== undefined) p.reject(new DdtbError(error, code));
    else p.resolve(result);
  }

  #failAll(e) {
    for (const p of this.#pending.values()) p.reject(e);
    this.#pending.clear();
  }
}

// The cores the browser (navigator.hardwareConcurrency) or Node reports.
async function cores() {
  if (typeof navigator === 'object' && navigator.hardwareConcurrency) return navigator.hardwareConcurrency;
  if (!isNode()) return 1;
  return (await import(/* webpackIgnore: true */ /* @vite-ignore */ 'node:os')).availableParallelism?.() ?? 1;
}

// DD tables of many deals on `workers` workers at once (default: the
// machine's cores), in the order given; onProgress(done, total) as they come.
// The workers are stopped at the end. A bad deal rejects, naming its index.
export async function ddTablesParallel(deals, options = {}) {
  if (!Array.isArray(deals))
    throw new DdtbError('ddTablesParallel: deals: expected an array of deals', 'badArgument');
  const n = Math.max(1, Math.min(options.workers ?? await cores(), deals.length || 1));
  const {workers: _, onProgress, ...loadOptions} = options;
  const pool = await Promise.all(Array.from({length: n}, () => DdtbWorker.create(loadOptions)));
  const out = new Array(deals.length);
  let next = 0, done = 0;
  try {
    await Promise.all(pool.map(async (w) => {
      while (next < deals.length) {
        const i = next++;
        try {
          out[i] = await w.ddTable(deals[i]);
        } catch (e) {
          throw new DdtbError(e.message.replace(/^ddTable: /, `ddTablesParallel: deals[${i}]: `), e.code);
        }
        if (onProgress) onProgress(++done, deals.length);
      }
    }));
  } finally {
    for (const w of pool) w.terminate();
  }
  return out;
}

// A paired comparison (spec.paired with spec.lead, or spec.compare: index.js,
// compareTricks) split over workers: the sampled deals are cut into parts
// (PARTS_PER_WORKER a worker, so that a worker done early takes another
// part while a slower one finishes), each worker analyses the next part
// left (sample i is drawn from its own stream, whatever the split), and the
// parts are put together with compareTricks. The result is exactly what
// one singleDummy(spec) call gives. options.workers: the DdtbWorkers to use
// (left running), or how many to start (default: the cores; stopped at the
// end); onProgress(done, total) over all the parts; the other options go to
// DdtbWorker.create.
const PARTS_PER_WORKER = 4;

export async function singleDummyParallel(spec, options = {}) {
  const {workers, onProgress, ...loadOptions} = options;
  const given = Array.isArray(workers);
  const samples = spec?.samples ?? 1000;
  const n = given ? workers.length : Math.max(1, Math.min(workers ?? await cores(), samples));
  if (n < 1) throw new DdtbError('singleDummyParallel: workers: expected at least one', 'badArgument');
  const pool = given ? workers : await Promise.all(Array.from({length: n}, () => DdtbWorker.create(loadOptions)));
  const count = Math.max(1, Math.min(pool.length * PARTS_PER_WORKER, samples));
  const parts = new Array(count);
  const done = new Array(count).fill(0);
  let next = 0;
  try {
    await Promise.all(pool.map(async (w) => {
      while (next < count) {
        const i = next++;
        const progress = onProgress ? (d) => {
          done[i] = d;
          onProgress(done.reduce((a, b) => a + b, 0), samples);
        } : undefined;
        parts[i] = await w.singleDummy({...spec, part: [i, count]}, {onProgress: progress});
      }
    }));
    const first = parts[0];
    const merged = await pool[0].compareTricks({
      choices: first.choices, side: first.side, vulnerability: first.vulnerability,
      declarerTricks: parts.flatMap((p) => p.declarerTricks)});
    return {...merged, seed: first.seed, first: 0, total: first.total};
  } finally {
    if (!given) for (const w of pool) w.terminate();
  }
}
