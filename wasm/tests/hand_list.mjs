// Reads hand lists in DDS's format (tests/README.md, "DDS's hand lists";
// tests/data/golden/README.md) for the package's and the page's tests: each
// deal with its PBN line, FUT, TABLE, PAR, PAR2, PLAY and TRACE answers. The
// lists: the project's golden deals, $DDTB_GOLDEN_DIR/deals.txt (always
// there), and DDS's own in $DDTB_REF_DIR (list100.txt: ../shared/ref beside
// the project, which a plain clone lacks; tests of it skip then).
import { existsSync, readFileSync } from 'node:fs';
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

// The deals of the list at `path`.
export function readHandList(path) {
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
  if (deals.length === 0) throw new Error(`${path}: no deals`);
  return deals;
}

// The project's golden deals.
export function readGoldenDeals() {
  const dir = process.env.DDTB_GOLDEN_DIR;
  if (!dir) throw new Error('DDTB_GOLDEN_DIR must name the project\'s tests/data/golden');
  return readHandList(join(dir, 'deals.txt'));
}

// The list a test checks: the golden deals, or with $DDTB_GOLDEN_LIST set,
// that one of DDS's lists in $DDTB_REF_DIR. {deals} or, when DDS's list is
// not there, {skip: the reason}.
export function listUnderTest() {
  const name = process.env.DDTB_GOLDEN_LIST;
  if (!name) return {deals: readGoldenDeals()};
  const dir = process.env.DDTB_REF_DIR ?? '';
  const path = join(dir, name);
  if (!dir || !existsSync(path))
    return {deals: [], skip: `DDS's ${name} is not in '${dir}' (DDTB_REF_DIR; by default ../shared/ref ` +
                             'beside the project): skipped. The project\'s own golden data, ' +
                             'tests/data/golden/, is tested in its place.'};
  return {deals: readHandList(path)};
}
