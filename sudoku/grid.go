package sudoku

// Shape is the box shape of a grid: boxes of BoxRows×BoxCols cells, and a
// side of N = BoxRows·BoxCols cells. The zero Shape means 3×3 (standard 9x9).
type Shape struct {
	BoxRows, BoxCols int
}

// Standard is the shape of the classic 9x9 grid.
var Standard = Shape{3, 3}

func (s Shape) norm() Shape {
	if s.BoxRows == 0 && s.BoxCols == 0 {
		return Standard
	}
	return s
}

// N returns the side of the grid: the number of digits, rows and columns.
func (s Shape) N() int { s = s.norm(); return s.BoxRows * s.BoxCols }

// Cells returns the number of cells, N².
func (s Shape) Cells() int { n := s.N(); return n * n }

// Variant adds constraints to the standard rules as data: regions of N cells
// that must each hold every digit once, and the constraints of killer,
// chess and adjacency variants (cages, anti-knight, anti-king,
// non-consecutive, thermometers), which combine freely with each other and
// with the regions. A nil *Variant is standard Sudoku. See
// CheckConstraints for the rules the constraints must follow.
type Variant struct {
	// Name is the variant's name: "standard", "diagonal", "hyper",
	// "jigsaw", "disjoint", or a caller's own.
	Name string
	// Boxes, when not nil, replaces the boxes of the shape (jigsaw): N
	// regions of N cell indices each, partitioning the grid.
	Boxes [][]int
	// Extra lists further regions of N cells (cell indices, row-major),
	// each holding every digit exactly once.
	Extra [][]int
	// Cages are the killer cages: the digits of a cage's cells are
	// distinct and add up to its sum. A cell is in at most one cage.
	Cages []Cage
	// AntiKnight: no two cells a knight's move apart hold the same digit.
	AntiKnight bool
	// AntiKing: no two cells a king's move apart (diagonal neighbours
	// included) hold the same digit.
	AntiKing bool
	// NonConsecutive: orthogonal neighbours differ by more than 1, except
	// a pair with a kropki dot between them (Rules.Differences,
	// Rules.Ratios), which follows its dot: the negative constraint of
	// white dots.
	NonConsecutive bool
	// Thermos are thermometers, cell indices from the bulb: digits
	// strictly increase from the bulb along the path, each cell a king's
	// move from the one before.
	Thermos [][]int
	// Rules holds the other rules setters publish (arrows, kropki dots,
	// XV, little killers, lines, ...): see Rules and docs/variants.md.
	Rules
}

// Cage is a killer cage: cells (indices, row-major from 0) whose distinct
// digits add up to Sum. A Sum of 0 is a cage without a sum: its digits are
// distinct, nothing more.
type Cage struct {
	Sum   int   `json:"sum,omitempty"`
	Cells []int `json:"cells"`
}

// Constrained reports whether v has constraints besides regions: cages,
// anti-knight, anti-king, non-consecutive, thermometers or any of Rules.
// Code that knows only regions (the logic rater, the givens generator)
// refuses such variants.
func (v *Variant) Constrained() bool {
	return v != nil && (len(v.Cages) > 0 || v.AntiKnight || v.AntiKing || v.NonConsecutive || len(v.Thermos) > 0 || !v.Rules.empty())
}

// Grid is a Sudoku grid: cells in row-major order, 0 for a blank and 1..N
// for a digit.
type Grid struct {
	Shape   Shape
	Variant *Variant
	Cells   []uint8
}

// NewGrid returns an empty grid of the given shape and variant.
func NewGrid(s Shape, v *Variant) *Grid {
	s = s.norm()
	return &Grid{Shape: s, Variant: v, Cells: make([]uint8, s.Cells())}
}

// N returns the side of the grid.
func (g *Grid) N() int { return g.Shape.N() }

// Clone returns a deep copy of the cells (the variant is shared).
func (g *Grid) Clone() *Grid {
	c := *g
	c.Cells = append([]uint8(nil), g.Cells...)
	return &c
}

// IsStandard9 reports whether g is a standard 9x9 grid with no region
// and no constraint of a variant: the grids the fast solver takes (see
// AutoMethod).
func (g *Grid) IsStandard9() bool { return fastFits(g.Shape, g.Variant) }
