package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	kbpkg "github.com/chromedp/chromedp/kb"
)

// The tests of this file play what a new player meets in the first hour
// (issue 30, "The game"), each part in a subtest on one shared page per
// screen size, to keep the browser time down.

// sub runs f as a subtest of t on the shared page p, with nothing saved.
func (p *page) sub(t *testing.T, name string, f func(t *testing.T)) {
	t.Run(name, func(t *testing.T) {
		old := p.t
		p.t = t
		defer func() { p.t = old }()
		p.clearStorage()
		f(t)
	})
}

// js runs a statement in the page.
func (p *page) js(what, src string) {
	p.t.Helper()
	p.do(what, chromedp.Evaluate[chromedp.Void](src))
}

// choose sets a select of the New game form and tells the page.
func (p *page) choose(id, value string) {
	p.t.Helper()
	p.js("choose "+id+" "+value, fmt.Sprintf(`(e => { e.value = %q; e.dispatchEvent(new Event("change")); })(document.getElementById(%q))`, value, id))
}

// newGame presses New game and agrees to leave a game in progress.
func (p *page) newGame() {
	p.t.Helper()
	before := p.str(`location.hash`)
	p.press("#new")
	p.wait("a new game or the question", fmt.Sprintf(`document.getElementById("confirm").open || (location.hash !== %q && !document.getElementById("new").disabled)`, before))
	if p.num(`document.getElementById("confirm").open ? 1 : 0`) == 1 {
		p.press("#confirmok")
		p.wait("a new game", fmt.Sprintf(`!document.getElementById("confirm").open && location.hash !== %q && !document.getElementById("new").disabled`, before))
	}
}

// importText pastes text into Import and plays it.
func (p *page) importText(text string) {
	p.t.Helper()
	p.press("#importbtn")
	p.do("paste", chromedp.SetValue(chromedp.CSS("#importtext"), text))
	p.js("no message", `document.getElementById("message").textContent = ""`)
	p.press("#importgo")
	p.wait("the import", `document.getElementById("message").textContent !== ""`)
}

// clearStorage forgets the saved games, statistics and settings. It
// leaves the game first, for a plain page of the same site: the game
// saves itself as the page goes.
func (p *page) clearStorage() {
	p.t.Helper()
	p.allow("/favicon.ico") // asked for by the plain-text page
	p.do("a plain page", chromedp.Navigate(p.base+"/healthz"))
	p.js("clear the storage", `localStorage.clear()`)
}

// centre returns the centre of cell i on the screen.
func (p *page) centre(i int) (x, y float64) {
	p.t.Helper()
	xy := eval[[]float64](p.t, p.ctx, fmt.Sprintf(`(r => [r.left + r.width / 2, r.top + r.height / 2])(document.getElementById("cell-%d").getBoundingClientRect())`, i))
	return xy[0], xy[1]
}

// selection returns the selected cells.
func (p *page) selection() string {
	p.t.Helper()
	return p.str(`[...document.querySelectorAll("#board .cell.selected")].map(c => c.dataset.i).join(",")`)
}

// mouse sends a press, moves through cells and a release: a click on
// one cell, a drag over several, with modifiers held.
func (p *page) mouse(cells []int, mods ...chromedp.Modifier) {
	p.t.Helper()
	var m int64
	for _, k := range mods {
		m |= int64(k)
	}
	held := func(e *input.DispatchMouseEventParams) {
		e.Modifiers = m
		e.Button = input.MouseButtonLeft
		e.Buttons = 1
		e.ClickCount = 1
	}
	x, y := p.centre(cells[0])
	acts := []chromedp.Action[chromedp.Void]{chromedp.MouseEvent(chromedp.MousePressed, x, y, held)}
	for _, i := range cells[1:] {
		x, y = p.centre(i)
		acts = append(acts, chromedp.MouseEvent(chromedp.MouseMoved, x, y, held))
	}
	acts = append(acts, chromedp.MouseEvent(chromedp.MouseReleased, x, y, held))
	p.do(fmt.Sprintf("mouse over cells %v", cells), acts...)
}

// touchDrag puts a finger on the first cell, moves it through the others
// and lifts it.
func (p *page) touchDrag(cells []int) {
	p.t.Helper()
	touch := func(typ input.DispatchTouchEventType, pts ...*input.TouchPoint) chromedp.Action[chromedp.Void] {
		if pts == nil {
			pts = []*input.TouchPoint{} // touchEnd: no points, but a list
		}
		return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: pts})
			return err
		})
	}
	var acts []chromedp.Action[chromedp.Void]
	for k, i := range cells {
		x, y := p.centre(i)
		typ := input.DispatchTouchEventTypeTouchMove
		if k == 0 {
			typ = input.DispatchTouchEventTypeTouchStart
		}
		acts = append(acts, touch(typ, &input.TouchPoint{X: x, Y: y}))
	}
	acts = append(acts, touch(input.DispatchTouchEventTypeTouchEnd))
	p.do(fmt.Sprintf("drag a finger over cells %v", cells), acts...)
}

// viewShot saves what the screen shows (not the whole page), as the
// player sees it, when SUDOKU_SCREENSHOTS names a directory.
func (p *page) viewShot(name string) {
	p.t.Helper()
	dir := os.Getenv("SUDOKU_SCREENSHOTS")
	if dir == "" {
		return
	}
	png, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		p.t.Fatal(err)
	}
}

// darkScheme makes the page follow a dark system scheme (dark: true) or a
// light one.
func (p *page) darkScheme(dark bool) {
	p.t.Helper()
	v := "light"
	if dark {
		v = "dark"
	}
	p.do("system scheme "+v, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: v}},
		})
		return err
	}))
}

// oneLineTools fails for each tool button whose label takes more than one
// line or does not fit the button.
func oneLineTools(t *testing.T, p *page) {
	t.Helper()
	bad := eval[[]string](t, p.ctx, `[...document.querySelectorAll(".tools button")].flatMap(b => {
		const r = document.createRange();
		r.selectNodeContents(b);
		const lines = new Set([...r.getClientRects()].map(q => Math.round(q.top)));
		return lines.size !== 1 || b.scrollWidth > b.clientWidth ? [b.id + ": " + lines.size + " lines, " + b.scrollWidth + " px of text in " + b.clientWidth] : [];
	})`)
	for _, b := range bad {
		t.Errorf("%s: tool button %s", p.scr.name, b)
	}
}

// oneCageKiller is a 4x4 puzzle object with a cage of one cell (r4c4,
// sum 3) and a thermometer along the first row.
const oneCageKiller = `{"size":"2x2","puzzle":"................","cages":[{"sum":3,"cells":[15]}],"thermos":[[0,1,2,3]]}`

type cage struct {
	Sum   int   `json:"sum"`
	Cells []int `json:"cells"`
}

// killerCandidates is the oracle of Fill marks on a 9x9 killer: for each
// cell of state (digits, '.' for a blank), the digits that none of its
// row, column, box or cage holds, and that leave the cage's blank cells a
// way to be filled with distinct digits, each held by none of its row,
// column or box, adding up to the cage's sum. It tries every such filling
// one cell at a time.
func killerCandidates(state []byte, cages []cage) []string {
	free := func(i int, d byte) bool { return state[i] == '.' && candidate(state, i, d) }
	possible := make([]map[byte]bool, 81)
	inCage := make([]int, 81) // 1 + the index of the cell's cage, 0 for none
	for k, c := range cages {
		for _, i := range c.Cells {
			inCage[i] = k + 1
		}
		var blank []int
		used := map[byte]bool{}
		sum := 0
		for _, i := range c.Cells {
			if state[i] == '.' {
				blank = append(blank, i)
			} else {
				used[state[i]] = true
				sum += int(state[i] - '0')
			}
		}
		got := make([]byte, len(blank))
		var try func(k, sum int)
		try = func(k, sum int) {
			if k == len(blank) {
				if sum == c.Sum {
					for j, i := range blank {
						if possible[i] == nil {
							possible[i] = map[byte]bool{}
						}
						possible[i][got[j]] = true
					}
				}
				return
			}
			for d := byte('1'); d <= '9'; d++ {
				if !used[d] && free(blank[k], d) {
					used[d], got[k] = true, d
					try(k+1, sum+int(d-'0'))
					used[d] = false
				}
			}
		}
		try(0, sum)
	}
	out := make([]string, 81)
	for i := range 81 {
		if state[i] != '.' {
			continue
		}
		for d := byte('1'); d <= '9'; d++ {
			if inCage[i] == 0 {
				if free(i, d) {
					out[i] += string(d)
				}
				continue
			}
			inItsCage := false
			for _, j := range cages[inCage[i]-1].Cells {
				inItsCage = inItsCage || state[j] == d
			}
			if free(i, d) && !inItsCage && possible[i][d] {
				out[i] += string(d)
			}
		}
	}
	return out
}

// TestFirstHourDesktop plays, on the desktop, what issue 30 found: Esc and
// P pause and resume; killer sums leave the candidates visible and Fill
// marks knows the cages and thermometers; nine corner marks and 16x16
// candidates in fixed places; only games played are saved, killers
// labelled; a killer's settings come back with it; importing a saved
// puzzle says so; killers have a level; several cells selected at once;
// the settings; streaks and win rates.
func TestFirstHourDesktop(t *testing.T) {
	if chromiumPath() == "" {
		t.Skip("no Chromium found (install Debian's chromium: apt-get install -y chromium); skipping the browser tests")
	}
	base := startService(t)
	p := openPage(t, base, desktop)
	bl := blanks(test1)

	p.sub(t, "PauseKeys", func(t *testing.T) {
		// Before: Esc paused and put the focus on Resume, whose keys the
		// page ignored, so a second Esc did nothing; P toggled pencil mode.
		p.open("#size=3x3&p=" + test1)
		p.key(kbpkg.Escape)
		p.wait("paused by Esc, the button saying Resume", `game.paused && !document.getElementById("paused").hidden && document.activeElement.id === "resume" && document.getElementById("pause").textContent === "Resume"`)
		p.key(kbpkg.Escape)
		p.wait("resumed by Esc", `!game.paused && document.getElementById("paused").hidden && document.getElementById("pause").textContent === "Pause"`)
		p.key("p")
		p.wait("paused by P", `game.paused && document.activeElement.id === "resume"`)
		p.key("p")
		p.wait("resumed by P", `!game.paused && document.getElementById("paused").hidden`)
		p.press("#pause")
		p.wait("paused by the button", `game.paused && document.getElementById("pause").textContent === "Resume"`)
		p.press("#pause")
		p.wait("resumed by the button", `!game.paused`)
		p.pressCell(bl[0])
		p.key("5")
		if got := p.board()[bl[0]]; got != '5' {
			t.Errorf("after pausing and resuming, 5 typed shows %c", got)
		}
	})

	p.sub(t, "KillerMarks", func(t *testing.T) {
		var cages []cage
		if err := json.Unmarshal([]byte(killerCages), &cages); err != nil {
			t.Fatal(err)
		}
		// Twelve of the solution's digits as givens, none in the first cell
		// of a cage (the service proves the killer unique in a few ms
		// with them, against 1.6 s without).
		state := []byte(strings.Repeat(".", 81))
		for _, i := range []int{4, 10, 14, 17, 25, 35, 40, 46, 49, 63, 73, 80} {
			state[i] = killerSolution[i]
		}
		p.open("")
		p.importText(`{"size":"3x3","puzzle":"` + string(state) + `","cages":` + killerCages + `}`)
		p.wait("the cages", `document.querySelectorAll("#board svg.cages path.cage").length === 17`)
		// Every candidate in the first cell of each cage: none under the
		// sum (before, the 1 was drawn under it), all in the cell.
		p.js("marks in the first cells", `for (const k of game.rules.cages) game.pencil[k.cells[0]] = 0x3fe; render()`)
		bad := eval[[]string](t, p.ctx, `game.rules.cages.flatMap((k, j) => {
			const glyph = (e) => { const r = document.createRange(); r.selectNodeContents(e); return r.getBoundingClientRect(); };
			const cell = document.getElementById("cell-" + k.cells[0]).getBoundingClientRect();
			const sum = document.querySelector('#board svg.cages text.cage-sum[data-cage="' + j + '"]').getBoundingClientRect();
			return [...document.querySelectorAll("#cell-" + k.cells[0] + " .marks span")].flatMap((s) => {
				const g = glyph(s);
				const under = g.left < sum.right && sum.left < g.right && g.top < sum.bottom && sum.top < g.bottom;
				const out = g.left < cell.left || g.right > cell.right || g.top < cell.top || g.bottom > cell.bottom;
				return under || out ? ["cage " + j + " (sum " + k.sum + "): candidate " + s.textContent + (under ? " under the sum" : " outside the cell")] : [];
			});
		})`)
		for _, b := range bad {
			t.Error(b)
		}
		t.Logf("desktop: candidates at %.1f px in the first cell of a cage", p.num(`parseFloat(getComputedStyle(document.querySelector("#board .cell.has-sum .marks")).fontSize)`))
		p.press("#clearmarks")

		// Two more digits entered, then Fill marks: the oracle's candidates
		// (before, cages were ignored: every digit no peer holds).
		for _, i := range []int{5, 62} {
			p.pressCell(i)
			p.key(string(killerSolution[i]))
			state[i] = killerSolution[i]
		}
		p.press("#fill")
		want := killerCandidates(state, cages)
		got := p.marks()
		p.viewShot("web-killer-fill-desktop")
		for i := range 81 {
			if got[i] != want[i] {
				t.Errorf("Fill marks on a killer: r%dc%d has %q, want %q", i/9+1, i%9+1, got[i], want[i])
			}
		}

		// A one-cell cage of sum 3 gets 3 alone; a thermometer along a
		// row of 4 leaves one digit a cell.
		p.importText(oneCageKiller)
		p.wait("the 4x4", `document.querySelectorAll("#board .cell").length === 16`)
		p.press("#fill")
		if got, want := strings.Join(p.marks(), ","), "1,2,3,4,1234,1234,1234,1234,1234,1234,1234,1234,1234,1234,1234,3"; got != want {
			t.Errorf("Fill marks with a one-cell cage of 3 and a thermometer: %s, want %s", got, want)
		}
	})

	p.sub(t, "OneLineTools", func(t *testing.T) {
		// Before: "Clear marks" took two lines.
		p.open("#size=3x3&p=" + test1)
		oneLineTools(t, p)
	})

	p.sub(t, "MarkDrawing", func(t *testing.T) {
		// glyphs checks the glyphs of the elements sel of a cell: count of
		// them, each inside the cell and none over another.
		glyphs := func(what string, i int, sel string, count int) {
			t.Helper()
			bad := eval[[]string](t, p.ctx, fmt.Sprintf(`(() => {
				const cell = document.getElementById("cell-%d").getBoundingClientRect(), out = [];
				const rs = [...document.querySelectorAll("#cell-%d %s")].map((e) => { const r = document.createRange(); r.selectNodeContents(e); return [e.textContent, r.getBoundingClientRect()]; });
				if (rs.length !== %d) out.push(rs.length + " drawn, want %d");
				rs.forEach(([s, g], k) => {
					if (g.left < cell.left || g.right > cell.right || g.top < cell.top || g.bottom > cell.bottom) out.push(s + " outside the cell");
					rs.slice(k + 1).forEach(([s2, h]) => { if (g.left < h.right && h.left < g.right && g.top < h.bottom && h.top < g.bottom) out.push(s + " over " + s2); });
				});
				return out;
			})()`, i, i, sel, count, count))
			for _, b := range bad {
				t.Errorf("%s: %s", what, b)
			}
		}
		p.open("#size=3x3&p=" + test1)
		// Before: slice(0, 8) drew eight of nine corner marks.
		p.js("nine corner marks", fmt.Sprintf(`game.corner[%d] = 0x3fe; game.centre[%d] = 0x3fe; render()`, bl[0], bl[1]))
		glyphs("nine corner marks", bl[0], ".corner", 9)
		size := func(sel string) float64 {
			return p.num(`parseFloat(getComputedStyle(document.querySelector("` + sel + `")).fontSize)`)
		}
		t.Logf("desktop 9x9: nine corner marks at %.1f px, nine centre marks at %.1f px", size(fmt.Sprintf("#cell-%d .corner", bl[0])), size(fmt.Sprintf("#cell-%d .centre", bl[1])))
		if n := p.num(fmt.Sprintf(`(c => c.scrollWidth > c.clientWidth || c.scrollHeight > c.clientHeight ? 1 : 0)(document.querySelector("#cell-%d .centre"))`, bl[1])); n != 0 {
			t.Errorf("nine centre marks are clipped")
		}
		// 16x16: C in the same place whether the cell has two marks or
		// nine (before, a cell of few marks packed them in a smaller grid).
		p16 := generated(t, base, 16, 3)
		b16 := blanks(p16)
		p.open("#size=4x4&p=" + p16)
		p.js("marks", fmt.Sprintf(`game.pencil[%d] = (1 << 3) | (1 << 4); game.pencil[%d] = 0x3fe; game.corner[%d] = 0x1fffe; render()`, b16[0], b16[1], b16[2]))
		at := func(i int) []float64 {
			return eval[[]float64](t, p.ctx, fmt.Sprintf(`(() => {
				const c = document.getElementById("cell-%d").getBoundingClientRect();
				const s = [...document.querySelectorAll("#cell-%d .marks span")].find((e) => e.textContent === "C").getBoundingClientRect();
				return [s.left - c.left, s.top - c.top];
			})()`, i, i))
		}
		if a, b := at(b16[0]), at(b16[1]); fmt.Sprintf("%.1f", a) != fmt.Sprintf("%.1f", b) {
			t.Errorf("16x16: C at %.1f in a cell of 2 marks, at %.1f in a cell of 9", a, b)
		}
		glyphs("sixteen corner marks on 16x16", b16[2], ".corner", 16)
		t.Logf("desktop 16x16: sixteen corner marks at %.1f px", size(fmt.Sprintf("#cell-%d .corner", b16[2])))
	})

	p.sub(t, "SavedWhenPlayed", func(t *testing.T) {
		// Before: every new game was saved at 0%.
		p.open("")
		saved := `Object.keys(JSON.parse(localStorage.getItem("sudoku.games") || "{}")).length`
		if n := p.num(saved); n != 0 {
			t.Errorf("%v games saved before any move", n)
		}
		p.newGame()
		if n := p.num(saved); n != 0 {
			t.Errorf("%v games saved after two new games and no move", n)
		}
		puzzle, _ := p.linkPuzzle()
		p.pressCell(blanks(puzzle)[0])
		p.key("4", chromedp.ModifierShift)
		p.wait("the game saved", saved+` === 1 && +document.getElementById("savedcount").textContent === 1`)
		// A killer played, then left: listed as a killer (before, "9×9").
		p.importText(killerObject)
		p.pressCell(0)
		p.key("4", chromedp.ModifierShift)
		p.newGame()
		labels := p.str(`[...document.querySelectorAll("#saved button")].map(b => b.textContent).join(" | ")`)
		if !strings.Contains(labels, "9×9 killer") || strings.Count(labels, "·") != 4 {
			t.Errorf("saved games %q: want two, one of them a 9×9 killer", labels)
		}
	})

	p.sub(t, "KillerFormRestored", func(t *testing.T) {
		p.open("#size=3x3&p=" + test1)
		p.choose("size", "4")
		p.choose("kind", "killer")
		p.newGame()
		p.wait("a 4x4 killer", `document.querySelectorAll("#board .cell").length === 16 && document.querySelectorAll("#board svg.cages").length === 1`)
		p.pressCell(0)
		p.key("2", chromedp.ModifierShift)
		p.choose("kind", "classic")
		p.choose("size", "9")
		p.newGame()
		p.wait("a classic 9x9", `document.querySelectorAll("#board .cell").length === 81 && document.querySelectorAll("#board svg.cages").length === 0`)
		form := `document.getElementById("size").value + " " + document.getElementById("kind").value`
		if got := p.str(form); got != "9 classic" {
			t.Errorf("form %q for a classic 9x9", got)
		}
		// Before: the killer came back with Rules left on Classic.
		p.js("go back to the killer", `[...document.querySelectorAll("#saved button")].find(b => b.textContent.startsWith("4×4 killer")).click()`)
		p.wait("the killer again", `document.querySelectorAll("#board .cell").length === 16 && document.querySelectorAll("#board svg.cages").length === 1`)
		if got := p.str(form); got != "4 killer" {
			t.Errorf("form %q after going back to a 4x4 killer, want 4 killer", got)
		}
		p.do("reload", chromedp.Reload())
		p.wait("the killer after a reload", `document.querySelectorAll("#board svg.cages").length === 1`)
		if got := p.str(form); got != "4 killer" {
			t.Errorf("form %q after a reload, want 4 killer", got)
		}
	})

	p.sub(t, "ImportSaved", func(t *testing.T) {
		p.allow("/api/check")
		p.open("#size=3x3&p=" + test1)
		p.pressCell(bl[0])
		p.key("3", chromedp.ModifierShift)
		p.importText("123")
		if !strings.Contains(p.message(), "81 characters") {
			t.Fatalf("import of 123: %q", p.message())
		}
		// Before: restored silently, the error above staying.
		p.importText(strings.ReplaceAll(test1, "0", "."))
		if msg, kind := p.message(), p.str(`document.getElementById("message").className`); !strings.Contains(msg, "saved games") || kind == "error" {
			t.Errorf("importing a saved puzzle: message %q (%s)", msg, kind)
		}
		if got := p.marks()[bl[0]]; got != "3" {
			t.Errorf("the saved game did not come back: marks %q", got)
		}
	})

	p.sub(t, "KillerLevels", func(t *testing.T) {
		p.open("#size=3x3&p=" + test1)
		// The generate replies the page gets, to check its choice.
		p.js("record the replies", `window.replies = []; const f0 = window.fetch; window.fetch = async (...a) => { const r = await f0(...a); if (String(a[0]).includes("/api/generate")) replies.push(await r.clone().json()); return r; }`)
		p.choose("size", "9")
		p.choose("kind", "killer")
		if got := p.str(`[...document.getElementById("difficulty").options].map(o => o.value).join(",") + (document.getElementById("difficulty").disabled ? " disabled" : "")`); got != "easy,hard" {
			t.Errorf("levels for a 9x9 killer: %s, want easy,hard", got)
		}
		for _, level := range []string{"hard", "easy"} {
			p.choose("difficulty", level)
			p.newGame()
			p.wait("a 9x9 killer", `document.querySelectorAll("#board svg.cages").length === 1 && document.querySelectorAll("#board .cell").length === 81`)
			if label := p.str(`document.getElementById("info").textContent`); !strings.Contains(label, " "+level+" ") {
				t.Errorf("%s killer labelled %q", level, label)
			}
			// The game is the last killer the service sent, rated as asked.
			got := p.str(`(() => { const g = replies[replies.length - 1]; const key = (cs) => JSON.stringify(cs.map(k => [k.sum, [...k.cells].sort((a, b) => a - b)])); return g.logic_solved + " " + (key(g.cages) === key(game.rules.cages)); })()`)
			if want := fmt.Sprint(level == "easy", " true"); got != want {
				t.Errorf("%s killer: logic_solved and same cages %q, want %q", level, got, want)
			}
			t.Logf("%s killer after %v requests", level, p.num(`replies.length`))
			p.js("forget the replies", `replies.length = 0`)
		}
		p.choose("kind", "classic")
		if got := p.str(`document.getElementById("difficulty").value`); got != "medium" {
			t.Errorf("back to classic: level %q, want medium (the last classic one)", got)
		}
	})

	p.sub(t, "MultiSelect", func(t *testing.T) {
		// Row 1 of test1: r1c1-r1c7 blank, r2c1 a given.
		p.open("#size=3x3&p=" + test1)
		p.mouse([]int{0, 1, 2}) // a drag
		if got := p.selection(); got != "0,1,2" {
			t.Fatalf("dragged over cells 0-2: selected %q", got)
		}
		p.key("5", chromedp.ModifierShift)
		p.mouse([]int{4}, chromedp.ModifierCtrl)
		if got := p.selection(); got != "0,1,2,4" {
			t.Fatalf("Ctrl+click on cell 4: selected %q", got)
		}
		p.key("5", chromedp.ModifierShift)
		if got := strings.Join(p.marks()[:5], ","); got != "5,5,5,,5" {
			t.Errorf("marks of cells 0-4 %q, want 5 in 0, 1, 2 and 4", got)
		}
		p.press(`#colours .swatch[data-colour="3"]`)
		colours := `[0, 1, 2, 3, 4].map(i => document.getElementById("cell-" + i).dataset.colour || "-").join("")`
		if got := p.str(colours); got != "333-3" {
			t.Errorf("colours of cells 0-4 %q, want 333-3", got)
		}
		p.key("z", chromedp.ModifierCtrl)
		if got := p.str(colours); got != "-----" {
			t.Errorf("one undo left colours %q", got)
		}
		p.mouse([]int{6}, chromedp.ModifierShift)
		p.key(kbpkg.ArrowDown, chromedp.ModifierShift)
		if got := p.selection(); got != "0,1,2,4,6,15" {
			t.Errorf("Shift+click on 6 and Shift+Down: selected %q", got)
		}
		p.key("7")
		if got := p.board()[:16]; got != "777.7.71.4.....7" {
			t.Errorf("7 typed on cells 0, 1, 2, 4, 6, 15: first rows %q", got)
		}
		p.mouse([]int{3})
		if got := p.selection(); got != "3" {
			t.Errorf("a plain click on 3: selected %q", got)
		}
	})

	p.sub(t, "Settings", func(t *testing.T) {
		p.open("#size=3x3&p=" + test1)
		sol := solve(t, base, test1, 3, 3)
		p.press("#settingsbox summary")
		boxes := `["conflicts", "automarks", "mistakes", "hidetimer"].map(k => document.getElementById("set-" + k).checked ? 1 : 0).join("")`
		if got := p.str(boxes); got != "1100" {
			t.Fatalf("settings %s, want 1100 (conflicts shown, marks removed, mistakes not shown, timer shown)", got)
		}
		p.press("#set-conflicts")
		p.press("#set-automarks")
		p.press("#set-mistakes")
		p.press("#set-hidetimer")
		// A 1 in r1c1 clashes with r1c8's: not highlighted.
		p.pressCell(bl[1])
		p.key("1", chromedp.ModifierShift)
		p.pressCell(0)
		p.key("1")
		if n := p.num(`document.querySelectorAll("#board .cell.conflict").length`); n != 0 || strings.Contains(p.message(), "Conflict") {
			t.Errorf("conflicts not wanted: %v cells marked, message %q", n, p.message())
		}
		if got := p.marks()[bl[1]]; got != "1" {
			t.Errorf("marks kept: r1c2's 1 is gone after a 1 in r1c1 (marks %q)", got)
		}
		p.key("\b")
		// A wrong digit shows at once.
		wrong := byte('1' + (sol[bl[2]]-'1'+4)%9)
		p.pressCell(bl[2])
		p.key(string(wrong))
		if n := p.num(fmt.Sprintf(`document.getElementById("cell-%d").classList.contains("wrong") ? 1 : 0`, bl[2])); n != 1 {
			t.Errorf("mistakes shown at once: %c in r1c3 (solution %c) not marked wrong", wrong, sol[bl[2]])
		}
		hidden := `getComputedStyle(document.getElementById("timer")).visibility === "hidden"`
		if p.num(hidden+` ? 1 : 0`) != 1 {
			t.Errorf("the timer shows")
		}
		p.viewShot("web-settings-desktop")
		p.do("reload", chromedp.Reload())
		p.waitGame()
		if got := p.str(boxes); got != "0011" {
			t.Errorf("after a reload settings %s, want 0011", got)
		}
		if p.num(hidden+fmt.Sprintf(` && document.getElementById("cell-%d").classList.contains("wrong") ? 1 : 0`, bl[2])) != 1 {
			t.Errorf("after a reload the timer shows or the mistake is not marked")
		}
		p.js("default settings", `localStorage.removeItem("sudoku.settings")`)
	})

	p.sub(t, "Statistics", func(t *testing.T) {
		p4, p4b := generated(t, base, 4, 5), generated(t, base, 4, 6)
		s4, s4b := solve(t, base, p4, 2, 2), solve(t, base, p4b, 2, 2)
		play := func(puzzle, sol string, cells []int) {
			for _, i := range cells {
				p.pressCell(i)
				p.key(string(sol[i]))
			}
		}
		row := func() string {
			return p.str(`[...document.querySelectorAll("#stats tbody tr")].map(r => [...r.cells].slice(0, 3).map(c => c.textContent).join(" ")).join(" | ")`)
		}
		streak := func() string { return p.str(`document.getElementById("streak").textContent`) }
		p.open("#size=2x2&p=" + p4)
		play(p4, s4, blanks(p4))
		p.wait("solved", `!document.getElementById("done").hidden`)
		// Before: no win rate and no streak.
		if got := row(); got != "4×4 1 100%" {
			t.Errorf("statistics %q, want 4×4 1 100%%", got)
		}
		if got := streak(); !strings.Contains(got, "1 day in a row") {
			t.Errorf("streak %q after a game solved today", got)
		}
		// Another started: half of them solved.
		p.open("#size=2x2&p=" + p4b)
		b := blanks(p4b)
		play(p4b, s4b, b[:1])
		if got := row(); got != "4×4 1 50%" {
			t.Errorf("statistics %q, want 4×4 1 50%%", got)
		}
		// Three days in a row up to yesterday, and one solved today.
		p.js("a streak", `localStorage.setItem("sudoku.streak", JSON.stringify({last: dayOf(new Date(), -1), current: 3, best: 3}))`)
		play(p4b, s4b, b[1:])
		p.wait("solved", `!document.getElementById("done").hidden`)
		if got := row(); got != "4×4 2 100%" {
			t.Errorf("statistics %q, want 4×4 2 100%%", got)
		}
		if got := streak(); !strings.Contains(got, "4 days in a row") || !strings.Contains(got, "best 4 days") || !strings.Contains(got, "2 games solved of 2 started") {
			t.Errorf("streak %q, want 4 days, best 4, 2 of 2", got)
		}
		p.press("#statsbox summary")
		if p.num(`document.querySelector(".side").getBoundingClientRect().left > document.getElementById("board").getBoundingClientRect().right ? 1 : 0`) != 1 {
			t.Errorf("the statistics table pushed the side column under the board")
		}
		p.js("show the statistics", `document.getElementById("statsbox").scrollIntoView()`)
		p.viewShot("web-stats-desktop")
	})

	p.sub(t, "Screenshots", func(t *testing.T) {
		if os.Getenv("SUDOKU_SCREENSHOTS") == "" {
			t.Skip("SUDOKU_SCREENSHOTS unset")
		}
		for _, dark := range []bool{false, true} {
			gameInProgress(t, p, base, dark)
			p.press("#hint")
			p.wait("the hint", `document.getElementById("message").classList.contains("hint")`)
			p.mouse([]int{60, 61, 70})
			p.do("settle", chromedp.Sleep(300*time.Millisecond))
			name := "web-game-desktop"
			if dark {
				name = "web-game-dark-desktop"
			}
			p.viewShot(name)
		}
		p.darkScheme(false)
	})
}

// httpGet returns the body of a GET.
func httpGet(url string) ([]byte, error) {
	resp, err := http.Get(url)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}

// gameInProgress opens a 9x9 medium game with some digits, marks and
// colours, on a fresh page in the scheme asked for.
func gameInProgress(t *testing.T, p *page, base string, dark bool) {
	t.Helper()
	g := struct{ Puzzle, Solution string }{}
	resp, err := httpGet(base + "/api/generate?size=9&difficulty=medium&symmetry=rot180&seed=2026")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(resp, &g); err != nil {
		t.Fatal(err)
	}
	p.clearStorage()
	p.darkScheme(dark)
	p.open("#size=3x3&level=medium&p=" + g.Puzzle)
	state := []byte(g.Puzzle)
	entered := 0
	for i := 0; i < 81 && entered < 14; i += 3 {
		if g.Puzzle[i] == '.' {
			p.pressCell(i)
			p.key(string(g.Solution[i]))
			state[i] = g.Solution[i]
			entered++
		}
	}
	marks := 0
	for i := 80; i >= 0 && marks < 6; i -= 4 {
		if state[i] != '.' {
			continue
		}
		var ds []int
		for d := byte('1'); d <= '9'; d++ {
			if candidate(state, i, d) {
				ds = append(ds, int(d-'0'))
			}
		}
		mask := 0
		for _, d := range ds {
			mask |= 1 << d
		}
		p.js("marks", fmt.Sprintf(`game.pencil[%d] = %d; render()`, i, mask))
		marks++
	}
	for _, i := range []int{30, 31, 32} {
		if g.Puzzle[i] != '.' {
			continue
		}
		p.js("colour", fmt.Sprintf(`game.colour[%d] = 4; render()`, i))
	}
	p.js("save", `save()`)
}

// TestFirstHourPhone plays, on a phone (390x844, touch), what issue 30
// found there: hint, check and conflict messages are seen without
// scrolling; every tap target is at least 24 px; the tool labels take
// one line; seven centre marks are not clipped; a drag selects cells.
func TestFirstHourPhone(t *testing.T) {
	if chromiumPath() == "" {
		t.Skip("no Chromium found (install Debian's chromium: apt-get install -y chromium); skipping the browser tests")
	}
	if testing.Short() {
		t.Skip("-short (CI's race run): the desktop size only, as forScreens")
	}
	base := startService(t)
	p := openPage(t, base, phone)
	bl := blanks(test1)
	sol := solve(t, base, test1, 3, 3)
	onScreen := `(() => {
		const m = document.getElementById("message"), r = m.getBoundingClientRect(), t = document.getElementById("toast");
		const top = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 10));
		return m.textContent !== "" && r.height > 0 && r.top >= 0 && r.bottom <= innerHeight && getComputedStyle(t).opacity === "1" && t.contains(top);
	})()`

	p.sub(t, "Messages", func(t *testing.T) {
		// Before: the message was below the fold (y 831-892 of 844).
		p.open("#size=3x3&p=" + test1)
		p.press("#hint")
		p.wait("the hint on the screen", `document.getElementById("message").classList.contains("hint") && `+onScreen)
		if n := p.num(`document.querySelectorAll("#board .cell.hint").length`); n == 0 {
			t.Errorf("no cell of the hint highlighted")
		}
		p.press("#msgclose")
		p.wait("the hint dismissed", `document.getElementById("toast").classList.contains("off")`)
		// A 1 in r1c1 clashes with r1c8's.
		p.pressCell(0)
		p.key("1")
		p.wait("the conflict on the screen", `document.getElementById("message").textContent.startsWith("Conflict") && `+onScreen)
		p.key("\b")
		wrong := byte('1' + (sol[bl[2]]-'1'+4)%9)
		p.pressCell(bl[2])
		p.key(string(wrong))
		p.press("#check")
		p.wait("the check on the screen", `document.getElementById("message").textContent.includes("wrong") && `+onScreen)
	})

	p.sub(t, "Screenshots", func(t *testing.T) {
		if os.Getenv("SUDOKU_SCREENSHOTS") == "" {
			t.Skip("SUDOKU_SCREENSHOTS unset")
		}
		for _, dark := range []bool{false, true} {
			gameInProgress(t, p, base, dark)
			p.press("#hint")
			p.wait("the hint on the screen", `document.getElementById("message").classList.contains("hint") && `+onScreen)
			p.do("scroll to the top", chromedp.Evaluate[chromedp.Void](`scrollTo(0, 0)`), chromedp.Sleep(300*time.Millisecond))
			name := "web-game-phone"
			if dark {
				name = "web-game-dark-phone"
			}
			p.viewShot(name)
		}
		p.darkScheme(false)
	})

	p.sub(t, "TapTargets", func(t *testing.T) {
		p.open("#size=3x3&p=" + test1)
		p.js("open the lists", `for (const d of document.querySelectorAll("details")) d.open = true`)
		small := eval[[]string](t, p.ctx, `[...document.querySelectorAll("button, select, input, summary, textarea, a[href]")]
			.filter(e => e.checkVisibility({checkOpacity: true, visibilityProperty: true}))
			.map(e => [e, e.getBoundingClientRect()])
			.filter(([e, r]) => r.width < 24 || r.height < 24)
			.map(([e, r]) => (e.id || e.className || e.textContent.trim().slice(0, 20)) + " " + r.width.toFixed(0) + "x" + r.height.toFixed(0))`)
		for _, s := range small {
			t.Errorf("tap target under 24 px: %s", s)
		}
		oneLineTools(t, p)
		p.js("close the lists", `for (const d of document.querySelectorAll("details")) d.open = false`)
	})

	p.sub(t, "CentreMarks", func(t *testing.T) {
		p.open("#size=3x3&p=" + test1)
		for _, mask := range []int{0xfe, 0x3fe} { // 1-7, 1-9
			p.js("centre marks", fmt.Sprintf(`game.centre[%d] = %d; render()`, bl[0], mask))
			got := p.str(fmt.Sprintf(`(c => { const cell = document.getElementById("cell-%d").getBoundingClientRect(), r = document.createRange(); r.selectNodeContents(c); const g = r.getBoundingClientRect();
				return c.textContent + (c.scrollWidth > c.clientWidth || c.scrollHeight > c.clientHeight || g.left < cell.left || g.right > cell.right ? " clipped" : ""); })(document.querySelector("#cell-%d .centre"))`, bl[0], bl[0]))
			if strings.HasSuffix(got, "clipped") {
				t.Errorf("centre marks %s", got)
			}
			t.Logf("phone: centre marks %s at %.1f px", got, p.num(fmt.Sprintf(`parseFloat(getComputedStyle(document.querySelector("#cell-%d .centre")).fontSize)`, bl[0])))
		}
	})

	p.sub(t, "TouchDrag", func(t *testing.T) {
		p.open("#size=3x3&p=" + test1)
		p.touchDrag([]int{bl[0], bl[1], bl[2], bl[2] + 9})
		want := []int{bl[0], bl[1], bl[2], bl[2] + 9}
		slices.Sort(want)
		if got := p.selection(); got != strings.Trim(strings.ReplaceAll(fmt.Sprint(want), " ", ","), "[]") {
			t.Errorf("a finger dragged over cells %v: selected %q", want, got)
		}
		if y := p.num(`scrollY`); y != 0 {
			t.Logf("page scrolled to %v during the drag", y)
		}
	})
}
