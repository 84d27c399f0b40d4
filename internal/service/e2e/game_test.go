package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	kbpkg "github.com/chromedp/chromedp/kb"

	"github.com/dlxkit/dlx/internal/service/server"
)

// The screens the game is played on.
type screen struct {
	name          string
	width, height int64
	phone         bool
}

var (
	desktop = screen{"desktop", 1280, 900, false}
	phone   = screen{"phone", 390, 844, true}
	screens = []screen{desktop, phone}
)

// page is a tab of its own browser showing the game at a screen size,
// with a record of the page's script errors and failed requests.
type page struct {
	t    *testing.T
	ctx  context.Context
	base string
	scr  screen

	mu       sync.Mutex
	problems []string
	// allowed are the failed requests a test provokes (by URL part).
	allowed []string
	// offline: requests that fail for want of a server are expected.
	offline bool
}

func openPage(t *testing.T, base string, scr screen) *page {
	t.Helper()
	ctx := browser(t, chromiumPath())
	p := &page{t: t, ctx: ctx, base: base, scr: scr}
	err := chromedp.Listen(ctx, func(ev any) {
		p.mu.Lock()
		defer p.mu.Unlock()
		switch ev := ev.(type) {
		case *runtime.EventExceptionThrown:
			p.problems = append(p.problems, "script error: "+ev.ExceptionDetails.Text+" "+describeException(ev.ExceptionDetails))
		case *network.EventResponseReceived:
			if ev.Response.Status >= 400 && !p.isAllowed(ev.Response.URL) {
				p.problems = append(p.problems, fmt.Sprintf("request %s: status %d", ev.Response.URL, ev.Response.Status))
			}
		case *network.EventLoadingFailed:
			if !ev.Canceled && !p.offline {
				p.problems = append(p.problems, "request failed: "+ev.ErrorText)
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	opts := []chromedp.EmulateViewportOption{chromedp.EmulateScale(1)}
	if scr.phone {
		opts = []chromedp.EmulateViewportOption{chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait}
	}
	do(t, ctx, "screen size", chromedp.EmulateViewport(scr.width, scr.height, opts...))
	t.Cleanup(func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		for _, pr := range p.problems {
			t.Errorf("%s: %s", scr.name, pr)
		}
	})
	return p
}

func describeException(d *runtime.ExceptionDetails) string {
	if d.Exception != nil {
		return d.Exception.Description
	}
	return ""
}

func (p *page) isAllowed(url string) bool {
	for _, a := range p.allowed {
		if strings.Contains(url, a) {
			return true
		}
	}
	return false
}

func (p *page) allow(part string) {
	p.mu.Lock()
	p.allowed = append(p.allowed, part)
	p.mu.Unlock()
}

func (p *page) do(what string, steps ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	do(p.t, p.ctx, p.scr.name+": "+what, steps...)
}

// press clicks, or taps on a phone.
func (p *page) press(sel string) {
	p.t.Helper()
	if p.scr.phone {
		p.do("tap "+sel, chromedp.Tap(chromedp.CSS(sel)))
	} else {
		p.do("click "+sel, chromedp.Click(chromedp.CSS(sel)))
	}
}

func (p *page) pressCell(i int) { p.t.Helper(); p.press(fmt.Sprintf(`#board .cell[data-i="%d"]`, i)) }

func (p *page) key(k string, mods ...chromedp.Modifier) {
	p.t.Helper()
	var opts []chromedp.KeyOption
	if len(mods) > 0 {
		opts = append(opts, chromedp.KeyModifiers(mods...))
	}
	p.do("key "+k, chromedp.KeyEvent(k, opts...))
}

func (p *page) wait(what, expr string) { p.t.Helper(); waitFor(p.t, p.ctx, p.scr.name+": "+what, expr) }

func (p *page) str(expr string) string { p.t.Helper(); return eval[string](p.t, p.ctx, expr) }

func (p *page) num(expr string) float64 { p.t.Helper(); return eval[float64](p.t, p.ctx, expr) }

func (p *page) message() string { return p.str(`document.getElementById("message").textContent`) }

// open loads the page at the fragment and waits for a game.
func (p *page) open(fragment string) {
	p.t.Helper()
	p.do("load", chromedp.Navigate(p.base+"/"+fragment))
	p.waitGame()
	if i := strings.Index(fragment, "p="); i >= 0 {
		want := fragment[i+2:]
		if j := strings.IndexByte(want, '&'); j >= 0 {
			want = want[:j]
		}
		want = strings.ReplaceAll(want, "0", ".")
		// The givens shown too: a link of the same size changes the
		// address at once, and the board once the page has read it.
		p.wait("the puzzle of the link", fmt.Sprintf(`new URLSearchParams(location.hash.slice(1)).get("p") === %q && [...document.querySelectorAll("#board .cell")].map(c => c.classList.contains("given") ? c.textContent : ".").join("") === %q`, want, want))
	}
}

const gameReady = `document.querySelectorAll("#board .cell").length > 0 && document.querySelectorAll("#board .cell.given").length > 0 && location.hash.includes("p=")`

func (p *page) waitGame() { p.t.Helper(); p.wait("a game", gameReady) }

// board returns the cells as the page shows them: a symbol or ".".
func (p *page) board() string {
	p.t.Helper()
	return p.str(`[...document.querySelectorAll("#board .cell")].map(c => c.querySelector(".marks") || c.textContent === "" ? "." : c.textContent).join("")`)
}

// marks returns each cell's pencil marks as shown, "" for none.
func (p *page) marks() []string {
	p.t.Helper()
	return eval[[]string](p.t, p.ctx, `[...document.querySelectorAll("#board .cell")].map(c => c.querySelector(".marks") ? c.querySelector(".marks").textContent : "")`)
}

// linkPuzzle returns the puzzle and size of the page's link.
func (p *page) linkPuzzle() (puzzle, size string) {
	p.t.Helper()
	puzzle = p.str(`new URLSearchParams(location.hash.slice(1)).get("p")`)
	size = p.str(`new URLSearchParams(location.hash.slice(1)).get("size")`)
	return
}

func (p *page) screenshot(name string) {
	p.t.Helper()
	dir := os.Getenv("SUDOKU_SCREENSHOTS")
	if dir == "" {
		return
	}
	png, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		p.t.Fatal(err)
	}
	path := filepath.Join(dir, name+".png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		p.t.Fatal(err)
	}
	p.t.Logf("screenshot written to %s", path)
}

func forScreens(t *testing.T, f func(t *testing.T, scr screen)) {
	if chromiumPath() == "" {
		t.Skip("no Chromium found (install Debian's chromium: apt-get install -y chromium); skipping the browser tests")
	}
	for _, scr := range screens {
		if testing.Short() && scr.phone {
			continue // -short (CI's race run): the desktop size only
		}
		t.Run(scr.name, func(t *testing.T) { f(t, scr) })
	}
}

// blanks returns the blank cells of a one-line puzzle.
func blanks(puzzle string) []int {
	var b []int
	for i := range len(puzzle) {
		if puzzle[i] == '.' || puzzle[i] == '0' {
			b = append(b, i)
		}
	}
	return b
}

// TestSavedGame: ten digits and some marks survive a reload, Back after
// a link and opening the page again, with the entries, the marks, the
// level label and the clock.
func TestSavedGame(t *testing.T) {
	base := startService(t)
	forScreens(t, func(t *testing.T, scr screen) {
		p := openPage(t, base, scr)
		p.do("load", chromedp.Navigate(base+"/"))
		p.waitGame()
		puzzle, size := p.linkPuzzle()
		if size != "3x3" {
			t.Fatalf("first game size %q", size)
		}
		label := p.str(`document.getElementById("info").textContent`)
		if !strings.Contains(label, "medium (") {
			t.Errorf("label %q does not name the level and rating", label)
		}
		sol := solve(t, base, puzzle, 3, 3)
		bl := blanks(puzzle)
		for _, i := range bl[:10] {
			p.pressCell(i)
			p.key(string(sol[i]))
		}
		// Marks on two more cells (Shift+digit).
		for _, i := range bl[10:12] {
			p.pressCell(i)
			p.key(string(sol[i]), chromedp.ModifierShift)
			p.key(string('1'+(sol[i]-'1'+1)%9), chromedp.ModifierShift)
		}
		p.do("let the clock run", chromedp.Sleep(2100*time.Millisecond))
		before, beforeMarks := p.board(), p.marks()
		clock := p.str(`document.getElementById("timer").textContent`)
		if clock < "00:02" {
			t.Errorf("clock %s after 2 s", clock)
		}

		check := func(when string) {
			t.Helper()
			p.waitGame()
			if got := p.board(); got != before {
				t.Errorf("%s: board\n%s, want\n%s", when, got, before)
			}
			if got := p.marks(); fmt.Sprint(got) != fmt.Sprint(beforeMarks) {
				t.Errorf("%s: marks %q, want %q", when, got, beforeMarks)
			}
			if got := p.str(`document.getElementById("info").textContent`); got != label {
				t.Errorf("%s: label %q, want %q", when, got, label)
			}
			if got := p.str(`document.getElementById("timer").textContent`); got < clock {
				t.Errorf("%s: clock %s, was %s", when, got, clock)
			}
		}
		p.do("reload", chromedp.Reload())
		check("after reload")

		// Follow a link to another puzzle, then Back.
		p.do("follow a link", chromedp.Navigate(base+"/#size=3x3&p="+test1))
		p.wait("the linked puzzle", `document.querySelectorAll("#board .cell.given").length === 17`)
		p.do("back", chromedp.Evaluate[chromedp.Void](`history.back()`))
		p.wait("the game again", fmt.Sprintf(`new URLSearchParams(location.hash.slice(1)).get("p") === %q`, puzzle))
		check("after Back from a link")

		// Another page, then the page again with no link (as after
		// closing the tab): the last game goes on.
		p.allow("/favicon.ico") // asked for by the plain-text page
		p.do("another page", chromedp.Navigate(base+"/healthz"))
		p.do("the page again", chromedp.Navigate(base+"/"))
		check("after coming back")

		// The game is listed under Saved games; the linked one too.
		if n := p.num(`+document.getElementById("savedcount").textContent`); n < 1 {
			t.Errorf("saved games count %v", n)
		}
	})
}

// TestShareLink: a link keeps the level, and with progress asked for,
// the entries.
func TestShareLink(t *testing.T) {
	base := startService(t)
	forScreens(t, func(t *testing.T, scr screen) {
		p := openPage(t, base, scr)
		p.open("")
		puzzle, _ := p.linkPuzzle()
		sol := solve(t, base, puzzle, 3, 3)
		bl := blanks(puzzle)
		p.pressCell(bl[0])
		p.key(string(sol[bl[0]]))
		p.press("#shareprogress")
		p.press("#share")
		p.wait("the link", `document.getElementById("message").textContent.includes("#size=")`)
		msg := p.message()
		link := msg[strings.Index(msg, "http"):]
		label := p.str(`document.getElementById("info").textContent`)
		if !strings.Contains(link, "level=medium") || !strings.Contains(link, "&s=") {
			t.Errorf("share link %q lacks the level or the progress", link)
		}
		// A fresh browser (nothing saved) opens it.
		q := openPage(t, base, scr)
		q.do("open the link", chromedp.Navigate(link))
		q.waitGame()
		if got := q.str(`document.getElementById("info").textContent`); got != label {
			t.Errorf("label %q from the link, want %q", got, label)
		}
		if got := q.board(); got[bl[0]] != sol[bl[0]] {
			t.Errorf("the shared progress is lost: cell %d is %c", bl[0], got[bl[0]])
		}
	})
}

// Test16 plays 16x16: hints and mistakes name values as letters, marks
// go in with Shift+letter and "/", P is a value, the help says so, and
// marks are large enough to read.
func Test16(t *testing.T) {
	base := startService(t)
	puzzle := generated(t, base, 16, 3)
	forScreens(t, func(t *testing.T, scr screen) {
		p := openPage(t, base, scr)
		p.open("#size=4x4&p=" + puzzle)
		help := p.str(`document.getElementById("keyhelp").textContent`)
		if strings.Contains(help, "P toggles") || !strings.Contains(help, "Shift+letter") {
			t.Errorf("16x16 help %q", help)
		}
		// A hint names its digit with a letter.
		p.press("#hint")
		p.wait("a hint", `document.getElementById("message").classList.contains("hint")`)
		msg := p.message()
		d := int(p.num(`game.hint.digits ? game.hint.digits[0] : (game.hint.placements || [{digit: 0}])[0].digit`))
		if d < 1 || d > 16 {
			t.Fatalf("hint %q has no digit", msg)
		}
		letter := string(rune('A' + d - 1))
		if !strings.Contains(msg, "The "+letter+" ") && !strings.Contains(msg, " "+letter+" ") {
			t.Errorf("hint %q does not name the value %d as %s", msg, d, letter)
		}
		if d >= 10 && strings.Contains(msg, fmt.Sprintf(" %d ", d)) {
			t.Errorf("hint %q names the value as the number %d", msg, d)
		}
		t.Logf("16x16 hint: %s", msg)

		// A wrong letter: the mistake is named in letters, with no
		// "Mistake: First fix" stutter.
		sol, err := solve16(base, puzzle)
		if err != nil {
			t.Fatal(err)
		}
		bl := blanks(puzzle)
		i := bl[0]
		wrong := byte('A' + (sol[i]-'A'+1)%16)
		p.pressCell(i)
		p.key(strings.ToLower(string(wrong)))
		p.press("#hint")
		p.wait("the mistake", `document.getElementById("message").textContent.includes("mistake")`)
		msg = p.message()
		if !strings.HasPrefix(msg, "First fix a mistake: the "+string(wrong)+" in ") {
			t.Errorf("mistake message %q, want it to start \"First fix a mistake: the %c in\"", msg, wrong)
		}
		p.key("\b")

		// Marks: Shift+letter, then "/" and plain letters; P is a value.
		j := bl[1]
		p.pressCell(j)
		p.key("C", chromedp.ModifierShift)
		p.key("/")
		p.key("d")
		p.key("/")
		if got := p.marks()[j]; got != "CD" {
			t.Errorf("marks %q after Shift+C and / d, want CD", got)
		}
		p.pressCell(bl[2])
		p.key("p")
		if got := p.board()[bl[2]]; got != 'P' {
			t.Errorf("p on 16x16 entered %q, want the value P", got)
		}
		// Mark sizes: two marks, then a cell of nine.
		size2 := p.num(fmt.Sprintf(`parseFloat(getComputedStyle(document.querySelector('#board .cell[data-i="%d"] .marks')).fontSize)`, j))
		k := bl[3]
		p.pressCell(k)
		for _, l := range "ABCDEFGHI" {
			p.key(string(l), chromedp.ModifierShift)
		}
		size9 := p.num(fmt.Sprintf(`parseFloat(getComputedStyle(document.querySelector('#board .cell[data-i="%d"] .marks')).fontSize)`, k))
		p.do("all sixteen", chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`selectOnly(%d); game.pencil[%d] = 0x1fffe; render()`, bl[4], bl[4])))
		size16 := p.num(fmt.Sprintf(`parseFloat(getComputedStyle(document.querySelector('#board .cell[data-i="%d"] .marks')).fontSize)`, bl[4]))
		t.Logf("16x16 %s: mark font %.1f px (2 marks), %.1f px (9), %.1f px (16)", scr.name, size2, size9, size16)
		// Each letter has its place in a 4x4 grid whatever the number of
		// marks, so the type is the same for any number: at least 10 px
		// on the desktop; on a phone (about 5 px) the strip above the
		// keypad shows the selected cell's marks enlarged (TestZoom16).
		if size2 != size9 || size9 != size16 {
			t.Errorf("16x16 marks %.1f, %.1f and %.1f px for 2, 9 and 16 marks: want one size", size2, size9, size16)
		}
		if !scr.phone && size16 < 10 {
			t.Errorf("16x16 marks %.1f px on the desktop, want at least 10", size16)
		}
		p.screenshot("web-16x16-" + scr.name)

		// 9x9 marks.
		p.open("#size=3x3&p=" + test1)
		p.pressCell(blanks(test1)[0])
		p.key("5", chromedp.ModifierShift)
		size := p.num(`parseFloat(getComputedStyle(document.querySelector('#board .marks')).fontSize)`)
		t.Logf("9x9 %s: mark font %.1f px", scr.name, size)
		if size < 10 {
			t.Errorf("9x9 marks %.1f px on %s, want at least 10", size, scr.name)
		}
	})
}

// solve16 asks the service for a 16x16 solution (in letters).
func solve16(base, puzzle string) (string, error) {
	resp, err := http.Post(base+"/api/solve?size=4x4", "text/plain", strings.NewReader(puzzle))
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	var r struct{ Solution string }
	if err := json.NewDecoder(resp.Body).Decode(&r); err != nil || len(r.Solution) != 256 {
		return "", fmt.Errorf("solve16: %v %q", err, r.Solution)
	}
	return r.Solution, nil
}

// TestMessages: a broken link says so and keeps saying so; New game asks
// before leaving a game in progress; import errors explain themselves.
func TestMessages(t *testing.T) {
	base := startService(t)
	forScreens(t, func(t *testing.T, scr screen) {
		p := openPage(t, base, scr)
		p.allow("/api/check")
		p.do("a broken link", chromedp.Navigate(base+"/#size=3x3&p=12345"))
		p.waitGame()
		p.do("settle", chromedp.Sleep(800*time.Millisecond))
		if msg := p.message(); !strings.Contains(msg, "link's puzzle cannot be played") {
			t.Errorf("broken link: message %q", msg)
		}

		// New game with a game in progress asks; Cancel keeps the game.
		puzzle, _ := p.linkPuzzle()
		bl := blanks(puzzle)
		p.pressCell(bl[0])
		p.key("5", chromedp.ModifierShift)
		p.press("#new")
		p.wait("the question", `document.getElementById("confirm").open`)
		p.press("#confirmno")
		p.wait("the dialog to close", `!document.getElementById("confirm").open`)
		if got, _ := p.linkPuzzle(); got != puzzle {
			t.Errorf("Cancel started another game")
		}
		p.press("#new")
		p.wait("the question", `document.getElementById("confirm").open`)
		p.press("#confirmok")
		p.wait("a new game", fmt.Sprintf(`new URLSearchParams(location.hash.slice(1)).get("p") !== %q && !document.getElementById("confirm").open`, puzzle))
		// The left game is saved.
		p.wait("the saved game", `+document.getElementById("savedcount").textContent >= 1`)

		// Import errors.
		p.press("#importbtn")
		p.do("type", chromedp.SetValue(chromedp.CSS("#importtext"), "123"))
		p.press("#importgo")
		p.wait("the import error", `document.getElementById("message").classList.contains("error")`)
		if msg := p.message(); !strings.Contains(msg, "81 characters") {
			t.Errorf("import of 123: %q", msg)
		}
	})
}

// TestCandidates: Fill marks pencils in every candidate; Clear removes
// them; a hint that needs them says where they come from.
func TestCandidates(t *testing.T) {
	base := startService(t)
	forScreens(t, func(t *testing.T, scr screen) {
		p := openPage(t, base, scr)
		p.open("#size=3x3&p=" + test1)
		p.press("#fill")
		p.wait("marks", `document.querySelectorAll("#board .marks").length > 0`)
		state := []byte(strings.ReplaceAll(test1, "0", "."))
		marks := p.marks()
		for i := range 81 {
			want := ""
			if state[i] == '.' {
				for d := byte('1'); d <= '9'; d++ {
					if candidate(state, i, d) {
						want += string(d)
					}
				}
			}
			if marks[i] != want {
				t.Errorf("cell %d marks %q, want %q", i, marks[i], want)
			}
		}
		p.screenshot("web-candidates-" + scr.name)
		p.press("#clearmarks")
		p.wait("no marks", `document.querySelectorAll("#board .marks").length === 0`)
		p.press("#undo")
		p.wait("marks back", `document.querySelectorAll("#board .marks").length > 0`)
	})
}

// TestPauseRestart: Pause hides the grid and stops the clock; a hidden
// page stops it too; Restart clears the entries and the clock.
func TestPauseRestart(t *testing.T) {
	base := startService(t)
	forScreens(t, func(t *testing.T, scr screen) {
		p := openPage(t, base, scr)
		p.open("#size=3x3&p=" + test1)
		bl := blanks(test1)
		p.pressCell(bl[0])
		p.key("5")
		p.do("clock", chromedp.Sleep(1100*time.Millisecond))
		p.press("#pause")
		p.wait("paused", `!document.getElementById("paused").hidden`)
		if v := p.str(`getComputedStyle(document.getElementById("board")).visibility`); v != "hidden" {
			t.Errorf("paused board visibility %q", v)
		}
		p.screenshot("web-paused-" + scr.name)
		t1 := p.str(`document.getElementById("timer").textContent`)
		p.key("7") // ignored while paused
		p.do("wait", chromedp.Sleep(1600*time.Millisecond))
		if t2 := p.str(`document.getElementById("timer").textContent`); t2 != t1 {
			t.Errorf("paused clock went from %s to %s", t1, t2)
		}
		p.press("#resume")
		p.wait("running", `document.getElementById("paused").hidden && getComputedStyle(document.getElementById("board")).visibility === "visible"`)
		if got := p.board()[bl[0]]; got != '5' {
			t.Errorf("after pause cell %d is %c", bl[0], got)
		}
		p.wait("the clock to move", fmt.Sprintf(`document.getElementById("timer").textContent > %q`, t1))

		// A hidden page (the browser reports document.hidden and a
		// visibilitychange event) stops the clock.
		p.do("hide", chromedp.Evaluate[chromedp.Void](`Object.defineProperty(document, "hidden", {configurable: true, get: () => true}); document.dispatchEvent(new Event("visibilitychange"))`))
		t3 := p.str(`document.getElementById("timer").textContent`)
		p.do("wait", chromedp.Sleep(1600*time.Millisecond))
		if t4 := p.str(`document.getElementById("timer").textContent`); t4 != t3 {
			t.Errorf("hidden page clock went from %s to %s", t3, t4)
		}
		p.do("show", chromedp.Evaluate[chromedp.Void](`Object.defineProperty(document, "hidden", {configurable: true, get: () => false}); document.dispatchEvent(new Event("visibilitychange"))`))
		p.wait("the clock to move", fmt.Sprintf(`document.getElementById("timer").textContent > %q`, t3))

		p.press("#restart")
		p.wait("the question", `document.getElementById("confirm").open`)
		p.press("#confirmok")
		p.wait("restarted", fmt.Sprintf(`document.querySelector('#board .cell[data-i="%d"]').textContent === ""`, bl[0]))
		if c := p.str(`document.getElementById("timer").textContent`); c > "00:01" {
			t.Errorf("clock %s after restart", c)
		}
	})
}

// luminance of a computed CSS colour "rgb(r, g, b)".
func luminance(t *testing.T, css string) float64 {
	var r, g, b float64
	if _, err := fmt.Sscanf(css, "rgb(%g, %g, %g)", &r, &g, &b); err != nil {
		t.Fatalf("colour %q: %v", css, err)
	}
	return (0.2126*r + 0.7152*g + 0.0722*b) / 255
}

// TestDarkMode: a dark system scheme renders dark; the toggle overrides
// it and is remembered.
func TestDarkMode(t *testing.T) {
	base := startService(t)
	forScreens(t, func(t *testing.T, scr screen) {
		p := openPage(t, base, scr)
		p.do("dark system scheme", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
				Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}},
			})
			return err
		}))
		p.open("#size=3x3&p=" + test1)
		bg := func() float64 {
			return luminance(t, p.str(`getComputedStyle(document.documentElement).backgroundColor`))
		}
		cellBg := func() float64 {
			return luminance(t, p.str(`getComputedStyle(document.querySelector("#board .cell:not(.given)")).backgroundColor`))
		}
		ink := func() float64 {
			return luminance(t, p.str(`getComputedStyle(document.querySelector("#board .cell.given")).color`))
		}
		if bg() > 0.2 || cellBg() > 0.2 || ink() < 0.6 {
			t.Errorf("dark scheme: page %.2f, cell %.2f, digits %.2f (luminance)", bg(), cellBg(), ink())
		}
		p.pressCell(blanks(test1)[3])
		p.key("4", chromedp.ModifierShift)
		p.screenshot("web-dark-" + scr.name)
		p.press("#theme")
		p.wait("light", `getComputedStyle(document.documentElement).getPropertyValue("--scheme").trim() === "light"`)
		if bg() < 0.8 {
			t.Errorf("light after the toggle: page luminance %.2f", bg())
		}
		p.do("reload", chromedp.Reload())
		p.waitGame()
		if bg() < 0.8 {
			t.Errorf("the light choice is not remembered: page luminance %.2f", bg())
		}
	})
}

// TestLevels: the difficulty is offered for 9x9 only, and the page says
// so, and what the other sizes get as `sudoku generate -h` says it (up to
// 9x9 a minimal puzzle; 16x16 digs with bounded checks, so not always
// minimal); Extreme makes an extreme puzzle.
func TestLevels(t *testing.T) {
	base := startService(t)
	p := openPage(t, base, desktop)
	p.open("#size=3x3&p=" + test1)
	p.do("16x16", chromedp.SetValue(chromedp.CSS("#size"), "16"), chromedp.Evaluate[chromedp.Void](`document.getElementById("size").dispatchEvent(new Event("change"))`))
	if !eval[bool](t, p.ctx, `document.getElementById("difficulty").disabled && !document.getElementById("levelnote").hidden`) {
		t.Errorf("16x16: the difficulty is still offered, or no note says why")
	}
	note := `document.getElementById("levelnote").textContent`
	if got := p.str(note); !strings.Contains(got, "16×16") || !strings.Contains(got, "not always minimal") {
		t.Errorf("16x16 note %q: want it to say that a 16×16 puzzle is not always minimal", got)
	}
	p.choose("size", "6")
	if got := p.str(note); !strings.Contains(got, "6×6") || !strings.Contains(got, " minimal") || strings.Contains(got, "not always") {
		t.Errorf("6x6 note %q: want it to say that a 6×6 puzzle is minimal", got)
	}
	p.do("9x9 extreme", chromedp.SetValue(chromedp.CSS("#size"), "9"), chromedp.Evaluate[chromedp.Void](`document.getElementById("size").dispatchEvent(new Event("change"))`),
		chromedp.SetValue(chromedp.CSS("#difficulty"), "extreme"))
	p.press("#new")
	p.wait("an extreme game", `document.getElementById("info").textContent.includes("extreme (")`)
}

// TestDigits: the keypad shows how many of each digit are left; digit
// first entry puts the picked digit in each tapped cell.
func TestDigits(t *testing.T) {
	base := startService(t)
	forScreens(t, func(t *testing.T, scr screen) {
		p := openPage(t, base, scr)
		p.open("#size=3x3&p=" + test1)
		for d := byte('1'); d <= '9'; d++ {
			want := 9 - strings.Count(test1, string(d))
			if got := p.str(fmt.Sprintf(`document.querySelector('#keypad button[data-digit="%c"] .count').textContent`, d)); got != fmt.Sprint(want) {
				t.Errorf("digit %c: %s left shown, want %d", d, got, want)
			}
		}
		sol := solve(t, base, test1, 3, 3)
		p.press("#digitfirst")
		var placed []int
		for _, i := range blanks(test1) {
			if sol[i] == '4' {
				placed = append(placed, i)
			}
		}
		p.press(`#keypad button[data-digit="4"]`)
		for _, i := range placed {
			p.pressCell(i)
		}
		b := p.board()
		for _, i := range placed {
			if b[i] != '4' {
				t.Errorf("digit first: cell %d is %c, want 4", i, b[i])
			}
		}
		if got := p.str(`document.querySelector('#keypad button[data-digit="4"] .count').textContent`); got != "0" {
			t.Errorf("4s left %s after placing them all", got)
		}
	})
}

// TestKeyboardOnly plays a 4x4 puzzle from the first key to "Solved!"
// with the keyboard alone, and checks what a screen reader is given.
func TestKeyboardOnly(t *testing.T) {
	base := startService(t)
	p4 := generated(t, base, 4, 5)
	s4 := solve(t, base, p4, 2, 2)
	p := openPage(t, base, desktop)
	p.open("#size=2x2&p=" + p4)
	if !eval[bool](t, p.ctx, `document.activeElement === document.getElementById("board")`) {
		t.Errorf("the board does not have the focus")
	}
	if n := p.num(`document.querySelectorAll('#board [role="row"]').length`); n != 4 {
		t.Errorf("%v rows, want 4", n)
	}
	if n := p.num(`document.querySelectorAll('#board [role="row"] > [role="gridcell"]').length`); n != 16 {
		t.Errorf("%v grid cells in rows, want 16", n)
	}
	p.key(kb("ArrowRight")) // selects the first cell
	for r := range 4 {
		for c := range 4 {
			i := r*4 + c
			if p4[i] == '.' {
				p.key(string(s4[i]))
			}
			if i == 0 {
				// The selected cell is announced.
				if got := p.str(`document.getElementById("announce").textContent`); !strings.HasPrefix(got, "r1c1, ") {
					t.Errorf("announcement %q", got)
				}
				if got := p.str(`getComputedStyle(document.querySelector("#board .cell.selected")).boxShadow`); got == "none" {
					t.Errorf("no focus ring on the selected cell")
				}
			}
			if !(r == 3 && c == 3) {
				p.key(kb("ArrowRight"))
			}
		}
		if r < 3 {
			p.key(kb("ArrowDown"))
		}
	}
	p.wait("Solved!", `!document.getElementById("done").hidden && document.getElementById("done").textContent.includes("Solved!")`)
	if got := p.str(`document.getElementById("stats").tBodies[0].textContent`); !strings.Contains(got, "4×4") {
		t.Errorf("statistics %q lack the solved 4x4 game", got)
	}
	// A solved game takes nothing more: its entry and mark modes are off.
	if got := p.str(`["pencil", "digitfirst", "marktype", "erase"].filter(id => !document.getElementById(id).disabled).join(" ")`); got != "" {
		t.Errorf("after Solved! still enabled: %s", got)
	}
}

// kb names a key for chromedp.KeyEvent.
func kb(name string) string {
	return map[string]string{"ArrowRight": kbpkg.ArrowRight, "ArrowDown": kbpkg.ArrowDown}[name]
}

// TestAxe runs axe-core (set AXE_CORE_JS to its axe.min.js, or have it
// installed with npm where node finds it) in the page: no serious or
// critical violations, in light and dark.
func TestAxe(t *testing.T) {
	src := axeSource(t)
	base := startService(t)
	forScreens(t, func(t *testing.T, scr screen) {
		p := openPage(t, base, scr)
		p.open("#size=3x3&p=" + test1)
		p.pressCell(blanks(test1)[0])
		p.key("5", chromedp.ModifierShift)
		p.do("inject axe", chromedp.Evaluate[chromedp.Void](src))
		for _, theme := range []string{"light", "dark"} {
			p.do(theme, chromedp.Evaluate[chromedp.Void](`document.documentElement.dataset.theme = "`+theme+`"`))
			res, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]string](`axe.run(document, {resultTypes: ["violations"]}).then(r => r.violations.filter(v => v.impact === "serious" || v.impact === "critical").map(v => v.id + " (" + v.impact + "): " + v.nodes.slice(0, 3).map(n => n.target.join(" ")).join(", ")))`, chromedp.EvalAwaitPromise))
			if err != nil {
				t.Fatal(err)
			}
			for _, v := range res {
				t.Errorf("%s, %s: axe: %s", scr.name, theme, v)
			}
		}
	})
}

func axeSource(t *testing.T) string {
	path := os.Getenv("AXE_CORE_JS")
	if path == "" {
		if out, err := exec.Command("node", "-e", `console.log(require.resolve("axe-core/axe.min.js"))`).Output(); err == nil {
			path = strings.TrimSpace(string(out))
		}
	}
	if path == "" {
		t.Skip("axe-core not found: set AXE_CORE_JS to axe.min.js (npm install axe-core)")
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("AXE_CORE_JS: %v", err)
	}
	return string(src)
}

// TestFirstPaint measures the first contentful paint from the local
// server (target under 300 ms; measured 80-96 ms). Speed targets are not
// asserted in tests on this shared machine: the figure is logged, and only
// a paint over 5 s, a page that hangs, fails.
func TestFirstPaint(t *testing.T) {
	base := startService(t)
	p := openPage(t, base, desktop)
	var best = math.Inf(1)
	for range 3 {
		p.do("load", chromedp.Navigate(base+"/"))
		ms, err := chromedp.Run(p.ctx, chromedp.Evaluate[float64](`new Promise(r => { const f = () => { const e = performance.getEntriesByName("first-contentful-paint")[0]; e ? r(e.startTime) : setTimeout(f, 20) }; f() })`, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		best = math.Min(best, ms)
	}
	t.Logf("first contentful paint: %.0f ms (best of 3)", best)
	if best > 5000 {
		t.Errorf("first paint %.0f ms: the page hangs", best)
	}
}

// startStoppable is startService with a function that stops the server
// before the test ends.
func startStoppable(t *testing.T) (string, func()) {
	t.Helper()
	hl, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := server.New(server.Config{Timeout: 20 * time.Second})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx, hl, nil) }()
	var once sync.Once
	stop := func() {
		once.Do(func() {
			cancel()
			if err := <-done; err != nil {
				t.Errorf("Serve: %v", err)
			}
		})
	}
	t.Cleanup(stop)
	return "http://" + hl.Addr().String(), stop
}

// TestOffline: once loaded, the page opens with the server gone (service
// worker), and the saved game goes on.
func TestOffline(t *testing.T) {
	base, stop := startStoppable(t)
	p := openPage(t, base, phone)
	p.open("#size=3x3&p=" + test1)
	if _, err := chromedp.Run(p.ctx, chromedp.Evaluate[bool](`navigator.serviceWorker.ready.then(() => true)`, chromedp.EvalAwaitPromise)); err != nil {
		t.Fatal(err)
	}
	p.wait("the service worker to control the page", `navigator.serviceWorker.controller !== null`)
	bl := blanks(test1)
	p.pressCell(bl[0])
	p.key("6")
	before := p.board()
	stop()
	p.mu.Lock()
	p.offline = true
	p.mu.Unlock()
	p.do("reload with no server", chromedp.Reload())
	p.waitGame()
	if got := p.board(); got != before {
		t.Errorf("offline board\n%s, want\n%s", got, before)
	}
	if n := p.num(`document.styleSheets.length && getComputedStyle(document.getElementById("board")).display === "grid" ? 1 : 0`); n != 1 {
		t.Errorf("offline: the style sheet did not load")
	}
	// Hint and New game say that the server cannot be reached and that
	// the saved games still work (before: "Failed to fetch").
	offline := func(what, prefix string) {
		t.Helper()
		p.wait(what, fmt.Sprintf(`document.getElementById("message").textContent.startsWith(%q)`, prefix))
		if msg := p.message(); !strings.Contains(msg, "server cannot be reached") || !strings.Contains(msg, "saved games still work") || strings.Contains(msg, "Failed to fetch") {
			t.Errorf("offline %s: %q", what, msg)
		}
	}
	p.press("#hint")
	offline("Hint", "No hint")
	p.press("#new")
	p.wait("the question", `document.getElementById("confirm").open`)
	p.press("#confirmok")
	offline("New game", "Could not make a puzzle")
	if got := p.board(); got != before {
		t.Errorf("offline New game changed the board to\n%s", got)
	}
}

// TestDaily: the daily puzzle is the same in two browsers.
func TestDaily(t *testing.T) {
	base := startService(t)
	var got []string
	for range 2 {
		p := openPage(t, base, desktop)
		p.open("")
		first, _ := p.linkPuzzle()
		p.press("#daily")
		p.wait("the daily puzzle", fmt.Sprintf(`new URLSearchParams(location.hash.slice(1)).get("p") !== %q`, first))
		if l := p.str(`document.getElementById("info").textContent`); !strings.Contains(l, "daily ") {
			t.Errorf("daily label %q", l)
		}
		pz, _ := p.linkPuzzle()
		got = append(got, pz)
	}
	if got[0] != got[1] {
		t.Errorf("two daily puzzles:\n%s\n%s", got[0], got[1])
	}
}

// TestMarksAndColours: centre and corner marks, cell colours; they clear
// themselves, survive a reload and undo.
func TestMarksAndColours(t *testing.T) {
	base := startService(t)
	forScreens(t, func(t *testing.T, scr screen) {
		p := openPage(t, base, scr)
		p.open("#size=3x3&p=" + test1)
		bl := blanks(test1) // bl[0] and bl[1] share the first row
		i, j := bl[0], bl[1]
		kind := func(k string) {
			p.do("mark kind "+k, chromedp.SetValue(chromedp.CSS("#marktype"), k),
				chromedp.Evaluate[chromedp.Void](`document.getElementById("marktype").dispatchEvent(new Event("change"))`))
		}
		q := func(sel string) string {
			return p.str(fmt.Sprintf(`[...document.querySelectorAll('#board .cell[data-i="%d"] %s')].map(e => e.textContent).join("")`, i, sel))
		}
		p.pressCell(i)
		kind("centre")
		p.key("3")
		p.key("5")
		kind("corner")
		p.key("1")
		p.key("2")
		if c, k := q(".centre"), q(".corner"); c != "35" || k != "12" {
			t.Errorf("centre marks %q, corner marks %q; want 35 and 12", c, k)
		}
		p.press(`#colours .swatch[data-colour="4"]`)
		p.wait("the colour", fmt.Sprintf(`document.querySelector('#board .cell[data-i="%d"]').dataset.colour === "4" && getComputedStyle(document.querySelector('#board .cell[data-i="%d"]')).backgroundImage !== "none"`, i, i))
		if l := p.str(fmt.Sprintf(`document.querySelector('#board .cell[data-i="%d"]').getAttribute("aria-label")`, i)); !strings.Contains(l, "centre marks 3 5") || !strings.Contains(l, "corner marks 1 2") {
			t.Errorf("cell name %q does not read the marks out", l)
		}
		// A 3 in the same row takes the 3 out of the centre marks.
		p.key("/")
		p.pressCell(j)
		p.key("3")
		if c := q(".centre"); c != "5" {
			t.Errorf("centre marks %q after a 3 in the row, want 5", c)
		}
		p.screenshot("web-marks-" + scr.name)
		p.do("reload", chromedp.Reload())
		p.waitGame()
		if c, k := q(".centre"), q(".corner"); c != "5" || k != "12" {
			t.Errorf("after reload: centre %q, corner %q", c, k)
		}
		p.key("z", chromedp.ModifierCtrl) // the 3
		p.key("z", chromedp.ModifierCtrl) // the colour
		p.wait("no colour", fmt.Sprintf(`!document.querySelector('#board .cell[data-i="%d"]').dataset.colour`, i))
		if c := q(".centre"); c != "35" {
			t.Errorf("centre marks %q after undo, want 35", c)
		}
	})
}

// hintStep is the step of /api/hint.
type hintStep struct {
	Technique    string
	Placements   []struct{ Cell, Digit int }
	Eliminations []struct{ Cell, Digit int }
	Explanation  string
}

// askHint asks the service for the next step from a 9x9 state.
func askHint(t *testing.T, base, puzzle, state string) *hintStep {
	t.Helper()
	body, _ := json.Marshal(map[string]string{"size": "3x3", "puzzle": puzzle, "state": state})
	resp, err := http.Post(base+"/api/hint", "application/json", strings.NewReader(string(body)))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var r struct{ Step *hintStep }
	if err := json.NewDecoder(resp.Body).Decode(&r); err != nil {
		t.Fatal(err)
	}
	return r.Step
}

// TestHintNeedsCandidates: on a state where the next step removes
// candidates and the player has pencilled none, the hint says that Fill
// marks puts them in; after Fill marks it is a plain step.
func TestHintNeedsCandidates(t *testing.T) {
	base := startService(t)
	// An expert puzzle played with singles until the next step is an
	// elimination (the service's own hints, applied here).
	var puzzle, state string
	for seed := 1; seed < 20 && state == ""; seed++ {
		resp, err := http.Get(fmt.Sprintf("%s/api/generate?size=9&difficulty=expert&seed=%d", base, seed))
		if err != nil {
			t.Fatal(err)
		}
		var g struct{ Puzzle string }
		json.NewDecoder(resp.Body).Decode(&g)
		resp.Body.Close()
		st := []byte(g.Puzzle)
		for range 81 {
			h := askHint(t, base, g.Puzzle, string(st))
			if h == nil {
				break
			}
			if len(h.Placements) == 0 && len(h.Eliminations) > 0 {
				puzzle, state = g.Puzzle, string(st)
				break
			}
			for _, pl := range h.Placements {
				st[pl.Cell] = byte('0' + pl.Digit)
			}
		}
	}
	if state == "" {
		t.Fatal("no expert puzzle of seeds 1-19 needs an elimination step")
	}
	p := openPage(t, base, desktop)
	p.do("open the state", chromedp.Navigate(base+"/#size=3x3&level=expert&p="+puzzle+"&s="+state))
	p.waitGame()
	p.wait("the state", fmt.Sprintf(`document.querySelectorAll("#board .cell:not(.given)").length > 0 && [...document.querySelectorAll("#board .cell")].map(c => c.textContent || ".").join("") === %q`, state))
	p.press("#hint")
	p.wait("the hint", `document.getElementById("message").classList.contains("hint")`)
	if msg := p.message(); !strings.Contains(msg, "Fill marks pencils them in") {
		t.Errorf("elimination hint with no marks: %q", msg)
	}
	p.press("#fill")
	p.press("#hint")
	p.wait("the hint", `document.getElementById("message").classList.contains("hint")`)
	if msg := p.message(); strings.Contains(msg, "Fill marks") || strings.HasPrefix(msg, "First fix") {
		t.Errorf("hint after Fill marks: %q", msg)
	} else {
		t.Logf("hint with candidates: %s", msg)
	}
}
