package logic

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"sync"
	"testing"

	"github.com/dlxkit/dlx/sudoku"
)

// stepError checks a step against the solution: every placement is the
// solution's digit, no elimination removes it or a digit that is not a
// candidate, the step concludes something and explains itself.
func stepError(g *geom, st *Step, sol []uint8, b *board) error {
	if len(st.Placements) == 0 && len(st.Eliminations) == 0 {
		return fmt.Errorf("%s: step concludes nothing", st.Technique)
	}
	for _, p := range st.Placements {
		if int(sol[p.Cell]) != p.Digit {
			return fmt.Errorf("%s places %d in %s, solution has %d: %s", st.Technique, p.Digit, cellName(g, p.Cell), sol[p.Cell], st.Explanation)
		}
	}
	for _, e := range st.Eliminations {
		if int(sol[e.Cell]) == e.Digit {
			return fmt.Errorf("%s removes the solution's %d from %s: %s", st.Technique, e.Digit, cellName(g, e.Cell), st.Explanation)
		}
		if b.cand[e.Cell]&dbit(e.Digit) == 0 {
			return fmt.Errorf("%s removes %d from %s, which is not a candidate", st.Technique, e.Digit, cellName(g, e.Cell))
		}
	}
	if st.Explanation == "" {
		return fmt.Errorf("%s: no explanation", st.Technique)
	}
	return nil
}

// checkStep is stepError for the test goroutine: it reports the error and
// whether the step was sound.
func checkStep(t *testing.T, g *geom, st *Step, sol []uint8, b *board) bool {
	t.Helper()
	if err := stepError(g, st, sol, b); err != nil {
		t.Error(err)
		return false
	}
	return true
}

// walkStride returns the stride through the rated sample: def, or the
// value of the environment variable env (LOGIC_WALK_STEPS=1 walks all
// 5,008 puzzles).
func walkStride(def int, env string) int {
	if n, err := strconv.Atoi(os.Getenv(env)); err == nil && n > 0 {
		return n
	}
	return def
}

// walk solves the puzzle step by step, checking every step; it returns the
// techniques used, or the first step that went wrong. It runs on worker
// goroutines: it reports to its caller rather than to t.
func walk(p ratedPuzzle) (map[string]int, error) {
	s, err := newSolver(p.grid, true, sudoku.Format{})
	if err != nil {
		return nil, err
	}
	if err := s.checkUnique(context.Background()); err != nil {
		return nil, err
	}
	used := map[string]int{}
	for s.b.empty > 0 {
		st, _ := s.next(0)
		if st == nil {
			return used, fmt.Errorf("%s: no step found", p.grid)
		}
		if err := stepError(s.b.g, st, s.sol, s.b); err != nil {
			return used, fmt.Errorf("%s: %w", p.grid, err)
		}
		used[st.Technique]++
		s.b.apply(st)
	}
	for c, v := range s.b.val {
		if v != s.sol[c] {
			return used, fmt.Errorf("%s: walk ended with %d in %s, solution %d", p.grid, v, cellName(s.b.g, c), s.sol[c])
		}
	}
	return used, nil
}

// TestStepsSound walks ~200 puzzles of se_rated_sample.txt step by step
// (thousands of steps, every technique of the ladder) and checks each
// step against the unique solution.
func TestStepsSound(t *testing.T) {
	step := 25
	if testing.Short() {
		step = 100
	}
	step = walkStride(step, "LOGIC_WALK_STEPS")
	ps := loadRated(t, step)
	var mu sync.Mutex
	total := map[string]int{}
	var errs []error
	var wg sync.WaitGroup
	next := make(chan ratedPuzzle)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range next {
				used, err := walk(p)
				mu.Lock()
				for k, v := range used {
					total[k] += v
				}
				if err != nil {
					errs = append(errs, err)
				}
				mu.Unlock()
			}
		}()
	}
	for _, p := range ps {
		next <- p
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		t.Error(err)
	}
	n := 0
	for _, v := range total {
		n += v
	}
	t.Logf("%d puzzles, %d steps checked: %v", len(ps), n, total)
}

// TestHintWalk follows the hints of Hint with the player's pencil marks
// kept up to date, checking every hint against the solution.
func TestHintWalk(t *testing.T) {
	step := 2
	if testing.Short() {
		step = 500
	}
	step = walkStride(step, "LOGIC_WALK_HINTS")
	ps := loadRated(t, step)
	ctx := context.Background()
	steps := 0
	for _, p := range ps {
		ref, _ := newSolver(p.grid, false, sudoku.Format{})
		if err := ref.checkUnique(ctx); err != nil {
			t.Fatal(err)
		}
		state := p.grid.Clone()
		b, _ := newBoard(ref.b.g, state.Cells)
		pencil := make([]uint64, len(state.Cells))
		for i := 0; ; i++ {
			for c := range pencil {
				pencil[c] = b.cand[c]
			}
			h, err := Hint(ctx, p.grid, state, pencil)
			if err != nil {
				t.Fatal(err)
			}
			if h.Solved {
				break
			}
			if h.Step == nil || len(h.Mistakes) > 0 || len(h.PencilMistakes) > 0 {
				t.Fatalf("unexpected hint %+v", h)
			}
			if !checkStep(t, b.g, h.Step, ref.sol, b) {
				break
			}
			b.apply(h.Step)
			copy(state.Cells, b.val)
			steps++
			if i > 1000 {
				t.Fatal("no progress")
			}
		}
	}
	t.Logf("%d puzzles, %d hints checked", len(ps), steps)
}

func TestHintMistakes(t *testing.T) {
	ps := loadRated(t, 1000)
	p := ps[0]
	s, _ := newSolver(p.grid, false, sudoku.Format{})
	if err := s.checkUnique(context.Background()); err != nil {
		t.Fatal(err)
	}
	state := p.grid.Clone()
	// Put a wrong digit in the first empty cell.
	wrong := -1
	for c, v := range state.Cells {
		if v == 0 {
			wrong = c
			state.Cells[c] = s.sol[c]%9 + 1
			break
		}
	}
	h, err := Hint(context.Background(), p.grid, state, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(h.Mistakes) != 1 || h.Mistakes[0] != wrong || h.Step == nil || h.Step.Technique != "Mistake" {
		t.Fatalf("hint = %+v, want the mistake at %d", h, wrong)
	}
	// Pencil marks that leave out the solution's digit.
	state = p.grid.Clone()
	pencil := make([]uint64, 81)
	for c := range pencil {
		pencil[c] = 0x1ff
	}
	pencil[wrong] = 0x1ff &^ dbit(int(s.sol[wrong]))
	h, err = Hint(context.Background(), p.grid, state, pencil)
	if err != nil {
		t.Fatal(err)
	}
	if len(h.PencilMistakes) != 1 || h.PencilMistakes[0] != wrong {
		t.Fatalf("hint = %+v, want a pencil mistake at %d", h, wrong)
	}
	// Full pencil marks: first clean them up.
	pencil[wrong] = 0x1ff
	h, err = Hint(context.Background(), p.grid, state, pencil)
	if err != nil {
		t.Fatal(err)
	}
	if h.Step == nil || h.Step.Technique != "Pencil Mark Cleanup" || len(h.Step.Eliminations) == 0 {
		t.Fatalf("hint = %+v, want a cleanup", h.Step)
	}
}
