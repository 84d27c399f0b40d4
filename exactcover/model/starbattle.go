package model

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"

	"github.com/dlxkit/dlx/exactcover"
)

// MaxStarBattle is the largest board StarBattle accepts.
const MaxStarBattle = 100

// StarBattle returns the Star Battle problem on an n×n board: place k
// stars in every row, every column and (when regions is not nil) every
// region, no two stars touching, not even diagonally. It is an exact
// cover problem with multiplicities (see exactcover.Problem.AddItemBounds).
//
// regions, when not nil, gives the region (0 to n-1) of each cell, row by
// row; every region must have a cell. The primary items are the rows
// r0, r1, ..., the columns c0, c1, ... and the regions g0, g1, ..., each to
// be covered k times ("k|r0" in Knuth's format); the secondary items are
// the 2×2 blocks qI_J (top left cell at row I, column J), each holding at
// most one star, which is what keeps stars from touching. The option of
// the cell on row i and column j is "rI cJ gR" and the blocks that hold
// the cell, for i and then j increasing. Without regions this is the
// problem of Knuth's star2_N files (k = 2) in the shared instances.
func StarBattle(n, k int, regions []int) (*exactcover.Problem, error) {
	if n < 1 || n > MaxStarBattle {
		return nil, fmt.Errorf("starbattle: board size %d out of range 1 to %d", n, MaxStarBattle)
	}
	if k < 1 || k > n {
		return nil, fmt.Errorf("starbattle: %d stars per line out of range 1 to %d", k, n)
	}
	if regions != nil {
		if len(regions) != n*n {
			return nil, fmt.Errorf("starbattle: %d region cells for a %dx%d board", len(regions), n, n)
		}
		seen := make([]bool, n)
		for i, g := range regions {
			if g < 0 || g >= n {
				return nil, fmt.Errorf("starbattle: cell %d is in region %d, not 0 to %d", i, g, n-1)
			}
			seen[g] = true
		}
		for g, ok := range seen {
			if !ok {
				return nil, fmt.Errorf("starbattle: region %d has no cell", g)
			}
		}
	}
	p := exactcover.NewProblem()
	add := func(prefix string, bound int) ([]int, error) {
		ids := make([]int, n)
		for i := range n {
			var err error
			if ids[i], err = p.AddItemBounds(prefix+strconv.Itoa(i), bound, bound); err != nil {
				return nil, err
			}
		}
		return ids, nil
	}
	rows, err := add("r", k)
	if err != nil {
		return nil, err
	}
	cols, err := add("c", k)
	if err != nil {
		return nil, err
	}
	var regs []int
	if regions != nil {
		if regs, err = add("g", k); err != nil {
			return nil, err
		}
	}
	m := max(n-1, 0) // blocks per side
	block := make([]int, m*m)
	for i := range m {
		for j := range m {
			if block[i*m+j], err = p.AddItem(fmt.Sprintf("q%d_%d", i, j), true); err != nil {
				return nil, err
			}
		}
	}
	items := make([]int, 0, 7)
	for i := range n {
		for j := range n {
			items = append(items[:0], rows[i], cols[j])
			if regions != nil {
				items = append(items, regs[regions[i*n+j]])
			}
			for a := i - 1; a <= i; a++ {
				for b := j - 1; b <= j; b++ {
					if a >= 0 && a < m && b >= 0 && b < m {
						items = append(items, block[a*m+b])
					}
				}
			}
			if _, err := p.AddOptionIndex(items, nil); err != nil {
				return nil, err
			}
		}
	}
	return p, nil
}

// ErrRegions is wrapped by the errors of ReadRegions.
var ErrRegions = errors.New("invalid regions")

// ReadRegions reads the regions of a Star Battle board: n lines of n
// cells, each cell one character naming its region (spaces between cells
// are allowed; blank lines and lines starting with '#' or '|' are
// skipped). There must be n different names. It returns n and the region
// of each cell, row by row, the regions numbered 0, 1, ... in order of
// first appearance. Errors name the line and wrap ErrRegions.
func ReadRegions(r io.Reader) (n int, regions []int, err error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	index := map[rune]int{}
	line, rowsRead, firstLine := 0, 0, 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || text[0] == '#' || text[0] == '|' {
			continue
		}
		var row []int
		for _, c := range text {
			if unicode.IsSpace(c) {
				continue
			}
			g, ok := index[c]
			if !ok {
				g = len(index)
				index[c] = g
			}
			row = append(row, g)
		}
		if rowsRead == 0 {
			n, firstLine = len(row), line
			if n > MaxStarBattle {
				return 0, nil, fmt.Errorf("line %d: %d cells, more than %d: %w", line, n, MaxStarBattle, ErrRegions)
			}
		} else if len(row) != n {
			return 0, nil, fmt.Errorf("line %d: %d cells, but line %d has %d: %w", line, len(row), firstLine, n, ErrRegions)
		}
		if rowsRead == n {
			return 0, nil, fmt.Errorf("line %d: more than %d rows of %d cells: %w", line, n, n, ErrRegions)
		}
		rowsRead++
		regions = append(regions, row...)
	}
	if err := sc.Err(); err != nil {
		return 0, nil, fmt.Errorf("line %d: %w", line+1, err)
	}
	if rowsRead == 0 {
		return 0, nil, fmt.Errorf("no rows: %w", ErrRegions)
	}
	if rowsRead < n {
		return 0, nil, fmt.Errorf("%d rows of %d cells, want %d rows: %w", rowsRead, n, n, ErrRegions)
	}
	if len(index) != n {
		return 0, nil, fmt.Errorf("%d region names on a %dx%d board, want %d: %w", len(index), n, n, n, ErrRegions)
	}
	return n, regions, nil
}
