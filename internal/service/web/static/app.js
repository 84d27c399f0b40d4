// Sudoku page: plays puzzles from the service's JSON API. Games in
// progress, statistics and the colour scheme are kept in localStorage.
// rules.js, loaded first, checks the rules (RuleCheck).
"use strict";

const $ = (id) => document.getElementById(id);

// The game. cells[i] is 0 (blank) or 1..n; pencil[i] is a bitmask (bit d
// for digit d); given[i] marks the puzzle's digits.
const game = {
  n: 9, br: 3, bc: 3, size: "3x3", alphabet: "123456789",
  puzzle: [], solution: null, cells: [], pencil: [], given: [],
  // selected is the cell that keys and the keypad act on first; multi is
  // every selected cell (drag, Ctrl/Shift+click), selected among them.
  selected: -1, multi: new Set(), pencilMode: false, undo: [], redo: [],
  wrong: new Set(), hint: null, elapsed: 0, runStart: 0, finished: false,
  paused: false, level: "", rating: 0, source: "", hints: 0, checks: 0,
  digitFirst: false, armed: 0,
  // started: the game is counted as started in the statistics (the
  // player did something in it).
  started: false,
  // centre[i] and corner[i] are more marks (bitmasks, as pencil);
  // colour[i] is 0 or a colour number; markKind says which marks
  // pencil mode writes: "pencil" (candidates), "centre" or "corner".
  centre: [], corner: [], colour: [], markKind: "pencil",
  // rules: the variant constraints of the puzzle object played, or null
  // (see rulesOf). unverified says why the service could not solve the
  // puzzle ("" when it did): "the service cannot solve arrows yet", or
  // its deadline; the game then has no solution, Check and Hint say so,
  // and the rules are checked on the page.
  rules: null, unverified: "",
};

// The fields of a cell that a change may set, as game's arrays.
const FIELDS = ["cells", "pencil", "centre", "corner", "colour"];
const COLOURS = 6;

let timerID = 0;
const STORE = "sudoku.games", CURRENT = "sudoku.current", STATS = "sudoku.stats", THEME = "sudoku.theme";
const SETTINGS = "sudoku.settings", STREAK = "sudoku.streak";

// The player's settings, kept in localStorage: highlight clashing digits,
// remove an entered digit from its peers' marks, show wrong entries at
// once (when the solution is known), hide the timer.
const DEFAULT_SETTINGS = { conflicts: true, autoMarks: true, mistakes: false, hideTimer: false };
let settings = Object.assign({}, DEFAULT_SETTINGS);

const MAX_SAVED = 30, MAX_UNDO = 400, SAVED_UNDO = 150;

function alphabetFor(n) {
  return n <= 9 ? "123456789".slice(0, n) : "ABCDEFGHIJKLMNOPQRSTUVWXYZ".slice(0, n);
}

function shapeOf(size, cells) {
  const m = /^(\d+)x(\d+)$/.exec(size || "");
  if (m) return [+m[1], +m[2]];
  const n = Math.round(Math.sqrt(cells));
  const shapes = { 4: [2, 2], 6: [2, 3], 8: [2, 4], 9: [3, 3], 12: [3, 4], 16: [4, 4], 25: [5, 5] };
  return shapes[n] || [1, n];
}

function parseLine(line, alphabet) {
  return Array.from(line, (ch) => alphabet.indexOf(ch.toUpperCase()) + 1);
}

function lineOf(cells) {
  return cells.map((v) => (v ? game.alphabet[v - 1] : ".")).join("");
}

const sym = (d) => game.alphabet[d - 1];
const cellName = (i) => "r" + (Math.floor(i / game.n) + 1) + "c" + (i % game.n + 1);

// unitsOf returns the rows, columns and boxes as lists of cell indices
// (boxes: a jigsaw's regions instead of the shape's boxes).
function unitsOf(n, br, bc, boxes) {
  const units = [];
  for (let r = 0; r < n; r++) units.push([...Array(n)].map((_, c) => r * n + c));
  for (let c = 0; c < n; c++) units.push([...Array(n)].map((_, r) => r * n + c));
  if (boxes) return units.concat(boxes);
  for (let b = 0; b < n; b++) {
    const r0 = Math.floor(b / (n / bc)) * br, c0 = (b % (n / bc)) * bc;
    const box = [];
    for (let k = 0; k < n; k++) box.push((r0 + Math.floor(k / bc)) * n + c0 + (k % bc));
    units.push(box);
  }
  return units;
}

let units = [], peers = [];

// rulesOf takes the variant constraints of a puzzle object (docs/formats.md,
// docs/variants.md, docs/import.md): killer cages {sum, cells} (no sum:
// digits only distinct), thermometers (cells, bulb first), anti-knight,
// anti-king and non-consecutive, and every rule of sudoku.Rules under its
// JSON name (RULE_FIELDS), cells 0-based in reading order; and its
// regions: a jigsaw's region map (regions), the regions of the variants
// diagonal, hyper and disjoint and extra regions (extra), in the order of
// package sudoku (the variant's first). It returns null when there are
// none, and throws on cells outside the grid of n×n (boxes br×bc), a bad
// map or a rule of the wrong form. The service checks the rest (sums in
// range, dots between neighbours, ...) when it reads the puzzle.
function rulesOf(obj, n, br, bc) {
  if (!obj || typeof obj !== "object") return null;
  const cellsOK = (cs) => Array.isArray(cs) && cs.length > 0 && cs.every((i) => Number.isInteger(i) && i >= 0 && i < n * n);
  const r = {};
  if (typeof obj.regions === "string" && obj.regions.trim()) {
    const map = obj.regions.replace(/\s+/g, "");
    if (regionsOf(map, n) === null) throw new Error("the region map is not " + n + " regions of " + n + " cells");
    r.regions = map;
  }
  const extra = [];
  const addExtra = (cells) => {
    const key = [...cells].sort((a, b) => a - b).join(",");
    if (!extra.some((e) => [...e].sort((a, b) => a - b).join(",") === key)) extra.push(cells);
  };
  const variant = String(obj.variant || "").toLowerCase();
  if (["diagonal", "x", "sudoku-x"].includes(variant)) {
    addExtra([...Array(n)].map((_, i) => i * n + i));
    addExtra([...Array(n)].map((_, i) => i * n + n - 1 - i));
  } else if (["hyper", "windoku"].includes(variant) && n === 9) {
    for (const r0 of [1, 5]) for (const c0 of [1, 5]) addExtra([...Array(9)].map((_, k) => (r0 + Math.floor(k / 3)) * 9 + c0 + (k % 3)));
  } else if (["disjoint", "disjoint-groups"].includes(variant)) {
    for (let k = 0; k < n; k++) addExtra([...Array(n)].map((_, b) => (Math.floor(b / (n / bc)) * br + Math.floor(k / bc)) * n + (b % (n / bc)) * bc + (k % bc)));
  }
  if (Array.isArray(obj.extra)) {
    obj.extra.forEach((e, j) => {
      if (!cellsOK(e) || e.length !== n) throw new Error("extra region " + (j + 1) + " is not " + n + " cells of the grid");
      addExtra(e.slice());
    });
  }
  if (extra.length) r.extra = extra;
  if (Array.isArray(obj.cages) && obj.cages.length) {
    r.cages = obj.cages.map((k, j) => {
      if (!k || !cellsOK(k.cells) || !(k.sum === undefined || Number.isInteger(k.sum))) throw new Error("cage " + (j + 1) + " is not a sum and cells of the " + n + "×" + n + " grid");
      return { sum: k.sum || 0, cells: [...k.cells].sort((a, b) => a - b) };
    });
  }
  if (Array.isArray(obj.thermos) && obj.thermos.length) {
    r.thermos = obj.thermos.map((t, j) => {
      if (!cellsOK(t)) throw new Error("thermometer " + (j + 1) + " is not cells of the " + n + "×" + n + " grid");
      return t.slice();
    });
  }
  for (const f of ["antiknight", "antiking", "nonconsecutive"]) if (obj[f] === true) r[f] = true;
  const int = (v) => Number.isInteger(v);
  const val = (v) => v === undefined || int(v);
  // Each form checks one item and returns its copy (null: not of the form).
  const forms = {
    flag: (v) => (v === true ? true : null),
    cells: (v) => (cellsOK(v) ? v.slice() : null),
    line: (v) => (cellsOK(v) ? v.slice() : null),
    arrow: (v) => (v && cellsOK(v.circle) && cellsOK(v.shaft) ? { circle: v.circle.slice(), shaft: v.shaft.slice() } : null),
    dot: (v) => (v && cellsOK(v.cells) && v.cells.length === 2 && val(v.value) ? Object.assign({ cells: v.cells.slice() }, v.value ? { value: v.value } : {}) : null),
    whisper: (v) => (v && cellsOK(v.cells) && val(v.value) ? Object.assign({ cells: v.cells.slice() }, v.value ? { value: v.value } : {}) : null),
    lk: (v) => (v && int(v.row) && int(v.col) && RuleCheck.littleKillerCells(v, n).length > 0 && int(v.sum) ? { row: v.row, col: v.col, direction: v.direction, sum: v.sum } : null),
    outside: (v) => (v && int(v.row) && int(v.col) && RuleCheck.outsideCells(v, n) && val(v.value) ? { row: v.row, col: v.col, value: v.value || 0 } : null),
    quad: (v) => (v && cellsOK(v.cells) && Array.isArray(v.digits) && v.digits.every((d) => int(d) && d >= 1 && d <= n) ? { cells: v.cells.slice(), digits: v.digits.slice() } : null),
    clone: (v) => (v && cellsOK(v.cells) && cellsOK(v.copy) && v.cells.length === v.copy.length ? { cells: v.cells.slice(), copy: v.copy.slice() } : null),
  };
  for (const [f, form] of Object.entries(RULE_FIELDS)) {
    const v = obj[f];
    if (v === undefined || v === false || (Array.isArray(v) && v.length === 0)) continue;
    if (form === "flag" || form === "cells") {
      const c = forms[form](v);
      if (c === null) throw new Error(RULE_WORDS[f][0] + " are not " + (form === "flag" ? "true or false" : "cells of the " + n + "×" + n + " grid"));
      r[f] = c;
      continue;
    }
    if (!Array.isArray(v)) throw new Error(RULE_WORDS[f][0] + " are not a list");
    r[f] = v.map((item, j) => {
      const c = forms[form](item);
      if (c === null) throw new Error(RULE_WORDS[f][0] + ": number " + (j + 1) + " is not of the form docs/variants.md gives, on the " + n + "×" + n + " grid");
      return c;
    });
  }
  return Object.keys(r).length ? r : null;
}

// RULE_FIELDS are the fields of sudoku.Rules (JSON names) and the form of
// their items.
const RULE_FIELDS = {
  arrows: "arrow", differences: "dot", ratios: "dot", negativeratio: "flag", xv: "dot", negativexv: "flag",
  even: "cells", odd: "cells", minimums: "cells", maximums: "cells",
  littlekillers: "lk", sandwiches: "outside", xsums: "outside", skyscrapers: "outside",
  quadruples: "quad", clones: "clone", palindromes: "line", renbans: "line", whispers: "whisper",
  betweenlines: "line", regionsumlines: "line", entropiclines: "line", modularlines: "line", nabners: "line",
  zipperlines: "line", doublearrows: "line", slowthermos: "line", rowindexers: "cells", columnindexers: "cells", boxindexers: "cells",
};

// UNSOLVED_RULES are the rules the service's exact-cover solver does not
// handle yet (sudoku.ExactCoverRules): for a puzzle with any of them it
// answers an error, and the page plays the puzzle checking the rules
// itself (see loadPuzzle).
const UNSOLVED_RULES = ["arrows", "littlekillers", "sandwiches", "xsums", "skyscrapers", "quadruples", "betweenlines", "regionsumlines", "zipperlines", "doublearrows"];

// RULE_WORDS names each rule (the label's word, as setters say it) and
// says it in a sentence for the list under the board, naming how it is
// drawn (n is the side).
const RULE_WORDS = {
  regions: ["jigsaw", () => "Jigsaw: each region outlined in thick lines holds every digit once."],
  extra: ["extra regions", () => "Extra regions (diagonal lines, tinted cells): each holds every digit once."],
  cages: ["killer", () => "Killer cages (dashed): the digits of a cage do not repeat and add up to its sum (a cage without a sum: they only do not repeat)."],
  thermos: ["thermo", () => "Thermometers (grey, with a bulb): digits increase from the bulb."],
  antiknight: ["anti-knight", () => "Anti-knight: cells a knight's move apart never hold the same digit."],
  antiking: ["anti-king", () => "Anti-king: cells a king's move apart never hold the same digit."],
  nonconsecutive: ["non-consecutive", () => "Non-consecutive: orthogonal neighbours never hold consecutive digits (unless a dot joins them)."],
  arrows: ["arrows", () => "Arrows: the digits on an arrow add up to the number in its circle (a circle over 2 or 3 cells reads as a number: 1 and 2 make 12); digits may repeat."],
  differences: ["white dots", () => "White dots: the two digits differ by 1 (or by the number in the dot)."],
  ratios: ["black dots", () => "Black dots: one digit is twice the other (or the number in the dot times)."],
  negativeratio: ["all black dots given", () => "All black dots are given: neighbours without a dot are in no ratio of a black dot."],
  xv: ["XV", () => "X and V: the two digits add up to 10 (X), 5 (V) or the number shown."],
  negativexv: ["all XV given", () => "All X and V are given: neighbours without a mark add up to neither 5 nor 10."],
  even: ["even cells", () => "Grey squares: even digits."],
  odd: ["odd cells", () => "Grey circles: odd digits."],
  minimums: ["minimums", () => "Minimum cells (chevrons pointing in): the digit is smaller than each orthogonal neighbour."],
  maximums: ["maximums", () => "Maximum cells (chevrons pointing out): the digit is larger than each orthogonal neighbour."],
  littlekillers: ["little killers", () => "Little killers: the digits on the diagonal the clue's arrow points along add up to the clue; digits may repeat."],
  sandwiches: ["sandwich sums", (n) => "Sandwich sums (beside a row or column): the digits between the 1 and the " + n + " add up to the clue."],
  xsums: ["X-sums", () => "X-sums (in italics): seen from the clue, the first X digits add up to it, X being the first digit."],
  skyscrapers: ["skyscrapers", () => "Skyscrapers (boxed): seen from the clue, that many digits are larger than every digit before them."],
  quadruples: ["quadruples", () => "Quadruples: the digits in a circle appear among the cells around it."],
  clones: ["clones", () => "Clones: cells shaded alike hold the same digits in the same places."],
  palindromes: ["palindromes", () => "Palindromes (grey lines): the line reads the same from both ends."],
  renbans: ["renban", () => "Renban lines (pink): the digits are consecutive, in any order, none repeated."],
  whispers: ["whispers", (n) => "Whispers lines (green): neighbours on the line differ by at least " + Math.ceil(n / 2) + " (or the number given)."],
  betweenlines: ["between lines", () => "Between lines (blue, a circle at each end): the digits on the line lie strictly between those of its circles."],
  regionsumlines: ["region-sum lines", () => "Region-sum lines (light blue): the line's stretches in each box add up to the same sum."],
  entropiclines: ["entropic lines", (n) => "Entropic lines (orange): any three cells in a row on the line hold a low, a middle and a high digit (" + entropicText(n) + ")."],
  modularlines: ["modular lines", () => "Modular lines (teal): any three cells in a row on the line hold digits of different remainders mod 3."],
  nabners: ["nabner lines", () => "Nabner lines (yellow): no two digits on the line are equal or consecutive."],
  zipperlines: ["zipper lines", () => "Zipper lines (lavender): digits the same distance from the middle add up to the same sum (the middle digit on a line of odd length)."],
  doublearrows: ["double arrows", () => "Double arrows (a circle at each end): the two circles add up to the sum of the digits between them."],
  slowthermos: ["slow thermo", () => "Slow thermometers (hollow bulb): digits never decrease from the bulb."],
  rowindexers: ["row indexers", () => "Row indexers (red cells): a digit D in row R puts R in row D of the same column."],
  columnindexers: ["column indexers", () => "Column indexers (green cells): a digit D in column C puts C in column D of the same row."],
  boxindexers: ["box indexers", () => "Box indexers (blue cells): a digit D in the I-th cell of a box puts I in its D-th cell."],
};

// entropicText says the low, middle and high digits of side n: "1-3,
// 4-6, 7-9".
function entropicText(n) {
  const runs = [[], [], []];
  for (let d = 1; d <= n; d++) runs[RuleCheck.entropicRank(d, n)].push(d);
  return runs.map((r) => (r.length > 1 ? r[0] + "-" + r[r.length - 1] : String(r[0]))).join(", ");
}

// regionsOf reads a region map of n×n symbols into n regions of n cells,
// or returns null.
function regionsOf(map, n) {
  const chars = [...map];
  if (chars.length !== n * n) return null;
  const index = new Map(), boxes = [];
  chars.forEach((ch, i) => {
    if (!index.has(ch)) {
      index.set(ch, boxes.length);
      boxes.push([]);
    }
    boxes[index.get(ch)].push(i);
  });
  return boxes.length === n && boxes.every((b) => b.length === n) ? boxes : null;
}

// Cells a knight's or a king's move apart, and orthogonal neighbours.
const KNIGHT = [[1, 2], [2, 1], [2, -1], [1, -2]], KING = [[0, 1], [1, -1], [1, 0], [1, 1]], ORTHO = [[0, 1], [1, 0]];

// pairsOf lists each pair of cells i < j a move of moves apart once.
function pairsOf(n, moves) {
  const out = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      for (const [dr, dc] of moves) {
        const r2 = r + dr, c2 = c + dc;
        if (r2 >= 0 && r2 < n && c2 >= 0 && c2 < n) out.push([r * n + c, r2 * n + c2]);
      }
    }
  }
  return out;
}

// Pairs of cells that may not hold the same digit (anti-knight, anti-king)
// and that may not hold consecutive digits (non-consecutive).
let samePairs = [], consecPairs = [];

// ruleBreaks lists the rules the grid breaks (RuleCheck.ruleBreaks, the
// page's port of sudoku.CheckRules): rows, columns, boxes or regions,
// extra regions, then every variant rule.
function ruleBreaks() {
  const r = game.rules || {};
  return RuleCheck.ruleBreaks(Object.assign({}, r, { n: game.n, br: game.br, bc: game.bc, boxes: r.regions ? regionsOf(r.regions, game.n) : null }), game.cells);
}

// infoText is the label above the board: size, level and rating when
// known, the number of givens, and where the puzzle came from.
function infoText() {
  const parts = [game.n + "×" + game.n];
  if (game.source && (game.source.startsWith("daily") || !game.level)) parts.push(game.source);
  if (game.level) parts.push(game.level + (game.rating ? " (" + game.rating.toFixed(1) + ")" : ""));
  if (game.rules) parts.push(rulesLabel(game.rules));
  parts.push(game.given.filter(Boolean).length + " givens");
  return parts.join(" · ");
}

// rulesLabel names the variant rules: "killer, thermo, anti-knight".
function rulesLabel(r) {
  return Object.keys(RULE_WORDS).filter((f) => r[f]).map((f) => RULE_WORDS[f][0]).join(", ");
}

// setup starts a puzzle: meta holds level, rating and source (the label),
// and saved a game in progress to restore.
function setup(puzzleLine, size, solutionLine, meta, saved) {
  const [br, bc] = shapeOf(size, puzzleLine.length);
  const n = br * bc;
  meta = meta || {};
  stopTimer();
  save(); // the game being left keeps its time
  Object.assign(game, {
    n, br, bc, size: br + "x" + bc, alphabet: alphabetFor(n),
    level: meta.level || "", rating: +meta.rating || 0, source: meta.source || "", rules: meta.rules || null, unverified: meta.unverified || "",
    selected: -1, multi: new Set(), pencilMode: false, undo: [], redo: [], wrong: new Set(), hint: null,
    elapsed: 0, finished: false, paused: false, hints: 0, checks: 0, armed: 0, started: false,
  });
  game.puzzle = parseLine(puzzleLine, game.alphabet);
  game.solution = solutionLine ? parseLine(solutionLine, game.alphabet) : null;
  game.cells = game.puzzle.slice();
  game.given = game.puzzle.map((v) => v > 0);
  game.pencil = game.puzzle.map(() => 0);
  game.centre = game.puzzle.map(() => 0);
  game.corner = game.puzzle.map(() => 0);
  game.colour = game.puzzle.map(() => 0);
  if (saved) {
    const cells = parseLine(saved.cells || "", game.alphabet);
    if (cells.length === game.cells.length) game.cells = cells.map((v, i) => (game.given[i] ? game.puzzle[i] : v));
    for (const f of ["pencil", "centre", "corner", "colour"]) {
      if (Array.isArray(saved[f]) && saved[f].length === game.cells.length) game[f] = saved[f].slice();
    }
    game.undo = saved.undo || [];
    game.redo = saved.redo || [];
    game.elapsed = saved.elapsed || 0;
    game.finished = !!saved.finished;
    game.hints = saved.hints || 0;
    game.checks = saved.checks || 0;
    game.started = !!saved.started;
  }
  units = unitsOf(n, br, bc, game.rules && game.rules.regions ? regionsOf(game.rules.regions, n) : null);
  if (game.rules && game.rules.extra) units.push(...game.rules.extra);
  // A cage holds each digit at most once: a unit for repeats and peers.
  if (game.rules && game.rules.cages) units.push(...game.rules.cages.map((k) => k.cells));
  samePairs = [];
  if (game.rules && game.rules.antiknight) samePairs.push(...pairsOf(n, KNIGHT));
  if (game.rules && game.rules.antiking) samePairs.push(...pairsOf(n, KING));
  // Non-consecutive spares the pairs joined by a kropki dot.
  const dotted = new Set(game.rules ? [...(game.rules.differences || []), ...(game.rules.ratios || [])].map((d) => Math.min(...d.cells) + "," + Math.max(...d.cells)) : []);
  consecPairs = game.rules && game.rules.nonconsecutive ? pairsOf(n, ORTHO).filter(([i, j]) => !dotted.has(i + "," + j)) : [];
  peers = game.cells.map(() => new Set());
  for (const u of units) for (const i of u) for (const j of u) if (i !== j) peers[i].add(j);
  for (const [i, j] of samePairs) {
    peers[i].add(j);
    peers[j].add(i);
  }
  buildBoard();
  buildKeypad();
  formFor();
  $("info").textContent = infoText();
  $("paused").hidden = true;
  $("board").classList.remove("paused");
  $("pause").textContent = "Pause";
  setLink();
  updateHelp();
  if (game.finished) {
    showDone();
  } else {
    $("done").hidden = true;
    runTimer();
  }
  try {
    localStorage.setItem(CURRENT, gameID());
  } catch {
    // storage full or refused: the game still plays
  }
  save();
  render();
  $("board").focus({ preventScroll: true });
}

// linkOf is the share link's fragment: size, puzzle, level, rating, and
// the entries when progress is asked for.
function linkOf(progress) {
  const q = new URLSearchParams();
  q.set("size", game.size);
  q.set("p", lineOf(game.puzzle));
  if (game.rules) q.set("rules", JSON.stringify(game.rules));
  if (game.level) q.set("level", game.level);
  if (game.rating) q.set("rating", game.rating.toFixed(1));
  if (progress && game.cells.some((v, i) => v && !game.given[i])) q.set("s", lineOf(game.cells));
  return "#" + q.toString();
}

function setLink() {
  history.replaceState(null, "", linkOf(false));
}

// gameID names a game by its puzzle: size, grid and rules (a killer's grid
// is often empty).
const gameID = () => game.size + ":" + lineOf(game.puzzle) + (game.rules ? ":" + hash(JSON.stringify(game.rules)) : "");

// hash is FNV-1a (32 bits) in hex.
function hash(s) {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, "0");
}

function buildBoard() {
  const board = $("board");
  board.innerHTML = "";
  board.style.setProperty("--n", game.n);
  board.dataset.n = game.n;
  board.setAttribute("aria-rowcount", game.n);
  board.setAttribute("aria-colcount", game.n);
  for (let r = 0; r < game.n; r++) {
    const row = document.createElement("div");
    row.className = "row";
    row.setAttribute("role", "row");
    row.setAttribute("aria-rowindex", r + 1);
    for (let c = 0; c < game.n; c++) {
      const i = r * game.n + c;
      const cell = document.createElement("div");
      cell.className = "cell";
      cell.id = "cell-" + i;
      const map = game.rules && game.rules.regions;
      if (map ? c + 1 < game.n && map[i] !== map[i + 1] : (c + 1) % game.bc === 0 && c + 1 < game.n) cell.classList.add("box-right");
      if (map ? r + 1 < game.n && map[i] !== map[i + game.n] : (r + 1) % game.br === 0 && r + 1 < game.n) cell.classList.add("box-bottom");
      cell.dataset.i = i;
      cell.setAttribute("role", "gridcell");
      cell.setAttribute("aria-colindex", c + 1);
      row.appendChild(cell);
    }
    board.appendChild(row);
  }
  drawRules(board);
}

const SVGNS = "http://www.w3.org/2000/svg";

function svgEl(tag, attrs) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  return e;
}

// OUTSIDE_RULES have clues outside the grid: the board then leaves a ring
// a cell wide around the grid for them (--fit shrinks the grid to make
// room, so that the board keeps its place and size).
const OUTSIDE_RULES = ["littlekillers", "sandwiches", "xsums", "skyscrapers"];

// drawRules draws the variant rules over the board as SudokuPad shows
// them, in SVG layers whose units are hundredths of a cell (cell r, c
// spans 100c..100c+100 across, 100r..100r+100 down), each element named by
// its rule's field and number (data-rule, data-k) and its cells
// (data-cells):
//   - shades, blended with the cells under them so that the digits show
//     through (multiply in light, screen in dark): clone cells tinted
//     alike, indexer cells tinted, even cells a grey square, odd cells a
//     grey circle, minimum and maximum cells a chevron on each side
//     pointing in (minimum) or out (maximum);
//   - extra regions: a diagonal as a line from corner to corner, other
//     regions as tinted cells;
//   - lines, blended: whispers (green), renban (pink), palindromes
//     (grey), region-sum (light blue), between lines (blue, a circle at
//     each end), entropic (orange), modular (teal), nabner (yellow),
//     zipper (lavender) lines through the cells' centres; double arrows
//     (grey, a circle at each end); slow thermometers (a hollow bulb);
//     arrows (a circle, or a pill over 2 or 3 cells, and a shaft ending
//     in an arrowhead);
//   - thermometers: a bulb and a thick line through the cells' centres;
//   - killer cages: dashed outlines inset in the cells, the sum in the
//     top-left corner of the cage's first cell in reading order, the
//     outline broken around it;
//   - marks on top: white and black kropki dots and X/V marks on the
//     edge between their cells (a value other than the default written
//     in), quadruple circles on the corner of their cells with the digits,
//     and outside the grid the little-killer sums with an arrow along
//     their diagonal, sandwich sums, X-sums (italic) and skyscrapers
//     (boxed).
function drawRules(board) {
  const r = game.rules, n = game.n;
  const wrap = board.closest(".boardwrap");
  const ring = !!r && OUTSIDE_RULES.some((f) => r[f]);
  wrap.classList.toggle("ring", ring);
  wrap.style.setProperty("--bn", n);
  document.documentElement.style.setProperty("--fit", ring ? String(n / (n + 2)) : "1");
  showRuleText();
  if (!r) return;
  const size = 100 * n;
  const layer = (cls) => svgEl("svg", { class: "rules " + cls, viewBox: "0 0 " + size + " " + size, preserveAspectRatio: "none", "aria-hidden": "true" });
  const centre = (i) => [100 * (i % n) + 50, 100 * Math.floor(i / n) + 50];
  // el makes an element of rule field f, number k, on cells cs.
  const el = (tag, f, k, cs, attrs) => svgEl(tag, Object.assign({ "data-rule": f, "data-k": k, "data-cells": cs.join(" ") }, attrs));
  const through = (cs) => cs.map((i, j) => (j ? "L" : "M") + centre(i).join(" ")).join("");
  const text = (e, t) => {
    e.textContent = t;
    return e;
  };

  const shades = layer("shades");
  (r.clones || []).forEach((cl, k) => {
    for (const i of cl.cells.concat(cl.copy)) shades.appendChild(el("rect", "clones", k, [i], { class: "clone c" + (k % 4), x: 100 * (i % n), y: 100 * Math.floor(i / n), width: 100, height: 100 }));
  });
  for (const [f, cls] of [["rowindexers", "idx-row"], ["columnindexers", "idx-column"], ["boxindexers", "idx-box"]]) {
    for (const i of r[f] || []) shades.appendChild(el("rect", f, 0, [i], { class: "indexer " + cls, x: 100 * (i % n), y: 100 * Math.floor(i / n), width: 100, height: 100 }));
  }
  for (const i of r.even || []) shades.appendChild(el("rect", "even", 0, [i], { class: "parity", x: 100 * (i % n) + 17, y: 100 * Math.floor(i / n) + 17, width: 66, height: 66 }));
  for (const i of r.odd || []) shades.appendChild(el("circle", "odd", 0, [i], { class: "parity", cx: centre(i)[0], cy: centre(i)[1], r: 34 }));
  for (const [f, inward] of [["minimums", true], ["maximums", false]]) {
    for (const i of r[f] || []) {
      const [x, y] = centre(i);
      // The chevron by the top edge, turned to each side.
      const tip = inward ? 17 : 5, base = inward ? 5 : 17;
      const g = el("g", f, 0, [i], { class: "extreme" });
      for (const a of [0, 90, 180, 270]) g.appendChild(svgEl("path", { d: "M" + (x - 12) + " " + (y - 50 + base) + "L" + x + " " + (y - 50 + tip) + "L" + (x + 12) + " " + (y - 50 + base), transform: "rotate(" + a + " " + x + " " + y + ")" }));
      shades.appendChild(g);
    }
  }
  if (shades.childNodes.length) board.appendChild(shades);

  if (r.extra) {
    const svg = layer("extras");
    const main = [...Array(n)].map((_, i) => i * n + i).join(), anti = [...Array(n)].map((_, i) => i * n + n - 1 - i).join();
    r.extra.forEach((e, k) => {
      const key = [...e].sort((a, b) => a - b).join();
      if (key === main) svg.appendChild(svgEl("line", { class: "diagonal", "data-extra": k, x1: 0, y1: 0, x2: size, y2: size }));
      else if (key === anti) svg.appendChild(svgEl("line", { class: "diagonal", "data-extra": k, x1: size, y1: 0, x2: 0, y2: size }));
      else for (const i of e) svg.appendChild(svgEl("rect", { class: "extra", "data-extra": k, x: 100 * (i % n), y: 100 * Math.floor(i / n), width: 100, height: 100 }));
    });
    board.appendChild(svg);
  }

  const lines = layer("lines");
  for (const f of ["palindromes", "renbans", "regionsumlines", "entropiclines", "modularlines", "nabners", "zipperlines", "betweenlines", "doublearrows"]) {
    (r[f] || []).forEach((l, k) => {
      lines.appendChild(el("path", f, k, l, { class: "line " + f, d: through(l) }));
      if (f === "betweenlines" || f === "doublearrows") {
        for (const i of [l[0], l[l.length - 1]]) lines.appendChild(el("circle", f, k, [i], { class: "end " + f, cx: centre(i)[0], cy: centre(i)[1], r: 38 }));
      }
    });
  }
  (r.whispers || []).forEach((w, k) => lines.appendChild(el("path", "whispers", k, w.cells, { class: "line whispers", d: through(w.cells) })));
  (r.slowthermos || []).forEach((l, k) => {
    lines.appendChild(el("path", "slowthermos", k, l, { class: "slowtube", d: through(l) }));
    lines.appendChild(el("circle", "slowthermos", k, [l[0]], { class: "slowbulb", cx: centre(l[0])[0], cy: centre(l[0])[1], r: 32 }));
  });
  (r.arrows || []).forEach((a, k) => {
    // The circle: a circle in one cell, a pill round 2 or 3 in a line
    // (cells not in a line get a circle each).
    const pts = a.circle.map(centre);
    const xs = pts.map((q) => q[0]), ys = pts.map((q) => q[1]);
    const straight = a.circle.length > 1 && (new Set(xs).size === 1 || new Set(ys).size === 1);
    if (a.circle.length === 1 || straight) {
      const x0 = Math.min(...xs) - 38, y0 = Math.min(...ys) - 38;
      lines.appendChild(el("rect", "arrows", k, a.circle, { class: "arrow-circle", x: x0, y: y0, width: Math.max(...xs) + 38 - x0, height: Math.max(...ys) + 38 - y0, rx: 38, ry: 38 }));
    } else {
      for (const i of a.circle) lines.appendChild(el("circle", "arrows", k, [i], { class: "arrow-circle", cx: centre(i)[0], cy: centre(i)[1], r: 38 }));
    }
    // The shaft starts on the circle's edge, from the circle cell
    // nearest to its first cell, and ends in an arrowhead.
    const first = centre(a.shaft[0]);
    const from = pts.reduce((b, q) => (Math.hypot(q[0] - first[0], q[1] - first[1]) < Math.hypot(b[0] - first[0], b[1] - first[1]) ? q : b));
    const len = Math.hypot(first[0] - from[0], first[1] - from[1]) || 1;
    const start = [from[0] + ((first[0] - from[0]) * 38) / len, from[1] + ((first[1] - from[1]) * 38) / len];
    const shaft = a.shaft.map(centre);
    const end = shaft[shaft.length - 1], prev = shaft.length > 1 ? shaft[shaft.length - 2] : start;
    const ang = Math.atan2(end[1] - prev[1], end[0] - prev[0]);
    const head = [ang + 2.6, ang - 2.6].map((t) => [end[0] + 24 * Math.cos(t), end[1] + 24 * Math.sin(t)]);
    const d = "M" + start.join(" ") + shaft.map((q) => "L" + q.join(" ")).join("") + "M" + head[0].join(" ") + "L" + end.join(" ") + "L" + head[1].join(" ");
    lines.appendChild(el("path", "arrows", k, a.shaft, { class: "arrow-shaft", d }));
  });
  if (lines.childNodes.length) board.appendChild(lines);

  if (r.thermos) {
    const svg = layer("thermos");
    r.thermos.forEach((t, k) => {
      const [bx, by] = centre(t[0]);
      svg.appendChild(svgEl("path", { class: "tube", "data-thermo": k, d: through(t) }));
      svg.appendChild(svgEl("circle", { class: "bulb", "data-thermo": k, cx: bx, cy: by, r: 34 }));
    });
    board.appendChild(svg);
  }
  if (r.cages) {
    const svg = layer("cages");
    const mask = svgEl("mask", { id: "cagesums", maskUnits: "userSpaceOnUse", x: 0, y: 0, width: size, height: size });
    mask.appendChild(svgEl("rect", { x: 0, y: 0, width: size, height: size, fill: "white" }));
    const sums = [];
    r.cages.forEach((k, j) => {
      if (!k.sum) return; // a cage without a sum: only its outline
      const first = Math.min(...k.cells), x = 100 * (first % n), y = 100 * Math.floor(first / n);
      const t = String(k.sum);
      mask.appendChild(svgEl("rect", { x: x + 3, y: y + 3, width: 8 + 15 * t.length, height: 26, fill: "black" }));
      sums.push(text(svgEl("text", { class: "cage-sum", "data-cage": j, x: x + 6, y: y + 23 }), t));
      $("cell-" + first).classList.add("has-sum");
    });
    const defs = svgEl("defs");
    defs.appendChild(mask);
    svg.appendChild(defs);
    r.cages.forEach((k, j) => svg.appendChild(svgEl("path", { class: "cage", "data-cage": j, d: cagePath(k.cells, n, 9), mask: "url(#cagesums)" })));
    svg.append(...sums);
    board.appendChild(svg);
  }

  const marks = layer("marks");
  const edge = (cs) => {
    const [a, b] = cs.map(centre);
    return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  };
  for (const [f, cls, def] of [["differences", "white", 1], ["ratios", "black", 2]]) {
    (r[f] || []).forEach((dt, k) => {
      const [x, y] = edge(dt.cells);
      const g = el("g", f, k, dt.cells, { class: "kropki " + cls });
      g.appendChild(svgEl("circle", { cx: x, cy: y, r: dt.value && dt.value !== def ? 15 : 12 }));
      if (dt.value && dt.value !== def) g.appendChild(text(svgEl("text", { x, y: y + 7, "text-anchor": "middle" }), String(dt.value)));
      marks.appendChild(g);
    });
  }
  (r.xv || []).forEach((dt, k) => {
    const [x, y] = edge(dt.cells);
    const g = el("g", "xv", k, dt.cells, { class: "xv" });
    g.appendChild(svgEl("circle", { cx: x, cy: y, r: 15 }));
    g.appendChild(text(svgEl("text", { x, y: y + 10, "text-anchor": "middle" }), dt.value === 10 ? "X" : dt.value === 5 ? "V" : String(dt.value)));
    marks.appendChild(g);
  });
  (r.quadruples || []).forEach((q, k) => {
    // On the corner the cells share: the middle of their box of cells.
    const xs = q.cells.map((i) => i % n), ys = q.cells.map((i) => Math.floor(i / n));
    const x = 50 * (Math.min(...xs) + Math.max(...xs) + 1), y = 50 * (Math.min(...ys) + Math.max(...ys) + 1);
    const g = el("g", "quadruples", k, q.cells, { class: "quad" });
    g.appendChild(svgEl("circle", { cx: x, cy: y, r: 27 }));
    const ds = q.digits.map(String);
    const rows = ds.length > 2 ? [ds.slice(0, 2), ds.slice(2)] : [ds];
    rows.forEach((row, j) => g.appendChild(text(svgEl("text", { x, y: y + 7 + (rows.length > 1 ? (j ? 11 : -11) : 0), "text-anchor": "middle" }), row.join(" "))));
    marks.appendChild(g);
  });
  // Clues outside the grid, in the middle of their square beside it.
  const outside = (f, cls, o, k, cs, t) => {
    const x = 100 * o.col + 50, y = 100 * o.row + 50;
    const g = el("g", f, k, cs, { class: "outside " + cls, "data-at": o.row + "," + o.col });
    if (cls === "skyscraper") g.appendChild(svgEl("rect", { x: x - 30, y: y - 30, width: 60, height: 60, rx: 6 }));
    g.appendChild(text(svgEl("text", { x, y: y + 14, "text-anchor": "middle" }), t));
    marks.appendChild(g);
    return [g, x, y];
  };
  (r.littlekillers || []).forEach((lk, k) => {
    const [dr, dc] = { UL: [-1, -1], UR: [-1, 1], DL: [1, -1], DR: [1, 1] }[lk.direction];
    const o = { row: lk.row, col: lk.col };
    const [g, x, y] = outside("littlekillers", "littlekiller", o, k, RuleCheck.littleKillerCells(lk, n), String(lk.sum));
    // The sum moves away from the grid's corner; the arrow points at it.
    const t = g.querySelector("text");
    t.setAttribute("x", x - dc * 12);
    t.setAttribute("y", y + 12 - dr * 12);
    t.classList.add("lk-sum");
    const ax = x + dc * 20, ay = y + dr * 20, bx = x + dc * 44, by = y + dr * 44;
    g.appendChild(svgEl("path", { class: "lk-arrow", d: "M" + ax + " " + ay + "L" + bx + " " + by + "M" + (bx - dc * 13) + " " + by + "L" + bx + " " + by + "L" + bx + " " + (by - dr * 13) }));
  });
  for (const [f, cls] of [["sandwiches", "sandwich"], ["xsums", "xsum"], ["skyscrapers", "skyscraper"]]) {
    (r[f] || []).forEach((o, k) => outside(f, cls, o, k, RuleCheck.outsideCells(o, n), String(o.value)));
  }
  if (marks.childNodes.length) board.appendChild(marks);
}

// showRuleText lists the rules of the puzzle in words under the board
// (RULE_WORDS), for the player and for screen readers, to which the
// drawing is hidden.
function showRuleText() {
  const r = game.rules || {};
  const list = $("ruletext");
  list.replaceChildren(...Object.keys(RULE_WORDS).filter((f) => r[f]).map((f) => {
    const li = document.createElement("li");
    li.textContent = RULE_WORDS[f][1](game.n);
    return li;
  }));
  $("rulesbox").hidden = list.childNodes.length === 0;
  // Open beside a wide screen's keypad; on a phone, one line between the
  // board and the keypad, opened with a tap.
  $("rulesbox").open = !matchMedia("(max-width: 620px)").matches;
}

// cagePath is the outline of a cage inset by d (hundredths of a cell):
// for each side of a cell that borders no cell of the cage, a segment
// that reaches the neighbouring segments at the corners.
function cagePath(cells, n, d) {
  const inCage = new Set(cells);
  const has = (r, c) => r >= 0 && c >= 0 && r < n && c < n && inCage.has(r * n + c);
  // end returns where a side's segment stops towards a neighbour along it:
  // short of the corner when the neighbour is outside the cage, past it
  // (an inner corner) when the cell diagonally beyond is in the cage.
  const end = (along, beyond, corner, sign) => (!along ? corner - sign * d : beyond ? corner + sign * d : corner);
  let p = "";
  for (const i of cells) {
    const r = Math.floor(i / n), c = i % n, X = 100 * c, Y = 100 * r;
    for (const dr of [-1, 1]) {
      if (has(r + dr, c)) continue;
      const y = dr < 0 ? Y + d : Y + 100 - d;
      const x0 = end(has(r, c - 1), has(r + dr, c - 1), X, -1), x1 = end(has(r, c + 1), has(r + dr, c + 1), X + 100, 1);
      p += "M" + x0 + " " + y + "H" + x1;
    }
    for (const dc of [-1, 1]) {
      if (has(r, c + dc)) continue;
      const x = dc < 0 ? X + d : X + 100 - d;
      const y0 = end(has(r - 1, c), has(r - 1, c + dc), Y, -1), y1 = end(has(r + 1, c), has(r + 1, c + dc), Y + 100, 1);
      p += "M" + x + " " + y0 + "V" + y1;
    }
  }
  return p;
}

function buildKeypad() {
  const pad = $("keypad");
  pad.innerHTML = "";
  pad.style.setProperty("--cols", game.n <= 6 ? game.n : game.n === 9 ? 9 : 8);
  for (let d = 1; d <= game.n; d++) {
    const b = document.createElement("button");
    b.dataset.digit = d;
    const s = document.createElement("span");
    s.textContent = sym(d);
    const left = document.createElement("small");
    left.className = "left";
    const count = document.createElement("span");
    count.className = "count";
    const word = document.createElement("span");
    word.className = "sr";
    word.textContent = " left";
    left.append(count, word);
    b.append(s, left);
    b.addEventListener("click", () => keypad(d));
    pad.appendChild(b);
  }
}

const cells = () => $("board").querySelectorAll(".cell");

// selectOnly makes cell i the one selected cell (-1: none).
function selectOnly(i) {
  game.selected = i;
  game.multi = new Set(i >= 0 ? [i] : []);
}

// targets lists the selected cells, the one keys act on first.
const targets = () => (game.selected < 0 ? [] : [game.selected, ...[...game.multi].filter((j) => j !== game.selected)]);

function select(i) {
  selectOnly(i);
  render();
  announce();
}

// tapCell selects cell i, or in digit-first mode enters the picked digit
// there. mode "add" (Shift) adds the cell to the selection, "toggle"
// (Ctrl or Cmd) adds it or takes it out.
function tapCell(i, mode) {
  if (game.paused) return;
  if (mode === "toggle" && game.multi.has(i) && game.multi.size > 1) {
    game.multi.delete(i);
    if (game.selected === i) game.selected = [...game.multi].pop();
    render();
  } else if (mode && game.selected >= 0) {
    game.multi.add(i);
    game.selected = i;
    render();
  } else if (game.digitFirst && game.armed) {
    selectOnly(i);
    if (game.pencilMode || game.cells[i] !== game.armed) enter(game.armed);
    else erase();
  } else {
    selectOnly(i);
    render();
  }
  announce();
}

// Selecting with the pointer: a press on a cell selects it (Shift adds
// it, Ctrl or Cmd adds or removes it), and dragging adds every cell the
// pointer passes over. A touch keeps its first target while it moves, so
// the cell under the pointer is looked up by position.
let dragging = false;

function cellAt(x, y) {
  const el = document.elementFromPoint(x, y);
  const c = el && el.closest ? el.closest("#board .cell") : null;
  return c ? +c.dataset.i : -1;
}

$("board").addEventListener("pointerdown", (ev) => {
  const c = ev.target.closest && ev.target.closest(".cell");
  if (!c || ev.button > 0) return;
  tapCell(+c.dataset.i, ev.ctrlKey || ev.metaKey ? "toggle" : ev.shiftKey ? "add" : "");
  dragging = !game.paused && !(game.digitFirst && game.armed);
});
document.addEventListener("pointermove", (ev) => {
  if (!dragging) return;
  const i = cellAt(ev.clientX, ev.clientY);
  if (i < 0 || game.multi.has(i)) return;
  game.multi.add(i);
  game.selected = i;
  render();
});
for (const type of ["pointerup", "pointercancel"]) {
  document.addEventListener(type, () => {
    if (!dragging) return;
    dragging = false;
    announce();
  });
}

function keypad(d) {
  if (game.digitFirst) {
    game.armed = game.armed === d ? 0 : d;
    render();
    return;
  }
  enter(d);
}

// A change sets one field of one cell: {i, f, a (before), b (after)}.
// change applies a list of them as one undoable action.
function change(list) {
  list = list.filter((ch) => ch.a !== ch.b);
  if (game.finished || game.paused || list.length === 0) return;
  for (const ch of list) {
    game[ch.f][ch.i] = ch.b;
    game.wrong.delete(ch.i);
  }
  game.undo.push(list);
  if (game.undo.length > MAX_UNDO) game.undo.shift();
  game.redo = [];
  game.hint = null;
  afterChange();
}

const set = (i, f, b) => ({ i, f, a: game[f][i], b });

// markField is the field that pencil mode writes.
const markField = () => game.markKind;

// enter puts digit d in the selected cells that are not givens, as one
// action; in pencil mode it adds the mark to the blank ones, or takes it
// out of them when they all have it.
function enter(d) {
  if (game.finished || game.paused) return;
  const ts = targets().filter((i) => !game.given[i]);
  const bit = 1 << d;
  if (game.pencilMode) {
    const f = markField();
    const blank = ts.filter((i) => !game.cells[i]);
    const all = blank.every((i) => game[f][i] & bit);
    change(blank.map((i) => set(i, f, all ? game[f][i] & ~bit : game[f][i] | bit)));
    return;
  }
  const list = [];
  for (const i of ts) if (game.cells[i] !== d) list.push(set(i, "cells", d), set(i, "pencil", 0), set(i, "centre", 0), set(i, "corner", 0));
  if (list.length && settings.autoMarks) {
    // Entering a digit removes it from the marks of its peers.
    const done = new Set(ts);
    for (const i of ts) {
      for (const j of peers[i]) {
        if (done.has(j)) continue;
        done.add(j);
        for (const f of ["pencil", "centre", "corner"]) if (game[f][j] & bit) list.push(set(j, f, game[f][j] & ~bit));
      }
    }
  }
  change(list);
}

function erase() {
  const list = [];
  for (const i of targets()) if (!game.given[i]) for (const f of ["cells", "pencil", "centre", "corner"]) list.push(set(i, f, 0));
  change(list);
}

// paint gives the selected cells colour k (0: none); when they all have
// it already, it takes it off.
function paint(k) {
  const ts = targets();
  const all = ts.every((i) => game.colour[i] === k);
  change(ts.map((i) => set(i, "colour", all ? 0 : k)));
}

// candidateMasks returns for each blank cell the mask of the digits that
// may go there by every rule the page knows, given the digits placed: no
// peer holds the digit (rows, columns, boxes or regions, extra regions,
// cages, anti-knight, anti-king); on a thermometer, the digit leaves room
// for the cells before and after it and rises from the digits placed
// before it (and stays under those after); under non-consecutive, no
// orthogonal neighbour holds the digit one above or below (unless a
// kropki dot joins them); even and odd cells hold digits of their
// parity; and in a cage, the cage's blank cells can still be filled with distinct digits
// (each allowed in its cell by the rules above) reaching the cage's sum
// with this digit here.
function candidateMasks() {
  const n = game.n, v = game.cells, r = game.rules || {};
  let full = 0;
  for (let d = 1; d <= n; d++) full |= 1 << d;
  const between = (lo, hi) => {
    let m = 0;
    for (let d = Math.max(lo, 1); d <= Math.min(hi, n); d++) m |= 1 << d;
    return m;
  };
  const m = v.map((x, i) => {
    if (x) return 0;
    let c = full;
    for (const j of peers[i]) if (v[j]) c &= ~(1 << v[j]);
    return c;
  });
  for (const t of r.thermos || []) {
    t.forEach((i, a) => {
      if (v[i]) return;
      let lo = a + 1, hi = n - (t.length - 1 - a);
      t.forEach((j, b) => {
        if (!v[j]) return;
        if (b < a) lo = Math.max(lo, v[j] + (a - b));
        if (b > a) hi = Math.min(hi, v[j] - (b - a));
      });
      m[i] &= between(lo, hi);
    });
  }
  for (const [i, j] of consecPairs) {
    if (v[i] && !v[j]) m[j] &= ~((1 << (v[i] - 1)) | (1 << (v[i] + 1)));
    if (v[j] && !v[i]) m[i] &= ~((1 << (v[j] - 1)) | (1 << (v[j] + 1)));
  }
  let even = 0;
  for (let d = 2; d <= n; d += 2) even |= 1 << d;
  for (const i of r.even || []) m[i] &= even;
  for (const i of r.odd || []) m[i] &= full & ~even;
  for (const k of r.cages || []) cageMasks(k, m);
  return m;
}

// cageMasks narrows the masks m of cage k's blank cells to the digits
// that appear there in some way of completing the cage: a set of
// distinct digits, none placed in the cage, adding up to what the sum
// still needs, given to the blank cells one each from their masks. For
// each such set, layers of reachable subsets (cells taken in order from
// the front, and from the back) say which digit each cell can take.
function cageMasks(k, m) {
  const n = game.n, v = game.cells;
  const blank = k.cells.filter((i) => !v[i]);
  let placed = 0, need = k.sum;
  for (const i of k.cells) {
    if (!v[i]) continue;
    if (placed & (1 << v[i])) return; // a repeated digit: the conflict shows it
    placed |= 1 << v[i];
    need -= v[i];
  }
  const b = blank.length;
  if (b === 0) return;
  const allowed = blank.map(() => 0);
  const fill = (set) => {
    // front[t]: the subsets of set that cells 0..t-1 can take; back[t]:
    // those that cells t..b-1 can take.
    const front = [new Set([0])], back = [];
    back[b] = new Set([0]);
    for (let t = 0; t < b; t++) {
      front[t + 1] = new Set();
      for (const s of front[t]) for (let d = 1; d <= n; d++) if (set & ~s & m[blank[t]] & (1 << d)) front[t + 1].add(s | (1 << d));
    }
    for (let t = b - 1; t >= 0; t--) {
      back[t] = new Set();
      for (const s of back[t + 1]) for (let d = 1; d <= n; d++) if (set & ~s & m[blank[t]] & (1 << d)) back[t].add(s | (1 << d));
    }
    for (let t = 0; t < b; t++) {
      for (const s of front[t]) {
        for (let d = 1; d <= n; d++) {
          const bit = 1 << d;
          if (set & ~s & m[blank[t]] & bit && back[t + 1].has(set & ~s & ~bit)) allowed[t] |= bit;
        }
      }
    }
  };
  // Every set of b distinct digits outside placed adding up to need.
  const choose = (from, left, sum, set) => {
    if (left === 0) {
      if (sum === 0) fill(set);
      return;
    }
    for (let d = from; d <= n && d <= sum; d++) if (!(placed & (1 << d))) choose(d + 1, left - 1, sum - d, set | (1 << d));
  };
  choose(1, b, need, 0);
  blank.forEach((i, t) => (m[i] &= allowed[t]));
}

function fillMarks() {
  const list = [];
  const masks = candidateMasks();
  game.cells.forEach((v, i) => {
    if (!v) list.push(set(i, "pencil", masks[i]));
  });
  change(list);
  if (list.some((ch) => ch.a !== ch.b)) say("Pencilled in every candidate (Undo takes them out again).");
}

function clearMarks() {
  const list = [];
  game.cells.forEach((_, i) => {
    for (const f of ["pencil", "centre", "corner"]) list.push(set(i, f, 0));
  });
  change(list);
  say("Cleared every mark.");
}

// selectChanged selects the cell an undone or redone action began with,
// unless the selection holds it (an action on several selected cells).
function selectChanged(list) {
  if (!game.multi.has(list[0].i)) selectOnly(list[0].i);
}

function undo() {
  if (game.finished || game.paused) return;
  const list = game.undo.pop();
  if (!list) return;
  for (const ch of [...list].reverse()) game[ch.f][ch.i] = ch.a;
  game.redo.push(list);
  selectChanged(list);
  afterChange();
}

function redo() {
  if (game.finished || game.paused) return;
  const list = game.redo.pop();
  if (!list) return;
  for (const ch of list) game[ch.f][ch.i] = ch.b;
  game.undo.push(list);
  selectChanged(list);
  afterChange();
}

// conflicts returns the filled cells of the rules the grid breaks, and
// keeps those rules in lastBreaks for the message.
let lastBreaks = [];
function conflicts() {
  const bad = new Set();
  lastBreaks = ruleBreaks();
  for (const b of lastBreaks) for (const i of b.cells) if (game.cells[i]) bad.add(i);
  return bad;
}

// conflictText says what the rules the grid breaks are: the first one in
// words, and how many more.
function conflictText() {
  const rules = lastBreaks.filter((b) => !["row", "column", "box"].includes(b.rule));
  if (!rules.length) return "Conflict: the same digit twice in a row, column or box.";
  const more = lastBreaks.length - 1;
  return "Conflict: some digits break the rules (marked in red): " + rules[0].msg + (more ? " (and " + more + " more)" : "") + ".";
}

function afterChange() {
  const bad = conflicts();
  const full = game.cells.every((v) => v > 0);
  if (full && bad.size === 0 && (!game.solution || game.cells.every((v, i) => v === game.solution[i]))) {
    finish();
  } else if (full) {
    say(bad.size ? "The grid is full, but some digits clash." : "The grid is full, but some entries are wrong. Try Check.");
  } else if (bad.size && settings.conflicts) {
    say(conflictText(), "error");
  } else {
    say("");
  }
  save();
  render();
  announce();
}

function finish() {
  game.finished = true;
  stopTimer();
  selectOnly(-1);
  record();
  showDone();
  say("Well done: the puzzle is solved.");
}

function showDone() {
  $("donetime").textContent = "Time " + clock(game.elapsed) + ".";
  $("done").hidden = false;
  $("timer").textContent = clock(game.elapsed);
}

// shownConflicts are the clashing cells when the player wants them
// highlighted.
const shownConflicts = () => (settings.conflicts ? conflicts() : new Set());

// isWrong: cell i is marked wrong, by Check or, when the setting asks for
// it, at once (an entry that is not the solution's digit).
const isWrong = (i) => game.wrong.has(i) || (settings.mistakes && !!game.solution && !game.given[i] && game.cells[i] > 0 && game.cells[i] !== game.solution[i]);

function render() {
  const bad = shownConflicts();
  const sel = game.selected;
  const single = game.multi.size <= 1;
  const selVal = game.armed || (sel >= 0 ? game.cells[sel] : 0);
  const hintCells = new Set(game.hint ? game.hint.cells || [] : []);
  const hintPlace = new Set(game.hint ? (game.hint.placements || []).map((p) => p.cell) : []);
  const boardCells = cells();
  for (let i = 0; i < boardCells.length; i++) {
    const el = boardCells[i];
    const v = game.cells[i];
    const cl = el.classList;
    cl.toggle("given", game.given[i]);
    cl.toggle("selected", game.multi.has(i));
    cl.toggle("peer", single && sel >= 0 && i !== sel && peers[sel].has(i));
    cl.toggle("same", selVal > 0 && v === selVal && i !== sel);
    cl.toggle("conflict", bad.has(i));
    cl.toggle("wrong", isWrong(i));
    cl.toggle("hint", hintCells.has(i));
    cl.toggle("hint-place", hintPlace.has(i));
    el.setAttribute("aria-selected", String(game.multi.has(i)));
    if (game.colour[i]) el.dataset.colour = game.colour[i];
    else delete el.dataset.colour;
    if (v) {
      if (el.textContent !== sym(v) || el.firstChild?.nodeType !== 3) el.textContent = sym(v);
    } else if (game.pencil[i] || game.centre[i] || game.corner[i]) {
      el.replaceChildren(...markLayers(i, selVal));
    } else {
      el.replaceChildren();
    }
    el.setAttribute("aria-label", describe(i, bad));
  }
  renderRest();
}

// digitsOf lists the digits of a mask.
function digitsOf(m) {
  const ds = [];
  for (let d = 1; d <= game.n; d++) if (m & (1 << d)) ds.push(d);
  return ds;
}

// markLayers returns the elements of a blank cell's marks: the candidate
// grid, the centre marks and the corner marks.
function markLayers(i, selVal) {
  const out = [];
  if (game.pencil[i]) {
    const marks = document.createElement("div");
    marks.className = "marks";
    marks.setAttribute("aria-hidden", "true");
    // Each symbol has its place in a grid of the box's shape (1 top left,
    // 9 bottom right; A to P in four rows of four on 16x16), whatever the
    // number of marks.
    marks.style.setProperty("--mc", game.bc);
    marks.style.setProperty("--mr", game.br);
    for (let d = 1; d <= game.n; d++) {
      const m = document.createElement("span");
      m.textContent = game.pencil[i] & (1 << d) ? sym(d) : "";
      if (selVal && d === selVal && game.pencil[i] & (1 << d)) m.className = "same-mark";
      marks.appendChild(m);
    }
    out.push(marks);
  }
  if (game.centre[i]) {
    // Up to five marks on one line, more on two; the type shrinks to fit
    // the longer line in the cell (--cl characters of about --cw em).
    const c = document.createElement("div");
    c.className = "centre";
    c.setAttribute("aria-hidden", "true");
    const ds = digitsOf(game.centre[i]).map(sym);
    const per = ds.length <= 5 ? ds.length : Math.ceil(ds.length / 2);
    c.style.setProperty("--cl", per);
    c.style.setProperty("--cw", game.n > 9 ? 0.75 : 0.64);
    for (let k = 0; k < ds.length; k += per) {
      const line = document.createElement("span");
      line.textContent = ds.slice(k, k + per).join("");
      c.appendChild(line);
    }
    out.push(c);
  }
  if (game.corner[i]) {
    const ds = digitsOf(game.corner[i]);
    const places = cornerPlaces(ds.length);
    ds.forEach((d, k) => {
      const s = document.createElement("span");
      s.className = "corner k" + k;
      s.setAttribute("aria-hidden", "true");
      s.style.setProperty("--x", places[k][0]);
      s.style.setProperty("--y", places[k][1]);
      s.style.setProperty("--g", places.g);
      s.textContent = sym(d);
      out.push(s);
    });
  }
  return out;
}

// cornerPlaces returns where count corner marks go, as [x, y] in percent
// of the cell (the mark's own box is placed by the same fraction, so 0
// touches the left or top edge and 100 the right or bottom one): on the
// border of a g×g grid of places, the smallest that holds them all (3×3
// holds 8, 4×4 12, 5×5 16). The corners come first, then the places
// along the top, the bottom, the left and the right sides.
function cornerPlaces(count) {
  let g = 3;
  while (4 * (g - 1) < count) g++;
  const at = (c, r) => [(100 * c) / (g - 1), (100 * r) / (g - 1)];
  const places = [at(0, 0), at(g - 1, 0), at(0, g - 1), at(g - 1, g - 1)];
  for (let k = 1; k < g - 1; k++) places.push(at(k, 0));
  for (let k = 1; k < g - 1; k++) places.push(at(k, g - 1));
  for (let k = 1; k < g - 1; k++) places.push(at(0, k));
  for (let k = 1; k < g - 1; k++) places.push(at(g - 1, k));
  places.g = g;
  return places;
}

// renderZoom fills the strip above the keypad with the selected cell's
// marks in type large enough to read. It shows on 16x16 when the board's
// cells are narrow (a phone: about 24 px, where the marks in the cell are
// 5-7 px); it keeps its place while shown, empty when the cell has no
// marks, so that the keypad does not jump.
const ZOOM_BELOW = 36; // px of cell width
function renderZoom() {
  const z = $("zoom"), i = game.selected;
  const narrow = game.n > 9 && $("board").clientWidth / game.n < ZOOM_BELOW;
  z.hidden = !narrow || game.paused;
  const parts = [];
  if (!z.hidden && i >= 0 && !game.cells[i] && (game.pencil[i] || game.centre[i] || game.corner[i])) {
    const selVal = game.armed;
    const add = (cls, text) => {
      const s = document.createElement("span");
      s.className = cls;
      s.textContent = text;
      parts.push(s);
    };
    add("where", cellName(i).toUpperCase());
    for (const d of digitsOf(game.pencil[i])) add(selVal === d ? "zm same-mark" : "zm", sym(d));
    if (game.centre[i]) add("zx", "centre " + digitsOf(game.centre[i]).map(sym).join(""));
    if (game.corner[i]) add("zx", "corner " + digitsOf(game.corner[i]).map(sym).join(""));
  }
  z.replaceChildren(...parts);
}
addEventListener("resize", () => renderZoom());

function renderRest() {
  const sel = game.selected;
  renderZoom();
  $("board").setAttribute("aria-activedescendant", sel >= 0 ? "cell-" + sel : "");
  $("pencil").setAttribute("aria-pressed", String(game.pencilMode));
  $("pencil").classList.toggle("on", game.pencilMode);
  $("digitfirst").setAttribute("aria-pressed", String(game.digitFirst));
  $("digitfirst").classList.toggle("on", game.digitFirst);
  $("undo").disabled = game.undo.length === 0 || game.finished;
  $("redo").disabled = game.redo.length === 0 || game.finished;
  // A solved game takes no more entries, marks or colours.
  for (const id of ["fill", "clearmarks", "check", "hint", "erase", "pause", "restart", "pencil", "digitfirst", "marktype"]) $(id).disabled = game.finished;
  for (const b of $("colours").children) b.disabled = game.finished;
  $("board").classList.toggle("solved", game.finished);
  // How many of each digit are left to place; digits placed n times are done.
  const counts = new Array(game.n + 1).fill(0);
  for (const v of game.cells) counts[v]++;
  for (const b of $("keypad").children) {
    const d = +b.dataset.digit, left = Math.max(0, game.n - counts[d]);
    b.classList.toggle("complete", left === 0);
    b.classList.toggle("armed", game.armed === d);
    b.setAttribute("aria-pressed", String(game.digitFirst && game.armed === d));
    b.querySelector(".count").textContent = left;
    b.disabled = game.finished;
  }
}

// describe is a cell's text for screen readers.
function describe(i, bad) {
  const v = game.cells[i];
  let s = cellName(i) + ", ";
  if (v) s += sym(v) + (game.given[i] ? ", given" : "");
  else {
    s += "blank";
    const ds = digitsOf(game.pencil[i]).map(sym);
    if (ds.length) s += ", marks " + ds.join(" ");
    if (game.centre[i]) s += ", centre marks " + digitsOf(game.centre[i]).map(sym).join(" ");
    if (game.corner[i]) s += ", corner marks " + digitsOf(game.corner[i]).map(sym).join(" ");
  }
  if (bad && bad.has(i)) s += ", conflict";
  if (isWrong(i)) s += ", wrong";
  if (game.colour[i]) s += ", colour " + game.colour[i];
  return s;
}

function announce() {
  const more = game.multi.size > 1 ? ", " + game.multi.size + " cells selected" : "";
  $("announce").textContent = game.selected >= 0 ? describe(game.selected, shownConflicts()) + more : "";
}

// say shows a message (kind "hint" or "error" for those). On a phone the
// message is a toast over the bottom of the screen, where it is seen
// without scrolling: a plain message goes after a while, a hint or an
// error stays until it is replaced or dismissed (✕).
let toastTimer = 0;
function say(text, kind) {
  const m = $("message"), t = $("toast");
  m.textContent = text;
  m.className = kind || "";
  t.classList.toggle("off", !text);
  clearTimeout(toastTimer);
  if (text && !kind) toastTimer = setTimeout(() => t.classList.add("off"), 6000);
}

// Timer: elapsed holds the time of the stretches that ended; runStart is
// when the running stretch began (0 when stopped). It runs unless the
// game is finished or paused, or the page is hidden.
function clock(ms) {
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
  const mm = String(m).padStart(2, "0"), ss = String(sec).padStart(2, "0");
  return h ? h + ":" + mm + ":" + ss : mm + ":" + ss;
}

const now = () => game.elapsed + (game.runStart ? Date.now() - game.runStart : 0);

function tick() {
  $("timer").textContent = clock(now());
}

function runTimer() {
  if (game.finished || game.paused || document.hidden || game.runStart) return tick();
  game.runStart = Date.now();
  timerID = setInterval(tick, 500);
  tick();
}

function stopTimer() {
  if (timerID) clearInterval(timerID);
  timerID = 0;
  game.elapsed = now();
  game.runStart = 0;
  tick();
}

function setPaused(p) {
  if (game.finished && p) return;
  game.paused = p;
  $("paused").hidden = !p;
  $("board").classList.toggle("paused", p);
  renderZoom();
  // The button says what it does next (a toggle whose name changes
  // carries no pressed state).
  $("pause").textContent = p ? "Resume" : "Pause";
  updateHelp();
  if (p) {
    stopTimer();
    save();
    $("resume").focus();
  } else {
    runTimer();
    $("board").focus({ preventScroll: true });
  }
}

document.addEventListener("visibilitychange", () => {
  if (document.hidden) {
    stopTimer();
    save();
  } else runTimer();
});
window.addEventListener("pagehide", () => save());

// Storage: every game in progress, by size and puzzle.
function loadStore(key, fallback) {
  try {
    return JSON.parse(localStorage.getItem(key)) || fallback;
  } catch {
    return fallback;
  }
}

function storeSet(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false; // storage full or refused
  }
}

// touched: the player has done something in the game (an entry, a mark
// or a colour, even one undone since; a hint; a check). Only such games
// are saved, so that New game after New game does not push the games
// played out of the list.
const touched = () =>
  game.finished || game.undo.length > 0 || game.redo.length > 0 || game.hints > 0 || game.checks > 0 ||
  game.cells.some((v, i) => (v && !game.given[i]) || game.pencil[i] || game.centre[i] || game.corner[i] || game.colour[i]);

function save() {
  if (!game.puzzle.length) return;
  const all = loadStore(STORE, {});
  const gid = gameID();
  if (!touched()) {
    // An untouched game is not kept; one saved before (a game restarted
    // since) goes.
    if (all[gid]) {
      delete all[gid];
      storeSet(STORE, all);
    }
    listSaved(all);
    return;
  }
  noteStarted();
  all[gid] = {
    size: game.size, puzzle: lineOf(game.puzzle), solution: game.solution ? lineOf(game.solution) : "",
    level: game.level, rating: game.rating, source: game.source, rules: game.rules, unverified: game.unverified,
    cells: lineOf(game.cells), pencil: game.pencil, centre: game.centre, corner: game.corner, colour: game.colour, undo: game.undo.slice(-SAVED_UNDO), redo: game.redo.slice(-SAVED_UNDO),
    elapsed: now(), finished: game.finished, hints: game.hints, checks: game.checks, started: game.started, updated: Date.now(),
  };
  const ids = Object.keys(all).sort((a, b) => all[b].updated - all[a].updated);
  for (const id of ids.slice(MAX_SAVED)) delete all[id];
  if (!storeSet(STORE, all)) {
    // Full: the other games give up their undo history, then the oldest
    // games go.
    for (const id of ids) if (id !== gid) all[id].undo = all[id].redo = [];
    while (!storeSet(STORE, all) && ids.length > 1) delete all[ids.pop()];
  }
  listSaved(all);
}

function restore(id) {
  const s = loadStore(STORE, {})[id];
  if (!s) return false;
  setup(s.puzzle, s.size, s.solution, s, s);
  return true;
}

// gameLabel names a game in the saved list and the statistics: size,
// variant rules, level ("9×9 killer easy", "6×6", "9×9 hard").
function gameLabel(n, rules, level) {
  return n + "×" + n + (rules ? " " + rulesLabel(rules) : "") + (level ? " " + level : "");
}

function listSaved(all) {
  all = all || loadStore(STORE, {});
  const ids = Object.keys(all).filter((id) => !all[id].finished).sort((a, b) => all[b].updated - all[a].updated);
  $("savedcount").textContent = ids.length;
  const ul = $("saved");
  ul.replaceChildren();
  for (const id of ids) {
    const s = all[id];
    const n = Math.round(Math.sqrt(s.puzzle.length));
    const blanks = [...s.puzzle].filter((c) => c === ".").length;
    const done = [...s.cells].filter((c, i) => c !== "." && s.puzzle[i] === ".").length;
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.textContent = gameLabel(n, s.rules, s.level) + (!s.level && s.source ? " " + s.source : "") + " · " +
      Math.round((100 * done) / Math.max(1, blanks)) + "% · " + clock(s.elapsed) + (id === gameID() ? " (this game)" : "");
    b.disabled = id === gameID();
    b.addEventListener("click", () => restore(id));
    li.appendChild(b);
    ul.appendChild(li);
  }
}

// Statistics per kind of game (gameLabel): games started (the player did
// something in them) and solved, best and average time, hints and checks;
// and the days in a row with a puzzle solved.
const statKey = () => gameLabel(game.n, game.rules, game.level);

function statEntry(st, k) {
  st[k] = Object.assign({ solved: 0, started: 0, best: 0, total: 0, hints: 0, checks: 0 }, st[k]);
  return st[k];
}

// noteStarted counts the game as started, once.
function noteStarted() {
  if (game.started) return;
  game.started = true;
  const st = loadStore(STATS, {});
  statEntry(st, statKey()).started++;
  storeSet(STATS, st);
  showStats();
}

function record() {
  noteStarted();
  const st = loadStore(STATS, {});
  const e = statEntry(st, statKey());
  e.solved++;
  e.total += game.elapsed;
  e.best = e.best ? Math.min(e.best, game.elapsed) : game.elapsed;
  e.hints += game.hints;
  e.checks += game.checks;
  storeSet(STATS, st);
  noteStreak();
  showStats();
}

// dayOf names the local day of a date, shifted by days.
function dayOf(date, days) {
  const d = new Date(date.getFullYear(), date.getMonth(), date.getDate() + (days || 0));
  return d.getFullYear() + "-" + String(d.getMonth() + 1).padStart(2, "0") + "-" + String(d.getDate()).padStart(2, "0");
}

// noteStreak counts today in the streak of days with a puzzle solved.
function noteStreak() {
  const s = Object.assign({ last: "", current: 0, best: 0 }, loadStore(STREAK, {}));
  const today = dayOf(new Date());
  if (s.last === today) return;
  s.current = s.last === dayOf(new Date(), -1) ? s.current + 1 : 1;
  s.best = Math.max(s.best, s.current);
  s.last = today;
  storeSet(STREAK, s);
}

const plural = (k, one, many) => k + " " + (k === 1 ? one : many);

function showStats() {
  const st = loadStore(STATS, {});
  const body = $("stats").tBodies[0];
  body.replaceChildren();
  const rate = (solved, started) => (started || solved ? Math.round((100 * solved) / Math.max(started, solved)) + "%" : "–");
  let solved = 0, started = 0;
  for (const k of Object.keys(st).sort()) {
    const e = statEntry(st, k);
    solved += e.solved;
    started += e.started;
    const tr = document.createElement("tr");
    for (const v of [k, e.solved, rate(e.solved, e.started), e.solved ? clock(e.best) : "–", e.solved ? clock(e.total / e.solved) : "–", e.hints, e.checks]) {
      const td = document.createElement("td");
      td.textContent = v;
      tr.appendChild(td);
    }
    body.appendChild(tr);
  }
  // The streak goes on while the last day with a solved puzzle is today
  // or yesterday.
  const s = Object.assign({ last: "", current: 0, best: 0 }, loadStore(STREAK, {}));
  const current = s.last === dayOf(new Date()) || s.last === dayOf(new Date(), -1) ? s.current : 0;
  $("streak").textContent = plural(solved, "game", "games") + " solved of " + started + " started (win rate " + rate(solved, started) + "). " +
    "Streak: " + plural(current, "day", "days") + " in a row with a puzzle solved (best " + plural(s.best, "day", "days") + ").";
}

// API calls.
const UNREACHABLE = "the server cannot be reached (are you offline?); your saved games still work";

async function api(method, path, body) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.body = typeof body === "string" ? body : JSON.stringify(body);
    opts.headers["Content-Type"] = typeof body === "string" ? "text/plain" : "application/json";
  }
  let resp;
  try {
    resp = await fetch(path, opts);
  } catch {
    // No answer at all (a refused connection, no network): the browser
    // says only "Failed to fetch".
    throw new Error(UNREACHABLE);
  }
  const data = await resp.json().catch(() => ({ error: { message: "bad reply from the server" } }));
  if (!resp.ok) {
    const e = data.error || {};
    const where = e.line ? " (line " + e.line + (e.column ? ", column " + e.column : "") + ")" : "";
    const err = new Error((e.message || "request failed") + where);
    err.code = e.code || "";
    if (e.imported) err.imported = e.imported;
    throw err;
  }
  return data;
}

// ask shows a confirmation and resolves to true when the player agrees
// (OK), false on Cancel or Escape.
function ask(text, ok) {
  const dlg = $("confirm");
  $("confirmtext").textContent = text;
  $("confirmok").textContent = ok;
  return new Promise((resolve) => {
    const end = (answer) => (ev) => {
      ev.preventDefault();
      $("confirmok").onclick = $("confirmno").onclick = dlg.oncancel = null;
      dlg.close();
      resolve(answer);
    };
    $("confirmok").onclick = end(true);
    $("confirmno").onclick = dlg.oncancel = end(false);
    dlg.showModal();
    $("confirmok").focus();
  });
}

// inProgress: the player has entered something and not finished.
const inProgress = () => !game.finished && game.cells.some((v, i) => (v && !game.given[i]) || game.pencil[i] || game.centre[i] || game.corner[i]);

// killerLevel is a killer's level from the service's reply: easy when its
// own propagation (cage sums, the rule of 45, singles) solves it.
const killerLevel = (g) => (g.logic_solved ? "easy" : "hard");
const KILLER_TRIES = 8;

async function newGame(opts) {
  opts = opts || {};
  if (!opts.force && inProgress() && !(await ask("Start a new game? This one is kept under Saved games, to continue later.", "New game"))) return;
  const size = $("size").value, killer = $("kind").value === "killer";
  const diff = size === "9" && !killer ? $("difficulty").value : "";
  if (killer && size === "16") {
    say("Killer puzzles are made for 4×4, 6×6 and 9×9 grids: choose one of those sizes.", "error");
    return;
  }
  if (!opts.keep) say("Making a puzzle…");
  $("new").disabled = true;
  try {
    if (killer) {
      // A killer: no givens, cages with their sums (the service proves
      // it has one solution). On 9×9 the level is the service's own
      // measure, logic_solved: easy when cage sums and singles alone
      // solve it, hard when they do not; the page asks again (up to
      // KILLER_TRIES times) for a killer of the level chosen.
      const want = size === "9" ? $("difficulty").value : "";
      let q = "/api/generate?size=" + size + "&variant=killer";
      if (opts.seed) q += "&seed=" + opts.seed;
      let g;
      for (let t = 0; t < (want && !opts.seed ? KILLER_TRIES : 1); t++) {
        g = await api("GET", q);
        if (!want || killerLevel(g) === want) break;
      }
      const level = want ? killerLevel(g) : "";
      setup(g.puzzle, g.size, g.solution, { level, rating: 0, source: opts.source || "", rules: { cages: g.cages } });
      if (!opts.keep) {
        say((level && level !== want ? "No " + want + " killer came in " + KILLER_TRIES + " tries: this one is " + level + ". " : "") +
          "New killer: the digits of each dashed cage add up to its sum and do not repeat. Select a cell and type a digit.");
      }
      return;
    }
    let q = "/api/generate?size=" + size + "&symmetry=rot180";
    if (diff) q += "&difficulty=" + diff;
    if (opts.seed) q += "&seed=" + opts.seed;
    const g = await api("GET", q);
    setup(g.puzzle, g.size, g.solution, { level: g.level && size === "9" ? g.level : "", rating: g.rating, source: opts.source || "" });
    if (!opts.keep) say(size === "9" ? "New game. Select a cell and type a digit." : "New game (difficulty applies to 9×9 only: see the note above). Select a cell and type a digit.");
  } catch (e) {
    say("Could not make a puzzle: " + e.message, "error");
  } finally {
    $("new").disabled = false;
  }
}

// daily plays today's puzzle: the seed is the date (UTC), so everyone
// gets the same one.
async function daily() {
  const d = new Date();
  const seed = d.getUTCFullYear() * 10000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
  $("size").value = "9";
  $("kind").value = "classic";
  levelNote();
  $("difficulty").value = "medium";
  await newGame({ seed, source: "daily " + d.toISOString().slice(0, 10) });
}

// importHint explains, before asking the service, why a one-line text is
// not a puzzle of a size the page plays. Links and payloads of f-puzzles
// and SudokuPad go to the service, which imports them.
function importHint(text) {
  const t = text.trim();
  if (t === "") return "the box is empty: paste a puzzle first.";
  if (isImportLink(t)) return "";
  if (/^\S+$/.test(t) && !t.startsWith("{")) {
    const ok = [16, 36, 81, 256];
    if (!ok.includes(t.length)) return "one line of " + t.length + " characters is not a grid: a one-line puzzle has 81 characters for 9×9 (16, 36 or 256 for 4×4, 6×6, 16×16), with . or 0 for blanks.";
  }
  return "";
}

// isImportLink tells whether a text is a link (f-puzzles, SudokuPad or
// another site: the service names what it does not read) or an f-puzzles
// payload, which the service imports as `sudoku import` does.
function isImportLink(t) {
  return /^https?:\/\//i.test(t) || /^(www\.)?(f-puzzles\.com|([\w-]+\.)*sudokupad\.app|([\w-]+\.)*crackingthecryptic\.com)[/?]/i.test(t) || /^(fpuz(zles)?)?N4Ig/.test(t);
}

const SAVED_AGAIN = "This puzzle is in your saved games: your game of it goes on.";

// loadPuzzle starts a puzzle given as text (any format the service reads;
// a JSON puzzle object may carry variant rules, see rulesOf; an f-puzzles
// or SudokuPad link, payload or f-puzzles JSON, whose rules come back
// from the service as the puzzle object it imported), or as a one-line
// grid with its size and the rules of a link. A puzzle already saved goes
// on from where it was left.
async function loadPuzzle(text, size, meta, state, linkRules) {
  let obj = linkRules || null;
  if (!size && text.trim().startsWith("{")) {
    try {
      obj = JSON.parse(text);
    } catch {
      obj = null; // the service says what is wrong
    }
  }
  const id = size ? size + ":" + text : "";
  if (id && !linkRules && !state && restore(id)) {
    say(SAVED_AGAIN);
    return;
  }
  const body = size ? Object.assign({ size, puzzle: text }, linkRules || {}) : text;
  let v, unverified = "";
  try {
    v = await api("POST", "/api/check", body);
  } catch (e) {
    // Rules the service cannot solve yet (422 "unsupported", naming
    // them), or a search that did not finish before its deadline: ask
    // again without those rules (on a deadline, without any), so that the
    // service still reads the grid and checks the givens; the page checks
    // every rule as the player goes. An imported link or f-puzzles file
    // comes back in the error as the puzzle object the service read.
    if (!size && e.imported) obj = e.imported;
    const whole = size ? body : obj;
    const has = (f) => whole[f] !== undefined && whole[f] !== false && !(Array.isArray(whole[f]) && whole[f].length === 0);
    const drop = !whole ? [] : e.code === "deadline" ? CONSTRAINT_FIELDS.filter(has) : e.code === "unsupported" || e.code === "bad_request" ? UNSOLVED_RULES.filter(has) : [];
    if (!drop.length) throw e;
    const relaxed = Object.assign({}, whole);
    for (const f of drop) delete relaxed[f];
    delete relaxed.title;
    delete relaxed.author;
    v = await api("POST", "/api/check", relaxed);
    unverified = e.code === "deadline" ? "the service did not finish solving this puzzle in time" : "the service cannot solve " + drop.map((f) => RULE_WORDS[f][0]).join(", ") + " yet";
  }
  if (v.imported) obj = v.imported;
  const [br, bc] = shapeOf(v.size, v.puzzle.length);
  const n = br * bc;
  const rules = rulesOf(obj, n, br, bc);
  if (unverified && v.verdict === "unique") {
    // The one solution without the rules left out is the puzzle's only
    // one when it keeps them, and the puzzle has none when it does not.
    const sol = parseLine(v.solution, alphabetFor(n));
    const boxes = rules.regions ? regionsOf(rules.regions, n) : null;
    if (RuleCheck.ruleBreaks(Object.assign({}, rules, { n, br, bc, boxes }), sol).length) throw new Error("this puzzle has no solution");
    unverified = "";
  }
  // A puzzle with rules the service may not know or could not solve:
  // "multiple" can mean that it checked the grid without them. The game
  // then plays it with no solution, checking the rules as the player
  // goes.
  const novel = rules && (rules.cages || rules.thermos || rules.antiknight || rules.antiking || rules.nonconsecutive);
  const unconfirmed = (novel || unverified) && v.verdict === "multiple";
  if (v.verdict !== "unique" && !unconfirmed) throw new Error("this puzzle has " + (v.verdict === "multiple" ? "more than one solution" : "no solution") + (v.message && v.verdict === "invalid" ? ": " + v.message : ""));
  // The solution comes in the text format of the puzzle sent: for a
  // multi-line grid, ask again with its one-line form.
  if (!unconfirmed && v.solution.length !== v.puzzle.length) v = await api("POST", "/api/check", Object.assign({ size: v.size, puzzle: v.puzzle }, rules || {}));
  // A saved game of the same puzzle, given in another form.
  if (!state && restore(v.size + ":" + v.puzzle.replace(/0/g, ".") + (rules ? ":" + hash(JSON.stringify(rules)) : ""))) {
    say(SAVED_AGAIN);
    return;
  }
  let saved = null;
  if (state && state.length === v.puzzle.length) saved = { cells: state };
  if (!unconfirmed) unverified = "";
  setup(v.puzzle, v.size, unconfirmed ? "" : v.solution, Object.assign({}, meta || { source: "imported" }, { rules, unverified }), saved);
  let msg = saved ? "Puzzle loaded with the shared progress." : "Puzzle loaded.";
  if (obj && Array.isArray(obj.notes) && obj.notes.length) msg += " Read from the rules text: " + obj.notes.join("; ") + ".";
  if (unverified) msg += " Check and Hint are off: " + unverified + "; every rule is checked as you play.";
  else if (unconfirmed) msg += " The service did not confirm a single solution under its rules, so Check is off; the rules are checked as you play.";
  say(msg);
}

// CONSTRAINT_FIELDS are the fields of a puzzle object that add rules to
// its regions.
const CONSTRAINT_FIELDS = ["cages", "thermos", "antiknight", "antiking", "nonconsecutive", ...Object.keys(RULE_FIELDS)];

async function hint() {
  if (game.finished || game.paused) return;
  if (game.unverified) {
    say("No hint: " + game.unverified + ". Entries that break the rules are marked as you play.");
    return;
  }
  if (game.rules) {
    say("Hints do not know killer cages, thermometers and the other variant rules yet.");
    return;
  }
  const pencil = game.pencil.map((m) => {
    const ds = [];
    for (let d = 1; d <= game.n; d++) if (m & (1 << d)) ds.push(d);
    return ds;
  });
  try {
    const h = await api("POST", "/api/hint", { size: game.size, puzzle: lineOf(game.puzzle), state: lineOf(game.cells), pencil });
    game.hints++;
    for (const i of h.mistakes || []) game.wrong.add(i);
    game.hint = h.step || null;
    if (h.step) {
      let text = h.step.technique === "Mistake" ? h.step.explanation : h.step.technique + ": " + h.step.explanation;
      if (!(h.step.placements || []).length && (h.step.eliminations || []).length && !game.pencil.some((m) => m)) {
        text += " (This step works on the candidates of each cell: Fill marks pencils them in.)";
      }
      say(text, "hint");
      if (h.step.cells && h.step.cells.length && !h.mistakes.length) selectOnly(h.step.placements && h.step.placements[0] ? h.step.placements[0].cell : h.step.cells[0]);
    } else if (h.solved) say("Nothing left to do: the grid is solved.");
    save();
    render();
  } catch (e) {
    say("No hint: " + e.message, "error");
  }
}

function check() {
  if (game.paused) return;
  if (!game.solution) {
    say(game.unverified ? "No check: it needs the puzzle's solution, and " + game.unverified + ". Entries that break the rules are marked as you play." : "Check needs the puzzle's solution, which the service did not give for these rules; entries that break the rules are marked as you play.");
    return;
  }
  game.checks++;
  game.wrong = new Set();
  let filled = 0;
  game.cells.forEach((v, i) => {
    if (v && !game.given[i]) {
      filled++;
      if (v !== game.solution[i]) game.wrong.add(i);
    }
  });
  say(game.wrong.size ? game.wrong.size + (game.wrong.size === 1 ? " entry is" : " entries are") + " wrong (marked)." : filled === 1 ? "The 1 entry is right so far." : filled ? "All " + filled + " entries are right so far." : "No entries yet.", game.wrong.size ? "error" : "");
  save();
  render();
}

async function restart() {
  if (!(await ask("Restart this puzzle? Every entry and mark is cleared and the clock starts again.", "Restart"))) return;
  const s = { cells: lineOf(game.puzzle), pencil: null, elapsed: 0, started: game.started };
  setup(lineOf(game.puzzle), game.size, game.solution ? lineOf(game.solution) : "", game, s);
  say("Restarted.");
}

async function share() {
  const url = location.origin + location.pathname + linkOf($("shareprogress").checked);
  try {
    await navigator.clipboard.writeText(url);
    say("Link copied: " + url);
  } catch {
    say("Share this link: " + url);
  }
}

// move selects the next cell in a direction (extend: adds it to the
// selection, as Shift+arrow).
function move(dr, dc, extend) {
  let i = game.selected;
  if (i < 0) i = 0;
  else {
    const r = (Math.floor(i / game.n) + dr + game.n) % game.n, c = ((i % game.n) + dc + game.n) % game.n;
    i = r * game.n + c;
  }
  if (extend && game.selected >= 0) tapCell(i, "add");
  else select(i);
}

function togglePencil() {
  game.pencilMode = !game.pencilMode;
  render();
}

// updateHelp says which keys work on this size (P is a value on 16x16).
function updateHelp() {
  const big = game.n > 9;
  const moves = "arrows move (Shift+arrow adds to the selection), ";
  const rest = "Ctrl+Z / Ctrl+Y undo and redo; drag, or Ctrl/Shift+click, selects several cells.";
  $("keyhelptext").textContent = big
    ? "letters A–" + sym(game.n) + " enter, " + moves + "Backspace erases, Shift+letter pencils a mark (with Caps Lock on: / first), / toggles pencil mode, Esc pauses and resumes, " + rest
    : "digits enter, " + moves + "Backspace erases, Shift+digit pencils a mark, / toggles pencil mode, Esc or P pauses and resumes, " + rest;
  $("pause").title = (game.paused ? "Resume" : "Pause") + (big ? " (Esc)" : " (Esc or P)");
}

// The levels New game offers: the rater's five for a classic 9×9; for a
// 9×9 killer, easy and hard (see killerLevel). Each kind keeps the last
// level chosen.
const LEVELS = {
  classic: [["easy", "Easy"], ["medium", "Medium"], ["hard", "Hard"], ["expert", "Expert"], ["extreme", "Extreme"]],
  killer: [["easy", "Easy"], ["hard", "Hard"]],
};
const lastLevel = { classic: "medium", killer: "easy" };

function levelOptions() {
  const kind = $("kind").value === "killer" ? "killer" : "classic", sel = $("difficulty");
  if ((sel.dataset.kind || "classic") === kind) return;
  lastLevel[sel.dataset.kind || "classic"] = sel.value;
  sel.replaceChildren(...LEVELS[kind].map(([v, t]) => new Option(t, v)));
  sel.value = lastLevel[kind];
  sel.dataset.kind = kind;
}

// levelNote offers the levels of the size and rules chosen, and says
// what the others get (as `sudoku generate -h` says: up to 9×9 a puzzle
// is minimal; 16×16 digs with bounded checks and may keep a removable
// given).
function levelNote() {
  levelOptions();
  const size = $("size").value, killer = $("kind").value === "killer";
  let note = "";
  if (killer) {
    note = size === "9" ? "Killer: easy ones are solved with cage sums and singles alone; hard ones need more."
      : size === "16" ? "Killer puzzles are made for 4×4, 6×6 and 9×9 grids."
      : "Killer: the level applies to 9×9 (smaller killers are nearly always solved with cage sums and singles alone).";
  } else if (size === "16") {
    note = "Difficulty applies to 9×9 only: a 16×16 puzzle is random, with one solution, but not always minimal (a given or so may be removable).";
  } else if (size !== "9") {
    note = "Difficulty applies to 9×9 only: a " + size + "×" + size + " puzzle is random and minimal (no given can be removed).";
  }
  $("difficulty").disabled = size !== "9";
  $("levelnote").textContent = note;
  $("levelnote").hidden = !note;
}

// formFor sets the New game form to the game played: its size, its rules
// (Killer for a puzzle with cages) and its level, so that New game makes
// one more of the same.
function formFor() {
  if ([...$("size").options].some((o) => +o.value === game.n)) $("size").value = String(game.n);
  $("kind").value = game.rules && game.rules.cages ? "killer" : "classic";
  levelOptions();
  if (game.level && [...$("difficulty").options].some((o) => o.value === game.level)) $("difficulty").value = game.level;
  levelNote();
}

document.addEventListener("keydown", (ev) => {
  if (ev.target.closest && ev.target.closest("form#import, select, textarea, input, dialog")) return;
  const k = ev.key;
  // Esc, and P up to 9×9 (a value on 16×16, but not while paused),
  // pause and resume; the Resume button has the focus while paused.
  const mods = ev.ctrlKey || ev.metaKey || ev.altKey;
  if (k === "Escape" || (!mods && (k === "p" || k === "P") && (game.n <= 9 || game.paused))) {
    ev.preventDefault();
    if (!game.finished) setPaused(!game.paused);
    return;
  }
  if (game.paused) return;
  if ((ev.ctrlKey || ev.metaKey) && (k === "z" || k === "Z")) {
    ev.preventDefault();
    ev.shiftKey ? redo() : undo();
    return;
  }
  if ((ev.ctrlKey || ev.metaKey) && (k === "y" || k === "Y")) {
    ev.preventDefault();
    redo();
    return;
  }
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[k]) {
    ev.preventDefault();
    move(...moves[k], ev.shiftKey);
    return;
  }
  if (k === "Backspace" || k === "Delete" || k === "0" || k === ".") {
    ev.preventDefault();
    erase();
    return;
  }
  // Keys typed on buttons other than the board's stay theirs.
  if ((k === "Enter" || k === " ") && ev.target.tagName === "BUTTON") return;
  // The digit: from the key, or from the key's position when Shift
  // changed the character (Shift+2 is "@" on many layouts).
  let d = k.length === 1 ? game.alphabet.indexOf(k.toUpperCase()) + 1 : 0;
  const code = /^(?:Digit|Numpad)([1-9])$/.exec(ev.code || "");
  if (d === 0 && code && game.n <= 9) d = +code[1] <= game.n ? +code[1] : 0;
  if (d > 0) {
    ev.preventDefault();
    // Shift enters a pencil mark (or a digit in pencil mode): Shift+digit,
    // and on 16x16 Shift+letter (an upper-case letter typed with Shift).
    const asPencil = ev.shiftKey ? !game.pencilMode : game.pencilMode;
    const mode = game.pencilMode;
    game.pencilMode = asPencil;
    enter(d);
    game.pencilMode = mode;
    render();
    return;
  }
  if (k === "/") {
    ev.preventDefault();
    togglePencil();
  }
});

$("newgame").addEventListener("submit", (ev) => {
  ev.preventDefault();
  newGame();
});
$("size").addEventListener("change", levelNote);
$("kind").addEventListener("change", levelNote);
$("daily").addEventListener("click", daily);
$("again").addEventListener("click", () => newGame());
$("pencil").addEventListener("click", togglePencil);
$("digitfirst").addEventListener("click", () => {
  game.digitFirst = !game.digitFirst;
  game.armed = 0;
  render();
  say(game.digitFirst ? "Digit first: pick a digit on the keypad, then tap cells to enter it." : "");
});
$("erase").addEventListener("click", erase);
$("marktype").addEventListener("change", () => {
  game.markKind = $("marktype").value;
  if (!game.pencilMode) togglePencil();
  $("board").focus({ preventScroll: true });
});
for (let k = 0; k <= COLOURS; k++) {
  const b = document.createElement("button");
  b.className = "swatch";
  b.dataset.colour = k;
  b.setAttribute("aria-label", k ? "colour " + k : "no colour");
  b.title = k ? "Colour the cell" : "Remove the colour";
  if (!k) b.textContent = "✕";
  b.addEventListener("click", () => paint(k));
  $("colours").appendChild(b);
}
$("undo").addEventListener("click", undo);
$("redo").addEventListener("click", redo);
$("fill").addEventListener("click", fillMarks);
$("clearmarks").addEventListener("click", clearMarks);
$("check").addEventListener("click", check);
$("hint").addEventListener("click", hint);
$("restart").addEventListener("click", restart);
$("share").addEventListener("click", share);
$("pause").addEventListener("click", () => setPaused(!game.paused));
$("msgclose").addEventListener("click", () => {
  clearTimeout(toastTimer);
  $("toast").classList.add("off");
  $("board").focus({ preventScroll: true });
});

// Settings: each checkbox with data-setting names its field.
function applySettings() {
  for (const el of document.querySelectorAll("[data-setting]")) el.checked = !!settings[el.dataset.setting];
  $("timer").classList.toggle("hidden", settings.hideTimer);
  if (game.puzzle.length) {
    render();
    announce();
  }
}
for (const el of document.querySelectorAll("[data-setting]")) {
  el.addEventListener("change", () => {
    settings[el.dataset.setting] = el.checked;
    storeSet(SETTINGS, settings);
    applySettings();
  });
}
$("resume").addEventListener("click", () => setPaused(false));
$("importbtn").addEventListener("click", () => {
  $("import").hidden = false;
  $("importtext").focus();
});
$("importcancel").addEventListener("click", () => ($("import").hidden = true));
$("import").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const text = $("importtext").value;
  const why = importHint(text);
  if (why) {
    say("Cannot play that puzzle: " + why, "error");
    return;
  }
  try {
    await loadPuzzle(text);
    $("import").hidden = true;
  } catch (e) {
    say("Cannot play that puzzle: " + e.message + ".", "error");
  }
});

// Colour scheme: the system's until the player picks one.
function applyTheme() {
  const t = localStorage.getItem(THEME);
  if (t) document.documentElement.dataset.theme = t;
  else delete document.documentElement.dataset.theme;
}
$("theme").addEventListener("click", () => {
  const dark = getComputedStyle(document.documentElement).getPropertyValue("--scheme").trim() === "dark";
  try {
    localStorage.setItem(THEME, dark ? "light" : "dark");
  } catch {
    document.documentElement.dataset.theme = dark ? "light" : "dark";
    return;
  }
  applyTheme();
});

// loadFromLink plays the puzzle of the link (#size=3x3&p=...&level=hard),
// a saved game of that puzzle when there is one. It returns false when
// the link names no puzzle, and throws when the puzzle cannot be played.
async function loadFromLink() {
  const params = new URLSearchParams(location.hash.slice(1) || location.search.slice(1));
  const p = params.get("p");
  if (!p) return false;
  const size = params.get("size") || undefined;
  const rulesText = params.get("rules") || "";
  if (game.puzzle.length && size === game.size && p === lineOf(game.puzzle) && rulesText === (game.rules ? JSON.stringify(game.rules) : "") && !params.get("s")) return true;
  let linkRules = null;
  if (rulesText) {
    try {
      linkRules = JSON.parse(rulesText);
    } catch {
      throw new Error("the link's rules are not JSON");
    }
  }
  const meta = params.get("level") ? { level: params.get("level"), rating: params.get("rating") } : { source: "shared" };
  await loadPuzzle(p, size, meta, params.get("s") || "", linkRules);
  return true;
}

async function followLink() {
  try {
    await loadFromLink();
  } catch (e) {
    say("The link's puzzle cannot be played: " + e.message + ". You are still on your last game.", "error");
    if (game.puzzle.length) setLink();
    else await continueOrNew(true);
  }
}

// continueOrNew goes on with the last game, or starts a new one.
async function continueOrNew(keep) {
  const id = localStorage.getItem(CURRENT);
  if (id && restore(id)) {
    if (!keep) say("Welcome back: your game goes on.");
    return;
  }
  await newGame({ force: true, keep });
}

// A link followed from the page itself, typed in the address bar, or
// reached with Back.
window.addEventListener("hashchange", followLink);

// Start: the puzzle of the link (or its saved game), else the last game,
// else a new game.
(async function init() {
  applyTheme();
  settings = Object.assign({}, DEFAULT_SETTINGS, loadStore(SETTINGS, {}));
  applySettings();
  levelNote();
  listSaved();
  showStats();
  try {
    if (await loadFromLink()) return;
  } catch (e) {
    say("The link's puzzle cannot be played: " + e.message + ". Here is " + (localStorage.getItem(CURRENT) ? "your last game" : "a new game") + " instead.", "error");
    await continueOrNew(true);
    return;
  }
  await continueOrNew(false);
})();

if ("serviceWorker" in navigator && location.protocol !== "file:") {
  navigator.serviceWorker.register("sw.js").catch(() => {});
}
