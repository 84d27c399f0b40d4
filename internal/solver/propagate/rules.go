package propagate

// This file builds the usual variant rules out of the model's
// constraints. Cells are row-major indices on a grid of side n.

// Rows returns the n rows of a grid of side n.
func Rows(n int) [][]int {
	out := make([][]int, n)
	for r := range n {
		for c := range n {
			out[r] = append(out[r], r*n+c)
		}
	}
	return out
}

// Columns returns the n columns of a grid of side n.
func Columns(n int) [][]int {
	out := make([][]int, n)
	for c := range n {
		for r := range n {
			out[c] = append(out[c], r*n+c)
		}
	}
	return out
}

// Boxes returns the boxes of boxRows x boxCols cells of a grid of side
// n = boxRows*boxCols, in reading order, each box's cells in reading
// order.
func Boxes(n, boxRows, boxCols int) [][]int {
	var out [][]int
	for br := 0; br < n; br += boxRows {
		for bc := 0; bc < n; bc += boxCols {
			var box []int
			for r := br; r < br+boxRows; r++ {
				for c := bc; c < bc+boxCols; c++ {
					box = append(box, r*n+c)
				}
			}
			out = append(out, box)
		}
	}
	return out
}

// Regions groups the cells by region: region[c] is the region number of
// cell c (0 to k-1); regions keep their cells in reading order.
func Regions(region []int) [][]int {
	var out [][]int
	for c, r := range region {
		for len(out) <= r {
			out = append(out, nil)
		}
		if r >= 0 {
			out[r] = append(out[r], c)
		}
	}
	return out
}

// pairsAt returns the pairs of cells (each once) whose offsets are among
// steps (dr, dc).
func pairsAt(n int, steps [][2]int) [][2]int {
	var out [][2]int
	for a := range n * n {
		r, c := a/n, a%n
		for _, st := range steps {
			r2, c2 := r+st[0], c+st[1]
			if r2 < 0 || r2 >= n || c2 < 0 || c2 >= n {
				continue
			}
			b := r2*n + c2
			if a < b {
				out = append(out, [2]int{a, b})
			}
		}
	}
	return out
}

// KnightPairs returns the pairs of cells a chess knight's move apart.
func KnightPairs(n int) [][2]int {
	return pairsAt(n, [][2]int{{1, 2}, {2, 1}, {1, -2}, {2, -1}, {-1, 2}, {-2, 1}, {-1, -2}, {-2, -1}})
}

// KingPairs returns the pairs of cells a king's move apart (diagonal
// neighbours included).
func KingPairs(n int) [][2]int {
	return pairsAt(n, [][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}, {0, -1}, {-1, 0}, {-1, -1}, {-1, 1}})
}

// OrthogonalPairs returns the pairs of orthogonally adjacent cells.
func OrthogonalPairs(n int) [][2]int {
	return pairsAt(n, [][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}})
}

// Pairs returns a Pair with rel for each of pairs.
func Pairs(pairs [][2]int, rel Relation) []Constraint {
	out := make([]Constraint, 0, len(pairs))
	for _, p := range pairs {
		out = append(out, Pair{A: p[0], B: p[1], Rel: rel})
	}
	return out
}

// chain returns rel between each cell of a line and the next.
func chain(cells []int, rel Relation) []Constraint {
	var out []Constraint
	for i := 1; i < len(cells); i++ {
		out = append(out, Pair{A: cells[i-1], B: cells[i], Rel: rel})
	}
	return out
}

// Thermometer: digits strictly increase from the bulb (cells[0]) along
// the line.
func Thermometer(cells []int) []Constraint { return chain(cells, Less) }

// SlowThermometer: digits never decrease from the bulb along the line.
func SlowThermometer(cells []int) []Constraint { return chain(cells, LessOrEqual) }

// Whispers: neighbours on the line differ by at least k (German whispers:
// k = 5 on 9x9).
func Whispers(cells []int, k int) []Constraint { return chain(cells, AtLeastApart(k)) }

// Palindrome: the line reads the same both ways.
func Palindrome(cells []int) []Constraint {
	var out []Constraint
	for i, j := 0, len(cells)-1; i < j; i, j = i+1, j-1 {
		out = append(out, Pair{A: cells[i], B: cells[j], Rel: Equal})
	}
	return out
}

// Clone: a[i] and b[i] hold the same digit for every i (len(a) ==
// len(b)).
func Clone(a, b []int) []Constraint {
	var out []Constraint
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			out = append(out, Pair{A: a[i], B: b[i], Rel: Equal})
		}
	}
	return out
}

// EntropicGroups returns the three digit groups of entropic lines on a
// grid of side n: low, middle and high digits, of sizes s, l, s when
// n%3 == 1 and l, s, l otherwise (s = n/3, l = (n+2)/3): 1-3, 4-6, 7-9 on
// 9x9, 1-2, 3-4, 5-6 on 6x6.
func EntropicGroups(n int) [3]Digits {
	s, l := n/3, (n+2)/3
	sizes := [3]int{l, s, l}
	if n%3 == 1 {
		sizes = [3]int{s, l, s}
	}
	var out [3]Digits
	d := 1
	for g, size := range sizes {
		for range size {
			out[g] |= DigitSet(d)
			d++
		}
	}
	return out
}

// Entropic: any three consecutive cells of the line hold one digit of
// each entropic group; equivalently, two cells of the line are in the
// same group exactly when their distance along it is a multiple of 3
// (which also binds the two cells of a two-cell line to different
// groups).
func Entropic(cells []int, n int) []Constraint {
	groups := EntropicGroups(n)
	group := func(d int) int {
		for g, m := range groups {
			if m.Has(d) {
				return g
			}
		}
		return -1
	}
	same := NewRelation(func(a, b int) bool { return group(a) == group(b) })
	var out []Constraint
	for i := range cells {
		for j := i + 1; j < len(cells); j++ {
			rel := same
			if (j-i)%3 != 0 {
				rel = same.Not()
			}
			out = append(out, Pair{A: cells[i], B: cells[j], Rel: rel})
		}
	}
	return out
}

// Zipper: digits equidistant from the centre of the line add up to the
// same total; on a line of odd length that total is the centre's digit.
func Zipper(cells []int) EqualSums {
	var z EqualSums
	for i, j := 0, len(cells)-1; i <= j; i, j = i+1, j-1 {
		if i == j {
			z.Groups = append(z.Groups, []int{cells[i]})
		} else {
			z.Groups = append(z.Groups, []int{cells[i], cells[j]})
		}
	}
	return z
}

// RegionSumLine: the line is cut into segments, each a maximal run of
// consecutive cells of the same region (region[c] is cell c's region);
// every segment adds up to the same total.
func RegionSumLine(cells []int, region []int) EqualSums {
	var e EqualSums
	for i, c := range cells {
		if i == 0 || region[c] != region[cells[i-1]] {
			e.Groups = append(e.Groups, nil)
		}
		g := len(e.Groups) - 1
		e.Groups[g] = append(e.Groups[g], c)
	}
	return e
}

// Arrow: the digits of the circle (one to three cells, read as a number
// by writing their digits one after the other) equal the sum of the
// shaft's digits. On grids up to 9x9, or with a one-cell circle, it is an
// EqualSums (circle weights 100, 10, 1); otherwise digits above 9 make
// the circle's number a concatenation, and it is a Predicate.
func Arrow(circle, shaft []int, n int) Constraint {
	if n <= 9 || len(circle) == 1 {
		w := make([]int, len(circle))
		p := 1
		for i := len(circle) - 1; i >= 0; i-- {
			w[i] = p
			p *= 10
		}
		return EqualSums{Groups: [][]int{circle, shaft}, Weights: [][]int{w, nil}}
	}
	k := len(circle)
	cells := append(append([]int(nil), circle...), shaft...)
	return Predicate{Name: "arrow", Cells: cells, Check: func(d []int) bool {
		num := 0
		for _, x := range d[:k] {
			num = num*pow10(x) + x
		}
		sum := 0
		for _, x := range d[k:] {
			sum += x
		}
		return num == sum
	}}
}

// pow10 returns the power of ten that shifts a number left by the
// decimal digits of x (1 to 16).
func pow10(x int) int {
	if x < 10 {
		return 10
	}
	return 100
}

// Quadruple: each of digits appears among cells at least as many times as
// it is listed.
func Quadruple(cells []int, digits []int) []Constraint {
	times := map[int]int{}
	var order []int
	for _, d := range digits {
		if times[d] == 0 {
			order = append(order, d)
		}
		times[d]++
	}
	var out []Constraint
	for _, d := range order {
		out = append(out, Count{Cells: cells, Set: DigitSet(d), Min: times[d]})
	}
	return out
}

// RowIndexer: cell (r, c) of a row-indexing cell holding digit d means
// that cell (d, c) (1-based row d) holds r+1: the digit tells in which row
// of its column the digit r+1 stands.
func RowIndexer(cell, n int) []Constraint {
	r, c := cell/n, cell%n
	var out []Constraint
	for d := 1; d <= n; d++ {
		target := (d-1)*n + c
		if target != cell {
			out = append(out, Pair{A: cell, B: target, Rel: Iff(d, r+1)})
		}
	}
	return out
}

// ColumnIndexer: cell (r, c) holding digit d means that cell (r, d)
// (1-based column d) holds c+1.
func ColumnIndexer(cell, n int) []Constraint {
	r, c := cell/n, cell%n
	var out []Constraint
	for d := 1; d <= n; d++ {
		target := r*n + d - 1
		if target != cell {
			out = append(out, Pair{A: cell, B: target, Rel: Iff(d, c+1)})
		}
	}
	return out
}

// BoxIndexer: the cell at position p (from 0, in the box's listed order)
// of its box holding digit d means that the box's cell at position d-1
// holds p+1.
func BoxIndexer(cell int, box []int) []Constraint {
	p := -1
	for i, c := range box {
		if c == cell {
			p = i
		}
	}
	if p < 0 {
		return nil
	}
	var out []Constraint
	for d := 1; d <= len(box); d++ {
		if box[d-1] != cell {
			out = append(out, Pair{A: cell, B: box[d-1], Rel: Iff(d, p+1)})
		}
	}
	return out
}
