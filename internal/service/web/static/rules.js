// Which rules a grid breaks: the page's port of sudoku.CheckRules
// (sudoku/rules_check.go, docs/variants.md), rule by rule, with the same
// order, cells and messages, so that the conflicts the game marks are
// the Go checker's. It is exact on a full grid and sound on a partial
// one: a rule is reported only when no digits in its blank cells could
// keep it, the rule taken alone. The e2e test TestVariants compares the
// two on grids with every rule kept and broken.
//
// ruleBreaks(p, cells): p is the puzzle's rules as the page keeps them
// (the JSON fields of a puzzle object: cages, thermos, antiknight,
// antiking, nonconsecutive, arrows, differences, ... see sudoku.Rules)
// with n, br and bc (the side and the box shape), boxes (a jigsaw's
// regions as lists of cells, or null) and extra (extra regions); cells
// holds 0 for a blank or the digit 1..n (a value above n counts as
// blank). It returns the breaks as {rule, index, cells, same, msg}, the
// fields of sudoku.RuleBreak. The rules are taken as valid (the service
// checks them when a puzzle is loaded).
"use strict";

const RuleCheck = (() => {
  const STEPS = { UL: [-1, -1], UR: [-1, 1], DL: [1, -1], DR: [1, 1] };

  const cellName = (i, n) => "r" + (Math.floor(i / n) + 1) + "c" + ((i % n) + 1);

  // outsideName names the place of a clue outside the grid.
  function outsideName(row, col, n) {
    if (row === -1 && col >= 0 && col < n) return "above c" + (col + 1);
    if (row === n && col >= 0 && col < n) return "below c" + (col + 1);
    if (col === -1 && row >= 0 && row < n) return "left of r" + (row + 1);
    if (col === n && row >= 0 && row < n) return "right of r" + (row + 1);
    return "r" + (row + 1) + "c" + (col + 1);
  }

  // littleKillerCells lists the diagonal a little killer points along,
  // from the clue on.
  function littleKillerCells(lk, n) {
    const st = STEPS[lk.direction];
    const out = [];
    if (!st) return out;
    for (let r = lk.row + st[0], c = lk.col + st[1]; r >= 0 && r < n && c >= 0 && c < n; r += st[0], c += st[1]) out.push(r * n + c);
    return out;
  }

  // outsideCells lists the row or column of a clue beside it, in the
  // order seen from the clue (null when it is beside none).
  function outsideCells(o, n) {
    const inRow = o.row >= 0 && o.row < n, inCol = o.col >= 0 && o.col < n;
    const out = [];
    if (inRow && o.col === -1) for (let c = 0; c < n; c++) out.push(o.row * n + c);
    else if (inRow && o.col === n) for (let c = n - 1; c >= 0; c--) out.push(o.row * n + c);
    else if (inCol && o.row === -1) for (let r = 0; r < n; r++) out.push(r * n + o.col);
    else if (inCol && o.row === n) for (let r = n - 1; r >= 0; r--) out.push(r * n + o.col);
    else return null;
    return out;
  }

  const whisperDiff = (w, n) => (w.value > 0 ? w.value : Math.floor((n + 1) / 2));
  const dotValue = (d, def) => (d.value ? d.value : def);

  // entropicRank: 0 low, 1 middle, 2 high; the middle run is the odd
  // size out when 3 does not divide n.
  function entropicRank(d, n) {
    const small = Math.floor(n / 3), large = Math.floor((n + 2) / 3);
    const lo = n % 3 === 1 ? small : large;
    const mid = n - 2 * lo;
    return d <= lo ? 0 : d <= lo + mid ? 1 : 2;
  }

  // pillValue: the number the digits write in order.
  function pillValue(ds) {
    let v = 0;
    for (const d of ds) {
      for (let m = d; m > 0; m = Math.floor(m / 10)) v *= 10;
      v += d;
    }
    return v;
  }

  // houses lists the rows, columns, boxes (or a jigsaw's regions) and
  // extra regions with their kinds, as sudoku.Geometry does, and each
  // cell's box (its house number).
  function houses(p) {
    const n = p.n, hs = [], kinds = [];
    for (let r = 0; r < n; r++) {
      hs.push([...Array(n)].map((_, c) => r * n + c));
      kinds.push(0);
    }
    for (let c = 0; c < n; c++) {
      hs.push([...Array(n)].map((_, r) => r * n + c));
      kinds.push(1);
    }
    if (p.boxes) {
      for (const b of p.boxes) {
        hs.push(b.slice());
        kinds.push(2);
      }
    } else {
      for (let r0 = 0; r0 < n; r0 += p.br) {
        for (let c0 = 0; c0 < n; c0 += p.bc) {
          const b = [];
          for (let r = r0; r < r0 + p.br; r++) for (let c = c0; c < c0 + p.bc; c++) b.push(r * n + c);
          hs.push(b);
          kinds.push(2);
        }
      }
    }
    for (const e of p.extra || []) {
      hs.push(e.slice());
      kinds.push(3);
    }
    const box = new Array(n * n).fill(0);
    hs.forEach((h, k) => {
      if (kinds[k] === 2) for (const c of h) box[c] = k;
    });
    return { hs, kinds, box };
  }

  // Pairs in the order of package sudoku (knightPairs, kingDiagonals,
  // orthogonalPairs), smaller cell first.
  function knightPairs(n) {
    const out = [];
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        for (const [dr, dc] of [[1, -2], [1, 2], [2, -1], [2, 1]]) {
          const r2 = r + dr, c2 = c + dc;
          if (r2 < n && c2 >= 0 && c2 < n) out.push([r * n + c, r2 * n + c2]);
        }
      }
    }
    return out;
  }

  function kingDiagonals(n) {
    const out = [];
    for (let r = 0; r + 1 < n; r++) {
      for (let c = 0; c < n; c++) {
        if (c + 1 < n) out.push([r * n + c, (r + 1) * n + c + 1]);
        if (c > 0) out.push([r * n + c, (r + 1) * n + c - 1]);
      }
    }
    return out;
  }

  function orthogonalPairs(n) {
    const out = [];
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        if (c + 1 < n) out.push([r * n + c, r * n + c + 1]);
        if (r + 1 < n) out.push([r * n + c, (r + 1) * n + c]);
      }
    }
    return out;
  }

  // orthogonalNeighbours: up, left, right, down.
  function orthogonalNeighbours(x, n) {
    const r = Math.floor(x / n), c = x % n, out = [];
    if (r > 0) out.push(x - n);
    if (c > 0) out.push(x - 1);
    if (c + 1 < n) out.push(x + 1);
    if (r + 1 < n) out.push(x + n);
    return out;
  }

  const pairKey = (a, b) => Math.min(a, b) + "," + Math.max(a, b);
  const sumText = (sum, blanks) => (blanks === 0 ? String(sum) : sum + " plus " + blanks + " blank cells");

  function ruleBreaks(p, cells) {
    const n = p.n, out = [];
    const d = (i) => {
      const v = cells[i] | 0;
      return v > n || v < 0 ? 0 : v;
    };
    const name = (i) => cellName(i, n);
    const is = (i) => name(i) + "=" + d(i);
    const names = (cs) => cs.map(name).join(" ");
    const lineText = (l) => l.map((x) => (d(x) ? is(x) : name(x))).join(" ");
    const add = (rule, index, cs, msg) => out.push({ rule, index, cells: cs.slice(), same: false, msg });
    const same = (rule, index, a, b, msg) => out.push({ rule, index, cells: [Math.min(a, b), Math.max(a, b)], same: true, msg });
    const span = (cs) => {
      let sum = 0, blanks = 0;
      for (const x of cs) {
        if (d(x)) sum += d(x);
        else blanks++;
      }
      return [sum, blanks];
    };

    const geo = houses(p);
    const count = [0, 0, 0, 0];
    geo.hs.forEach((hc, h) => {
      const kind = geo.kinds[h], index = count[kind]++;
      const what = ["row", "column", "box", "region"][kind];
      hc.forEach((a, i) => {
        const da = d(a);
        if (!da) return;
        for (const b of hc.slice(i + 1)) if (d(b) === da) same(what, index, a, b, what + " " + (index + 1) + ": " + name(a) + " and " + name(b) + " both " + da);
      });
    });

    const pairs = (rule, ps) => {
      for (const [a, b] of ps) {
        if (d(a) && d(a) === d(b)) same(rule, -1, a, b, rule + ": " + name(a) + " and " + name(b) + " both " + d(a));
      }
    };
    if (p.antiknight) pairs("anti-knight", knightPairs(n));
    if (p.antiking) pairs("anti-king", kingDiagonals(n));
    const dotted = new Set();
    for (const dt of (p.differences || []).concat(p.ratios || [])) dotted.add(pairKey(dt.cells[0], dt.cells[1]));
    if (p.nonconsecutive) {
      for (const pr of orthogonalPairs(n)) {
        const a = d(pr[0]), b = d(pr[1]);
        if (a && b && Math.abs(a - b) === 1 && !dotted.has(pairKey(pr[0], pr[1]))) add("non-consecutive", -1, pr, "non-consecutive: " + name(pr[0]) + "=" + a + " beside " + name(pr[1]) + "=" + b);
      }
    }
    (p.thermos || []).forEach((th, t) => {
      // Each filled cell exceeds the last filled one by at least the
      // number of steps between them.
      let last = 0, at = -1;
      th.forEach((x, i) => {
        const v = d(x);
        if (!v) return;
        if (at >= 0 && v - last < i - at) add("thermometer", t, [th[at], x], "thermometer " + (t + 1) + ": " + name(x) + "=" + v + " after " + name(th[at]) + "=" + last);
        last = v;
        at = i;
      });
    });
    (p.cages || []).forEach((cg, k) => {
      let sum = 0, filled = 0;
      cg.cells.forEach((a, i) => {
        const da = d(a);
        if (!da) return;
        sum += da;
        filled++;
        for (const b of cg.cells.slice(0, i)) if (d(b) === da) same("cage", k, a, b, "cage " + (k + 1) + ": " + name(a) + " and " + name(b) + " both " + da);
      });
      const want = cg.sum || 0;
      if (!want) return;
      if (filled === cg.cells.length && sum !== want) add("cage", k, cg.cells, "cage " + (k + 1) + ": digits add up to " + sum + ", want " + want);
      else if (filled < cg.cells.length && sum >= want) add("cage", k, cg.cells, "cage " + (k + 1) + ": digits add up to " + sum + " with cells still blank, want " + want);
    });

    (p.arrows || []).forEach((a, k) => {
      // Blank circle cells give the range 1.. to n..; the shaft's sum
      // likewise.
      const lo = a.circle.map((x) => d(x) || 1), hi = a.circle.map((x) => d(x) || n);
      const pLo = pillValue(lo), pHi = pillValue(hi);
      const [s, b] = span(a.shaft);
      if (pHi < s + b || pLo > s + b * n) {
        const circle = pLo === pHi ? String(pLo) : pLo + " to " + pHi;
        add("arrow", k, a.circle.concat(a.shaft), "arrow " + (k + 1) + ": circle " + names(a.circle) + " reads " + circle + ", shaft adds up to " + sumText(s, b));
      }
    });
    const dot = (list, rule, def, ok, what) => {
      (list || []).forEach((dt, k) => {
        const v = dotValue(dt, def);
        const [a, b] = dt.cells;
        let x = d(a);
        const y = d(b);
        if (x && y) {
          if (!ok(x, y, v)) add(rule, k, dt.cells, rule + " " + (k + 1) + ": " + is(a) + " and " + is(b) + ", want " + what + " " + v);
        } else if (x || y) {
          let f = a;
          if (!x) {
            f = b;
            x = y;
          }
          let any = false;
          for (let w = 1; w <= n && !any; w++) any = ok(x, w, v);
          if (!any) add(rule, k, dt.cells, rule + " " + (k + 1) + ": no digit beside " + is(f) + " makes " + what + " " + v);
        }
      });
    };
    const diffOK = (x, y, v) => x - y === v || y - x === v;
    const ratioOK = (x, y, v) => x * v === y || y * v === x;
    const sumOK = (x, y, v) => x + y === v;
    dot(p.differences, "white dot", 1, diffOK, "a difference of");
    dot(p.ratios, "black dot", 2, ratioOK, "a ratio of");
    dot(p.xv, "XV mark", 0, sumOK, "a sum of");
    if (p.negativeratio || p.negativexv) {
      const ratios = new Set((p.ratios || []).map((dt) => dotValue(dt, 2)));
      if (ratios.size === 0) ratios.add(2);
      const marked = new Set((p.xv || []).map((dt) => pairKey(dt.cells[0], dt.cells[1])));
      for (const pr of orthogonalPairs(n)) {
        const x = d(pr[0]), y = d(pr[1]);
        if (!x || !y) continue;
        const key = pairKey(pr[0], pr[1]);
        if (p.negativeratio && !dotted.has(key)) {
          for (const v of ratios) {
            if (ratioOK(x, y, v)) {
              add("negative kropki", -1, pr, "negative kropki: " + is(pr[0]) + " beside " + is(pr[1]) + " have a ratio of " + v + " without a black dot");
              break;
            }
          }
        }
        if (p.negativexv && !marked.has(key) && (x + y === 5 || x + y === 10)) add("negative XV", -1, pr, "negative XV: " + is(pr[0]) + " beside " + is(pr[1]) + " add up to " + (x + y) + " without a mark");
      }
    }
    const parity = (list, rule, rem) => {
      for (const x of list || []) if (d(x) && d(x) % 2 !== rem) add(rule, -1, [x], rule + ": " + is(x));
    };
    parity(p.even, "even cell", 0);
    parity(p.odd, "odd cell", 1);
    const extreme = (list, rule, less) => {
      const inList = new Set(list || []);
      for (const x of list || []) {
        const dx = d(x);
        if (!dx) continue;
        for (const y of orthogonalNeighbours(x, n)) {
          if (inList.has(y)) continue;
          const dy = d(y);
          if ((dy && less && dx >= dy) || (dy && !less && dx <= dy)) add(rule, -1, [x, y], rule + ": " + is(x) + " beside " + is(y));
          else if (!dy && less && dx === n) add(rule, -1, [x, y], rule + ": " + is(x) + ", and " + name(y) + " needs a digit above it");
          else if (!dy && !less && dx === 1) add(rule, -1, [x, y], rule + ": " + is(x) + ", and " + name(y) + " needs a digit below it");
        }
      }
    };
    extreme(p.minimums, "minimum", true);
    extreme(p.maximums, "maximum", false);
    (p.littlekillers || []).forEach((lk, k) => {
      const cs = littleKillerCells(lk, n);
      const [s, b] = span(cs);
      if (s + b > lk.sum || s + b * n < lk.sum) add("little killer", k, cs, "little killer " + (k + 1) + " (" + outsideName(lk.row, lk.col, n) + ", " + lk.direction + "): digits add up to " + sumText(s, b) + ", want " + lk.sum);
    });
    (p.sandwiches || []).forEach((o, k) => {
      const cs = outsideCells(o, n);
      let i1 = -1, iN = -1;
      cs.forEach((x, i) => {
        const v = d(x);
        if (v === 1 && i1 < 0) i1 = i;
        else if (v === n && iN < 0) iN = i;
      });
      if (i1 < 0 || iN < 0) return;
      const [s, b] = span(cs.slice(Math.min(i1, iN) + 1, Math.max(i1, iN)));
      const value = o.value || 0;
      if (s + b > value || s + b * n < value) add("sandwich", k, cs, "sandwich " + (k + 1) + " (" + outsideName(o.row, o.col, n) + "): digits between 1 and " + n + " add up to " + sumText(s, b) + ", want " + value);
    });
    (p.xsums || []).forEach((o, k) => {
      const cs = outsideCells(o, n);
      const x = d(cs[0]);
      if (!x) return;
      const [s, b] = span(cs.slice(0, x));
      if (s + b > o.value || s + b * n < o.value) add("X-sum", k, cs.slice(0, x), "X-sum " + (k + 1) + " (" + outsideName(o.row, o.col, n) + "): the first " + x + " digits add up to " + sumText(s, b) + ", want " + o.value);
    });
    (p.skyscrapers || []).forEach((o, k) => {
      const cs = outsideCells(o, n);
      let seen = 0, top = 0, full = true;
      for (const x of cs) {
        const v = d(x);
        if (!v) {
          full = false;
          break;
        }
        if (v > top) {
          seen++;
          top = v;
        }
      }
      if (full && seen !== o.value) add("skyscraper", k, cs, "skyscraper " + (k + 1) + " (" + outsideName(o.row, o.col, n) + "): " + seen + " digits seen, want " + o.value);
    });
    (p.quadruples || []).forEach((q, k) => {
      const have = new Map(), need = new Map();
      let blanks = 0;
      for (const x of q.cells) {
        if (d(x)) have.set(d(x), (have.get(d(x)) || 0) + 1);
        else blanks++;
      }
      for (const v of q.digits) need.set(v, (need.get(v) || 0) + 1);
      let missing = 0;
      for (const [v, m] of need) missing += Math.max(0, m - (have.get(v) || 0));
      if (missing > blanks) add("quadruple", k, q.cells, "quadruple " + (k + 1) + " (" + names(q.cells) + "): wants [" + q.digits.join(" ") + "], " + missing + " missing for " + blanks + " blank cells");
    });
    (p.clones || []).forEach((cl, k) => {
      cl.cells.forEach((a, i) => {
        const b = cl.copy[i];
        if (d(a) && d(b) && d(a) !== d(b)) add("clone", k, [a, b], "clone " + (k + 1) + ": " + is(a) + " and its copy " + is(b));
      });
    });
    (p.palindromes || []).forEach((l, k) => {
      for (let i = 0; i < Math.floor(l.length / 2); i++) {
        const a = l[i], b = l[l.length - 1 - i];
        if (d(a) && d(b) && d(a) !== d(b)) add("palindrome", k, [a, b], "palindrome " + (k + 1) + ": " + is(a) + " and " + is(b));
      }
    });
    (p.renbans || []).forEach((l, k) => {
      let lo = n + 1, hi = 0;
      l.forEach((a, i) => {
        const x = d(a);
        if (!x) return;
        lo = Math.min(lo, x);
        hi = Math.max(hi, x);
        for (const b of l.slice(0, i)) if (d(b) === x) same("renban", k, a, b, "renban " + (k + 1) + ": " + name(a) + " and " + name(b) + " both " + x);
      });
      if (hi - lo >= l.length) add("renban", k, l, "renban " + (k + 1) + ": digits " + lo + " to " + hi + " do not fit a run of " + l.length);
    });
    (p.whispers || []).forEach((w, k) => {
      const v = whisperDiff(w, n);
      for (let i = 0; i + 1 < w.cells.length; i++) {
        const a = w.cells[i], b = w.cells[i + 1], x = d(a), y = d(b);
        if (x && y && x - y < v && y - x < v) add("whispers", k, [a, b], "whispers " + (k + 1) + ": " + is(a) + " beside " + is(b) + ", want a difference of " + v + " or more");
        else if (!x !== !y) {
          const f = Math.max(x, y);
          if (f - v < 1 && f + v > n) add("whispers", k, [a, b], "whispers " + (k + 1) + ": no digit differs from " + f + " by " + v + " or more");
        }
      }
    });
    (p.betweenlines || []).forEach((l, k) => {
      if (!betweenOK(l)) add("between line", k, l, "between line " + (k + 1) + ": " + lineText(l));
    });
    (p.regionsumlines || []).forEach((l, k) => {
      const runs = [];
      for (let i = 0; i < l.length;) {
        let j = i;
        while (j < l.length && geo.box[l[j]] === geo.box[l[i]]) j++;
        const [s, b] = span(l.slice(i, j));
        runs.push({ lo: s + b, hi: s + b * n, start: i, end: j });
        i = j;
      }
      if (runs.length < 2) return;
      let lo = runs[0].lo, hi = runs[0].hi;
      for (const r of runs.slice(1)) {
        lo = Math.max(lo, r.lo);
        hi = Math.min(hi, r.hi);
      }
      if (lo <= hi) return;
      const parts = runs.map((r) => {
        const cs = l.slice(r.start, r.end);
        const [s, b] = span(cs);
        return names(cs) + ": " + sumText(s, b);
      });
      add("region-sum line", k, l, "region-sum line " + (k + 1) + ": the runs in each box add up to different sums (" + parts.join("; ") + ")");
    });
    const classLine = (list, rule, cls) => {
      // Cells a multiple of 3 apart share a class, other pairs differ:
      // the first filled cell at each place mod 3 fixes its class.
      (list || []).forEach((l, k) => {
        const first = [-1, -1, -1];
        l.forEach((x, j) => {
          const y = d(x);
          if (!y) return;
          for (let q = 0; q < 3; q++) {
            if (first[q] < 0) continue;
            const a = l[first[q]];
            if ((cls(d(a)) === cls(y)) !== (q === j % 3)) {
              add(rule, k, [a, x], rule + " " + (k + 1) + ": " + is(a) + " and " + is(x) + ", " + (j - first[q]) + " apart");
              break;
            }
          }
          if (first[j % 3] < 0) first[j % 3] = j;
        });
      });
    };
    classLine(p.entropiclines, "entropic line", (v) => entropicRank(v, n));
    classLine(p.modularlines, "modular line", (v) => v % 3);
    (p.nabners || []).forEach((l, k) => {
      l.forEach((b, j) => {
        const y = d(b);
        if (!y) return;
        for (const a of l.slice(0, j)) {
          const x = d(a);
          if (!x) continue;
          if (x === y) same("nabner", k, a, b, "nabner " + (k + 1) + ": " + name(a) + " and " + name(b) + " both " + x);
          else if (Math.abs(x - y) === 1) add("nabner", k, [a, b], "nabner " + (k + 1) + ": " + is(a) + " and " + is(b) + " are consecutive");
        }
      });
    });
    (p.zipperlines || []).forEach((l, k) => {
      let lo = 2, hi = 2 * n;
      if (l.length % 2 === 1) {
        const m = d(l[Math.floor(l.length / 2)]);
        lo = m || 1;
        hi = m || n;
      }
      for (let i = 0; i < Math.floor(l.length / 2); i++) {
        const [s, b] = span([l[i], l[l.length - 1 - i]]);
        lo = Math.max(lo, s + b);
        hi = Math.min(hi, s + b * n);
      }
      if (lo > hi) add("zipper line", k, l, "zipper line " + (k + 1) + ": no common sum for " + lineText(l));
    });
    (p.doublearrows || []).forEach((l, k) => {
      const ends = [l[0], l[l.length - 1]];
      const [es, eb] = span(ends), [ms, mb] = span(l.slice(1, -1));
      if (es + eb * n < ms + mb || es + eb > ms + mb * n) add("double arrow", k, l, "double arrow " + (k + 1) + ": ends " + names(ends) + " add up to " + sumText(es, eb) + ", the cells between to " + sumText(ms, mb));
    });
    (p.slowthermos || []).forEach((l, k) => {
      let top = -1; // the cell of the largest filled digit so far
      for (const x of l) {
        const y = d(x);
        if (!y) continue;
        if (top >= 0 && d(top) > y) add("slow thermometer", k, [top, x], "slow thermometer " + (k + 1) + ": " + is(x) + " after " + is(top));
        if (top < 0 || y > d(top)) top = x;
      }
    });
    const indexers = (list, rule, target) => {
      for (const x of list || []) {
        const v = d(x);
        if (!v) continue;
        const [t, want] = target(x, v);
        const got = d(t);
        if (got && got !== want) add(rule, -1, [x, t], rule + ": " + is(x) + " puts " + want + " in " + name(t) + ", which holds " + got);
      }
    };
    indexers(p.rowindexers, "row indexer", (x, v) => [(v - 1) * n + (x % n), Math.floor(x / n) + 1]);
    indexers(p.columnindexers, "column indexer", (x, v) => [Math.floor(x / n) * n + v - 1, (x % n) + 1]);
    indexers(p.boxindexers, "box indexer", (x, v) => {
      const b = geo.hs[geo.box[x]].slice().sort((u, w) => u - w);
      return [b[v - 1], b.indexOf(x) + 1];
    });
    return out;

    // betweenOK: digits for the blank ends exist that put every filled
    // middle cell strictly between them and leave room for the blank
    // ones.
    function betweenOK(l) {
      const mid = l.slice(1, -1);
      let mlo = n + 1, mhi = 0, blanks = 0;
      for (const x of mid) {
        if (d(x)) {
          mlo = Math.min(mlo, d(x));
          mhi = Math.max(mhi, d(x));
        } else blanks++;
      }
      const choices = (x) => (d(x) ? [d(x), d(x)] : [1, n]);
      const [a0, a1] = choices(l[0]), [b0, b1] = choices(l[l.length - 1]);
      for (let a = a0; a <= a1; a++) {
        for (let b = b0; b <= b1; b++) {
          const lo = Math.min(a, b), hi = Math.max(a, b);
          if (mhi > 0 && (mlo <= lo || mhi >= hi)) continue;
          if (blanks > 0 && hi - lo < 2) continue;
          return true;
        }
      }
      return false;
    }
  }

  return { ruleBreaks, littleKillerCells, outsideCells, whisperDiff, outsideName, entropicRank };
})();

if (typeof module !== "undefined" && module.exports) module.exports = RuleCheck;
