package e2e

import (
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/dlxkit/dlx/sudoku"
)

// TestVariants plays the rules of sudoku.Rules on one page, each part a
// subtest:
//   - Conflicts: the page's checker (rules.js, RuleCheck.ruleBreaks, run
//     by the game itself) against sudoku.CheckRules on every kind of rule
//     kept and broken, on 4x4, 6x6, 9x9, 16x16 and a 4x4 jigsaw with an
//     extra region, on full and partial grids: the same breaks (rule,
//     number, cells, message) in the same order, and the cells marked as
//     conflicts on the board exactly the filled cells of those breaks.
//   - Desktop and Phone: two 9x9 puzzles opened by link, one with every
//     kind of line and arrow, one with every mark, shading and clue
//     outside the grid: each rule drawn once per instance, each element
//     at its cells (dots on their edge, quadruples on their corner, lines
//     through the cells' centres, clues beside their row, column or
//     diagonal, outside the grid and on the screen), light and dark.
//     Both puzzles have one solution (the service checks them as the page
//     opens them, and refuses a puzzle with several).
//   - Play: the service solves these rules, and the page plays the puzzle
//     with its solution: it flags a broken arrow and names it, Check marks
//     a wrong entry and counts the right ones, Hint answers, the game is
//     kept over a reload, shared with the progress to a browser with
//     nothing saved, and ended when the solution is entered.
//   - Deadline: a search that does not finish before its deadline (the
//     page's requests with the rules made to ask for ?timeout=1ns): the
//     page plays the puzzle without the service's solution, says so, and
//     Check and Hint say why they are off.
//
// The checker runs in the page rather than under node: the test then
// checks the code the player runs, in the browser that runs it, through
// the game's own conflict marking; and the e2e harness is there already.
func TestVariants(t *testing.T) {
	if chromiumPath() == "" {
		t.Skip("no Chromium found (install Debian's chromium: apt-get install -y chromium); skipping the browser tests")
	}
	base := startService(t)
	p := openPage(t, base, desktop)
	// The service answers 504 for a search past its deadline (the page
	// then asks again without the rules).
	p.allow("/api/check")
	p.open("")
	sub := func(name string, f func(t *testing.T)) {
		t.Run(name, func(t *testing.T) {
			parent := p.t
			p.t = t
			defer func() { p.t = parent }()
			f(t)
		})
	}
	sub("Conflicts", func(t *testing.T) { conflictsAgree(t, p) })
	p.do("forget the games of the comparison", chromedp.Evaluate[chromedp.Void](`localStorage.clear()`))

	g := newRuleGenFrom(29, killerSolution)
	lines := showcase(t, g, map[string]int{"arrows": 2, "whispers": 1, "renbans": 1, "palindromes": 1, "regionsumlines": 1, "betweenlines": 1,
		"entropiclines": 1, "modularlines": 1, "nabners": 1, "zipperlines": 1, "doublearrows": 1, "slowthermos": 1, "thermos": 1, "cages": 1}, 5)
	marks := showcase(t, g, map[string]int{"differences": 2, "ratios": 2, "xv": 2, "even": 1, "odd": 1, "minimums": 1, "maximums": 1,
		"littlekillers": 3, "sandwiches": 2, "xsums": 2, "skyscrapers": 2, "quadruples": 2, "clones": 1, "rowindexers": 1, "columnindexers": 1, "boxindexers": 1}, 11)
	if testing.Verbose() {
		for _, pj := range []*sudoku.PuzzleJSON{lines, marks} {
			b, _ := json.Marshal(pj)
			t.Logf("puzzle: %s", b)
		}
	}
	for _, scr := range screens {
		if testing.Short() && scr.phone {
			continue
		}
		sub(strings.ToUpper(scr.name[:1])+scr.name[1:], func(t *testing.T) {
			p.emulate(scr)
			for _, pz := range []struct {
				name string
				pj   *sudoku.PuzzleJSON
			}{{"lines", lines}, {"marks", marks}} {
				p.open(variantLink(pz.pj))
				drawnAt(t, p, pz.pj)
				// The rules in words: open beside the keypad, one line
				// above it on a phone.
				if open := p.num(`document.getElementById("rulesbox").open ? 1 : 0`) == 1; open == scr.phone {
					t.Errorf("the rules in words open %v", open)
				}
				p.screenshot("web-variants-" + pz.name + "-" + scr.name)
				p.press("#theme")
				p.wait("dark", `getComputedStyle(document.documentElement).getPropertyValue("--scheme").trim() === "dark"`)
				if pz.name == "marks" {
					if l := luminance(t, p.str(`getComputedStyle(document.querySelector("#board svg.marks .kropki.black circle")).stroke`)); l < 0.6 {
						t.Errorf("dark: a black dot's outline has luminance %.2f, lost on the dark cells", l)
					}
				}
				if m := p.str(`getComputedStyle(document.querySelector("#board svg.rules:is(.lines, .shades)")).mixBlendMode`); m != "screen" {
					t.Errorf("dark: lines and shades blend %q, want screen", m)
				}
				p.screenshot("web-variants-" + pz.name + "-dark-" + scr.name)
				p.press("#theme")
				p.wait("light", `getComputedStyle(document.documentElement).getPropertyValue("--scheme").trim() === "light"`)
			}
			if w := p.num(`document.documentElement.scrollWidth`); w > float64(scr.width) {
				t.Errorf("page %v px wide on a %d px screen", w, scr.width)
			}
		})
	}
	p.emulate(desktop)
	sub("Axe", func(t *testing.T) { axeVariants(t, p, marks) })
	sub("Play", func(t *testing.T) { playVariant(t, p, lines, g.sol) })
	sub("Deadline", func(t *testing.T) { deadlineVariant(t, p, lines, g.sol) })
	sub("Verified", func(t *testing.T) { verifiedVariant(t, p, base) })
}

// verifiedVariant: an arrow on a puzzle whose givens alone have one
// solution. When that solution keeps the arrow, the page plays the
// puzzle with it (Check on); when it breaks the arrow, the puzzle has no
// solution and the page says so.
func verifiedVariant(t *testing.T, p *page, base string) {
	sol := solve(t, base, test1, 3, 3)
	d := func(i int) int { return int(sol[i] - '0') }
	// A circle and two cells elsewhere adding up to its digit.
	var kept, broken string
	for c := 0; c < 81 && kept == ""; c++ {
		for x := 0; x < 81 && kept == ""; x++ {
			for y := x + 1; y < 81; y++ {
				if x != c && y != c && d(x)+d(y) == d(c) {
					kept = fmt.Sprintf(`{"arrows":[{"circle":[%d],"shaft":[%d,%d]}]}`, c, x, y)
					broken = fmt.Sprintf(`{"arrows":[{"circle":[%d],"shaft":[%d,%d]}]}`, x, c, y)
					break
				}
			}
		}
	}
	p.open("#size=3x3&p=" + test1 + "&rules=" + url.QueryEscape(kept))
	p.wait("the message", `document.getElementById("message").textContent.startsWith("Puzzle loaded")`)
	if msg := p.message(); msg != "Puzzle loaded." {
		t.Errorf("an arrow the givens' solution keeps: message %q", msg)
	}
	b := blanks(test1)[0]
	p.pressCell(b)
	p.key(string('1' + (sol[b]-'1'+1)%9))
	p.press("#check")
	p.wait("the wrong mark", fmt.Sprintf(`document.querySelector('#board .cell[data-i="%d"]').classList.contains("wrong")`, b))
	p.do("the broken arrow", chromedp.Navigate(p.base+"/#size=3x3&p="+test1+"&rules="+url.QueryEscape(broken)))
	p.wait("the error", `document.getElementById("message").textContent.includes("cannot be played")`)
	if msg := p.message(); !strings.Contains(msg, "this puzzle has no solution") {
		t.Errorf("an arrow the givens' solution breaks: message %q", msg)
	}
}

// emulate gives the page the screen scr.
func (p *page) emulate(scr screen) {
	p.t.Helper()
	opts := []chromedp.EmulateViewportOption{chromedp.EmulateScale(1)}
	if scr.phone {
		opts = []chromedp.EmulateViewportOption{chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait}
	}
	p.do("screen size", chromedp.EmulateViewport(scr.width, scr.height, opts...))
	p.scr = scr
}

// variantLink is the page's link to pj: its size, puzzle and rules.
func variantLink(pj *sudoku.PuzzleJSON) string {
	rules := *pj
	rules.Size, rules.Puzzle = "", ""
	b, _ := json.Marshal(rules)
	return "#size=" + pj.Size + "&p=" + pj.Puzzle + "&rules=" + url.QueryEscape(string(b))
}

// jsCase is what the page answers for a case: for each grid, the breaks
// its checker lists and the cells the board marks as conflicts.
type jsCase struct {
	Error string `json:"error"`
	Grids []struct {
		Breaks []sudoku.RuleBreak `json:"breaks"`
		DOM    []any              `json:"dom"`
	} `json:"grids"`
}

// conflictsAgree compares the page's conflicts with sudoku.CheckRules.
func conflictsAgree(t *testing.T, p *page) {
	cases := variantCases(t, 29)
	rulesSeen := map[string]int{}
	partialSeen := map[string]bool{}
	kept, broken := map[string]bool{}, map[string]bool{}
	compared := 0
	for start := 0; start < len(cases); start += 40 {
		chunk := cases[start:min(start+40, len(cases))]
		b, err := json.Marshal(chunk)
		if err != nil {
			t.Fatal(err)
		}
		got := eval[[]jsCase](t, p.ctx, `((cases) => cases.map((c) => {
			let rules;
			try { rules = rulesOf(c.obj, c.n, c.br, c.bc); } catch (e) { return { error: String(e) }; }
			const grids = [];
			c.grids.forEach((cells, gi) => {
				// The game's own check (conflicts: the cells it marks, and
				// lastBreaks); on two grids of each case up to 9x9, the
				// board too, as setup draws it.
				const keep = { n: game.n, br: game.br, bc: game.bc, rules: game.rules, cells: game.cells };
				Object.assign(game, { n: c.n, br: c.br, bc: c.bc, rules, cells });
				let marked = [...conflicts()];
				Object.assign(game, keep);
				if ((gi === 1 || gi === 5) && c.n <= 9) {
					const line = cells.map((v) => (v ? alphabetFor(c.n)[v - 1] : ".")).join("");
					setup(line, c.br + "x" + c.bc, "", { rules, source: "test" });
					const dom = [...document.querySelectorAll("#board .cell.conflict")].map((e) => +e.dataset.i);
					if (dom.sort((a, b) => a - b).join() !== marked.sort((a, b) => a - b).join()) marked = ["board " + dom.join() + " but conflicts() " + marked.join()];
				}
				grids.push({ breaks: lastBreaks, dom: marked });
			});
			return { grids };
		}))(`+string(b)+`)`)
		for k, c := range chunk {
			kind := c.Name[strings.LastIndexByte(c.Name, ' ')+1:]
			if got[k].Error != "" || len(got[k].Grids) != len(c.Grids) {
				t.Errorf("%s: the page: %s (%d grids)", c.Name, got[k].Error, len(got[k].Grids))
				continue
			}
			for gi, cells := range c.Grids {
				want, err := checkRulesOf(c.Obj, cells)
				if err != nil {
					t.Fatalf("%s: %v", c.Name, err)
				}
				compared++
				if gi == 0 && kind != "combined" {
					if c.Kept {
						kept[kind] = true
					} else {
						broken[kind] = true
					}
				}
				for _, b := range want {
					rulesSeen[b.Rule]++
					if slices.Contains(cells, 0) {
						partialSeen[b.Rule] = true
					}
				}
				js := got[k].Grids[gi]
				if !sameBreaks(want, js.Breaks) {
					obj, _ := json.Marshal(c.Obj)
					t.Errorf("%s, grid %d %v:\nobject %s\nGo:   %s\npage: %s", c.Name, gi, cells, obj, breaksText(want), breaksText(js.Breaks))
					continue
				}
				var cellsWant []int
				for _, b := range want {
					for _, x := range b.Cells {
						if cells[x] != 0 && !slices.Contains(cellsWant, x) {
							cellsWant = append(cellsWant, x)
						}
					}
				}
				sort.Ints(cellsWant)
				var dom []int
				for _, x := range js.DOM {
					f, ok := x.(float64)
					if !ok {
						t.Errorf("%s, grid %d %v: %v", c.Name, gi, cells, x)
					}
					dom = append(dom, int(f))
				}
				slices.Sort(dom)
				if !slices.Equal(dom, cellsWant) {
					t.Errorf("%s, grid %d %v: conflicts marked %v, want the filled cells of the breaks %v", c.Name, gi, cells, dom, cellsWant)
				}
			}
		}
		if t.Failed() {
			break
		}
	}
	t.Logf("%d cases, %d grids compared; breaks per rule: %v", len(cases), compared, rulesSeen)
	// Every kind kept and broken on a full grid, every rule reported, and
	// on partial grids too.
	for _, k := range ruleKinds {
		if !kept[k.name] || !broken[k.name] {
			t.Errorf("%s: kept on a solution %v, broken %v: want both", k.name, kept[k.name], broken[k.name])
		}
	}
	for _, rule := range []string{"row", "column", "box", "region", "cage", "thermometer", "anti-knight", "anti-king", "non-consecutive",
		"arrow", "white dot", "black dot", "XV mark", "negative kropki", "negative XV", "even cell", "odd cell", "minimum", "maximum",
		"little killer", "sandwich", "X-sum", "skyscraper", "quadruple", "clone", "palindrome", "renban", "whispers", "between line",
		"region-sum line", "entropic line", "modular line", "nabner", "zipper line", "double arrow", "slow thermometer",
		"row indexer", "column indexer", "box indexer"} {
		if !partialSeen[rule] {
			t.Errorf("rule %q never broken on a partial grid (%d breaks in all)", rule, rulesSeen[rule])
		}
	}
}

func sameBreaks(a, b []sudoku.RuleBreak) bool {
	if len(a) == 0 && len(b) == 0 {
		return true
	}
	return reflect.DeepEqual(a, b)
}

func breaksText(bs []sudoku.RuleBreak) string {
	var s []string
	for _, b := range bs {
		s = append(s, fmt.Sprintf("%s %d %v same=%v %q", b.Rule, b.Index, b.Cells, b.Same, b.Msg))
	}
	return "[" + strings.Join(s, "; ") + "]"
}

// drawnAt checks the drawing of pj's rules on the page: each instance
// drawn, each element where its cells are.
func drawnAt(t *testing.T, p *page, pj *sudoku.PuzzleJSON) {
	t.Helper()
	p.wait("the rules drawn", `document.querySelectorAll("#board svg.rules [data-rule]").length > 0`)
	type count struct {
		Ks    int `json:"ks"`
		Cells int `json:"cells"`
	}
	var res struct {
		Problems []string         `json:"problems"`
		Counts   map[string]count `json:"counts"`
	}
	raw := p.str(`JSON.stringify((() => {
		const out = [], counts = {};
		const rect = (i) => document.getElementById("cell-" + i).getBoundingClientRect();
		const c0 = rect(0), n = +document.getElementById("board").dataset.n, last = rect(n * n - 1);
		const w = c0.width, pitch = rect(1).left - c0.left;
		const grid = { left: c0.left, top: c0.top, right: last.right, bottom: last.bottom };
		const mid = (r) => [(r.left + r.right) / 2, (r.top + r.bottom) / 2];
		const near = (a, b, tol) => Math.abs(a[0] - b[0]) <= tol && Math.abs(a[1] - b[1]) <= tol;
		const fmt = (a) => a.map(Math.round).join(",");
		for (const svg of document.querySelectorAll("#board svg.rules")) {
			const b = svg.getBoundingClientRect();
			if (Math.abs(b.left - grid.left) > 1.5 || Math.abs(b.top - grid.top) > 1.5 || Math.abs(b.right - grid.right) > 1.5 || Math.abs(b.bottom - grid.bottom) > 1.5)
				out.push("layer " + svg.getAttribute("class") + " at " + fmt([b.left, b.top, b.right, b.bottom]) + ", the cells at " + fmt([grid.left, grid.top, grid.right, grid.bottom]));
		}
		for (const e of document.querySelectorAll("#board svg.rules [data-rule]")) {
			const f = e.dataset.rule, k = e.dataset.k, cells = e.dataset.cells.split(" ").map(Number);
			const cnt = counts[f] || (counts[f] = { ks: new Set(), cells: new Set() });
			cnt.ks.add(k);
			cnt.cells.add(e.dataset.cells);
			const what = f + " " + k + " (" + e.tagName + "." + e.getAttribute("class") + ")";
			const b = e.getBoundingClientRect(), c = mid(b);
			const rs = cells.map(rect);
			const box = { left: Math.min(...rs.map((r) => r.left)), top: Math.min(...rs.map((r) => r.top)), right: Math.max(...rs.map((r) => r.right)), bottom: Math.max(...rs.map((r) => r.bottom)) };
			const cls = e.getAttribute("class").split(" ")[0];
			if (b.width <= 0 && b.height <= 0) { out.push(what + ": not drawn"); continue; }
			if (cls === "outside") {
				const [row, col] = e.dataset.at.split(",").map(Number);
				const t = mid(e.querySelector("text").getBoundingClientRect());
				const want = [c0.left + (col + 0.5) * pitch, c0.top + (row + 0.5) * pitch];
				if (!near(t, want, 0.3 * w)) out.push(what + ": clue at " + fmt(t) + ", want its square at " + fmt(want));
				if (b.right > grid.left && b.left < grid.right && b.bottom > grid.top && b.top < grid.bottom) out.push(what + ": over the grid");
				if (b.left < 0 || b.right > innerWidth) out.push(what + ": off the screen (" + fmt([b.left, b.right]) + " of " + innerWidth + ")");
				if (f === "littlekillers") {
					// The arrow points from the clue towards the first cell
					// of its diagonal.
					const a = mid(e.querySelector(".lk-arrow").getBoundingClientRect()), first = mid(rect(cells[0]));
					if (Math.hypot(first[0] - a[0], first[1] - a[1]) >= Math.hypot(first[0] - t[0], first[1] - t[1])) out.push(what + ": the arrow does not point at " + fmt(first));
				}
			} else if (cls === "kropki" || cls === "xv") {
				const want = [(mid(rs[0])[0] + mid(rs[1])[0]) / 2, (mid(rs[0])[1] + mid(rs[1])[1]) / 2];
				if (!near(c, want, 0.08 * w)) out.push(what + ": at " + fmt(c) + ", want the edge at " + fmt(want));
				if (b.width > 0.45 * w) out.push(what + ": " + Math.round(b.width) + " px wide in a cell of " + Math.round(w));
			} else if (["quad", "arrow-circle"].includes(cls)) {
				if (!near(c, mid(box), 0.08 * w)) out.push(what + ": at " + fmt(c) + ", want " + fmt(mid(box)));
			} else if (["clone", "indexer"].includes(cls)) {
				if (!near([b.left, b.top], [box.left, box.top], 2) || !near([b.right, b.bottom], [box.right, box.bottom], 2)) out.push(what + ": " + fmt([b.left, b.top, b.right, b.bottom]) + ", want the cell " + fmt([box.left, box.top, box.right, box.bottom]));
			} else if (["parity", "extreme", "end", "slowbulb"].includes(cls)) {
				if (!near(c, mid(box), 0.05 * w)) out.push(what + ": at " + fmt(c) + ", want the cell's centre " + fmt(mid(box)));
				if (b.width > w || b.width < 0.4 * w) out.push(what + ": " + Math.round(b.width) + " px wide in a cell of " + Math.round(w));
			} else if (["line", "slowtube"].includes(cls)) {
				// Through the centres of its cells: its box is theirs.
				const cs = rs.map(mid), want = [Math.min(...cs.map((q) => q[0])), Math.min(...cs.map((q) => q[1])), Math.max(...cs.map((q) => q[0])), Math.max(...cs.map((q) => q[1]))];
				if (!near([b.left, b.top], want, 2) || !near([b.right, b.bottom], want.slice(2), 2)) out.push(what + ": " + fmt([b.left, b.top, b.right, b.bottom]) + ", want the centres' box " + fmt(want));
			} else if (cls === "arrow-shaft") {
				// It reaches the centre of its last cell and passes its first.
				for (const q of [mid(rs[0]), mid(rs[rs.length - 1])]) if (q[0] < b.left - 1 || q[0] > b.right + 1 || q[1] < b.top - 1 || q[1] > b.bottom + 1) out.push(what + ": misses " + fmt(q));
			} else out.push(what + ": unknown element");
		}
		const cs = {};
		for (const [f, v] of Object.entries(counts)) cs[f] = { ks: v.ks.size, cells: v.cells.size };
		return { problems: out, counts: cs };
	})())`)
	if err := json.Unmarshal([]byte(raw), &res); err != nil {
		t.Fatal(err)
	}
	for _, pr := range res.Problems {
		t.Errorf("%s: %s", p.scr.name, pr)
	}
	r := pj.Rules
	items := map[string]int{"arrows": len(r.Arrows), "differences": len(r.Differences), "ratios": len(r.Ratios), "xv": len(r.XV),
		"littlekillers": len(r.LittleKillers), "sandwiches": len(r.Sandwiches), "xsums": len(r.XSums), "skyscrapers": len(r.Skyscrapers),
		"quadruples": len(r.Quadruples), "clones": len(r.Clones), "palindromes": len(r.Palindromes), "renbans": len(r.Renbans),
		"whispers": len(r.Whispers), "betweenlines": len(r.BetweenLines), "regionsumlines": len(r.RegionSumLines),
		"entropiclines": len(r.EntropicLines), "modularlines": len(r.ModularLines), "nabners": len(r.Nabners),
		"zipperlines": len(r.ZipperLines), "doublearrows": len(r.DoubleArrows), "slowthermos": len(r.SlowThermos)}
	cellsOf := map[string]int{"even": len(r.Even), "odd": len(r.Odd), "minimums": len(r.Minimums), "maximums": len(r.Maximums),
		"rowindexers": len(r.RowIndexers), "columnindexers": len(r.ColumnIndexers), "boxindexers": len(r.BoxIndexers)}
	for f, want := range items {
		if got := res.Counts[f].Ks; got != want {
			t.Errorf("%s: %d %s drawn, want %d", p.scr.name, got, f, want)
		}
	}
	for f, want := range cellsOf {
		if got := res.Counts[f].Cells; got != want {
			t.Errorf("%s: %s drawn on %d cells, want %d", p.scr.name, f, got, want)
		}
	}
	if got, want := p.num(`document.querySelectorAll("#board svg.thermos circle.bulb").length`), float64(len(pj.Thermos)); got != want {
		t.Errorf("%s: %v thermometers, want %v", p.scr.name, got, want)
	}
	if got, want := p.num(`document.querySelectorAll("#board svg.cages path.cage").length`), float64(len(pj.Cages)); got != want {
		t.Errorf("%s: %v cages, want %v", p.scr.name, got, want)
	}
	// The rules in words under the board, one line a kind.
	if got, want := p.num(`document.querySelectorAll("#ruletext li").length`), float64(countKinds(pj)); got != want || p.num(`document.getElementById("rulesbox").hidden ? 1 : 0`) != 0 {
		t.Errorf("%s: %v rules in words, want %v", p.scr.name, got, want)
	}
}

// countKinds counts the kinds of rule pj has.
func countKinds(pj *sudoku.PuzzleJSON) int {
	b, _ := json.Marshal(pj)
	var m map[string]any
	json.Unmarshal(b, &m)
	return len(m) - 2 // less size and puzzle
}

// axeVariants runs axe-core on the page with a variant puzzle, light and
// dark, when it is installed (TestAxe says how).
func axeVariants(t *testing.T, p *page, pj *sudoku.PuzzleJSON) {
	path := os.Getenv("AXE_CORE_JS")
	if path == "" {
		if out, err := exec.Command("node", "-e", `console.log(require.resolve("axe-core/axe.min.js"))`).Output(); err == nil {
			path = strings.TrimSpace(string(out))
		}
	}
	if path == "" {
		t.Skip("axe-core not found")
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	p.open(variantLink(pj))
	p.do("inject axe", chromedp.Evaluate[chromedp.Void](string(src)))
	for _, theme := range []string{"light", "dark"} {
		p.do(theme, chromedp.Evaluate[chromedp.Void](`document.documentElement.dataset.theme = "`+theme+`"`))
		res, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]string](`axe.run(document, {resultTypes: ["violations"]}).then(r => r.violations.filter(v => v.impact === "serious" || v.impact === "critical").map(v => v.id + " (" + v.impact + "): " + v.nodes.slice(0, 3).map(n => n.target.join(" ")).join(", ")))`, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range res {
			t.Errorf("%s: axe: %s", theme, v)
		}
	}
	p.do("theme", chromedp.Evaluate[chromedp.Void](`delete document.documentElement.dataset.theme`))
}

// playVariant plays the lines puzzle (desktop): the service solves its
// rules and the page plays it with the solution; a broken arrow is a
// conflict, named; Check marks a wrong entry and counts the right ones;
// Hint answers; the game is saved, shared with its progress, and ended.
func playVariant(t *testing.T, p *page, pj *sudoku.PuzzleJSON, sol []int) {
	p.do("forget the games so far", chromedp.Evaluate[chromedp.Void](`localStorage.clear()`))
	p.open(variantLink(pj))
	p.wait("the message", `document.getElementById("message").textContent.startsWith("Puzzle loaded")`)
	if msg := p.message(); msg != "Puzzle loaded." {
		t.Errorf("message %q, want %q (the service solves every rule)", msg, "Puzzle loaded.")
	}
	if label := p.str(`document.getElementById("info").textContent`); !strings.Contains(label, "arrows") || !strings.Contains(label, "whispers") {
		t.Errorf("label %q does not name the rules", label)
	}
	// Hint: a step, or a message saying why there is none.
	p.press("#hint")
	p.wait("the hint", `document.getElementById("message").textContent !== "Puzzle loaded."`)
	if msg, kind := p.message(), p.str(`document.getElementById("message").className`); kind != "hint" && !strings.HasPrefix(msg, "Hints do not know") {
		t.Errorf("hint: %q (%q), want a hint or a message saying why there is none", msg, kind)
	}
	p.press("#check")
	if msg := p.message(); msg != "No entries yet." {
		t.Errorf("check with no entries: %q", msg)
	}
	circle, d, want := breakArrow(t, p, pj, sol)
	// Check: the circle is wrong against the service's solution, the
	// shaft right.
	wrong := `[...document.querySelectorAll("#board .cell.wrong")].map(c => +c.dataset.i).join(",")`
	p.press("#check")
	if msg := p.message(); msg != "1 entry is wrong (marked)." {
		t.Errorf("check with %d in the circle: %q", d, msg)
	}
	if got := p.str(wrong); got != fmt.Sprint(circle) {
		t.Errorf("check with %d in the circle: cells marked wrong %q, want %d", d, got, circle)
	}
	p.pressCell(circle)
	p.press("#erase")
	// Digits of the solution in the arrow's cells: right, no conflict,
	// kept over a reload.
	p.pressCell(circle)
	p.key(fmt.Sprint(sol[circle]))
	if got := p.str(conflictCells); got != "" {
		t.Errorf("the solution's digits on an arrow: conflicts %q", got)
	}
	p.press("#check")
	if msg, wantMsg := p.message(), fmt.Sprintf("All %d entries are right so far.", len(want)); msg != wantMsg {
		t.Errorf("check with the solution's digits on the arrow: %q, want %q", msg, wantMsg)
	}
	if got := p.str(wrong); got != "" {
		t.Errorf("check with the solution's digits on the arrow: cells marked wrong %q", got)
	}
	before := p.board()
	p.do("reload", chromedp.Reload())
	p.wait("the game again", `document.querySelectorAll("#board svg.lines [data-rule=arrows]").length > 0`)
	if got := p.board(); got != before {
		t.Errorf("after reload: board\n%s, want\n%s", got, before)
	}
	// Shared with the progress, opened where nothing is saved.
	p.press("#shareprogress")
	p.press("#share")
	p.wait("the link", `document.getElementById("message").textContent.includes("#size=")`)
	msg := p.message()
	link := msg[strings.Index(msg, "http"):]
	if !strings.Contains(link, "rules=") || !strings.Contains(link, "&s=") {
		t.Fatalf("share link %q has no rules or progress", link)
	}
	p.do("forget", chromedp.Evaluate[chromedp.Void](`localStorage.clear()`), chromedp.Navigate("about:blank"), chromedp.Navigate(link))
	p.waitGame()
	p.wait("the shared game", `document.getElementById("message").textContent.startsWith("Puzzle loaded with the shared progress")`)
	if got := p.board(); got != before {
		t.Errorf("from the shared link: board\n%s, want\n%s", got, before)
	}
	drawnAt(t, p, pj)
	// The solution ends the game.
	for i := range 81 {
		if before[i] == '.' {
			p.pressCell(i)
			p.key(fmt.Sprint(sol[i]))
		}
	}
	p.wait("the end", `!document.getElementById("done").hidden`)
	if row := p.str(`[...document.querySelectorAll("#stats tbody tr")].map(r => r.cells[0].textContent).join(",")`); !strings.Contains(row, "arrows") {
		t.Errorf("statistics row %q does not name the rules", row)
	}
}

// conflictCells lists the cells the board marks as conflicts.
const conflictCells = `[...document.querySelectorAll("#board .cell.conflict")].map(c => +c.dataset.i).sort((a, b) => a - b).join(",")`

// breakArrow breaks an arrow of pj on the page: the solution's digits on
// its shaft, no conflict; a wrong digit in its circle, the arrow's cells
// conflicts and the message naming the arrow. It returns the circle, the
// digit in it and the arrow's cells.
func breakArrow(t *testing.T, p *page, pj *sudoku.PuzzleJSON, sol []int) (circle, d int, want []int) {
	t.Helper()
	// An arrow with a one-cell circle: its shaft's digits from the
	// solution, and in the circle a digit of no peer that is not their
	// sum.
	var a sudoku.Arrow
	for _, x := range pj.Arrows {
		if len(x.Circle) == 1 {
			a = x
		}
	}
	if len(a.Circle) == 0 {
		t.Fatal("no arrow with a one-cell circle")
	}
	bad := conflictCells
	for _, c := range a.Shaft {
		p.pressCell(c)
		p.key(fmt.Sprint(sol[c]))
	}
	if got := p.str(bad); got != "" {
		t.Errorf("the solution's digits on a shaft: conflicts %q", got)
	}
	circle = a.Circle[0]
	peerDigit := func(d int) bool {
		for i := range 81 {
			filled := pj.Puzzle[i] != '.' || slices.Contains(a.Shaft, i)
			if filled && sol[i] == d && (i/9 == circle/9 || i%9 == circle%9 || (i/27 == circle/27 && i%9/3 == circle%9/3)) {
				return true
			}
		}
		return false
	}
	d = 1
	for d == sol[circle] || peerDigit(d) {
		d++
	}
	p.pressCell(circle)
	p.key(fmt.Sprint(d))
	want = slices.Sorted(slices.Values(append(slices.Clone(a.Circle), a.Shaft...)))
	if got := p.str(bad); got != strings.Trim(strings.Join(strings.Fields(fmt.Sprint(want)), ","), "[]") {
		t.Errorf("%d in the circle of an arrow whose shaft adds up to %d: conflicts %q, want %v", d, sol[circle], got, want)
	}
	if msg := p.message(); !strings.Contains(msg, "arrow") {
		t.Errorf("message %q does not name the arrow", msg)
	}
	return circle, d, want
}

// deadlineVariant opens pj with the page's requests that carry its rules
// made to ask for ?timeout=1ns: the service answers that its search did
// not finish before the deadline, the page asks again without the rules
// and plays the puzzle without a solution, saying so, and Check and Hint
// say why they are off; a broken arrow is still marked as a conflict.
func deadlineVariant(t *testing.T, p *page, pj *sudoku.PuzzleJSON, sol []int) {
	// Another game first, so that the link changes the address.
	p.open("#size=3x3&p=" + test1)
	// The page saves its game as it goes away: forget the games here.
	p.do("forget the games so far", chromedp.Evaluate[chromedp.Void](`localStorage.clear()`))
	p.do("a deadline for the requests with rules", chromedp.Evaluate[chromedp.Void](`(() => {
		const f = window.fetch;
		window.deadlined = 0;
		window.fetch = (url, opts) => {
			if (url === "/api/check" && opts && typeof opts.body === "string" && opts.body.includes('"arrows"')) {
				window.deadlined++;
				url += "?timeout=1ns";
			}
			return f(url, opts);
		};
	})()`))
	p.do("open the link", chromedp.Evaluate[chromedp.Void](`document.getElementById("message").textContent = ""; location.hash = `+jsString(t, variantLink(pj))))
	p.wait("the puzzle and its message", fmt.Sprintf(`[...document.querySelectorAll("#board .cell")].map(c => c.classList.contains("given") ? c.textContent : ".").join("") === %q && document.getElementById("message").textContent.startsWith("Puzzle loaded")`, pj.Puzzle))
	if n := p.num(`window.deadlined`); n < 1 {
		t.Fatalf("%v requests with the rules", n)
	}
	const why = "the service did not finish solving this puzzle in time"
	if msg := p.message(); msg != "Puzzle loaded. Check and Hint are off: "+why+"; every rule is checked as you play." {
		t.Errorf("message %q does not say the search did not finish", msg)
	}
	if got, want := p.str(`[...document.querySelectorAll("#board .cell.given")].map(c => c.dataset.i).join(",")`), givensOf(pj.Puzzle); got != want {
		t.Errorf("givens at %s, want %s", got, want)
	}
	p.press("#hint")
	if msg := p.message(); !strings.HasPrefix(msg, "No hint: "+why+".") {
		t.Errorf("hint: %q", msg)
	}
	p.press("#check")
	if msg := p.message(); !strings.HasPrefix(msg, "No check: it needs the puzzle's solution, and "+why+".") {
		t.Errorf("check: %q", msg)
	}
	// The page still checks the rules.
	breakArrow(t, p, pj, sol)
}

// givensOf lists the cells given in a one-line puzzle.
func givensOf(puzzle string) string {
	var out []string
	for i := range len(puzzle) {
		if puzzle[i] != '.' && puzzle[i] != '0' {
			out = append(out, fmt.Sprint(i))
		}
	}
	return strings.Join(out, ",")
}

// jsString is s as a JavaScript string literal.
func jsString(t *testing.T, s string) string {
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
