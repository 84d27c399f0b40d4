package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/dlxkit/dlx/internal/service/server"
)

// test1 is the first puzzle of data/test1000 (unique solution).
const test1 = "000000010400000000020000000000050407008000300001090000300400200050100000000806000"

// chromiumPath returns the path of an installed Chromium, or "" when
// there is none.
func chromiumPath() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if _, err := os.Stat("/usr/bin/chromium"); err == nil {
		return "/usr/bin/chromium"
	}
	return ""
}

// startService serves the HTTP API and the page on a loopback port.
func startService(t *testing.T) string {
	t.Helper()
	hl, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := server.New(server.Config{Timeout: 20 * time.Second})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx, hl, nil) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Serve: %v", err)
		}
	})
	return "http://" + hl.Addr().String()
}

// browser returns a tab of a headless Chromium at path (from
// chromiumPath). The test skips when no Chromium is installed (path ""),
// and fails when one is but does not start: a broken browser must not
// pass for a missing one.
func browser(t testing.TB, path string) context.Context {
	t.Helper()
	if path == "" {
		t.Skip("no Chromium found (install Debian's chromium: apt-get install -y chromium); skipping the browser tests")
		return nil
	}
	ctx, stop, err := startBrowser(path, t.TempDir())
	if err != nil {
		t.Fatalf("Chromium at %s does not start: %v", path, err)
		return nil
	}
	t.Cleanup(stop)
	return ctx
}

// startBrowser starts a headless Chromium at path and returns a tab's
// context (ending after 90 s) and the function that stops the browser.
func startBrowser(path, userDataDir string) (context.Context, func(), error) {
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.UserDataDir(userDataDir),
		chromedp.WindowSize(1100, 860),
	)
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	ctx, cancelT := context.WithTimeout(ctx, 90*time.Second)
	stop := func() { cancelT(); cancelC(); cancelA() }
	if err := chromedp.Do(ctx); err != nil { // start the browser
		stop()
		return nil, nil, err
	}
	return ctx, stop, nil
}

func do(t *testing.T, ctx context.Context, what string, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

func eval[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("evaluate %s: %v", expr, err)
	}
	return v
}

// waitFor polls a JavaScript predicate for up to 20 seconds. A poll
// that started while the page was still being replaced (after a reload
// or a navigation) can fail because its JavaScript context went away
// ("Cannot find context with specified id", "Execution context was
// destroyed"): that is the page loading, not an answer, so the poll
// starts again in the new page until the time is up.
func waitFor(t *testing.T, ctx context.Context, what, expr string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		left := time.Until(deadline)
		_, err := chromedp.Run(ctx, chromedp.Poll[bool](expr, chromedp.WithPollingTimeout(max(left, time.Millisecond))))
		if err == nil {
			return
		}
		if goneContext(err) && time.Now().Before(deadline) && ctx.Err() == nil {
			time.Sleep(50 * time.Millisecond)
			continue
		}
		msg, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("message").textContent`))
		t.Fatalf("waiting for %s (%s): %v; message: %q", what, expr, err, msg)
	}
}

// goneContext reports whether err says that the page's JavaScript
// context went away under an evaluation (the page was being replaced).
func goneContext(err error) bool {
	s := err.Error()
	return strings.Contains(s, "Cannot find context with specified id") ||
		strings.Contains(s, "Execution context was destroyed")
}

func cell(i int) chromedp.CSS { return chromedp.CSS(fmt.Sprintf(`#board .cell[data-i="%d"]`, i)) }

// solve asks the service for a puzzle's solution and checks it here.
func solve(t *testing.T, base, puzzle string, br, bc int) string {
	t.Helper()
	resp, err := http.Post(base+"/api/solve?size="+fmt.Sprintf("%dx%d", br, bc), "text/plain", strings.NewReader(puzzle))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var r struct{ Solution string }
	if err := json.NewDecoder(resp.Body).Decode(&r); err != nil {
		t.Fatal(err)
	}
	if !valid(puzzle, r.Solution, br, bc) {
		t.Fatalf("solution %q of %q is wrong", r.Solution, puzzle)
	}
	return r.Solution
}

// generated returns a puzzle of side n made by the service (unique by
// construction) with the given seed.
func generated(t *testing.T, base string, n, seed int) string {
	t.Helper()
	resp, err := http.Get(fmt.Sprintf("%s/api/generate?size=%d&seed=%d", base, n, seed))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var g struct{ Puzzle string }
	if err := json.NewDecoder(resp.Body).Decode(&g); err != nil || len(g.Puzzle) != n*n {
		t.Fatalf("generate: %v %q", err, g.Puzzle)
	}
	return g.Puzzle
}

// valid reports whether sol is a complete valid grid keeping puzzle's
// givens (digits 1-9, blanks '.' or '0').
func valid(puzzle, sol string, br, bc int) bool {
	n := br * bc
	if len(sol) != n*n || len(puzzle) != n*n {
		return false
	}
	for i := range n * n {
		if sol[i] < '1' || int(sol[i]-'0') > n || (puzzle[i] != '.' && puzzle[i] != '0' && puzzle[i] != sol[i]) {
			return false
		}
	}
	for u := range n {
		seen := map[string]bool{}
		for k := range n {
			for kind, i := range []int{u*n + k, k*n + u, (u/br*br+k/bc)*n + u%br*bc + k%bc} {
				key := fmt.Sprint(kind, sol[i])
				if seen[key] {
					return false
				}
				seen[key] = true
			}
		}
	}
	return true
}

func TestPlay(t *testing.T) {
	path := chromiumPath()
	base := startService(t)
	ctx := browser(t, path)

	// A new game on first load (9x9), then a 4x4 one from the controls.
	do(t, ctx, "load the page", chromedp.Navigate(base+"/"))
	waitFor(t, ctx, "a 9x9 game", `document.querySelectorAll("#board .cell").length === 81 && document.querySelectorAll("#board .cell.given").length >= 17`)
	do(t, ctx, "new 4x4 game",
		chromedp.SetValue(chromedp.CSS("#size"), "4"),
		chromedp.Click(chromedp.CSS("#new")))
	waitFor(t, ctx, "a 4x4 game", `document.querySelectorAll("#board .cell").length === 16 && document.querySelectorAll("#board .cell.given").length > 0`)

	// The 9x9 puzzle of a share link.
	do(t, ctx, "open a share link", chromedp.Navigate(base+"/#size=3x3&p="+test1))
	waitFor(t, ctx, "the linked puzzle", `document.querySelectorAll("#board .cell.given").length === 17`)

	// Enter a digit that a given of the same row already holds: a conflict.
	blank, given := -1, -1
	for i := range 9 { // first row
		if test1[i] == '0' && blank < 0 {
			blank = i
		}
		if test1[i] != '0' {
			given = i
		}
	}
	d := string(test1[given])
	do(t, ctx, "enter a clashing digit", chromedp.Click(cell(blank)), chromedp.KeyEvent(d))
	waitFor(t, ctx, "the conflict", fmt.Sprintf(`document.querySelector('#board .cell[data-i="%d"]').classList.contains("conflict") && document.querySelector('#board .cell[data-i="%d"]').classList.contains("conflict")`, blank, given))
	if got := eval[string](t, ctx, fmt.Sprintf(`document.querySelector('#board .cell[data-i="%d"]').textContent`, blank)); got != d {
		t.Errorf("cell %d shows %q, want %q", blank, got, d)
	}
	// Highlights: the selected cell's row is marked, and the same digit.
	if n := eval[int](t, ctx, `document.querySelectorAll("#board .cell.peer").length`); n != 20 {
		t.Errorf("%d peer cells highlighted, want 20", n)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#board .cell.same").length`); n < 1 {
		t.Errorf("no cell with the same digit highlighted")
	}
	// Undo removes it, redo puts it back, undo again.
	do(t, ctx, "undo", chromedp.KeyEvent("z", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	waitFor(t, ctx, "no conflict after undo", `document.querySelectorAll("#board .cell.conflict").length === 0`)
	do(t, ctx, "redo", chromedp.Click(chromedp.CSS("#redo")))
	waitFor(t, ctx, "the conflict again after redo", `document.querySelectorAll("#board .cell.conflict").length === 2`)
	do(t, ctx, "undo", chromedp.Click(chromedp.CSS("#undo")))
	waitFor(t, ctx, "no conflict", `document.querySelectorAll("#board .cell.conflict").length === 0`)

	// Pencil marks.
	do(t, ctx, "pencil marks", chromedp.Click(cell(blank)), chromedp.Click(chromedp.CSS("#pencil")),
		chromedp.KeyEvent("2"), chromedp.KeyEvent("7"), chromedp.Click(chromedp.CSS("#pencil")))
	if got := eval[string](t, ctx, fmt.Sprintf(`document.querySelector('#board .cell[data-i="%d"] .marks').textContent`, blank)); got != "27" {
		t.Errorf("pencil marks %q, want 27", got)
	}

	// A hint: the next logical step, explained.
	do(t, ctx, "hint", chromedp.Click(chromedp.CSS("#hint")))
	waitFor(t, ctx, "the hint", `document.getElementById("message").classList.contains("hint") && document.querySelectorAll("#board .cell.hint").length > 0`)
	msg := eval[string](t, ctx, `document.getElementById("message").textContent`)
	if !strings.Contains(msg, ":") || len(msg) < 20 {
		t.Errorf("hint message %q", msg)
	}
	t.Logf("hint: %s", msg)
	// Without the (wrong) pencil marks, the hint is a logical step.
	do(t, ctx, "erase the marks", chromedp.Click(cell(blank)), chromedp.KeyEvent("\b"), chromedp.Click(chromedp.CSS("#hint")))
	waitFor(t, ctx, "a logical hint", `document.getElementById("message").classList.contains("hint") && !document.getElementById("message").textContent.startsWith("Mistake")`)
	t.Logf("hint: %s", eval[string](t, ctx, `document.getElementById("message").textContent`))

	// Check marks a wrong entry.
	sol := solve(t, base, test1, 3, 3)
	wrongDigit := string('1' + (sol[blank]-'1'+1)%9)
	for strings.Contains(test1[:9], wrongDigit) || wrongDigit == string(sol[blank]) {
		wrongDigit = string('1' + (wrongDigit[0]-'1'+1)%9)
	}
	do(t, ctx, "a wrong entry", chromedp.Click(cell(blank)), chromedp.KeyEvent(wrongDigit), chromedp.Click(chromedp.CSS("#check")))
	waitFor(t, ctx, "the wrong mark", fmt.Sprintf(`document.querySelector('#board .cell[data-i="%d"]').classList.contains("wrong")`, blank))

	if path := os.Getenv("SUDOKU_SCREENSHOT"); path != "" {
		screenshot(t, ctx, base, path)
	}

	// Finish a 4x4 puzzle: it is acknowledged and the timer stops.
	p4 := generated(t, base, 4, 5)
	s4 := solve(t, base, p4, 2, 2)
	do(t, ctx, "open a 4x4 link", chromedp.Navigate(base+"/#size=2x2&p="+p4))
	waitFor(t, ctx, "the 4x4 puzzle", fmt.Sprintf(`document.querySelectorAll("#board .cell").length === 16 && document.querySelectorAll("#board .cell.given").length === %d`, 16-strings.Count(p4, ".")))
	for i := range 16 {
		if p4[i] == '.' {
			do(t, ctx, "enter a digit", chromedp.Click(cell(i)), chromedp.KeyEvent(string(s4[i])))
		}
	}
	waitFor(t, ctx, "the solved message", `!document.getElementById("done").hidden && document.getElementById("board").classList.contains("solved")`)
	done := eval[string](t, ctx, `document.getElementById("done").textContent`)
	if !strings.Contains(done, "Solved") {
		t.Errorf("done message %q", done)
	}
	t1 := eval[string](t, ctx, `document.getElementById("timer").textContent`)
	time.Sleep(1100 * time.Millisecond)
	if t2 := eval[string](t, ctx, `document.getElementById("timer").textContent`); t2 != t1 {
		t.Errorf("the timer went on after the puzzle was solved: %s then %s", t1, t2)
	}

	// Import a puzzle as text, one grid row per line (the service answers
	// its solution in that format).
	var rows strings.Builder
	for r := range 9 {
		rows.WriteString(test1[r*9:r*9+9] + "\n")
	}
	do(t, ctx, "import", chromedp.Click(chromedp.CSS("#importbtn")),
		chromedp.SetValue(chromedp.CSS("#importtext"), rows.String()),
		chromedp.Click(chromedp.CSS("#importgo")))
	waitFor(t, ctx, "the imported puzzle", `document.querySelectorAll("#board .cell.given").length === 17 && location.hash.includes("p=")`)
	// Its solution is known: check finds a wrong entry.
	do(t, ctx, "a wrong entry in the imported puzzle", chromedp.Click(cell(blank)), chromedp.KeyEvent(wrongDigit), chromedp.Click(chromedp.CSS("#check")))
	waitFor(t, ctx, "the wrong mark", fmt.Sprintf(`document.querySelector('#board .cell[data-i="%d"]').classList.contains("wrong")`, blank))

	// A phone-sized screen: nothing wider than the screen.
	do(t, ctx, "phone viewport", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)))
	waitFor(t, ctx, "the board to fit", `document.getElementById("board").getBoundingClientRect().right <= 390`)
	if w := eval[int](t, ctx, `document.documentElement.scrollWidth`); w > 390 {
		t.Errorf("page is %d px wide on a 390 px screen", w)
	}
}

// screenshot saves a game in progress: a 9x9 puzzle with entries, pencil
// marks, a selection and a hint.
func screenshot(t *testing.T, ctx context.Context, base, path string) {
	t.Helper()
	resp, err := http.Get(base + "/api/generate?size=9&difficulty=medium&symmetry=rot180&seed=2026")
	if err != nil {
		t.Fatal(err)
	}
	var g struct{ Puzzle, Solution string }
	json.NewDecoder(resp.Body).Decode(&g)
	resp.Body.Close()
	do(t, ctx, "a desktop screen", chromedp.EmulateViewport(desktop.width, desktop.height, chromedp.EmulateScale(1)))
	do(t, ctx, "open the screenshot game", chromedp.Navigate(base+"/#size=3x3&p="+g.Puzzle))
	waitFor(t, ctx, "the game", `document.querySelectorAll("#board .cell.given").length > 17`)
	state := []byte(g.Puzzle)
	entered := 0
	for i := 0; i < 81 && entered < 14; i += 3 {
		if g.Puzzle[i] == '.' {
			do(t, ctx, "enter", chromedp.Click(cell(i)), chromedp.KeyEvent(string(g.Solution[i])))
			state[i] = g.Solution[i]
			entered++
		}
	}
	// Pencil marks: the candidates of a few cells.
	marks := 0
	for i := 80; i >= 0 && marks < 6; i -= 4 {
		if state[i] != '.' {
			continue
		}
		for d := byte('1'); d <= '9'; d++ {
			if candidate(state, i, d) {
				do(t, ctx, "pencil", chromedp.Click(cell(i)), chromedp.KeyEvent(string(d), chromedp.KeyModifiers(chromedp.ModifierShift)))
			}
		}
		marks++
	}
	do(t, ctx, "hint", chromedp.Click(chromedp.CSS("#hint")))
	waitFor(t, ctx, "the hint", `document.getElementById("message").classList.contains("hint")`)
	do(t, ctx, "settle", chromedp.Sleep(1200*time.Millisecond))
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot written to %s", path)
}

// candidate reports whether digit d may go in cell i of a 9x9 state.
func candidate(state []byte, i int, d byte) bool {
	r, c := i/9, i%9
	for k := range 9 {
		if state[r*9+k] == d || state[k*9+c] == d || state[(r/3*3+k/3)*9+c/3*3+k%3] == d {
			return false
		}
	}
	return true
}
