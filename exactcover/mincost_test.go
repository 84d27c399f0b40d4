package exactcover

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/dlxkit/dlx/internal/measure/cputime"
	"github.com/dlxkit/dlx/internal/testkit/shareddata"
)

// solutionCost adds up the costs of the options of sol.
func solutionCost(p *Problem, sol []int) int64 {
	var c int64
	for _, o := range sol {
		c += p.Cost(o)
	}
	return c
}

// TestMinCostBruteForce: on small random problems (colors, secondary
// items, random costs, many ties), MinCost's k cheapest solutions are valid
// distinct solutions whose costs are the k smallest of a brute force over
// all subsets of options, in order.
func TestMinCostBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 5))
	solvable := 0
	for trial := range 3000 {
		p := randomProblem(r, trial%2 == 0)
		maxCost := []int64{0, 1, 3, 20, 1000, MaxCost}[trial%6]
		for o := range p.NumOptions() {
			if err := p.SetCost(o, r.Int64N(maxCost+1)); err != nil {
				t.Fatal(err)
			}
		}
		var costs []int64
		for _, sol := range bruteForce(p) {
			costs = append(costs, solutionCost(p, sol))
		}
		slices.Sort(costs)
		if len(costs) > 0 {
			solvable++
		}
		for _, k := range []int{1, 1 + r.IntN(6), 100} {
			sols, st, err := MinCost(context.Background(), p, Options{}, k)
			if err != nil {
				t.Fatalf("trial %d, k=%d: %v", trial, k, err)
			}
			want := costs[:min(k, len(costs))]
			var got []int64
			seen := map[string]bool{}
			for _, s := range sols {
				if err := validSolution(p, s.Options); err != nil {
					t.Fatalf("trial %d, k=%d: invalid solution %v: %v\n%s", trial, k, s.Options, err, knuthText(t, p))
				}
				if c := solutionCost(p, s.Options); c != s.Cost {
					t.Fatalf("trial %d: solution %v reported at cost %d, costs %d", trial, s.Options, s.Cost, c)
				}
				key := formatInts(s.Options)
				if seen[key] {
					t.Fatalf("trial %d: solution %v twice", trial, s.Options)
				}
				seen[key] = true
				got = append(got, s.Cost)
			}
			if !slices.Equal(got, want) {
				t.Fatalf("trial %d, k=%d: costs %v, brute force %v\n%s", trial, k, got, want, knuthText(t, p))
			}
			if len(costs) > 0 && st.Solutions < int64(len(got)) {
				t.Fatalf("trial %d: Stats.Solutions %d < %d solutions returned", trial, st.Solutions, len(got))
			}
		}
	}
	if solvable < 500 {
		t.Fatalf("only %d of the random problems have a solution", solvable)
	}
}

func formatInts(a []int) string {
	var b strings.Builder
	for _, x := range a {
		b.WriteString(strconv.Itoa(x))
		b.WriteByte(' ')
	}
	return b.String()
}

// TestMinCostShared: the optima of the shared instances are DLX5's:
// 127 for assign9_1 and 196 for pento6x10_1 (BENCHMARKS.md); with k3, DLX5
// prints the costs 127, 134, 140 and 196 (repeated 2 times), 197.
func TestMinCostShared(t *testing.T) {
	dir := shareddata.Path(t, "instances/cost")
	for _, tt := range []struct {
		file  string
		k     int
		costs []int64
	}{
		{"assign9_1.dlx", 1, []int64{127}},
		{"assign9_1.dlx", 3, []int64{127, 134, 140}},
		{"pento6x10_1.dlx", 3, []int64{196, 196, 197}},
	} {
		if testing.Short() && tt.file == "pento6x10_1.dlx" {
			continue // 1-2 s
		}
		data, err := os.ReadFile(filepath.Join(dir, tt.file))
		if errors.Is(err, os.ErrNotExist) {
			t.Skipf("shared data: %s absent", tt.file)
		}
		if err != nil {
			t.Fatal(err)
		}
		p, err := ReadKnuth(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		sols, st, err := MinCost(context.Background(), p, Options{}, tt.k)
		if err != nil {
			t.Fatal(err)
		}
		var got []int64
		for _, s := range sols {
			if err := validSolution(p, s.Options); err != nil {
				t.Errorf("%s: %v", tt.file, err)
			}
			if c := solutionCost(p, s.Options); c != s.Cost {
				t.Errorf("%s: cost %d reported as %d", tt.file, c, s.Cost)
			}
			got = append(got, s.Cost)
		}
		if !slices.Equal(got, tt.costs) {
			t.Errorf("%s k=%d: costs %v, want %v", tt.file, tt.k, got, tt.costs)
		}
		t.Logf("%s k=%d: %v, %d nodes, %d updates", tt.file, tt.k, got, st.Nodes, st.Updates)
	}
}

// TestMinCostNoSolution, the empty problem and a bad k.
func TestMinCostEdges(t *testing.T) {
	p := mustRead(t, "a b\na |3\n")
	sols, _, err := MinCost(context.Background(), p, Options{}, 1)
	if err != nil || len(sols) != 0 {
		t.Errorf("no solution: %v, %v", sols, err)
	}
	p = mustRead(t, "a | x\nx |4\n") // a has no option: no solution
	if sols, _, err := MinCost(context.Background(), p, Options{}, 2); err != nil || len(sols) != 0 {
		t.Errorf("uncoverable item: %v, %v", sols, err)
	}
	p = mustRead(t, "a\na |7\na |2\na |2\na |9\n")
	sols, _, err = MinCost(context.Background(), p, Options{}, 3)
	if err != nil || len(sols) != 3 || sols[0].Cost != 2 || sols[1].Cost != 2 || sols[2].Cost != 7 {
		t.Errorf("k=3 of 2,2,7,9: %v, %v", sols, err)
	}
	if _, _, err := MinCost(context.Background(), p, Options{}, 0); err == nil {
		t.Error("k=0 accepted")
	}
	// Secondary items keep their colors.
	p = mustRead(t, "a b | x\na x:r |1\nb x:g |1\na x:g |5\nb |9\n")
	sols, _, err = MinCost(context.Background(), p, Options{}, 5)
	if err != nil || len(sols) != 3 || sols[0].Cost != 6 || !slices.Equal(sols[0].Options, []int{1, 2}) || sols[1].Cost != 10 || sols[2].Cost != 14 {
		t.Errorf("colors: %v, %v", sols, err)
	}
}

func mustRead(t *testing.T, s string) *Problem {
	t.Helper()
	p, err := ReadKnuth(strings.NewReader(s))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestMinCostCancel: a cancelled context and a node budget stop the
// search with the best solutions so far.
func TestMinCostCancel(t *testing.T) {
	p := pentominoProblem(t, 10, 6)
	for o := range p.NumOptions() {
		p.SetCost(o, int64(o%17))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, st, err := MinCost(ctx, p, Options{}, 1); !errors.Is(err, context.Canceled) || st.Nodes != 0 {
		t.Errorf("cancelled: %v, %d nodes", err, st.Nodes)
	}
	sols, st, err := MinCost(context.Background(), p, Options{MaxNodes: 5000}, 1)
	if !errors.Is(err, ErrNodeBudget) || st.Nodes != 5000 {
		t.Errorf("budget 5000: %v, %d nodes", err, st.Nodes)
	}
	for _, s := range sols {
		if err := validSolution(p, s.Options); err != nil {
			t.Error(err)
		}
	}
	if testing.Short() {
		return // the rest takes a million nodes (1-2 s) twice
	}
	// Cancelled from the first progress report (at 2^20 nodes; with k
	// above the number of solutions, 9,356, nothing is pruned), the search
	// stops at its next poll of the context, 4,096 nodes on at most. (A
	// wall-clock deadline of 20 ms took up to a second on a loaded CI
	// machine; nodes do not depend on the load.)
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	_, st, err = MinCost(ctx, p, Options{Progress: func(Stats) { cancel() }}, 1<<20)
	if !errors.Is(err, context.Canceled) || st.Nodes > 1<<20+pollMask+1 || st.Nodes < 1<<20 {
		t.Errorf("cancelled at 2^20 nodes: %v, stopped at %d nodes", err, st.Nodes)
	}
	calls := 0
	_, st, err = MinCost(context.Background(), p, Options{MaxNodes: 1<<20 + 100, Progress: func(st Stats) {
		if st.Nodes != 1<<20 {
			t.Errorf("progress at %d nodes", st.Nodes)
		}
		calls++
	}}, 1<<20)
	if !errors.Is(err, ErrNodeBudget) || calls != 1 || st.Nodes != 1<<20+100 {
		t.Errorf("progress: %v, %d calls, %d nodes", err, calls, st.Nodes)
	}
}

// TestCostParse: costs anywhere after an option's first item are summed,
// and written back at the end of the option.
func TestCostParse(t *testing.T) {
	p := mustRead(t, "a b c | x\na |2 b |3\nc x:r |0 |10\nc\nb |007 a\n")
	for o, want := range []int64{5, 10, 0, 7} {
		if c := p.Cost(o); c != want {
			t.Errorf("option %d: cost %d, want %d", o, c, want)
		}
	}
	if !p.HasCosts() {
		t.Error("HasCosts false")
	}
	var b bytes.Buffer
	if err := WriteKnuth(&b, p); err != nil {
		t.Fatal(err)
	}
	want := "a b c | x\na b |5\nc x:r |10\nc\nb a |7\n"
	if b.String() != want {
		t.Errorf("written:\n%s\nwant:\n%s", b.String(), want)
	}
	q := NewProblem()
	q.AddItem("a", false)
	if _, err := q.AddOptionCost(-1, "a"); !errors.Is(err, ErrCost) {
		t.Errorf("negative cost: %v", err)
	}
	if _, err := q.AddOptionCost(MaxCost+1, "a"); !errors.Is(err, ErrCost) {
		t.Errorf("cost above MaxCost: %v", err)
	}
	if err := q.SetCost(3, 1); !errors.Is(err, ErrNoOption) {
		t.Errorf("SetCost of no option: %v", err)
	}
	if k, err := q.AddOptionCost(MaxCost, "a"); err != nil || q.Cost(k) != MaxCost {
		t.Errorf("AddOptionCost(MaxCost): %v", err)
	}
}

// TestCostParseErrors: the errors of the cost syntax, with their places.
func TestCostParseErrors(t *testing.T) {
	big := strconv.FormatInt(MaxCost+1, 10)
	half := strconv.FormatInt(MaxCost/2+1, 10)
	for _, tt := range []struct {
		in        string
		line, col int
		err       error
		msg       string
	}{
		{"a b | x |5\na\n", 1, 9, ErrSyntax, `cost "|5" on the item line`},
		{"a b\n\na |x\n", 3, 3, ErrSyntax, `cost "|x" is not a decimal number`},
		{"a b\na b |12a\n", 2, 5, ErrSyntax, `cost "|12a" is not a decimal number`},
		{"a b\na b |-3\n", 2, 5, ErrSyntax, `not a decimal number`},
		{"a b\na b |\n", 2, 5, ErrSyntax, `missing cost`},
		{"a b\na |" + big + " b\n", 2, 3, ErrCost, `is too large`},
		{"a b\na |99999999999999999999999999 b\n", 2, 3, ErrCost, `is too large`},
		{"a b\na |" + half + " b |" + half + "\n", 2, 7 + len(half), ErrCost, `add up to more than`},
		{"a b\na |3 c\n", 2, 6, ErrUnknownItem, `unknown item "c"`},
	} {
		_, err := ReadKnuth(strings.NewReader(tt.in))
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Line != tt.line || pe.Col != tt.col || !errors.Is(err, tt.err) || !strings.Contains(pe.Msg, tt.msg) {
			t.Errorf("%.40q: %v; want line %d, column %d, %v, %q", tt.in, err, tt.line, tt.col, tt.err, tt.msg)
		}
	}
	// "|5" as the item line's bar names a secondary item, as in DLX5.
	p := mustRead(t, "a |5\na 5 |3\n")
	if p.NumItems() != 2 || !p.IsSecondary(1) || p.ItemName(1) != "5" || p.Cost(0) != 3 {
		t.Errorf("secondary item 5: %d items, cost %d", p.NumItems(), p.Cost(0))
	}
}

// FuzzReadKnuthCosts: the parser with costs. Every error is a *ParseError
// wrapping a sentinel; a problem read has, for every option, the sum of
// the "|n" tokens of its line as an independent reading finds them, and
// writes back to the same problem.
func FuzzReadKnuthCosts(f *testing.F) {
	for _, s := range []string{
		"a b | x\na |3 b\nb x:r |1 |2\na\n",
		"a b\na b |0\n|7 comment\na |9007199254740991 b\n",
		"a b\na b |9007199254740992\n",
		"a b\na |x\n",
		"a | x |5\nx\n",
		"a\na |1\r\na |2 |3\r\n",
		"a b\na |\nb\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		p, err := ReadKnuth(bytes.NewReader(in))
		if err != nil {
			checkFuzzError(t, err)
			return
		}
		// The option lines: the lines after the item line that are not
		// blank or comments.
		var want []int64
		first := true
		for _, line := range strings.Split(string(in), "\n") {
			fs := strings.Fields(line)
			if len(fs) == 0 || fs[0][0] == '|' {
				continue
			}
			if first {
				first = false
				continue
			}
			var c int64
			for _, f := range fs[1:] {
				if f[0] == '|' {
					n, err := strconv.ParseInt(f[1:], 10, 64)
					if err != nil || n < 0 {
						t.Fatalf("cost token %q accepted", f)
					}
					c += n
				}
			}
			want = append(want, c)
		}
		if len(want) != p.NumOptions() {
			t.Skipf("%d option lines by strings.Fields, %d options", len(want), p.NumOptions())
		}
		for o, c := range want {
			if p.Cost(o) != c || c > MaxCost {
				t.Fatalf("option %d: cost %d, the line says %d", o, p.Cost(o), c)
			}
		}
		checkRoundTrip(t, p)
		q, _ := ReadKnuth(strings.NewReader(knuthText(t, p)))
		for o := range p.NumOptions() {
			if p.Cost(o) != q.Cost(o) {
				t.Fatalf("option %d: cost %d read back as %d", o, p.Cost(o), q.Cost(o))
			}
		}
	})
}

// TestAddOptionIndexFirstColor: a color on the first item of the first
// colored option given to AddOptionIndex is kept (it was lost: MinCost,
// which copies problems with AddOptionIndex, missed solutions).
func TestAddOptionIndexFirstColor(t *testing.T) {
	p := NewProblem()
	p.AddItem("a", false)
	p.AddItem("x", true)
	p.AddOptionIndex([]int{0}, []int{0})
	p.AddOptionIndex([]int{1, 0}, []int{2, 0})
	if got := p.OptionString(1); got != "x:2 a" {
		t.Errorf("option 1: %q, want \"x:2 a\"", got)
	}
}

// BenchmarkMinCostPento6x10: the cheapest solution of pento6x10_1 (DLX5:
// 1,026,293 nodes, 380,160,953 updates).
func BenchmarkMinCostPento6x10(b *testing.B) {
	p := readInstance(b, "cost/pento6x10_1.dlx")
	var st Stats
	cpu0 := cputime.Process()
	for b.Loop() {
		sols, s, err := MinCost(context.Background(), p, Options{}, 1)
		if err != nil || len(sols) != 1 || sols[0].Cost != 196 {
			b.Fatalf("%v, %v", sols, err)
		}
		st = s
	}
	b.ReportMetric(float64(st.Nodes), "nodes")
	b.ReportMetric(float64(st.Updates), "updates")
	if cpu := cputime.Process() - cpu0; cpu > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}
