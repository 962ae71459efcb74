// The ddtb web page: enter or deal a deal, see its DD table and par, play it
// card by card with every legal card's double-dummy score. Every answer
// comes from the ddtb package, run in a Web Worker (DdtbWorker) so that the
// page never blocks; this file only reads the input and draws.
import { DdtbWorker, singleDummyParallel } from './ddtb/index.js';

const SEATS = ['N', 'E', 'S', 'W'];
const SUITS = ['S', 'H', 'D', 'C'];
const STRAINS = ['NT', 'S', 'H', 'D', 'C'];
const SYMBOL = {S: '♠', H: '♥', D: '♦', C: '♣', NT: 'NT'};
const NAME = {N: 'North', E: 'East', S: 'South', W: 'West'};
const RANKS = 'AKQJT98765432';
const SPINNER_DELAY_MS = 120;  // quick answers show no spinner

const $ = (id) => document.getElementById(id);
const workerReady = DdtbWorker.create();

// What is on the page: the deal, its table and par, the contract being
// played and the cards played (with the ones undone, for Replay).
const state = {deal: null, dealer: 'N', vul: 'None', table: null, strain: null, declarer: null,
               played: [], undone: [], busy: 0};

const next = (seat, n = 1) => SEATS[(SEATS.indexOf(seat) + n) % 4];
const sideOf = (seat) => (seat === 'N' || seat === 'S' ? 'NS' : 'EW');
const sideName = (side) => (side === 'NS' ? 'N-S' : 'E-W');
const isRed = (suit) => suit === 'H' || suit === 'D';

function element(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') e.className = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (v !== false && v !== undefined) e.setAttribute(k, v === true ? '' : v);
  }
  e.append(...children.filter((c) => c !== null && c !== undefined));
  return e;
}

function suitSymbol(suit) {
  return element('span', {class: `sym ${suit.toLowerCase()}`}, SYMBOL[suit]);
}

// --- messages and the spinner -------------------------------------------
function showMessage(text) {
  $('message').textContent = text;
  $('message').hidden = !text;
}

// A bad deal's message as a player reads it: "Bad deal: hand 3 (South), ...".
function playerMessage(e) {
  const m = e.message.replace(/^\w+: (deal|played): /, '');
  return e.name === 'DdtbError' ? `Bad deal: ${m}` : `Something went wrong: ${m}`;
}

async function busy(work) {
  state.busy += 1;
  const timer = setTimeout(() => { $('spinner').hidden = false; }, SPINNER_DELAY_MS);
  document.body.classList.add('busy');
  try {
    return await work();
  } finally {
    clearTimeout(timer);
    if (--state.busy === 0) {
      $('spinner').hidden = true;
      document.body.classList.remove('busy');
    }
  }
}

// --- reading a deal -------------------------------------------------------
// A PBN [Deal "..."] tag, the "N:..." form, or four hands (one per line, or
// four on one line), each optionally named "North:" / "N". The library checks
// the cards; this only finds the deal in the text.
function dealFromText(text) {
  const t = text.trim();
  if (!t) throw new Error('Enter a deal, or press Random deal.');
  const tag = t.match(/\[\s*Deal\s+"([^"]*)"\s*\]/i);
  if (tag) return tag[1].trim();
  if (/^[NESW]\s*:/i.test(t)) return t.replace(/\s+/g, ' ').replace(/^([NESW])\s*:\s*/i, '$1:');
  let hands = t.split(/\n+/).map((l) => l.trim()).filter(Boolean);
  if (hands.length === 1) hands = hands[0].split(/\s+/);
  hands = hands.map((h) => h.replace(/^(north|east|south|west|[NESW])\s*[:=]\s*/i, '').replace(/\s+/g, ''));
  if (hands.length !== 4)
    throw new Error(`Expected four hands (North, East, South, West), found ${hands.length}. ` +
                    'Write each hand as spades.hearts.diamonds.clubs, e.g. AKQ.T98.J2.5432.');
  return 'N:' + hands.join(' ');
}

// A PBN game's [Dealer "E"] and [Vulnerable "NS"] tags set the dealer and
// vulnerability selects.
function takeTags(text) {
  const dealer = text.match(/\[\s*Dealer\s+"([NESW])"\s*\]/i);
  if (dealer) $('dealer').value = dealer[1].toUpperCase();
  const vul = text.match(/\[\s*Vulnerable\s+"([^"]*)"\s*\]/i);
  if (vul) {
    const v = vul[1].trim().toUpperCase();
    const value = {NONE: 'None', LOVE: 'None', '-': 'None', NS: 'NS', EW: 'EW', ALL: 'Both', BOTH: 'Both'}[v];
    if (value) $('vul').value = value;
  }
}

// Par again when the dealer or the vulnerability changes.
async function redrawPar() {
  if (!state.table) return;
  state.dealer = $('dealer').value;
  state.vul = $('vul').value;
  await busy(async () => {
    const worker = await workerReady;
    drawPar(await worker.dealerPar(state.table, state.dealer, state.vul));
  });
}

function randomDeal() {
  const deck = SUITS.flatMap((s) => [...RANKS].map((r) => ({s, r})));
  const random = new Uint32Array(deck.length);
  crypto.getRandomValues(random);
  for (let i = deck.length - 1; i > 0; --i) {
    const j = random[i] % (i + 1);
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  const hands = SEATS.map((_, h) => SUITS.map((s) => deck.slice(h * 13, h * 13 + 13)
                                                       .filter((c) => c.s === s)
                                                       .sort((a, b) => RANKS.indexOf(a.r) - RANKS.indexOf(b.r))
                                                       .map((c) => c.r).join('')).join('.'));
  return 'N:' + hands.join(' ');
}

// --- the table and par ---------------------------------------------------
function drawTable() {
  const body = $('dd-table').tBodies[0];
  body.replaceChildren();
  for (const seat of ['N', 'S', 'E', 'W']) {
    const row = element('tr', {}, element('th', {scope: 'row'}, seat));
    for (const strain of STRAINS) {
      const tricks = state.table[strain][seat];
      const chosen = strain === state.strain && seat === state.declarer;
      row.append(element('td', {},
        element('button', {type: 'button', class: `cell${tricks >= 7 ? ' makes' : ''}${chosen ? ' chosen' : ''}`,
                           title: `${NAME[seat]} declares ${strain === 'NT' ? 'no trump' : SYMBOL[strain]}: ${tricks} tricks`,
                           onclick: () => startPlay(strain, seat)}, String(tricks))));
    }
    body.append(row);
  }
}

function contractText(c) {
  const strain = c.strain === 'NT' ? 'NT' : SYMBOL[c.strain];
  const result = c.doubled ? ` −${c.undertricks}` : c.overtricks ? ` +${c.overtricks}` : '';
  return `${c.level}${strain}${c.doubled ? 'x' : ''} by ${c.declarers.join('/')}${result}`;
}

function drawPar(par) {
  const score = par.score === 0 ? '0' : par.score > 0 ? `N-S +${par.score}` : `E-W +${-par.score}`;
  $('par').replaceChildren(element('strong', {}, 'Par '), `${score}: `,
                           par.contracts.length ? par.contracts.map(contractText).join(', ') : 'passed out',
                           element('span', {class: 'small'}, ` (dealer ${state.dealer}, vul ${state.vul})`));
}

// --- solving a deal -------------------------------------------------------
// A bad deal hides the results of the one before, so that what is shown
// always belongs to the text in the box.
async function solveDeal(text) {
  showMessage('');
  let pbn;
  try {
    pbn = dealFromText(text);
    takeTags(text);
  } catch (e) {
    $('results').hidden = true;
    showMessage(e.message);
    return;
  }
  // busy() marks the page at once, before anything is awaited.
  await busy(async () => {
    try {
      const worker = await workerReady;
      const deal = await worker.normaliseDeal(pbn);
      const table = await worker.ddTable(deal);
      state.dealer = $('dealer').value;
      state.vul = $('vul').value;
      const par = await worker.dealerPar(table, state.dealer, state.vul);
      Object.assign(state, {deal, table});
      $('results').hidden = false;
      drawPar(par);
      // Play the par contract first (or no trump by North when passed out).
      const c = par.contracts[0];
      await startPlay(c ? c.strain : 'NT', c ? c.declarers[0] : 'N');
    } catch (e) {
      $('results').hidden = true;
      showMessage(playerMessage(e));
    }
  });
}

// --- single dummy: East and West hidden ------------------------------------
// Deals with North's and South's hands and East's and West's cards dealt at
// random, each solved double dummy: each game's chance to make for
// North-South (100 deals, kept for the deal), and, for the contract being
// played, each opening lead's chance to set from the leader's seat (200
// deals, only the leader's hand known).
const SD_CONTRACT_SAMPLES = 100;
const SD_LEAD_SAMPLES = 200;
const sdCache = {deal: null, odds: null};
const GAME = {NT: 3, S: 4, H: 4, D: 5, C: 5};

function barRows(box, rows) {
  box.replaceChildren();
  for (const {label, value, error, title} of rows) {
    const pct = Math.round(1000 * value) / 10;
    box.append(element('span', {class: 'bar-label'}, ...label),
               element('span', {class: 'bar', title}, element('span', {style: `width: ${pct}%`})),
               element('span', {class: 'bar-value', title: `± ${(100 * error).toFixed(1)}%`}, `${pct}%`));
  }
}

function strainLabel(strain) {
  return strain === 'NT' ? 'NT' : suitSymbol(strain);
}

async function drawSingleDummy() {
  const on = $('hide-ew').checked && state.deal;
  $('sd-results').hidden = !on;
  if (!on) return;
  const hands = state.deal.slice(2).split(' ');  // N E S W
  await busy(async () => {
    try {
      const worker = await workerReady;
      if (sdCache.deal !== state.deal) {
        sdCache.odds = await worker.singleDummy({deal: `N:${hands[0]} - ${hands[2]} -`,
                                                 samples: SD_CONTRACT_SAMPLES, declarers: ['N', 'S']});
        sdCache.deal = state.deal;
      }
      const odds = sdCache.odds;
      $('sd-summary').textContent = `${odds.samples} deals with East's and West's cards dealt at random ` +
                                    `(seed ${odds.seed}); ${SD_LEAD_SAMPLES} for the leads.`;
      const rows = [];
      for (const strain of STRAINS)
        for (const seat of ['N', 'S']) {
          const c = odds.contracts.find((x) => x.strain === strain && x.declarer === seat);
          const level = GAME[strain];
          rows.push({label: [`${level}`, strainLabel(strain), ` ${seat}`], value: c.makes[level].value,
                     error: c.makes[level].error,
                     title: `${level}${strain} by ${NAME[seat]}: mean ${c.meanTricks.value.toFixed(2)} tricks`});
        }
      barRows($('sd-contracts'), rows);
      await drawLeads(hands);
    } catch (e) {
      showMessage(playerMessage(e));
    }
  });
}

// --- single dummy: the leads, compared on the same deals --------------------
// The leads against the contract being played, from the leader's seat (only
// the leader's hand known): a paired comparison split over one worker per
// core the browser reports (the first is the page's own), progress shown as
// the parts come in; each lead's chance to set, and its mean difference from
// the best lead deal by deal, with ± one standard error bars.
// (?workers=N in the address overrides the count: web/tests/measure_leads.mjs.)
const SD_WORKERS = Math.max(1, Number(new URLSearchParams(location.search).get('workers')) ||
                               navigator.hardwareConcurrency || 1);
let poolReady = null;
const leadCache = {comparison: null};
const MEASURES = {
  imps: {name: 'IMPs', scale: 1, digits: 2},
  tricks: {name: 'tricks', scale: 1, digits: 2},
  matchpoints: {name: 'matchpoints %', scale: 100, digits: 1},
};

function workerPool() {
  poolReady ??= workerReady.then(async (first) =>
    [first, ...await Promise.all(Array.from({length: SD_WORKERS - 1}, () => DdtbWorker.create()))]);
  return poolReady;
}

function leadLabel(c) {
  return [suitSymbol(c.lead[0]), c.lead.slice(1) + c.equals.map((e) => e.slice(1)).join('')];
}

function showProgress(done, total) {
  $('sd-progress').hidden = done >= total;
  $('sd-progress').value = done;
  $('sd-progress').max = total;
  $('sd-progress-text').textContent = done >= total ? '' : `${done} of ${total} deals`;
}

async function drawLeads(hands) {
  const leader = next(state.declarer);
  const level = GAME[state.strain];
  const known = ['-', '-', '-', '-'];
  known[SEATS.indexOf(leader)] = hands[SEATS.indexOf(leader)];
  const contract = `${level}${state.strain}-${state.declarer}`;
  const pool = await workerPool();
  showProgress(0, SD_LEAD_SAMPLES);
  const r = await singleDummyParallel(
      {deal: `N:${known.join(' ')}`, samples: SD_LEAD_SAMPLES, lead: contract, paired: true,
       vulnerability: state.vul},
      {workers: pool, onProgress: showProgress});
  showProgress(SD_LEAD_SAMPLES, SD_LEAD_SAMPLES);
  leadCache.comparison = r;
  $('sd-lead-title').textContent = `Chance to set ${level}${state.strain} by ${NAME[state.declarer]}, ` +
                                   `${NAME[leader]} leading (only ${NAME[leader]}'s hand known)`;
  barRows($('sd-leads'), r.order.map((i) => r.choices[i]).map((c) => ({
    label: leadLabel(c), value: 1 - c.makes.value, error: c.makes.error,
    title: `mean ${c.tricks.value.toFixed(2)} defence tricks`})));
  drawPaired();
}

// Each lead's mean difference from the best in the chosen measure, a bar
// from zero with its error bar, on one scale.
function drawPaired() {
  const r = leadCache.comparison;
  if (!r) return;
  const key = $('sd-measure').value;
  const m = MEASURES[key];
  const rows = r.order.map((i) => r.choices[i]);
  const diff = (c) => ({value: m.scale * c.vsBest[key].value, error: m.scale * c.vsBest[key].error});
  let lo = 0, hi = 0;
  for (const c of rows) {
    const d = diff(c);
    lo = Math.min(lo, d.value - d.error);
    hi = Math.max(hi, d.value + d.error);
  }
  const span = hi - lo || 1;
  const at = (x) => `${(100 * (x - lo) / span).toFixed(2)}%`;
  const best = r.choices[r.best];
  $('sd-paired-title').replaceChildren(`Against the best lead, `, ...leadLabel(best),
      `, on the same deals: mean difference in ${m.name} for the defence (± standard error)`);
  const box = $('sd-paired');
  box.replaceChildren();
  for (const c of rows) {
    const d = diff(c);
    const left = Math.min(0, d.value), right = Math.max(0, d.value);
    const text = c === best ? 'best' : `${d.value >= 0 ? '+' : '−'}${Math.abs(d.value).toFixed(m.digits)}`;
    box.append(element('span', {class: 'bar-label'}, ...leadLabel(c)),
               element('span', {class: 'diff-track'},
                       element('span', {class: 'diff-zero', style: `left: ${at(0)}`}),
                       element('span', {class: `diff-bar${d.value < 0 ? ' worse' : ''}`,
                                        style: `left: ${at(left)}; width: calc(${at(right)} - ${at(left)})`}),
                       element('span', {class: 'diff-error',
                                        style: `left: ${at(d.value - d.error)}; width: calc(${at(d.value + d.error)} - ${at(d.value - d.error)})`})),
               element('span', {class: 'bar-value', 'data-value': d.value, 'data-error': d.error,
                                title: `± ${d.error.toFixed(m.digits)}; scores more on ` +
                                       `${(100 * c.vsBest.better.value).toFixed(1)}% of the deals, ` +
                                       `the same on ${(100 * c.vsBest.ties.value).toFixed(1)}%`}, text));
  }
}

// --- playing --------------------------------------------------------------
function position(played = state.played) {
  return {deal: state.deal, trump: state.strain, leader: next(state.declarer), played};
}

async function startPlay(strain, declarer) {
  Object.assign(state, {strain, declarer, played: [], undone: []});
  drawTable();
  await drawPlay();
  await drawSingleDummy();
}

// Each legal card's total for declarer's side: tricks already won plus the
// tricks from here (the solver's score is for the side to play).
function declarerTotals(info, scores) {
  const declSide = sideOf(state.declarer);
  const toPlayIsDecl = sideOf(info.toPlay) === declSide;
  const totals = new Map();
  const best = scores.tricks;
  for (const s of scores.cards) {
    const total = info.won[declSide] + (toPlayIsDecl ? s.tricks : info.tricksLeft - s.tricks);
    for (const card of [s.card, ...s.equals]) totals.set(card, {total, loses: s.tricks < best});
  }
  return totals;
}

async function drawPlay() {
  await busy(async () => {
    try {
      const worker = await workerReady;
      const info = await worker.inspect(position());
      const finished = info.tricksLeft === 0;
      const scores = finished ? null : await worker.solve(position());
      // The trick just completed stays in view until the next card.
      let shown = info.trick;
      if (info.trick.length === 0 && state.played.length >= 4) {
        const before = await worker.inspect(position(state.played.slice(0, -1)));
        shown = [...before.trick, {seat: before.toPlay, card: state.played.at(-1)}];
      }
      drawDiagram(info, scores ? declarerTotals(info, scores) : new Map(), shown);
      drawTally(info, scores);
    } catch (e) {
      showMessage(playerMessage(e));
    }
  });
}

function drawDiagram(info, totals, trick) {
  for (const seat of SEATS) {
    const box = $(`hand-${seat}`);
    const toPlay = seat === info.toPlay && info.tricksLeft > 0;
    box.classList.toggle('to-play', toPlay);
    const label = seat === state.declarer ? 'declarer' : seat === next(state.declarer, 2) ? 'dummy' : '';
    box.replaceChildren(element('div', {class: 'seat'}, NAME[seat], label ? element('span', {class: 'role'}, ` ${label}`) : null));
    info.hands[seat].split('.').forEach((ranks, i) => {
      const suit = SUITS[i];
      const line = element('div', {class: 'suit'}, suitSymbol(suit));
      if (!ranks) line.append(element('span', {class: 'void'}, '—'));
      for (const r of ranks) {
        const card = suit + r;
        const shownRank = r === 'T' ? '10' : r;
        const score = totals.get(card);
        if (toPlay && info.legal.includes(card) && score) {
          line.append(element('button', {type: 'button', class: `card ${isRed(suit) ? 'red' : ''}${score.loses ? ' loses' : ' best'}`,
                                         title: `${card}: declarer's side takes ${score.total}`, 'data-card': card,
                                         onclick: () => play(card)},
                              shownRank, element('sub', {}, String(score.total))));
        } else {
          line.append(element('span', {class: `card plain ${isRed(suit) ? 'red' : ''}${toPlay ? ' illegal' : ''}`}, shownRank));
        }
      }
      box.append(line);
    });
  }
  const center = $('trick');
  center.replaceChildren();
  for (const {seat, card} of trick) {
    center.append(element('div', {class: `played at-${seat}${info.trick.length === 0 ? ' done' : ''}`},
                          suitSymbol(card[0]), card[1] === 'T' ? '10' : card[1]));
  }
}

function drawTally(info, scores) {
  const declSide = sideOf(state.declarer);
  const strain = state.strain === 'NT' ? 'NT' : SYMBOL[state.strain];
  const dd = state.table[state.strain][state.declarer];
  $('contract-line').replaceChildren(
      element('strong', {}, `${strain} by ${NAME[state.declarer]}`),
      ` — double dummy ${dd} tricks; ${NAME[next(state.declarer)]} leads`);
  let text = `Tricks: ${sideName(declSide)} ${info.won[declSide]}, ${sideName(declSide === 'NS' ? 'EW' : 'NS')} ${info.won[declSide === 'NS' ? 'EW' : 'NS']}`;
  if (scores) {
    const toPlayIsDecl = sideOf(info.toPlay) === declSide;
    const expect = info.won[declSide] + (toPlayIsDecl ? scores.tricks : info.tricksLeft - scores.tricks);
    text += ` · with best play declarer's side ends with ${expect} · ${NAME[info.toPlay]} to play`;
  } else {
    text += ' · all cards played';
  }
  $('tally').textContent = text;
  $('undo').disabled = state.played.length === 0;
  $('restart').disabled = state.played.length === 0;
  $('redo').disabled = state.undone.length === 0;
}

async function play(card) {
  if (state.busy) return;
  if (state.undone.length && state.undone.at(-1) === card) state.undone.pop();
  else state.undone = [];
  state.played.push(card);
  await drawPlay();
}

async function undo() {
  if (!state.played.length || state.busy) return;
  state.undone.push(state.played.pop());
  await drawPlay();
}

async function redo() {
  if (!state.undone.length || state.busy) return;
  state.played.push(state.undone.pop());
  await drawPlay();
}

async function restart() {
  if (state.busy) return;
  state.undone.push(...state.played.reverse());
  state.played = [];
  await drawPlay();
}

// --- wiring ---------------------------------------------------------------
$('solve').addEventListener('click', () => solveDeal($('deal-text').value));
$('random').addEventListener('click', () => {
  $('deal-text').value = randomDeal();
  solveDeal($('deal-text').value);
});
$('dealer').addEventListener('change', redrawPar);
$('vul').addEventListener('change', redrawPar);
$('undo').addEventListener('click', undo);
$('redo').addEventListener('click', redo);
$('restart').addEventListener('click', restart);
$('hide-ew').addEventListener('change', drawSingleDummy);
$('sd-measure').addEventListener('change', drawPaired);
$('deal-text').addEventListener('keydown', (e) => {
  if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) solveDeal($('deal-text').value);
});
workerReady.catch((e) => showMessage(`The solver could not start: ${e.message}`));

// A deal in the address (#N:...) is solved at once.
if (location.hash.length > 1) {
  $('deal-text').value = decodeURIComponent(location.hash.slice(1));
  solveDeal($('deal-text').value);
}

// Offline: the service worker keeps the page and the solver.
if ('serviceWorker' in navigator && location.protocol !== 'file:') {
  navigator.serviceWorker.register('sw.js').catch(() => {});
}
