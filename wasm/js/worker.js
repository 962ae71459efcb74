// The worker side of DdtbWorker (worker-client.js): loads ddtb in a Web
// Worker (or a Node worker thread) and runs the calls posted to it.
//
// Messages in:  {id, method, args}; the first one is {id, method: 'load',
//               args: [options]}.
// Messages out: {id, result} | {id, error, code} | {id, progress: [done, total]}.
import { DdtbError, load } from './index.js';

// Calls a client may make: the Ddtb methods, nothing else.
const METHODS = new Set(['ddTable', 'ddTables', 'solve', 'bestCard', 'bestCards', 'maxTricks',
  'cardsReaching', 'cardReaching', 'analysePlay', 'inspect', 'normaliseDeal', 'dealerPar', 'par',
  'parTexts', 'contractScore', 'singleDummy', 'compareTricks', 'stats', 'resetStats', 'clear']);

// Calls whose second argument is {progress}: progress messages as they go.
const WITH_PROGRESS = new Set(['ddTables', 'singleDummy']);

async function port() {
  // A Web Worker (Node has no WorkerGlobalScope, even where a bundler
  // defines `process` in the browser).
  if (typeof WorkerGlobalScope !== 'undefined' && self instanceof WorkerGlobalScope) {
    return {post: (m) => self.postMessage(m), listen: (f) => { self.onmessage = (e) => f(e.data); }};
  }
  const { parentPort } = await import(/* webpackIgnore: true */ /* @vite-ignore */ 'node:worker_threads');
  return {post: (m) => parentPort.postMessage(m), listen: (f) => parentPort.on('message', f)};
}

const channel = await port();
let ddtb = null;

channel.listen(async ({id, method, args}) => {
  try {
    if (method === 'load') {
      ddtb = await load(args[0] ?? {});
      channel.post({id, result: ddtb.version});
      return;
    }
    if (!ddtb) throw new DdtbError(`${method}: the worker has not loaded ddtb`, 'badArgument');
    if (!METHODS.has(method)) throw new DdtbError(`${method}: no such call`, 'badArgument');
    if (WITH_PROGRESS.has(method)) {
      const [input, options = {}] = args;
      const result = ddtb[method](input, {
        onProgress: options.progress ? (done, total) => channel.post({id, progress: [done, total]})
                                     : undefined,
      });
      channel.post({id, result});
      return;
    }
    channel.post({id, result: ddtb[method](...args)});
  } catch (e) {
    channel.post({id, error: e instanceof Error ? e.message : String(e),
                  code: e instanceof DdtbError ? e.code : 'internal'});
  }
});
