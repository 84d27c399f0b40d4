package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dlxkit/dlx/internal/cli"
	"github.com/dlxkit/dlx/internal/testkit/shareddata"
)

// validSolution reports whether sol, 81 digits, is a complete standard
// Sudoku grid keeping the givens of puzzle. It shares no code with the
// solvers.
func validSolution(puzzle, sol string) bool {
	if len(sol) != 81 || len(puzzle) < 81 {
		return false
	}
	var rows, cols, boxes [9][10]bool
	for i := range 81 {
		d := int(sol[i] - '0')
		if d < 1 || d > 9 {
			return false
		}
		if p := puzzle[i]; p >= '1' && p <= '9' && p != sol[i] {
			return false
		}
		r, c := i/9, i%9
		b := r/3*3 + c/3
		if rows[r][d] || cols[c][d] || boxes[b][d] {
			return false
		}
		rows[r][d], cols[c][d], boxes[b][d] = true, true, true
	}
	return true
}

func TestSolveSeedFormats(t *testing.T) {
	for _, name := range []string{"seed001", "seed002"} {
		t.Run(name, func(t *testing.T) {
			in, err := os.ReadFile("../../sudoku/testdata/formats/" + name + ".in")
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile("../../sudoku/testdata/formats/" + name + ".want")
			if err != nil {
				t.Fatal(err)
			}
			for _, solver := range []string{"auto", "dlx"} {
				out, errs, code := runCmd(t, string(in), "solve", "-solver", solver)
				if code != 0 || out != string(want) {
					t.Errorf("-solver %s: code %d, stderr %q\n got %q\nwant %q", solver, code, errs, out, want)
				}
			}
		})
	}
}

// mixedInput holds, line by line: a unique 4x4 puzzle, clashing givens, a
// puzzle with no solution, a line of the wrong length, a puzzle with
// several solutions.
const mixedInput = `12.43..2.1.34..1
11..............
12....34........
12.4
1...............
`

func TestBatchCommands(t *testing.T) {
	tests := []struct {
		args    []string
		want    []string
		code    int
		summary string
	}{
		{[]string{"solve"}, []string{"1234341221434321", "invalid: r1c1 and r1c2 both 1", "no solution", "error: line 4: short puzzle: 4 cells, want 16", "1234341221434321"},
			1, "5 puzzles, 2 solved, 1 no solution, 1 invalid, 1 error"},
		{[]string{"count", "-limit", "0"}, []string{"1", "invalid: r1c1 and r1c2 both 1", "0", "error: line 4: short puzzle: 4 cells, want 16", "72"},
			1, "5 puzzles, 1 with no solution, 1 with one, 1 with several, 1 invalid, 1 error"},
		{[]string{"count", "-limit", "5"}, []string{"1", "invalid: r1c1 and r1c2 both 1", "0", "error: line 4: short puzzle: 4 cells, want 16", "5+"},
			1, "1 with several"},
		{[]string{"check"}, []string{"unique", "invalid: r1c1 and r1c2 both 1", "no solution", "error: line 4: short puzzle: 4 cells, want 16", "multiple"},
			1, "5 puzzles, 1 invalid, 1 no solution, 1 unique, 1 multiple, 1 error"},
	}
	for _, tc := range tests {
		for _, workers := range []string{"1", "2"} {
			args := append(append([]string(nil), tc.args...), "-workers", workers)
			out, errs, code := runCmd(t, mixedInput, args...)
			got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") || code != tc.code {
				t.Errorf("%v: code %d\n got %q\nwant %q", args, code, got, tc.want)
			}
			if !strings.Contains(errs, tc.summary) {
				t.Errorf("%v: summary %q, want it to contain %q", args, errs, tc.summary)
			}
		}
	}
}

func TestBatchJSON(t *testing.T) {
	out, _, code := runCmd(t, mixedInput, "check", "-json")
	if code != 1 {
		t.Errorf("code %d", code)
	}
	var statuses []string
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("%q: %v", sc.Text(), err)
		}
		s, _ := m["status"].(string)
		statuses = append(statuses, s)
	}
	want := "unique invalid no solution error multiple"
	if got := strings.Join(statuses, " "); got != want {
		t.Errorf("statuses %q, want %q\n%s", got, want, out)
	}
}

func TestBatchUsage(t *testing.T) {
	for _, args := range [][]string{
		{"solve", "-workers", "0"},
		{"solve", "-solver", "quantum"},
		{"count", "-size", "7y"},
		{"check", "-variant", "nonsense"},
		{"solve", "/nonexistent/puzzles.txt"},
	} {
		_, errs, code := runCmd(t, "", args...)
		if code != 2 || errs == "" {
			t.Errorf("%v: code %d, stderr %q; want 2 and a message", args, code, errs)
		}
	}
	for _, cmd := range []string{"solve", "count", "check"} {
		errs, _, code := runCmd(t, "", cmd, "-h")
		if code != 0 || !strings.Contains(errs, "Usage: sudoku "+cmd) {
			t.Errorf("%s -h: code %d, %q", cmd, code, errs)
		}
	}
}

// TestSolveSolversAgree solves the first puzzles of test1000 with the fast
// and the exact-cover solvers, on one and two workers, and checks every
// solution independently.
func TestSolveSolversAgree(t *testing.T) {
	data, err := os.ReadFile(shareddata.Path(t, "data/test1000"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfterN(string(data), "\n", 301)[:300]
	in := strings.Join(lines, "")
	var first string
	for _, args := range [][]string{
		{"solve", "-solver", "fast", "-workers", "1"},
		{"solve", "-solver", "fast", "-workers", "2"},
		{"solve", "-solver", "dlx", "-workers", "2"},
	} {
		out, errs, code := runCmd(t, in, args...)
		if code != 0 {
			t.Fatalf("%v: code %d: %s", args, code, errs)
		}
		if first == "" {
			first = out
			sols := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			if len(sols) != len(lines) {
				t.Fatalf("%d solutions for %d puzzles", len(sols), len(lines))
			}
			for i, s := range sols {
				if !validSolution(lines[i], s) {
					t.Errorf("line %d: %q is not a solution of %q", i+1, s, lines[i])
				}
			}
		} else if out != first {
			t.Errorf("%v: output differs from the first run", args)
		}
	}
}

// test1 is the first puzzle of test1000.
const test1 = "000000010400000000020000000000050407008000300001090000300400200050100000000806000"

// TestSolveStreams feeds puzzles through a pipe and reads each solution
// before writing the next puzzle: output must not wait for the end of
// the input. (A 16-character line waits for the next one: it may be the
// first row of a 16x16 grid.)
func TestSolveStreams(t *testing.T) {
	for _, workers := range []string{"1", "2"} { // 1: the reader solves inline
		t.Run("workers="+workers, func(t *testing.T) {
			inR, inW := io.Pipe()
			outR, outW := io.Pipe()
			var errb bytes.Buffer
			e := &cli.Env{Stdin: inR, Stdout: outW, Stderr: &errb}
			done := make(chan int, 1)
			go func() {
				code := program.Run(context.Background(), e, []string{"solve", "-workers", workers})
				outW.Close()
				done <- code
			}()
			lines := bufio.NewReader(outR)
			for i := range 3 {
				if _, err := io.WriteString(inW, test1+"\n"); err != nil {
					t.Fatal(err)
				}
				got := make(chan string, 1)
				go func() { s, _ := lines.ReadString('\n'); got <- s }()
				select {
				case s := <-got:
					if !validSolution(test1, strings.TrimSuffix(s, "\n")) {
						t.Fatalf("solution %d: %q", i, s)
					}
				case <-time.After(20 * time.Second):
					t.Fatalf("no output for puzzle %d while the input is still open", i)
				}
			}
			inW.Close()
			io.Copy(io.Discard, lines)
			if code := <-done; code != 0 {
				t.Errorf("code %d: %s", code, errb.String())
			}
		})
	}
}

// TestBatchStress runs solve over more lines than the window holds
// (solved, unreadable and clashing puzzles mixed) with 1, 2 and 3
// workers, many times: every output line must answer its own input line,
// in order. Under -race it checks the reader, workers and writer.
func TestBatchStress(t *testing.T) {
	const lines = 5000 // more than batchWindow: the slots are reused
	iterations := 6
	if testing.Short() {
		iterations = 2
	}
	var in strings.Builder
	puzzles := make([]string, lines)
	for i := range lines {
		var p string
		switch i % 5 {
		case 3:
			p = "12345" // unreadable
		case 4:
			p = "1" + test1[1:] // r1c1 and r1c8 both 1
		default:
			b := []byte(test1)
			for j, c := range b { // relabel the digits: another puzzle each line of nine
				if c != '0' {
					b[j] = byte((int(c-'1')+i)%9) + '1'
				}
			}
			p = string(b)
		}
		puzzles[i] = p
		in.WriteString(p + "\n")
	}
	for _, workers := range []string{"1", "2", "3"} {
		for it := range iterations {
			var out, errb bytes.Buffer
			e := &cli.Env{Stdin: strings.NewReader(in.String()), Stdout: &out, Stderr: &errb}
			code := program.Run(context.Background(), e, []string{"solve", "-workers", workers})
			if code != 1 { // unreadable and clashing lines make the exit status 1
				t.Fatalf("workers %s, run %d: exit %d: %s", workers, it, code, errb.String())
			}
			got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
			if len(got) != lines {
				t.Fatalf("workers %s, run %d: %d output lines for %d puzzles", workers, it, len(got), lines)
			}
			for i, g := range got {
				var ok bool
				switch i % 5 {
				case 3:
					ok = strings.HasPrefix(g, "error: line "+strconv.Itoa(i+1)+":")
				case 4:
					ok = strings.HasPrefix(g, "invalid: ")
				default:
					ok = validSolution(puzzles[i], g)
				}
				if !ok {
					t.Fatalf("workers %s, run %d: line %d (%.20s...) answered %q", workers, it, i+1, puzzles[i], g)
				}
			}
		}
	}
}
