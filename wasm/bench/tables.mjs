// Times the DD tables of list100 (or another DDS hand list) on the
// WebAssembly build, one Solver reused, one thread, as
// `ddtb-vs-dds --work tables --only ddtb` does natively (bench/README.md);
// checks every table against the list's.
//
//   DDTB_REF_DIR=../shared/ref node wasm/bench/tables.mjs <package dir> [rounds]
//
// Prints each round's CPU and wall seconds and the median; the time to
// compile the module is left out.
import { pathToFileURL } from 'node:url';
import { join, resolve } from 'node:path';

import { readHandList, SEATS, STRAINS } from '../tests/hand_list.mjs';

const [packageDir, roundsText = '3'] = process.argv.slice(2);
if (!packageDir) {
  console.error('usage: node tables.mjs <package dir> [rounds]');
  process.exit(2);
}
const { load } = await import(pathToFileURL(join(resolve(packageDir), 'index.js')).href);
const dd = await load();
const deals = readHandList(join(process.env.DDTB_REF_DIR ?? '', 'list100.txt'));
const pbns = deals.map((d) => d.pbn);

const rounds = [];
for (let r = 0; r < Number(roundsText); ++r) {
  const solver = dd.newSolver();
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  const tables = solver.ddTables(pbns);
  const wall = (performance.now() - wall0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  solver.dispose();
  tables.forEach((t, i) => {
    const flat = STRAINS.flatMap((s) => SEATS.map((h) => t[s][h]));
    if (flat.join() !== deals[i].table.join()) throw new Error(`line ${deals[i].line}: wrong table`);
  });
  rounds.push({cpu: (cpu.user + cpu.system) / 1e6, wall});
  console.log(`round ${r + 1}: ${deals.length} tables, cpu ${rounds.at(-1).cpu.toFixed(2)} s, wall ${wall.toFixed(2)} s`);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`median: cpu ${median(rounds.map((r) => r.cpu)).toFixed(2)} s, wall ${median(rounds.map((r) => r.wall)).toFixed(2)} s`);
