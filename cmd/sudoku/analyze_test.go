package main

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/dlxkit/dlx/sudoku"
)

// A minimal 24-clue puzzle made by package generate. The seed's brute
// force (analyze/seed_test.go) finds for pairs: most r1c8+r3c3 with 3662
// solutions, fewest r5c3+r8c5 with 4.
const analyzePuzzle = "....2..69....51.4.9.8...7.........71..3.69...74...8........6...83..9.....1...4.9."

func TestAnalyzeCommand(t *testing.T) {
	want := `givens: 24
minimal: yes (no given can be removed keeping the solution unique)
sets of 2 givens: 276, counted in X
most solutions: remove r1c8=6 r3c3=8: 3,662 solutions
fewest above one: remove r5c3=3 r8c5=9: 4 solutions
`
	for _, tc := range []struct {
		stdin string
		args  []string
	}{
		{"", []string{"analyze", analyzePuzzle}},
		{analyzePuzzle + "\n", []string{"analyze", "-workers", "1"}},
		{"", []string{"analyze", analyzePuzzle, "-remove", "2", "-workers", "3"}},
	} {
		out, errs, code := runCmd(t, tc.stdin, tc.args...)
		if code != 0 {
			t.Fatalf("%v: code %d: %s", tc.args, code, errs)
		}
		lines := strings.Split(out, "\n")
		if len(lines) > 2 {
			if i := strings.Index(lines[2], "counted in "); i >= 0 {
				lines[2] = lines[2][:i] + "counted in X"
			}
		}
		if got := strings.Join(lines, "\n"); got != want {
			t.Errorf("%v: got\n%s\nwant\n%s", tc.args, got, want)
		}
	}
}

func TestAnalyzeCommandRedundant(t *testing.T) {
	// The puzzle with three more givens from its solution: the redundant
	// givens are those whose removal alone keeps one solution, as counted
	// here with sudoku.Solver.
	p, _, err := sudoku.ParseGrid(analyzePuzzle, sudoku.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	sol, err := sudoku.Solve(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	var blanks []int
	for i, d := range p.Cells {
		if d == 0 {
			blanks = append(blanks, i)
		}
	}
	for _, c := range []int{blanks[0], blanks[len(blanks)/2], blanks[len(blanks)-1]} {
		p.Cells[c] = sol.Cells[c]
	}
	s := sudoku.NewSolver(sudoku.Options{})
	var want []string
	for i, d := range p.Cells {
		if d == 0 {
			continue
		}
		q := p.Clone()
		q.Cells[i] = 0
		if n, _ := s.Count(context.Background(), q, 2); n == 1 {
			want = append(want, sudoku.CellName(i, 9)+"="+string('0'+rune(d)))
		}
	}
	if len(want) < 3 {
		t.Fatalf("only %d redundant givens", len(want))
	}
	out, errs, code := runCmd(t, "", "analyze", "-json", "-remove", "1", p.String())
	if code != 0 {
		t.Fatalf("code %d: %s", code, errs)
	}
	var j analyzeJSON
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatal(err)
	}
	if j.Minimal || !slices.Equal(j.Redundant, want) || j.Givens != 27 || j.K != 1 || j.Subsets != 27 || j.Most == nil || len(j.Most.Givens) != 1 {
		t.Errorf("got %+v, want redundant %v", j, want)
	}
	out, _, code = runCmd(t, "", "analyze", "-remove", "0", p.String())
	if code != 0 || !strings.Contains(out, "minimal: no, "+itoa(len(want))+" redundant givens: "+strings.Join(want, " ")+"\n") || strings.Contains(out, "most") {
		t.Errorf("-remove 0: %q", out)
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

const (
	statePuzzle   = "570060003030005060601007000053000001000080000900000270000800402080100030200040019"
	stateSolution = "574268193832915764691437825753629481426781359918354276369872542185196637247543819"
)

func TestAnalyzeCommandState(t *testing.T) {
	// r1c3 = 5 clashes with the given 5 of r1c1; r1c4 = 2 is right.
	state := "575260003" + statePuzzle[9:]
	out, errs, code := runCmd(t, "", "analyze", statePuzzle, "-state", state)
	want := "conflicts: r1c1 and r1c3 both 5\nwrong entries: r1c3=5\nblanks: 52\nnot complete\n"
	if code != 0 || out != want {
		t.Errorf("code %d, got\n%s\nwant\n%s%s", code, out, want, errs)
	}
	sol, err := sudoku.Solve(context.Background(), mustParse(t, statePuzzle))
	if err != nil {
		t.Fatal(err)
	}
	out, _, code = runCmd(t, "", "analyze", "-json", "-state", sol.String(), statePuzzle)
	var j entriesJSON
	if err := json.Unmarshal([]byte(out), &j); err != nil || code != 0 {
		t.Fatalf("code %d, %q: %v", code, out, err)
	}
	if !j.Complete || !j.Correct || len(j.Conflicts)+len(j.Wrong)+len(j.Changed) != 0 || j.Blanks != 0 {
		t.Errorf("solution judged %+v", j)
	}
	// A changed given.
	changed := "6" + statePuzzle[1:]
	out, _, _ = runCmd(t, "", "analyze", "-state", changed, statePuzzle)
	if !strings.Contains(out, "wrong entries: r1c1=6\n") || !strings.Contains(out, "changed givens: r1c1\n") {
		t.Errorf("changed given: %q", out)
	}
}

func mustParse(t *testing.T, s string) *sudoku.Grid {
	t.Helper()
	g, _, err := sudoku.ParseGrid(s, sudoku.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestAnalyzeCommandErrors(t *testing.T) {
	if errs, _, code := runCmd(t, "", "analyze", "-h"); code != 0 || !strings.Contains(errs, "Usage: sudoku analyze") {
		t.Errorf("-h: code %d, %q", code, errs)
	}
	for _, tc := range []struct {
		stdin string
		args  []string
		code  int
		msg   string
	}{
		{"", []string{"analyze"}, 2, "no PUZZLE"},
		{"", []string{"analyze", "123"}, 2, "puzzle:"},
		{"", []string{"analyze", analyzePuzzle, analyzePuzzle}, 2, "want one PUZZLE"},
		{"", []string{"analyze", "-remove", "-1", analyzePuzzle}, 2, "-remove -1"},
		{"", []string{"analyze", "-remove", "25", analyzePuzzle}, 2, "out of range"},
		{"", []string{"analyze", "-workers", "0", analyzePuzzle}, 2, "-workers 0"},
		{"", []string{"analyze", "-variant", "nosuch", analyzePuzzle}, 2, "-variant"},
		{"", []string{"analyze", "-state", "1234", analyzePuzzle}, 2, "-state"},
		{"", []string{"analyze", strings.Repeat(".", 81)}, 1, "no unique solution"},
		{"", []string{"analyze", "-state", statePuzzle, strings.Repeat(".", 81)}, 1, "no unique solution"},
		{"", []string{"analyze", "55" + strings.Repeat(".", 79)}, 2, "invalid"},
	} {
		out, errs, code := runCmd(t, tc.stdin, tc.args...)
		if code != tc.code || !strings.Contains(errs, tc.msg) || out != "" {
			t.Errorf("%v: code %d, stdout %q, stderr %q (want %d and %q)", tc.args, code, out, errs, tc.code, tc.msg)
		}
	}
}

func TestAnalyzeCommandInterrupt(t *testing.T) {
	// k = 2 on a 17-clue puzzle takes about ten seconds: the deadline stops it.
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, errs, code := runCmdCtx(ctx, "", "analyze", "-workers", "2", "000000010400000000020000000000050407008000300001090000300400200050100000000806000")
	if code != 1 || !strings.Contains(errs, "deadline") {
		t.Errorf("code %d, stderr %q", code, errs)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("took %v to stop", d)
	}
}
