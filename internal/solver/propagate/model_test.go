package propagate

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// TestValidate lists models that New must refuse, each with a word of the
// message that says what is wrong.
func TestValidate(t *testing.T) {
	four := standard(4, 2, 2).Houses
	tests := []struct {
		name string
		m    *Model
		want string
	}{
		{"nil", nil, "nil model"},
		{"side 0", &Model{N: 0}, "side 0"},
		{"side 17", &Model{N: 17}, "side 17"},
		{"short house", &Model{N: 4, Houses: [][]int{{0, 1, 2}}}, "3 cells, want 4"},
		{"house twice a cell", &Model{N: 4, Houses: [][]int{{0, 1, 2, 2}}}, "listed twice"},
		{"house off the grid", &Model{N: 4, Houses: [][]int{{0, 1, 2, 16}}}, "out of range"},
		{"nil constraint", &Model{N: 4, Houses: four, Constraints: []Constraint{nil}}, "nil"},
		{"pair on one cell", &Model{N: 4, Constraints: []Constraint{Pair{A: 3, B: 3, Rel: Less}}}, "listed twice"},
		{"pair off the grid", &Model{N: 4, Constraints: []Constraint{Pair{A: -1, B: 3, Rel: Less}}}, "out of range"},
		{"domain beyond n", &Model{N: 4, Constraints: []Constraint{Domain{Cell: 0, Allowed: DigitSet(5)}}}, "beyond 4"},
		{"sum weights", &Model{N: 4, Constraints: []Constraint{Sum{Cells: []int{0, 1}, Weights: []int{1}}}}, "1 weights for 2 cells"},
		{"sum min above max", &Model{N: 4, Constraints: []Constraint{Sum{Cells: []int{0, 1}, Min: 5, Max: 4}}}, "min 5 above max 4"},
		{"huge weight", &Model{N: 4, Constraints: []Constraint{Sum{Cells: []int{0}, Weights: []int{1 << 20}}}}, "weight"},
		{"empty sum", &Model{N: 4, Constraints: []Constraint{Sum{}}}, "0 cells"},
		{"negative cage", &Model{N: 4, Constraints: []Constraint{Cage{Cells: []int{0, 1}, Sum: -3}}}, "negative sum"},
		{"equal sums no groups", &Model{N: 4, Constraints: []Constraint{EqualSums{}}}, "no groups"},
		{"equal sums shared cell", &Model{N: 4, Constraints: []Constraint{EqualSums{Groups: [][]int{{0, 1}, {1, 2}}}}}, "across groups"},
		{"equal sums weights", &Model{N: 4, Constraints: []Constraint{EqualSums{Groups: [][]int{{0}, {1}}, Weights: [][]int{{1}}}}}, "1 weight lists for 2 groups"},
		{"count empty set", &Model{N: 4, Constraints: []Constraint{Count{Cells: []int{0}, Set: 0, Min: 1}}}, "digit set"},
		{"count negative", &Model{N: 4, Constraints: []Constraint{Count{Cells: []int{0}, Set: 1, Min: -1}}}, "negative minimum"},
		{"sandwich one cell", &Model{N: 4, Constraints: []Constraint{Sandwich{Cells: []int{0}, Sum: 1}}}, "want at least 2"},
		{"x-sum huge", &Model{N: 4, Constraints: []Constraint{XSum{Cells: []int{0, 1}, Sum: 1 << 40}}}, "out of range"},
		{"skyscraper negative", &Model{N: 4, Constraints: []Constraint{Skyscraper{Cells: []int{0, 1}, Visible: -1}}}, "out of range"},
		{"predicate no check", &Model{N: 4, Constraints: []Constraint{Predicate{Cells: []int{0}}}}, "no check"},
		{"renban off the grid", &Model{N: 4, Constraints: []Constraint{Renban{Cells: []int{0, 99}}}}, "out of range"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := New(tc.m)
			if err == nil {
				t.Fatal("accepted")
			}
			if !errors.Is(err, ErrModel) {
				t.Errorf("%v does not wrap ErrModel", err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%q does not say %q", err, tc.want)
			}
		})
	}
}

// TestGivens: givens of the wrong length or above N are errors; givens
// that clash count 0.
func TestGivens(t *testing.T) {
	s, err := New(standard(4, 2, 2))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := s.Count(ctx, make([]uint8, 15), 2, nil); !errors.Is(err, ErrModel) {
		t.Errorf("15 givens: %v", err)
	}
	bad := make([]uint8, 16)
	bad[3] = 5
	if _, err := s.Count(ctx, bad, 2, nil); !errors.Is(err, ErrModel) {
		t.Errorf("a 5 on 4x4: %v", err)
	}
	clash := make([]uint8, 16)
	clash[0], clash[1] = 2, 2
	if n, err := s.Count(ctx, clash, 2, nil); n != 0 || err != nil {
		t.Errorf("clashing givens: %d, %v", n, err)
	}
	if n, err := s.Count(ctx, nil, 1000, nil); n != 288 || err != nil {
		t.Errorf("blank 4x4: %d, %v; want 288", n, err)
	}
}

// TestCancel: a search that cannot end soon (every 9x9 grid) stops when
// its context is cancelled, and one with a context already done does not
// start.
func TestCancel(t *testing.T) {
	s, err := New(standard(9, 3, 3))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if n, err := s.Count(ctx, nil, 10, nil); n != 0 || !errors.Is(err, context.Canceled) {
		t.Errorf("done context: %d, %v", n, err)
	}
	ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	n, err := s.Count(ctx, nil, -1, nil)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("count of every grid: %d, %v", n, err)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("stopped %v after the deadline", took)
	}
	if n == 0 {
		t.Errorf("no solution counted before the deadline")
	}
	// the solver is usable again
	if n, err := s.Count(context.Background(), parseDigits("000700084895000000104960520300040107050000068280005400706200000010030000040080316"), 2, nil); n != 1 || err != nil {
		t.Errorf("after cancellation: %d, %v", n, err)
	}
}

// FuzzModel builds a model from arbitrary bytes: New must refuse it with
// an error wrapping ErrModel or accept it, and a search on an accepted
// model must end without a panic.
func FuzzModel(f *testing.F) {
	f.Add([]byte{4, 2, 0, 1, 2, 3, 1, 5, 0, 4, 2})
	f.Add([]byte{6, 0, 3, 2, 7, 8, 9, 2, 1, 40, 12, 5, 3, 1, 2, 3, 4})
	f.Add([]byte{9, 1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 6, 3, 0, 1, 2, 3, 9, 4, 200, 5, 6, 7})
	f.Add([]byte{17, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &byteReader{data: data}
		m := fuzzModel(r)
		s, err := New(m)
		if err != nil {
			if !errors.Is(err, ErrModel) {
				t.Fatalf("%v does not wrap ErrModel", err)
			}
			return
		}
		givens := make([]uint8, m.N*m.N)
		for i := range givens {
			if r.next()%4 == 0 {
				givens[i] = uint8(r.next()) % uint8(m.N+1)
			}
		}
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
		defer cancel()
		n, err := s.Count(ctx, givens, 3, nil)
		if err != nil && !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("count: %v", err)
		}
		if n < 0 || n > 3 {
			t.Fatalf("count %d with limit 3", n)
		}
	})
}

type byteReader struct {
	data []byte
	i    int
}

func (r *byteReader) next() int {
	if r.i >= len(r.data) {
		return 0
	}
	b := r.data[r.i]
	r.i++
	return int(b)
}

// signed returns a small number that may be negative or off the grid.
func (r *byteReader) signed() int { return int(int8(r.next())) }

func (r *byteReader) cells(n int) []int {
	k := r.next() % 8
	out := make([]int, k)
	for i := range out {
		out[i] = r.signed()
		if out[i] >= 0 && n > 0 {
			out[i] %= n*n + 2
		}
	}
	return out
}

func fuzzModel(r *byteReader) *Model {
	n := r.next() % 18
	m := &Model{N: n}
	switch r.next() % 3 {
	case 0:
		if n == 4 || n == 6 || n == 9 {
			br, bc := boxShape(n)
			m.Houses = standard(n, br, bc).Houses
		}
	case 1:
		for range r.next() % 4 {
			m.Houses = append(m.Houses, r.cells(n))
		}
	}
	for range r.next() % 12 {
		var c Constraint
		switch r.next() % 14 {
		case 0:
			c = Distinct{Cells: r.cells(n)}
		case 1:
			c = Pair{A: r.signed(), B: r.signed(), Rel: NewRelation(func(a, b int) bool { return (a*7+b*3)%5 < r.next()%5 })}
		case 2:
			c = Domain{Cell: r.signed(), Allowed: Digits(r.next() | r.next()<<8)}
		case 3:
			cells := r.cells(n)
			var w []int
			if r.next()%2 == 0 {
				for range cells {
					w = append(w, r.signed()*r.next())
				}
			}
			c = Sum{Cells: cells, Weights: w, Min: r.signed(), Max: r.signed() * 4}
		case 4:
			c = Cage{Cells: r.cells(n), Sum: r.signed()}
		case 5:
			c = EqualSums{Groups: [][]int{r.cells(n), r.cells(n)}}
		case 6:
			c = Renban{Cells: r.cells(n)}
		case 7:
			c = Between{Cells: r.cells(n)}
		case 8:
			c = Count{Cells: r.cells(n), Set: Digits(r.next()), Min: r.signed() % 5}
		case 9:
			c = Sandwich{Cells: r.cells(n), Sum: r.signed()}
		case 10:
			c = XSum{Cells: r.cells(n), Sum: r.signed()}
		case 11:
			c = Skyscraper{Cells: r.cells(n), Visible: r.signed() % 10}
		case 12:
			mod := 1 + r.next()%5
			c = Predicate{Cells: r.cells(n), Enumerate: r.next(), Check: func(d []int) bool { return sumInts(d)%mod == 0 }}
		case 13:
			if n > 0 {
				c = Arrow(r.cells(n), r.cells(n), n)
			}
		}
		m.Constraints = append(m.Constraints, c)
	}
	return m
}
