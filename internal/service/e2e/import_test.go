package e2e

import (
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/dlxkit/dlx/internal/lzstring"
)

// publishedLink returns the f-puzzles link of the killer published in
// dclamage/SudokuSolver (fpuzzles/testdata/published.txt, "killer"): the
// 17 cages of killerCages, no givens, solution killerSolution.
func publishedLink(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../../../fpuzzles/testdata/published.txt")
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.Lines(string(b)) {
		if l, ok := strings.CutPrefix(strings.TrimSpace(line), "killer "); ok {
			return l
		}
	}
	t.Fatal("no killer line in published.txt")
	return ""
}

// TestImportLink: a link of f-puzzles or SudokuPad, or the f-puzzles
// JSON, pasted into Import is played as `sudoku import` reads it: the
// published killer's 17 cages are drawn with their sums and the game
// is confirmed by the service (Check on); on the desktop the solution's
// digits finish the game, on a phone (the SudokuPad link of the same
// puzzle) a wrong digit in a cage is marked and a right one is not. A
// short link, which needs the network, is refused with its reason.
// Before the page and the API took links, the page said "one line of 612
// characters is not a grid".
func TestImportLink(t *testing.T) {
	link := publishedLink(t)
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	payload := u.Query().Get("load")
	fjson, err := lzstring.DecompressFromBase64(payload)
	if err != nil {
		t.Fatal(err)
	}
	base := startService(t)
	forScreens(t, func(t *testing.T, scr screen) {
		p := openPage(t, base, scr)
		p.open("")
		// A short link: refused, naming why; the game stays.
		p.allow("/api/check")
		p.importText("https://sudokupad.app/abc123")
		if msg := p.message(); !strings.Contains(msg, "Cannot play that puzzle") || !strings.Contains(msg, "SudokuPad short link") {
			t.Errorf("a short link: message %q", msg)
		}
		text := link
		switch {
		case scr.phone:
			text = "https://sudokupad.app/?puzzleid=fpuzzles" + payload
		case testing.Short():
		default:
			// The f-puzzles JSON first, then the link: the same game
			// goes on.
			p.importText(fjson)
			p.wait("the cages", `document.querySelectorAll("#board svg.cages path.cage").length === 17`)
			if msg := p.message(); !strings.HasPrefix(msg, "Puzzle loaded") {
				t.Errorf("the f-puzzles JSON: message %q", msg)
			}
		}
		p.importText(text)
		p.wait("the cages", `document.querySelectorAll("#board svg.cages path.cage").length === 17`)
		msg := p.message()
		if !strings.HasPrefix(msg, "Puzzle loaded") && !strings.Contains(msg, "saved games") {
			t.Errorf("the link: message %q", msg)
		}
		if strings.Contains(msg, "Check is off") {
			t.Errorf("the service did not confirm the imported killer: %q", msg)
		}
		if n := p.num(`document.querySelectorAll("#board .cell").length`); n != 81 {
			t.Errorf("%v cells, want 81", n)
		}
		sums := p.str(`[...document.querySelectorAll("#board svg.cages text.cage-sum")].map(t => t.textContent).join(" ")`)
		if sums != "18 24 5 12 15 6 21 23 5 12 15 6 17 22 20 26 28" {
			t.Errorf("cage sums %q", sums)
		}
		bad := `[...document.querySelectorAll("#board .cell.conflict")].map(c => +c.dataset.i).sort((a, b) => a - b).join(",")`
		if scr.phone {
			// R1C6 R2C6 (cage of 5): 4 and 2 break it; the solution's
			// 2 and 3 do not.
			p.pressCell(5)
			p.key("4")
			p.pressCell(14)
			p.key("2")
			if got := p.str(bad); got != "5,14" {
				t.Errorf("4 and 2 in the cage of 5: conflicts %q, want 5,14", got)
			}
			p.pressCell(5)
			p.key(string(killerSolution[5]))
			p.pressCell(14)
			p.key(string(killerSolution[14]))
			if got := p.str(bad); got != "" {
				t.Errorf("the solution's digits: conflicts %q", got)
			}
			p.screenshot("web-import-" + scr.name)
			return
		}
		for i := range 81 {
			p.pressCell(i)
			p.key(string(killerSolution[i]))
		}
		p.wait("the end", `!document.getElementById("done").hidden`)
	})
}
