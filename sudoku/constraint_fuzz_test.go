package sudoku

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// FuzzConstraintJSON: a JSON puzzle object with constraint fields either
// fails with a *ParseError (wrapping ErrConstraint for a constraint that
// does not fit the grid), or reads as a grid whose constraints pass
// CheckConstraints, write back to JSON and read again as the same
// variant; and for 4x4 grids the solver's count agrees with the
// brute-force oracle (bruteByCheck for the rules of Rules), or the
// solver refuses rules it does not encode with an error wrapping
// ErrVariant.
func FuzzConstraintJSON(f *testing.F) {
	for _, s := range []string{
		`{"size":"2x2","puzzle":"................","cages":[{"sum":3,"cells":[0,1]}]}`,
		`{"size":"2x2","puzzle":"1...............","thermos":[[0,1,2,3]],"antiking":true}`,
		`{"size":"2x2","puzzle":"................","nonconsecutive":true,"antiknight":true}`,
		`{"size":"2x2","puzzle":"................","cages":[{"sum":3,"cells":[0,1]},{"sum":3,"cells":[1,2]}]}`,
		`{"size":"2x2","puzzle":"................","thermos":[[0,5,10,15]],"variant":"diagonal"}`,
		`{"size":"2x2","puzzle":"................","cages":[{"sum":10,"cells":[0,1,4,5]}],"regions":"1122112233443344"}`,
		`{"size":"2x3","puzzle":"....................................","thermos":[[0,7,14]]}`,
		`{"size":"2x2","puzzle":"................","cages":[{"sum":-3,"cells":[]}],"thermos":[[]]}`,
		`{"size":"2x2","puzzle":"................","cages":[{"sum":99999999999,"cells":[1e9]}]}`,
		`{"size":"2x2","puzzle":"1...............","differences":[{"cells":[0,1]}],"ratios":[{"cells":[4,5],"value":3}],"negativeratio":true,"nonconsecutive":true}`,
		`{"size":"2x2","puzzle":"................","xv":[{"cells":[0,4],"value":5}],"negativexv":true,"even":[3],"odd":[0],"cages":[{"cells":[8,9]}]}`,
		`{"size":"2x2","puzzle":"................","minimums":[5],"maximums":[0,1],"clones":[{"cells":[0],"copy":[15]}],"palindromes":[[1,6,11]]}`,
		`{"size":"2x2","puzzle":"................","renbans":[[0,5,10]],"whispers":[{"cells":[3,6,9,6]}],"entropiclines":[[12,13,14,15]],"modularlines":[[0,4]]}`,
		`{"size":"2x2","puzzle":"................","nabners":[[0,2]],"slowthermos":[[0,5,10]],"rowindexers":[0,1],"columnindexers":[4],"boxindexers":[15]}`,
		`{"size":"2x2","puzzle":"................","arrows":[{"circle":[0],"shaft":[1,2]}],"littlekillers":[{"row":-1,"col":-1,"direction":"DR","sum":10}]}`,
		`{"size":"2x2","puzzle":"................","sandwiches":[{"row":0,"col":-1,"value":5}],"xsums":[{"row":-1,"col":0,"value":4}],"skyscrapers":[{"row":4,"col":0,"value":2}]}`,
		`{"size":"2x2","puzzle":"................","quadruples":[{"cells":[0,1,4,5],"digits":[1,1]}],"betweenlines":[[0,5,10]],"regionsumlines":[[1,2]],"zipperlines":[[0,1,2]],"doublearrows":[[0,1,2]]}`,
	} {
		f.Add(s)
	}
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, in string) {
		var pj PuzzleJSON
		if DecodeJSON([]byte(in), &pj) != nil {
			return
		}
		g, _, err := pj.Grid(ReadOptions{})
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v (%T) is not a *ParseError", err, err)
			}
			return
		}
		n := g.N()
		if err := CheckConstraints(n, g.Variant); err != nil {
			t.Fatalf("read constraints that do not fit: %v", err)
		}
		pj2, err := NewPuzzleJSON(g, Format{})
		if err != nil {
			t.Fatalf("does not write back: %v", err)
		}
		b, err := json.Marshal(pj2)
		if err != nil {
			t.Fatal(err)
		}
		var pj3 PuzzleJSON
		if err := json.Unmarshal(b, &pj3); err != nil {
			t.Fatal(err)
		}
		g2, _, err := pj3.Grid(ReadOptions{})
		if err != nil {
			t.Fatalf("written %s does not read: %v", b, err)
		}
		if variantKey(g.Shape, g.Variant) != variantKey(g2.Shape, g2.Variant) || string(g.Cells) != string(g2.Cells) {
			t.Fatalf("%s read back as a different puzzle", b)
		}
		if n > 4 || strings.Count(in, "{") > 40 {
			return
		}
		if err := ExactCoverRules(g.Variant); err != nil {
			dlx := NewSolver(Options{Method: DLX})
			if _, cerr := dlx.Count(ctx, g, 30); !errors.Is(cerr, ErrVariant) {
				t.Fatalf("DLX Count: %v, want an error wrapping ErrVariant for %v", cerr, err)
			}
		}
		want := bruteConstrained(g, 30)
		if g.Variant != nil && !g.Variant.Rules.empty() {
			want = bruteByCheck(g, 30)
		}
		got, err := Count(ctx, g, 30)
		if err != nil && !errors.Is(err, ErrInvalid) {
			t.Fatalf("Count: %v", err)
		}
		if got != want {
			t.Fatalf("Count = %d, brute force %d", got, want)
		}
	})
}
