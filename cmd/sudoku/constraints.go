package main

import (
	"fmt"
	"os"
	"sync"

	"github.com/dlxkit/dlx/sudoku"
)

// constraintSet is the -constraints file: constraints added to every
// puzzle, combined with each puzzle's own variant.
type constraintSet struct {
	path string
	c    *sudoku.Variant
	mu   sync.Mutex
	// made caches the combined variant per base variant and side, so
	// that puzzles of one kind share one variant (and one matrix in each
	// worker's solver).
	made map[constraintKey]*sudoku.Variant
}

type constraintKey struct {
	base *sudoku.Variant
	n    int
}

// maxMade bounds the cache: puzzles read as JSON objects with regions
// each bring their own variant.
const maxMade = 64

func readConstraints(path string) (*constraintSet, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	c, err := sudoku.ParseConstraints(data)
	if err != nil {
		return nil, fmt.Errorf("-constraints %s: %w", path, err)
	}
	return &constraintSet{path: path, c: c, made: map[constraintKey]*sudoku.Variant{}}, nil
}

// add returns g's variant with the constraints added, or an error when
// they do not fit g (a cell outside the grid, a sum its digits cannot
// reach, a cage overlapping one of the puzzle's own).
func (cs *constraintSet) add(g *sudoku.Grid) (*sudoku.Variant, error) {
	k := constraintKey{g.Variant, g.N()}
	cs.mu.Lock()
	defer cs.mu.Unlock()
	if v, ok := cs.made[k]; ok {
		return v, nil
	}
	v := sudoku.WithConstraints(g.Variant, cs.c)
	if err := sudoku.CheckConstraints(k.n, v); err != nil {
		return nil, fmt.Errorf("-constraints %s: %w", cs.path, err)
	}
	if len(cs.made) < maxMade {
		cs.made[k] = v
	}
	return v, nil
}
