// Reads DDS's list100.txt (format: tests/README.md, "DDS's hand lists") from
// $DDTB_REF_DIR for the package's tests: each deal with its PBN line, FUT,
// TABLE, PAR, PAR2, PLAY and TRACE answers.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const SUITS = 'SHDC';
export const SEATS = ['N', 'E', 'S', 'W'];
export const STRAINS = ['S', 'H', 'D', 'C', 'NT'];
export const VULS = ['None', 'Both', 'NS', 'EW'];
const RANKS = '23456789TJQKA';

export function card(suit, rank) {
  return SUITS[suit] + RANKS[rank - 2];
}

// Words of a line, with "quoted strings" kept whole (quotes removed).
function words(line) {
  return [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]);
}

export function readList100() {
  const dir = process.env.DDTB_REF_DIR;
  if (!dir) throw new Error('DDTB_REF_DIR must name the directory of list100.txt');
  const path = join(dir, 'list100.txt');
  const lines = readFileSync(path, 'utf8').split('\n');
  const deals = [];
  let d = null;
  lines.forEach((raw, i) => {
    const w = words(raw.trim());
    if (w.length === 0) return;
    const n = (k) => Number(w[k]);
    switch (w[0]) {
      case 'PBN':
        d = {line: i + 1, dealer: n(1), vul: n(2), trump: n(3), first: n(4), pbn: w[5]};
        deals.push(d);
        break;
      case 'FUT': {
        const c = n(1);
        const at = (k, j) => n(2 + k * c + j);
        d.fut = Array.from({length: c}, (_, j) => ({suit: at(0, j), rank: at(1, j), equals: at(2, j), tricks: at(3, j)}));
        break;
      }
      case 'TABLE':
        d.table = w.slice(1).map(Number);
        break;
      case 'PAR':
        d.par = w.slice(1);
        break;
      case 'PAR2':
        d.par2 = w.slice(1);
        break;
      case 'PLAY':
        d.play = w[2];
        break;
      case 'TRACE':
        d.trace = w.slice(2).map(Number);
        break;
    }
  });
  if (deals.length !== 100) throw new Error(`${path}: expected 100 deals, read ${deals.length}`);
  return deals;
}
