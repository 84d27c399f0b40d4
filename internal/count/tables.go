package count

import "math/bits"

// The tables of internal/bitboard, copied. Layout: a digit's candidates
// are three 27-bit band words: band b holds rows 3b..3b+2, row r of the
// band in bits 9r..9r+8, column c at bit c of its row. Cell i (row-major)
// is therefore bit i-27b of band b = i/27.

const (
	bandAll = 1<<27 - 1
	// spread copies a 9-bit column set into the three rows of a band.
	spread = 1 | 1<<9 | 1<<18
)

var (
	// rowBoxes[x] is the set of boxes (bit k for columns 3k..3k+2) that
	// the 9-bit row x touches.
	rowBoxes [512]uint8
	// matchCells[m] takes the 3x3 row-by-box presence matrix m of one
	// digit in one band (bit 3r+k: row r of the band has a candidate in
	// box k) and returns the cells of the pairs (r, k) that belong to some
	// perfect matching of rows to boxes: each row and each box of a band
	// holds the digit exactly once, in three different boxes and rows. It
	// is 0 when no matching exists. This is locked candidates (pointing and
	// claiming) inside the band, and more.
	matchCells [512]uint32
	// matchPairs[m] is the same as matchCells as a 9-bit matrix.
	matchPairs [512]uint16
	// reach[m] takes a row-by-box matrix m (as boxMatrix gives) and
	// returns the cells of the band in the rows and boxes it touches.
	reach [512]uint32
	// distinct[m] is the number of rows m touches, times 0x11 when m
	// touches as many boxes, else 0: cells that share no row or box of a
	// band touch as many rows and boxes as they are.
	distinct [512]uint8
	// lone[x] is x when the 9-bit row x has exactly one bit, else 0.
	lone [512]uint16
	// peers[i] are the cells that see cell i (not i itself), per band.
	peers [81][3]uint32
)

func init() {
	for x := range 512 {
		if x != 0 && x&(x-1) == 0 {
			lone[x] = uint16(x)
		}
		for k := range 3 {
			if x>>(3*k)&7 != 0 {
				rowBoxes[x] |= 1 << k
			}
		}
	}
	perms := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	for m := range 512 {
		var keep uint16
		for _, p := range perms {
			var pm uint16
			for r, k := range p {
				pm |= 1 << (3*r + k)
			}
			if uint16(m)&pm == pm {
				keep |= pm
			}
		}
		matchPairs[m] = keep
		var cells uint32
		for r := range 3 {
			for k := range 3 {
				if keep>>(3*r+k)&1 != 0 {
					cells |= 7 << (9*r + 3*k)
				}
			}
		}
		matchCells[m] = cells
		var rows, boxes uint32
		for r := range 3 {
			for k := range 3 {
				if m>>(3*r+k)&1 != 0 {
					rows |= 1 << r
					boxes |= 1 << k
				}
			}
		}
		for r := range 3 {
			if rows>>r&1 != 0 {
				reach[m] |= 0x1FF << (9 * r)
			}
			if boxes>>r&1 != 0 {
				reach[m] |= 7 << (3 * r) * spread
			}
		}
		if nr := bits.OnesCount32(rows); nr == bits.OnesCount32(boxes) {
			distinct[m] = uint8(nr * 0x11)
		}
	}
	for i := range 81 {
		r, c := i/9, i%9
		for j := range 81 {
			if j == i {
				continue
			}
			rj, cj := j/9, j%9
			if rj == r || cj == c || (rj/3 == r/3 && cj/3 == c/3) {
				peers[i][j/27] |= 1 << (j % 27)
			}
		}
	}
}

// boxMatrix returns the row-by-box presence matrix of band word w.
func boxMatrix(w uint32) uint32 {
	return uint32(rowBoxes[w&0x1FF]) | uint32(rowBoxes[w>>9&0x1FF])<<3 | uint32(rowBoxes[w>>18&0x1FF])<<6
}

// fold returns the columns (9 bits) that band word w touches.
func fold(w uint32) uint32 {
	return (w | w>>9 | w>>18) & 0x1FF
}

// loneRows returns the cells of band word w that are alone in their row.
func loneRows(w uint32) uint32 {
	return uint32(lone[w&0x1FF]) | uint32(lone[w>>9&0x1FF])<<9 | uint32(lone[w>>18&0x1FF])<<18
}
