package exactcover

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// countPieces writes every subproblem as a piece file, reads each back
// and counts it on a fresh solver with the given choices made first, as
// on another machine, and returns the sum of the counts.
func countPieces(t *testing.T, p *Problem, choose []int, subs []Subproblem) int64 {
	t.Helper()
	total := int64(0)
	f := NewSolver(p)
	for i, sub := range subs {
		var b bytes.Buffer
		if err := WritePiece(&b, p, &Piece{Index: i + 1, Total: len(subs), Choice: sub}); err != nil {
			t.Fatal(err)
		}
		pc, err := ReadPiece(&b)
		if err != nil {
			t.Fatalf("piece %d: %v", i+1, err)
		}
		if pc.Index != i+1 || pc.Total != len(subs) || !slices.Equal(pc.Choice, sub) {
			t.Fatalf("piece %d read back as %+v, written %v", i+1, pc, sub)
		}
		f.Reset()
		for _, o := range choose {
			if err := f.Choose(o); err != nil {
				t.Fatal(err)
			}
		}
		if err := f.ChoosePiece(p, pc); err != nil {
			t.Fatalf("piece %d: %v", i+1, err)
		}
		n, err := f.Count(context.Background(), Options{})
		if err != nil {
			t.Fatal(err)
		}
		total += n
	}
	return total
}

// TestPiecesAddUp: the pieces of a split, through their files, count the
// whole problem, at every depth and for every number of pieces, on
// queens, pentominoes, Sudoku, and random problems with secondary items
// and colors checked against a brute force.
func TestPiecesAddUp(t *testing.T) {
	type tc struct {
		name   string
		p      *Problem
		choose []int
		want   int64 // -1: count it
	}
	tests := []tc{
		{"queens6", queensProblem(t, 6), nil, 4},
		{"queens8", queensProblem(t, 8), nil, 92},
		{"queens8-chosen", queensProblem(t, 8), []int{3}, -1},
		{"pentomino3x20", pentominoProblem(t, 20, 3), nil, 8},
	}
	grid := "123456789456789123789123456214365897365897214897214365531642978642978531978531642"
	var givens []int
	for i := range 50 {
		givens = append(givens, i*9+int(grid[i]-'1'))
	}
	tests = append(tests, tc{"sudoku-50-givens", sudokuProblem(t), givens, -1})
	r := rand.New(rand.NewPCG(3, 4))
	for i := range 100 {
		p := randomProblem(r, i%2 == 1)
		tests = append(tests, tc{"random" + itoa(i), p, nil, int64(len(bruteForce(p)))})
	}
	for _, tt := range tests {
		s := NewSolver(tt.p)
		for _, o := range tt.choose {
			if err := s.Choose(o); err != nil {
				t.Fatal(err)
			}
		}
		want := tt.want
		if c, err := s.Count(context.Background(), Options{}); err != nil {
			t.Fatal(err)
		} else if want < 0 {
			want = c
		} else if c != want {
			t.Fatalf("%s: Count %d, want %d", tt.name, c, want)
		}
		for d := range 4 {
			subs := s.SplitDepth(d)
			for _, sub := range subs {
				if len(sub) > d {
					t.Errorf("%s: depth %d: piece %v", tt.name, d, sub)
				}
			}
			if got := countPieces(t, tt.p, tt.choose, subs); got != want {
				t.Errorf("%s: depth %d: %d pieces count %d, want %d", tt.name, d, len(subs), got, want)
			}
		}
		for _, n := range []int{2, 7, 50} {
			subs := s.Split(n)
			if got := countPieces(t, tt.p, tt.choose, subs); got != want {
				t.Errorf("%s: %d pieces: %d pieces count %d, want %d", tt.name, n, len(subs), got, want)
			}
		}
	}
	// Depth 2 of queens 8: the 8 queens of row 0 (the first item with
	// the fewest options), each with the options left to the next
	// branching item, a row that has lost 2 squares (after a corner
	// queen) or 3: 2*6 + 6*5.
	subs := NewSolver(queensProblem(t, 8)).SplitDepth(2)
	if len(subs) != 42 {
		t.Errorf("queens8 at depth 2: %d pieces, want 42", len(subs))
	}
}

func TestReadPieceErrors(t *testing.T) {
	const head = "dlx-piece 1\npiece 2 5\nproblem 10 20\n"
	tests := []struct {
		in       string
		line     int
		col      int
		contains string
	}{
		{"", 0, 0, "want \"dlx-piece 1\""},
		{"| only a comment\n", 1, 0, "unexpected end"},
		{"dlx-piece 2\n", 1, 1, "not a piece file"},
		{"dlx-piece 1\n", 1, 0, "piece I N"},
		{"dlx-piece 1\npiece 2\n", 2, 1, "piece I N"},
		{"dlx-piece 1\npiece 6 5\n", 2, 7, "from 1 to 5"},
		{"dlx-piece 1\npiece 0 5\n", 2, 7, "from 1 to 5"},
		{"dlx-piece 1\npiece 1 x\n", 2, 9, "\"x\""},
		{"dlx-piece 1\npiece 11 1\n", 2, 7, "from 1 to 1"},
		{"dlx-piece 1\npiece 1 1\nproblem 11 1\noption 1\n", 4, 8, "from 0 to 0"},
		{"dlx-piece 1\npiece 1 1\nproblem 4 4\noption -0\n", 4, 8, "\"-0\""},
		{"dlx-piece 1\npiece +1 2\n", 2, 7, "\"+1\""},
		{"dlx-piece 1\npiece 1 1\nproblem 3\n", 3, 1, "problem ITEMS OPTIONS"},
		{"dlx-piece 1\npiece 1 1\nproblem -3 4\n", 3, 9, "\"-3\""},
		{head + "option 20 a b\n", 4, 8, "from 0 to 19"},
		{head + "option\n", 4, 1, "option K"},
		{head + "opt 3 a\n", 4, 1, "option K"},
		{head + "option 3 a\n\n  option 99999999999999999999 b\n", 6, 10, "from 0 to 19"},
		{head + strings.Repeat("option 1 ", 3) + "\noption 3 " + strings.Repeat("x", maxPieceLine) + "\n", 5, 0, "too long"},
	}
	for _, tt := range tests {
		_, err := ReadPiece(strings.NewReader(tt.in))
		var pe *ParseError
		if !errors.As(err, &pe) || !errors.Is(err, ErrSyntax) {
			t.Errorf("%.40q: error %v, want a *ParseError wrapping ErrSyntax", tt.in, err)
			continue
		}
		if pe.Line != tt.line || pe.Col != tt.col || !strings.Contains(pe.Msg, tt.contains) {
			t.Errorf("%.40q: line %d col %d %q, want line %d col %d containing %q", tt.in, pe.Line, pe.Col, pe.Msg, tt.line, tt.col, tt.contains)
		}
	}
}

func TestPieceCheck(t *testing.T) {
	p := queensProblem(t, 4)
	s := NewSolver(p)
	good := "dlx-piece 1\n| a comment\n\npiece 1 2\r\nproblem 22 16\noption 1 r0 c1 a1 b2\noption 7\n"
	pc, err := ReadPiece(strings.NewReader(good))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(pc.Choice, []int{1, 7}) || !slices.Equal(pc.Text, []string{"r0 c1 a1 b2", ""}) || pc.Items != 22 || pc.Options != 16 {
		t.Fatalf("read %+v", pc)
	}
	if err := s.ChoosePiece(p, pc); err != nil {
		t.Fatal(err)
	}
	if n, _ := s.Count(context.Background(), Options{}); n != 1 {
		t.Errorf("queens 4 with queens at (0,1) and (1,3): %d solutions, want 1", n)
	}
	bad := []string{
		"dlx-piece 1\npiece 1 2\nproblem 22 17\n",                       // another size
		"dlx-piece 1\npiece 1 2\nproblem 21 16\n",                       // another size
		"dlx-piece 1\npiece 1 2\nproblem 22 16\noption 1 r0 c2 a2 b1\n", // another text
	}
	for _, in := range bad {
		pc, err := ReadPiece(strings.NewReader(in))
		if err != nil {
			t.Fatal(err)
		}
		if err := NewSolver(p).ChoosePiece(p, pc); !errors.Is(err, ErrPieceMismatch) {
			t.Errorf("%q: %v, want ErrPieceMismatch", in, err)
		}
	}
	// Options that clash: Choose's error.
	pc, _ = ReadPiece(strings.NewReader("dlx-piece 1\npiece 1 1\nproblem 22 16\noption 0\noption 1\n"))
	if err := NewSolver(p).ChoosePiece(p, pc); !errors.Is(err, ErrConflict) {
		t.Errorf("clashing options: %v, want ErrConflict", err)
	}
}

// FuzzReadPiece: ReadPiece never panics; what it accepts is well formed,
// and written again in the canonical form and read back it is the same
// piece; what it rejects gives a *ParseError wrapping ErrSyntax.
func FuzzReadPiece(f *testing.F) {
	f.Add("dlx-piece 1\npiece 3 40\nproblem 92 1734\noption 2 r1 c3 a3 b-2\noption 23 r2 c8\n")
	f.Add("dlx-piece 1\r\n| comment\r\npiece 1 1\r\nproblem 0 0\r\n")
	f.Add("dlx-piece 1\npiece 1 1\nproblem 2 5\noption 4\n")
	f.Add("dlx-piece 1\npiece 9223372036854775807 9223372036854775807\nproblem 2147483647 2147483647\n")
	f.Fuzz(func(t *testing.T, in string) {
		pc, err := ReadPiece(strings.NewReader(in))
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || !errors.Is(err, ErrSyntax) || pe.Line < 0 || pe.Col < 0 {
				t.Fatalf("error %v (%T)", err, err)
			}
			return
		}
		if pc.Index < 1 || pc.Index > pc.Total || pc.Items < 0 || pc.Options < 0 || len(pc.Text) != len(pc.Choice) {
			t.Fatalf("accepted %+v", pc)
		}
		var b strings.Builder
		b.WriteString("dlx-piece 1\npiece " + itoa(pc.Index) + " " + itoa(pc.Total) + "\nproblem " + itoa(pc.Items) + " " + itoa(pc.Options) + "\n")
		for i, o := range pc.Choice {
			if o < 0 || o >= pc.Options {
				t.Fatalf("option %d of %d accepted", o, pc.Options)
			}
			b.WriteString("option " + itoa(o) + " " + pc.Text[i] + "\n")
		}
		again, err := ReadPiece(strings.NewReader(b.String()))
		if err != nil {
			t.Fatalf("canonical form %q: %v", b.String(), err)
		}
		if again.Index != pc.Index || again.Total != pc.Total || again.Items != pc.Items || again.Options != pc.Options ||
			!slices.Equal(again.Choice, pc.Choice) || !slices.Equal(again.Text, pc.Text) {
			t.Fatalf("read %+v, canonical form read %+v", pc, again)
		}
	})
}
