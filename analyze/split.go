package analyze

import (
	"context"
	"errors"
	"math/bits"

	"github.com/dlxkit/dlx/sudoku"
)

// splitLimit is the count above which a grid is counted in parts, and
// splitDepth the number of cells with several candidates the parts fix.
const (
	splitLimit = 1 << 14
	splitDepth = 6
)

// countAll counts every solution of g with c. The default counter on a
// standard 9x9 grid counts it in one call, since it looks at ctx as it
// runs. With any other counter, a grid with splitLimit solutions or more
// is counted in parts: each digit in turn in the blank cell with the
// fewest candidates (cells with one are filled on the way), to splitDepth
// levels, so that ctx is looked at between parts (a counter may not look
// at it while it runs: sudoku.Solver's fast 9x9 count does not). On the
// pairs of a 17-clue puzzle (4 million solutions each) the longest part
// took under half a second with sudoku.Solver and the whole about as
// long as one call. Parts whose givens clash count zero.
// g is restored before it returns.
func countAll(ctx context.Context, c Counter, g *sudoku.Grid) (int, error) {
	if b, ok := c.(*bandCounter); ok && b.handles(g) {
		// It looks at ctx as it counts: no parts needed.
		return countPart(ctx, c, g, -1)
	}
	n, err := countPart(ctx, c, g, splitLimit)
	if err != nil || n < splitLimit {
		return n, err
	}
	return countSplit(ctx, c, g, splitDepth)
}

func countPart(ctx context.Context, c Counter, g *sudoku.Grid, limit int) (int, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	n, err := c.Count(ctx, g, limit)
	var ie *sudoku.InvalidError
	if errors.As(err, &ie) {
		return 0, nil
	}
	return n, err
}

// countSplit counts the solutions of g as the sum over the candidates of
// one cell, depth levels down; cells with a single candidate are filled
// without using up depth.
func countSplit(ctx context.Context, c Counter, g *sudoku.Grid, depth int) (int, error) {
	var forced []int
	defer func() {
		for _, i := range forced {
			g.Cells[i] = 0
		}
	}()
	for {
		cell, cands := fewestCandidates(g)
		if cell < 0 || depth == 0 {
			return countPart(ctx, c, g, -1)
		}
		switch bits.OnesCount64(cands) {
		case 0:
			return 0, nil
		case 1:
			g.Cells[cell] = uint8(bits.TrailingZeros64(cands))
			forced = append(forced, cell)
			continue
		}
		total := 0
		for ; cands != 0; cands &= cands - 1 {
			g.Cells[cell] = uint8(bits.TrailingZeros64(cands))
			n, err := countSplit(ctx, c, g, depth-1)
			total += n
			if err != nil {
				g.Cells[cell] = 0
				return total, err
			}
		}
		g.Cells[cell] = 0
		return total, nil
	}
}

// fewestCandidates returns the blank cell of g with the fewest digits not
// seen in its row, column and box (bit d for digit d), or -1 when there is
// no blank. Extra regions of a variant are not looked at.
func fewestCandidates(g *sudoku.Grid) (int, uint64) {
	n := g.N()
	br, bc := g.Shape.BoxRows, g.Shape.BoxCols
	if br == 0 && bc == 0 {
		br, bc = 3, 3
	}
	if n < 1 || n > 63 || br*bc != n || len(g.Cells) != n*n {
		return -1, 0
	}
	var rows, cols, boxes [64]uint64
	for i, d := range g.Cells {
		if d == 0 {
			continue
		}
		r, c := i/n, i%n
		b := uint64(1) << d
		rows[r] |= b
		cols[c] |= b
		boxes[r/br*br+c/bc] |= b
	}
	all := (uint64(1)<<(n+1) - 1) &^ 1
	best, bestN := -1, n+1
	var bestMask uint64
	for i, d := range g.Cells {
		if d != 0 {
			continue
		}
		r, c := i/n, i%n
		m := all &^ (rows[r] | cols[c] | boxes[r/br*br+c/bc])
		if k := bits.OnesCount64(m); k < bestN {
			best, bestN, bestMask = i, k, m
		}
	}
	return best, bestMask
}
