// Sudoku page: plays puzzles from the service's JSON API.
"use strict";

const $ = (id) => document.getElementById(id);

// The game. cells[i] is 0 (blank) or 1..n; pencil[i] is a bitmask (bit d
// for digit d); given[i] marks the puzzle's digits.
const game = {
  n: 9, br: 3, bc: 3, size: "3x3", alphabet: "123456789",
  puzzle: [], solution: null, cells: [], pencil: [], given: [],
  selected: -1, pencilMode: false, undo: [], redo: [],
  wrong: new Set(), hint: null, start: 0, elapsed: 0, finished: false,
  info: "",
};

let timerID = 0;

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

// unitsOf returns the rows, columns and boxes as lists of cell indices.
function unitsOf(n, br, bc) {
  const units = [];
  for (let r = 0; r < n; r++) units.push([...Array(n)].map((_, c) => r * n + c));
  for (let c = 0; c < n; c++) units.push([...Array(n)].map((_, r) => r * n + c));
  for (let b = 0; b < n; b++) {
    const r0 = Math.floor(b / (n / bc)) * br, c0 = (b % (n / bc)) * bc;
    const box = [];
    for (let k = 0; k < n; k++) box.push((r0 + Math.floor(k / bc)) * n + c0 + (k % bc));
    units.push(box);
  }
  return units;
}

let units = [], peers = [];

function setup(puzzleLine, size, solutionLine, info) {
  const [br, bc] = shapeOf(size, puzzleLine.length);
  const n = br * bc;
  Object.assign(game, {
    n, br, bc, size: br + "x" + bc, alphabet: alphabetFor(n), info: info || "",
    selected: -1, pencilMode: false, undo: [], redo: [], wrong: new Set(), hint: null,
    elapsed: 0, finished: false,
  });
  game.puzzle = parseLine(puzzleLine, game.alphabet);
  game.solution = solutionLine ? parseLine(solutionLine, game.alphabet) : null;
  game.cells = game.puzzle.slice();
  game.given = game.puzzle.map((v) => v > 0);
  game.pencil = game.puzzle.map(() => 0);
  units = unitsOf(n, br, bc);
  peers = game.cells.map(() => new Set());
  for (const u of units) for (const i of u) for (const j of u) if (i !== j) peers[i].add(j);
  buildBoard();
  buildKeypad();
  $("done").hidden = true;
  if ([...$("size").options].some((o) => +o.value === n)) $("size").value = String(n);
  $("info").textContent = game.info;
  history.replaceState(null, "", "#size=" + game.size + "&p=" + puzzleLine);
  startTimer();
  render();
  $("board").focus();
}

function buildBoard() {
  const board = $("board");
  board.innerHTML = "";
  board.style.setProperty("--n", game.n);
  board.dataset.n = game.n;
  for (let i = 0; i < game.n * game.n; i++) {
    const cell = document.createElement("div");
    const r = Math.floor(i / game.n), c = i % game.n;
    cell.className = "cell";
    if ((c + 1) % game.bc === 0 && c + 1 < game.n) cell.classList.add("box-right");
    if ((r + 1) % game.br === 0 && r + 1 < game.n) cell.classList.add("box-bottom");
    cell.dataset.i = i;
    cell.setAttribute("role", "gridcell");
    cell.addEventListener("click", () => select(i));
    board.appendChild(cell);
  }
}

function buildKeypad() {
  const pad = $("keypad");
  pad.innerHTML = "";
  pad.style.setProperty("--cols", game.n <= 6 ? game.n : game.n === 9 ? 9 : 8);
  for (let d = 1; d <= game.n; d++) {
    const b = document.createElement("button");
    b.textContent = game.alphabet[d - 1];
    b.dataset.digit = d;
    b.addEventListener("click", () => enter(d));
    pad.appendChild(b);
  }
}

function select(i) {
  game.selected = i;
  render();
}

// change applies a list of cell changes as one undoable action.
function change(list) {
  if (game.finished || list.length === 0) return;
  for (const ch of list) {
    game.cells[ch.i] = ch.v1;
    game.pencil[ch.i] = ch.p1;
    game.wrong.delete(ch.i);
  }
  game.undo.push(list);
  game.redo = [];
  game.hint = null;
  afterChange();
}

function enter(d) {
  const i = game.selected;
  if (i < 0 || game.given[i] || game.finished) return;
  const v0 = game.cells[i], p0 = game.pencil[i];
  if (game.pencilMode) {
    if (v0) return;
    change([{ i, v0, p0, v1: 0, p1: p0 ^ (1 << d) }]);
    return;
  }
  if (v0 === d) return;
  const list = [{ i, v0, p0, v1: d, p1: 0 }];
  // Entering a digit removes it from the pencil marks of its peers.
  for (const j of peers[i]) {
    if (game.pencil[j] & (1 << d)) {
      list.push({ i: j, v0: game.cells[j], p0: game.pencil[j], v1: game.cells[j], p1: game.pencil[j] & ~(1 << d) });
    }
  }
  change(list);
}

function erase() {
  const i = game.selected;
  if (i < 0 || game.given[i]) return;
  if (game.cells[i] || game.pencil[i]) change([{ i, v0: game.cells[i], p0: game.pencil[i], v1: 0, p1: 0 }]);
}

function undo() {
  const list = game.undo.pop();
  if (!list || game.finished) return;
  for (const ch of [...list].reverse()) {
    game.cells[ch.i] = ch.v0;
    game.pencil[ch.i] = ch.p0;
  }
  game.redo.push(list);
  game.selected = list[0].i;
  afterChange();
}

function redo() {
  const list = game.redo.pop();
  if (!list || game.finished) return;
  for (const ch of list) {
    game.cells[ch.i] = ch.v1;
    game.pencil[ch.i] = ch.p1;
  }
  game.undo.push(list);
  game.selected = list[0].i;
  afterChange();
}

function conflicts() {
  const bad = new Set();
  for (const u of units) {
    const seen = new Map();
    for (const i of u) {
      const v = game.cells[i];
      if (!v) continue;
      if (seen.has(v)) {
        bad.add(i);
        bad.add(seen.get(v));
      } else seen.set(v, i);
    }
  }
  return bad;
}

function afterChange() {
  const bad = conflicts();
  const full = game.cells.every((v) => v > 0);
  if (full && bad.size === 0 && (!game.solution || game.cells.every((v, i) => v === game.solution[i]))) {
    finish();
  } else if (full) {
    say(bad.size ? "The grid is full, but some digits clash." : "The grid is full, but some entries are wrong. Try Check.");
  } else if (bad.size) {
    say("Conflict: the same digit twice in a row, column or box.");
  } else {
    say("");
  }
  render();
}

function finish() {
  game.finished = true;
  stopTimer();
  game.selected = -1;
  $("donetime").textContent = "Time " + clock(game.elapsed) + ".";
  $("done").hidden = false;
  say("Well done: the puzzle is solved.");
}

function render() {
  const bad = conflicts();
  const sel = game.selected;
  const selVal = sel >= 0 ? game.cells[sel] : 0;
  const hintCells = new Set(game.hint ? game.hint.cells || [] : []);
  const hintPlace = new Set(game.hint ? (game.hint.placements || []).map((p) => p.cell) : []);
  const boardCells = $("board").children;
  for (let i = 0; i < boardCells.length; i++) {
    const el = boardCells[i];
    const v = game.cells[i];
    const cl = el.classList;
    cl.toggle("given", game.given[i]);
    cl.toggle("selected", i === sel);
    cl.toggle("peer", sel >= 0 && i !== sel && peers[sel].has(i));
    cl.toggle("same", selVal > 0 && v === selVal && i !== sel);
    cl.toggle("conflict", bad.has(i));
    cl.toggle("wrong", game.wrong.has(i));
    cl.toggle("hint", hintCells.has(i));
    cl.toggle("hint-place", hintPlace.has(i));
    if (v) {
      if (el.textContent !== game.alphabet[v - 1] || el.firstChild?.nodeType !== 3) el.textContent = game.alphabet[v - 1];
      el.setAttribute("aria-label", "r" + (Math.floor(i / game.n) + 1) + "c" + (i % game.n + 1) + " " + game.alphabet[v - 1]);
    } else if (game.pencil[i]) {
      const marks = document.createElement("div");
      marks.className = "marks";
      marks.style.setProperty("--mc", game.bc);
      for (let d = 1; d <= game.n; d++) {
        const m = document.createElement("span");
        m.textContent = game.pencil[i] & (1 << d) ? game.alphabet[d - 1] : "";
        if (selVal && d === selVal && game.pencil[i] & (1 << d)) m.className = "same-mark";
        marks.appendChild(m);
      }
      el.replaceChildren(marks);
      el.setAttribute("aria-label", "r" + (Math.floor(i / game.n) + 1) + "c" + (i % game.n + 1) + " blank");
    } else {
      el.replaceChildren();
      el.setAttribute("aria-label", "r" + (Math.floor(i / game.n) + 1) + "c" + (i % game.n + 1) + " blank");
    }
  }
  $("pencil").setAttribute("aria-pressed", String(game.pencilMode));
  $("pencil").classList.toggle("on", game.pencilMode);
  $("undo").disabled = game.undo.length === 0 || game.finished;
  $("redo").disabled = game.redo.length === 0 || game.finished;
  $("board").classList.toggle("solved", game.finished);
  // Digits placed n times are done: dim them on the keypad.
  const counts = new Array(game.n + 1).fill(0);
  for (const v of game.cells) counts[v]++;
  for (const b of $("keypad").children) b.classList.toggle("complete", counts[+b.dataset.digit] >= game.n);
}

function say(text, kind) {
  const m = $("message");
  m.textContent = text;
  m.className = kind || "";
}

// Timer.
function clock(ms) {
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
  const mm = String(m).padStart(2, "0"), ss = String(sec).padStart(2, "0");
  return h ? h + ":" + mm + ":" + ss : mm + ":" + ss;
}

function startTimer() {
  stopTimer();
  game.start = Date.now();
  game.elapsed = 0;
  $("timer").textContent = clock(0);
  timerID = setInterval(() => {
    game.elapsed = Date.now() - game.start;
    $("timer").textContent = clock(game.elapsed);
  }, 1000);
}

function stopTimer() {
  if (timerID) clearInterval(timerID);
  timerID = 0;
  if (game.start) game.elapsed = Date.now() - game.start;
  $("timer").textContent = clock(game.elapsed);
}

// API calls.
async function api(method, path, body) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.body = typeof body === "string" ? body : JSON.stringify(body);
    opts.headers["Content-Type"] = typeof body === "string" ? "text/plain" : "application/json";
  }
  const resp = await fetch(path, opts);
  const data = await resp.json().catch(() => ({ error: { message: "bad reply from the server" } }));
  if (!resp.ok) {
    const e = data.error || {};
    const where = e.line ? " (line " + e.line + (e.column ? ", column " + e.column : "") + ")" : "";
    throw new Error((e.message || "request failed") + where);
  }
  return data;
}

async function newGame() {
  const size = $("size").value, diff = $("difficulty").value;
  say("Making a puzzle…");
  $("new").disabled = true;
  try {
    const g = await api("GET", "/api/generate?size=" + size + "&difficulty=" + diff + "&symmetry=rot180");
    const level = g.level ? " · " + g.level + " (" + g.rating.toFixed(1) + ")" : "";
    setup(g.puzzle, g.size, g.solution, size + "×" + size + level + " · " + g.givens + " givens");
    say("New game. Select a cell and type a digit.");
  } catch (e) {
    say("Could not make a puzzle: " + e.message, "error");
  } finally {
    $("new").disabled = false;
  }
}

// loadPuzzle starts a puzzle given as text (any format the service reads).
async function loadPuzzle(text, size) {
  const body = size ? { size, puzzle: text } : text;
  let v = await api("POST", "/api/check", body);
  if (v.verdict !== "unique") throw new Error("this puzzle has " + (v.verdict === "multiple" ? "more than one solution" : "no solution") + (v.message && v.verdict === "invalid" ? ": " + v.message : ""));
  // The solution comes in the text format of the puzzle sent: for a
  // multi-line grid, ask again with its one-line form.
  if (v.solution.length !== v.puzzle.length) v = await api("POST", "/api/check", { size: v.size, puzzle: v.puzzle });
  const n = Math.round(Math.sqrt(v.puzzle.length));
  setup(v.puzzle, v.size, v.solution, n + "×" + n + " · imported");
  say("Puzzle loaded.");
}

async function hint() {
  if (game.finished) return;
  const pencil = game.pencil.map((m) => {
    const ds = [];
    for (let d = 1; d <= game.n; d++) if (m & (1 << d)) ds.push(d);
    return ds;
  });
  try {
    const h = await api("POST", "/api/hint", { size: game.size, puzzle: lineOf(game.puzzle), state: lineOf(game.cells), pencil });
    for (const i of h.mistakes || []) game.wrong.add(i);
    game.hint = h.step || null;
    if (h.step) {
      say(h.step.technique + ": " + h.step.explanation, "hint");
      if (h.step.cells && h.step.cells.length && !h.mistakes.length) game.selected = (h.step.placements && h.step.placements[0] ? h.step.placements[0].cell : h.step.cells[0]);
    } else if (h.solved) say("Nothing left to do: the grid is solved.");
    render();
  } catch (e) {
    say("No hint: " + e.message, "error");
  }
}

function check() {
  if (!game.solution) return;
  game.wrong = new Set();
  let filled = 0;
  game.cells.forEach((v, i) => {
    if (v && !game.given[i]) {
      filled++;
      if (v !== game.solution[i]) game.wrong.add(i);
    }
  });
  say(game.wrong.size ? game.wrong.size + (game.wrong.size === 1 ? " entry is" : " entries are") + " wrong (marked)." : filled ? "All " + filled + " entries are right so far." : "No entries yet.", game.wrong.size ? "error" : "");
  render();
}

async function share() {
  const url = location.origin + location.pathname + "#size=" + game.size + "&p=" + lineOf(game.puzzle);
  try {
    await navigator.clipboard.writeText(url);
    say("Link copied: " + url);
  } catch {
    say("Share this link: " + url);
  }
}

function move(dr, dc) {
  let i = game.selected;
  if (i < 0) i = 0;
  else {
    const r = (Math.floor(i / game.n) + dr + game.n) % game.n, c = ((i % game.n) + dc + game.n) % game.n;
    i = r * game.n + c;
  }
  select(i);
}

function togglePencil() {
  game.pencilMode = !game.pencilMode;
  render();
}

document.addEventListener("keydown", (ev) => {
  if (ev.target.closest && ev.target.closest("form#import, select, textarea, input")) return;
  const k = ev.key;
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
    move(...moves[k]);
    return;
  }
  if (k === "Backspace" || k === "Delete" || k === "0" || k === ".") {
    ev.preventDefault();
    erase();
    return;
  }
  // The digit: from the key, or from the key's position when Shift
  // changed the character (Shift+2 is "@" on many layouts).
  let d = k.length === 1 ? game.alphabet.indexOf(k.toUpperCase()) + 1 : 0;
  const code = /^(?:Digit|Numpad)([1-9])$/.exec(ev.code || "");
  if (d === 0 && code && game.n <= 9) d = +code[1] <= game.n ? +code[1] : 0;
  if (d > 0) {
    ev.preventDefault();
    // Shift enters a pencil mark (or a digit in pencil mode); not for
    // 16x16, whose letters may come with Shift.
    const asPencil = game.n <= 9 && ev.shiftKey ? !game.pencilMode : game.pencilMode;
    const mode = game.pencilMode;
    game.pencilMode = asPencil;
    enter(d);
    game.pencilMode = mode;
    render();
    return;
  }
  if (k === "p" || k === "P" || k === "/") {
    ev.preventDefault();
    togglePencil();
  }
});

$("newgame").addEventListener("submit", (ev) => {
  ev.preventDefault();
  newGame();
});
$("pencil").addEventListener("click", togglePencil);
$("erase").addEventListener("click", erase);
$("undo").addEventListener("click", undo);
$("redo").addEventListener("click", redo);
$("check").addEventListener("click", check);
$("hint").addEventListener("click", hint);
$("share").addEventListener("click", share);
$("importbtn").addEventListener("click", () => {
  $("import").hidden = false;
  $("importtext").focus();
});
$("importcancel").addEventListener("click", () => ($("import").hidden = true));
$("import").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  try {
    await loadPuzzle($("importtext").value);
    $("import").hidden = true;
  } catch (e) {
    say("Cannot play that puzzle: " + e.message, "error");
  }
});

// loadFromLink plays the puzzle of the link (#size=3x3&p=...), if any.
async function loadFromLink() {
  const params = new URLSearchParams(location.hash.slice(1) || location.search.slice(1));
  const p = params.get("p");
  if (!p) return false;
  try {
    await loadPuzzle(p, params.get("size") || undefined);
    return true;
  } catch (e) {
    say("The linked puzzle cannot be played: " + e.message, "error");
    return false;
  }
}

// A link followed from the page itself (or typed in the address bar).
window.addEventListener("hashchange", loadFromLink);

// Start: the puzzle of the link, else a new game.
(async function init() {
  if (!(await loadFromLink())) await newGame();
})();
