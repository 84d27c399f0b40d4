package generate

import "github.com/dlxkit/dlx/sudoku"

// newCounter returns the fastest counter for the shape and variant.
func newCounter(gm *geom, shape sudoku.Shape, v *sudoku.Variant, s *search) counter {
	return searchCounter{s}
}
