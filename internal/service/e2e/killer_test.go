package e2e

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// killerCages are the 17 cages of a killer with no givens published with
// an f-puzzles link in dclamage/SudokuSolver (SudokuTests/
// SumConstraintTests.cs, "a killer-cage-only puzzle"), as `sudoku import`
// prints them. killerSolution is its solution, found unique by a
// brute-force search written for this test (not the project's solver).
const (
	killerCages    = `[{"sum":18,"cells":[0,1,9,10]},{"sum":24,"cells":[2,3,4,13]},{"sum":5,"cells":[5,14]},{"sum":12,"cells":[6,7]},{"sum":15,"cells":[8,17]},{"sum":6,"cells":[24,25]},{"sum":21,"cells":[20,21,22,29,38]},{"sum":23,"cells":[18,27,36,37]},{"sum":5,"cells":[45,46]},{"sum":12,"cells":[54,63]},{"sum":15,"cells":[72,73]},{"sum":6,"cells":[56,65]},{"sum":17,"cells":[58,66,67,75]},{"sum":22,"cells":[32,41,48,49,50]},{"sum":20,"cells":[34,35,42,43]},{"sum":26,"cells":[51,52,59,60,68]},{"sum":28,"cells":[62,71,78,79,80]}]`
	killerSolution = "714562398286493517953178426578241963362985741149637285435826179821759634697314852"
)

// killerObject is that killer with two thermometers along increasing
// digits of its solution: R1C3 R1C4 R1C5 R2C5 (4 5 6 9) and, diagonally,
// R6C1 R5C2 R4C3 (1 6 8).
var killerObject = `{"size":"3x3","puzzle":"` + strings.Repeat(".", 81) + `","cages":` + killerCages + `,"thermos":[[2,3,4,13],[45,37,29]]}`

// TestKiller: a puzzle object with killer cages and thermometers, pasted
// into Import, is drawn (a dashed outline inset in the cells for each
// cage, its sum in the top-left corner of its first cell, a bulb and a
// line for each thermometer) and played: entries that break a cage or a
// thermometer are marked, the link and a reload keep the rules, and the
// solution's digits finish the game (desktop).
func TestKiller(t *testing.T) {
	var cages []struct {
		Sum   int   `json:"sum"`
		Cells []int `json:"cells"`
	}
	if err := json.Unmarshal([]byte(killerCages), &cages); err != nil {
		t.Fatal(err)
	}
	base := startService(t)
	forScreens(t, func(t *testing.T, scr screen) {
		p := openPage(t, base, scr)
		p.open("")
		// A cage with a cell outside the grid is refused (by the page, or
		// by a service that reads cages), and the game stays.
		p.allow("/api/check")
		p.press("#importbtn")
		p.do("paste a bad cage", chromedp.SetValue(chromedp.CSS("#importtext"), `{"size":"3x3","puzzle":"`+strings.Repeat(".", 81)+`","cages":[{"sum":17,"cells":[80,81]}]}`))
		p.press("#importgo")
		p.wait("the error", `document.getElementById("message").classList.contains("error")`)
		if msg := p.message(); !strings.Contains(msg, "Cannot play that puzzle") || p.num(`document.querySelectorAll("#board svg.rules").length`) != 0 {
			t.Errorf("a cage cell outside the grid: message %q", msg)
		}
		p.do("paste the killer", chromedp.SetValue(chromedp.CSS("#importtext"), killerObject))
		p.press("#importgo")
		p.wait("the cages", `document.querySelectorAll("#board svg.cages path.cage").length === 17`)
		if m := p.str(`getComputedStyle(document.querySelector("#board svg.thermos")).mixBlendMode`); m != "multiply" {
			t.Errorf("light: thermometers blend %q, want multiply", m)
		}

		// The sums, in the cages' order.
		sums := eval[[]string](t, p.ctx, `[...document.querySelectorAll("#board svg.cages text.cage-sum")].map(t => t.textContent)`)
		var want []string
		for _, c := range cages {
			want = append(want, fmt.Sprint(c.Sum))
		}
		if fmt.Sprint(sums) != fmt.Sprint(want) {
			t.Errorf("sums %v, want %v", sums, want)
		}
		// Geometry, measured on the page: each sum inside the top-left
		// part of its cage's first cell (reading order); each outline
		// dashed and inset: inside the cells' bounding box, 3 to 20% of a
		// cell from its edges.
		cellsJSON, _ := json.Marshal(cages)
		problems := eval[[]string](t, p.ctx, `(() => {
			const cages = `+string(cellsJSON)+`, out = [];
			const rect = (i) => document.getElementById("cell-" + i).getBoundingClientRect();
			cages.forEach((k, j) => {
				const first = Math.min(...k.cells), c = rect(first), w = c.width;
				const s = document.querySelector('#board svg.cages text.cage-sum[data-cage="' + j + '"]').getBoundingClientRect();
				if (s.width <= 0 || s.left < c.left || s.top < c.top || s.right > c.left + 0.6 * w || s.bottom > c.top + 0.5 * w)
					out.push("cage " + j + ": sum at " + [s.left - c.left, s.top - c.top, s.right - c.left, s.bottom - c.top].map(Math.round) + " in a cell of " + Math.round(w));
				const path = document.querySelector('#board svg.cages path.cage[data-cage="' + j + '"]');
				if (!/\d/.test(getComputedStyle(path).strokeDasharray)) out.push("cage " + j + ": outline not dashed");
				const b = path.getBoundingClientRect();
				const rs = k.cells.map(rect);
				const L = Math.min(...rs.map((r) => r.left)), T = Math.min(...rs.map((r) => r.top));
				const R = Math.max(...rs.map((r) => r.right)), B = Math.max(...rs.map((r) => r.bottom));
				for (const [name, gap] of [["left", b.left - L], ["top", b.top - T], ["right", R - b.right], ["bottom", B - b.bottom]])
					if (gap < 0.03 * w || gap > 0.2 * w) out.push("cage " + j + ": outline " + Math.round(gap) + " px from the cells' " + name + " edge");
			});
			return out;
		})()`)
		for _, pr := range problems {
			t.Error(pr)
		}
		// Thermometers: a bulb on the first cell's centre and a line each.
		therm := eval[[]string](t, p.ctx, `(() => {
			const out = [], bulbs = document.querySelectorAll("#board svg.thermos circle.bulb"), tubes = document.querySelectorAll("#board svg.thermos path.tube");
			if (bulbs.length !== 2 || tubes.length !== 2) out.push(bulbs.length + " bulbs and " + tubes.length + " lines");
			[[2, bulbs[0]], [45, bulbs[1]]].forEach(([i, bulb]) => {
				if (!bulb) return;
				const c = document.getElementById("cell-" + i).getBoundingClientRect(), b = bulb.getBoundingClientRect();
				if (Math.abs((b.left + b.right) / 2 - (c.left + c.right) / 2) > 1.5 || Math.abs((b.top + b.bottom) / 2 - (c.top + c.bottom) / 2) > 1.5) out.push("bulb off the centre of cell " + i);
			});
			return out;
		})()`)
		for _, pr := range therm {
			t.Error(pr)
		}
		if label := p.str(`document.getElementById("info").textContent`); !strings.Contains(label, "killer, thermo") {
			t.Errorf("label %q does not name the rules", label)
		}
		// A cage whose digits miss its sum: R1C6 R2C6 (5) with 4 and 2.
		bad := `[...document.querySelectorAll("#board .cell.conflict")].map(c => +c.dataset.i).sort((a, b) => a - b).join(",")`
		p.pressCell(5)
		p.key("4")
		p.pressCell(14)
		p.key("2")
		if got := p.str(bad); got != "5,14" {
			t.Errorf("4 and 2 in the cage of 5: conflicts %q, want 5,14", got)
		}
		if msg := p.message(); !strings.Contains(msg, "break the rules") {
			t.Errorf("message %q", msg)
		}
		p.press("#erase")
		p.pressCell(5)
		p.press("#erase")
		// The solution's digits on the thermometers and a cage: no conflict.
		for _, i := range []int{0, 1, 2, 3, 4, 13, 45, 37, 29} {
			p.pressCell(i)
			p.key(string(killerSolution[i]))
		}
		if got := p.str(bad); got != "" {
			t.Errorf("the solution's digits: conflicts %q", got)
		}
		p.pressCell(40)
		p.screenshot("web-killer-" + scr.name)
		// A thermometer that does not increase: 1 9 8 on R6C1 R5C2 R4C3.
		p.pressCell(37)
		p.key("9")
		if got := p.str(bad); got != "29,37" {
			t.Errorf("1 9 8 on a thermometer: conflicts %q, want 29,37", got)
		}
		// The link carries the rules; a reload restores the game with them.
		if h := p.str(`decodeURIComponent(location.hash)`); !strings.Contains(h, `rules={"cages":[{"sum":18,"cells":[0,1,9,10]}`) {
			t.Errorf("link %.120s... has no rules", h)
		}
		p.do("reload", chromedp.Reload())
		p.wait("the cages again", `document.querySelectorAll("#board svg.cages path.cage").length === 17 && document.querySelectorAll("#board svg.thermos circle.bulb").length === 2`)
		if got := p.str(bad); got != "29,37" {
			t.Errorf("after reload: conflicts %q, want 29,37", got)
		}
		if scr.phone {
			// Dark: light outlines and sums, thermometers blended with
			// screen (lightening) instead of multiply.
			p.press("#theme")
			p.wait("dark", `getComputedStyle(document.documentElement).getPropertyValue("--scheme").trim() === "dark"`)
			if m := p.str(`getComputedStyle(document.querySelector("#board svg.thermos")).mixBlendMode`); m != "screen" {
				t.Errorf("dark: thermometers blend %q, want screen", m)
			}
			if l := luminance(t, p.str(`getComputedStyle(document.querySelector("#board svg.cages path.cage")).stroke`)); l < 0.6 {
				t.Errorf("dark: cage outline luminance %.2f", l)
			}
			p.screenshot("web-killer-dark-" + scr.name)
			return
		}
		// The solution finishes the game (no solution from the service
		// is needed: the rules are checked on the page).
		for i := range 81 {
			p.pressCell(i)
			p.key(string(killerSolution[i]))
		}
		p.wait("the end", `!document.getElementById("done").hidden`)
	})
}

// TestJigsawObject: a 4x4 jigsaw puzzle object with an extra region,
// imported, is played with its regions: thick borders between regions,
// not boxes; the extra region tinted and checked; its solution (which
// repeats a digit in the 2x2 box of r1c1) finishes the game. Before the
// game read regions, it drew the 2x2 boxes and marked that solution as
// a conflict, so the game could not end.
func TestJigsawObject(t *testing.T) {
	const (
		// Regions A: r1c1-r1c3 r2c1; B: r1c4 r2c3 r2c4 r3c3; C: r2c2 r3c1
		// r3c2 r4c1; D: r3c4 r4c2-r4c4. The extra region: r1c1 r1c2 r2c4
		// r4c3.
		object   = `{"size":"2x2","variant":"jigsaw","regions":"AAABACBBCCBDCDDD","extra":[[0,1,7,14]],"puzzle":"123............."}`
		solution = "1234412334122341"
	)
	base := startService(t)
	forScreens(t, func(t *testing.T, scr screen) {
		p := openPage(t, base, scr)
		p.open("")
		p.press("#importbtn")
		p.do("paste the jigsaw", chromedp.SetValue(chromedp.CSS("#importtext"), object))
		p.press("#importgo")
		p.wait("the 4x4", `document.querySelectorAll("#board .cell").length === 16 && document.getElementById("message").textContent.startsWith("Puzzle loaded")`)
		if n := p.num(`document.querySelectorAll("#board svg.extras rect.extra").length`); n != 4 {
			t.Errorf("%v cells tinted for the extra region, want 4", n)
		}
		right := p.str(`[...document.querySelectorAll("#board .cell")].map(c => c.classList.contains("box-right") ? "|" : ".").join("")`)
		bottom := p.str(`[...document.querySelectorAll("#board .cell")].map(c => c.classList.contains("box-bottom") ? "_" : ".").join("")`)
		if right != "..|.||...||.|..." || bottom != ".__._.._.__....." {
			t.Errorf("region borders: right %q bottom %q", right, bottom)
		}
		if label := p.str(`document.getElementById("info").textContent`); !strings.Contains(label, "jigsaw, extra regions") {
			t.Errorf("label %q", label)
		}
		p.screenshot("web-jigsaw-" + scr.name)
		bad := `[...document.querySelectorAll("#board .cell.conflict")].map(c => +c.dataset.i).join(",")`
		// 1 in r4c3 repeats r1c1's 1 in the extra region only.
		p.pressCell(14)
		p.key("1")
		if got := p.str(bad); got != "0,14" {
			t.Errorf("1 twice in the extra region: conflicts %q, want 0,14", got)
		}
		p.press("#erase")
		for i := 3; i < 16; i++ {
			p.pressCell(i)
			p.key(string(solution[i]))
			if got := p.str(bad); got != "" {
				t.Errorf("after r%dc%d=%c: conflicts %q", i/4+1, i%4+1, solution[i], got)
			}
		}
		p.wait("the end", `!document.getElementById("done").hidden`)
	})
}

// TestKillerNewGame starts a killer from the New game form (Rules: Killer,
// 4x4), checks the cages drawn against the rules in the game's link (every
// cell in one cage, the sums adding up to the grid's total), solves the
// cages given in the link through the service, and plays that solution to
// the end.
func TestKillerNewGame(t *testing.T) {
	base := startService(t)
	forScreens(t, func(t *testing.T, scr screen) {
		p := openPage(t, base, scr)
		p.open("")
		p.str(`(() => { for (const [id, v] of [["size", "4"], ["kind", "killer"]]) { const e = document.getElementById(id); e.value = v; e.dispatchEvent(new Event("change")); } return ""; })()`)
		if p.num(`document.getElementById("difficulty").disabled ? 1 : 0`) != 1 {
			t.Errorf("difficulty not disabled for a killer")
		}
		p.press("#new")
		p.wait("the cages", `document.querySelectorAll("#board svg.cages path.cage").length > 0 && location.hash.includes("rules=")`)
		p.screenshot("web-killer-new-" + scr.name)
		if msg := p.message(); !strings.Contains(msg, "New killer") {
			t.Errorf("message %q", msg)
		}
		if label := p.str(`document.getElementById("info").textContent`); strings.Count(label, "killer") != 1 {
			t.Errorf("label %q names the killer other than once", label)
		}
		var rules struct {
			Cages []struct {
				Sum   int   `json:"sum"`
				Cells []int `json:"cells"`
			} `json:"cages"`
		}
		if err := json.Unmarshal([]byte(p.str(`new URLSearchParams(location.hash.slice(1)).get("rules")`)), &rules); err != nil {
			t.Fatal(err)
		}
		puzzle, size := p.linkPuzzle()
		if size != "2x2" || strings.Trim(puzzle, ".0") != "" {
			t.Fatalf("link: size %q puzzle %q, want a 4x4 grid with no givens", size, puzzle)
		}
		total, seen := 0, make([]bool, 16)
		for _, c := range rules.Cages {
			total += c.Sum
			for _, i := range c.Cells {
				if i < 0 || i >= 16 || seen[i] {
					t.Fatalf("cage %v: cell %d outside the grid or in two cages", c, i)
				}
				seen[i] = true
			}
		}
		sums := eval[[]string](t, p.ctx, `[...document.querySelectorAll("#board svg.cages text.cage-sum")].map(t => t.textContent)`)
		if total != 40 || len(sums) != len(rules.Cages) || slices.Contains(seen, false) {
			t.Fatalf("cages %v: sums add up to %d (want 40), %d sums drawn, cells covered %v", rules.Cages, total, len(sums), seen)
		}
		// The solution of those cages, from the service.
		b, _ := json.Marshal(map[string]any{"size": "2x2", "puzzle": strings.Repeat(".", 16), "cages": rules.Cages})
		resp, err := http.Post(base+"/api/solve", "application/json", strings.NewReader(string(b)))
		if err != nil {
			t.Fatal(err)
		}
		var sol struct{ Solution string }
		err = json.NewDecoder(resp.Body).Decode(&sol)
		resp.Body.Close()
		if err != nil || len(sol.Solution) != 16 {
			t.Fatalf("solve the cages: %v, solution %q", err, sol.Solution)
		}
		for i := range 16 {
			p.pressCell(i)
			p.key(string(sol.Solution[i]))
		}
		p.wait("the end", `!document.getElementById("done").hidden`)
		// Filed as a killer in the statistics (before: under "4×4").
		if got := p.str(`[...document.querySelectorAll("#stats tbody tr")].map(r => r.cells[0].textContent).join(",")`); got != "4×4 killer" {
			t.Errorf("statistics rows %q, want 4×4 killer", got)
		}
	})
}
