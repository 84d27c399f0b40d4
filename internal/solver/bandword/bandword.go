// Package bandword holds the layout of the candidate words of a standard
// 9x9 Sudoku grid by band, the lookup tables that work on them, and the
// candidate state with its propagation (singles, locked candidates),
// shared by the fast solver (internal/solver/bitboard) and the band counter
// (internal/solver/count). Each of those keeps its own search loop and guess.
package bandword

import "math/bits"

// Layout. A digit's candidates are three 27-bit band words: band b holds
// rows 3b..3b+2, row r of the band in bits 9r..9r+8, column c at bit c of
// its row. Cell i (row-major) is therefore bit i-27b of band b = i/27.

const (
	// All is the band word with all 27 cells.
	All = 1<<27 - 1
	// Spread copies a 9-bit column set into the three rows of a band.
	Spread = 1 | 1<<9 | 1<<18
)

var (
	// RowBoxes[512r+x] is the set of boxes (bit k for columns 3k..3k+2)
	// that the 9-bit row x touches, shifted to row r of a box matrix
	// (bits 3r..3r+2): a table per row, so that BoxMatrix does not shift
	// what it reads, in one array (the offsets go into the loads'
	// addresses; with [3][512] each table's address is an instruction more).
	RowBoxes [3 * 512]uint16
	// MatchCells[m] takes the 3x3 row-by-box presence matrix m of one
	// digit in one band (bit 3r+k: row r of the band has a candidate in
	// box k) and returns the cells of the pairs (r, k) that belong to some
	// perfect matching of rows to boxes: each row and each box of a band
	// holds the digit exactly once, in three different boxes and rows. It
	// is 0 when no matching exists. This is locked candidates (pointing and
	// claiming) inside the band, and more.
	MatchCells [512]uint32
	// MatchStack[512k+m] is the pairs of the 3x3 matrix m that belong to
	// some perfect matching (as MatchCells keeps them) with row r in bits
	// 9r+3k..9r+3k+2: for the column-by-band matrix m of stack k (bit 3b+j: band
	// b has the digit in column 3k+j), the columns each band keeps, in
	// the layout of three 9-bit column sets (band b in bits 9b..9b+8).
	// A table per stack in one array, as RowBoxes. See stacks.
	MatchStack [3 * 512]uint32
	// Reach[m] takes a row-by-box matrix m (as BoxMatrix gives) and
	// returns the cells of the band in the rows and boxes it touches.
	Reach [512]uint32
	// Distinct[m] is the number of rows m touches, times 0x11 when m
	// touches as many boxes, else 0: cells that share no row or box of a
	// band touch as many rows and boxes as they are.
	Distinct [512]uint8
	// Lone[512r+x] is x in row r of a band word (x<<9r) when the 9-bit
	// row x has exactly one bit, else 0: a table per row, so that
	// LoneRows does not shift what it reads, in one array (as RowBoxes).
	Lone [3 * 512]uint32
	// LoneCols[512r+x] is Lone[512r+x] (bits 0-26) with what the light
	// rules check (see digit): bits 27-29 the boxes row x touches (bit
	// 27+k: columns 3k..3k+2), bit 31 when x is empty, bits 32-40 the
	// columns, x itself; bit 30 is 0. A table of its own, so that the
	// full rules keep reading Lone's 32-bit entries.
	LoneCols [3 * 512]uint64
	// ByteBits[x] has byte i set to 1 when bit i of x is set.
	ByteBits [256]uint64
	// Peers[i] are the cells that see cell i (not i itself), per band.
	Peers [81][3]uint32
	// PeersAt is Peers indexed by bit position: PeersAt[t] for bit t of
	// bands 0 and 1 in one 64-bit word (band 1 in the high half), and
	// PeersAt[64+t] for bit t of band 2 (see placeCells).
	PeersAt [97][3]uint32
)

func init() {
	for x := range 256 {
		for i := range 8 {
			if x>>i&1 != 0 {
				ByteBits[x] |= 1 << (8 * i)
			}
		}
	}
	for x := range 512 {
		if x != 0 && x&(x-1) == 0 {
			Lone[x], Lone[512+x], Lone[1024+x] = uint32(x), uint32(x)<<9, uint32(x)<<18
		}
		units := uint64(x)<<32 | 1<<31 // columns; empty row
		for k := range 3 {
			if x>>(3*k)&7 != 0 {
				RowBoxes[x] |= 1 << k
				RowBoxes[512+x] |= 1 << (3 + k)
				RowBoxes[1024+x] |= 1 << (6 + k)
				units |= 1 << (27 + k)
			}
		}
		if x != 0 {
			units &^= 1 << 31
		}
		LoneCols[x] = uint64(Lone[x]) | units
		LoneCols[512+x] = uint64(Lone[512+x]) | units
		LoneCols[1024+x] = uint64(Lone[1024+x]) | units
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
		ms := uint32(keep&7) | uint32(keep>>3&7)<<9 | uint32(keep>>6&7)<<18
		MatchStack[m], MatchStack[512+m], MatchStack[1024+m] = ms, ms<<3, ms<<6
		var cells uint32
		for r := range 3 {
			for k := range 3 {
				if keep>>(3*r+k)&1 != 0 {
					cells |= 7 << (9*r + 3*k)
				}
			}
		}
		MatchCells[m] = cells
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
				Reach[m] |= 0x1FF << (9 * r)
			}
			if boxes>>r&1 != 0 {
				Reach[m] |= 7 << (3 * r) * Spread
			}
		}
		if nr := bits.OnesCount32(rows); nr == bits.OnesCount32(boxes) {
			Distinct[m] = uint8(nr * 0x11)
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
				Peers[i][j/27] |= 1 << (j % 27)
			}
		}
		PeersAt[i+i/27*5] = Peers[i] // bit 0 of band b at 32*b
	}
}

// BoxMatrix returns the row-by-box presence matrix of band word w.
func BoxMatrix(w uint32) uint32 {
	return (uint32(RowBoxes[w&0x1FF]) | uint32(RowBoxes[512+int(w>>9&0x1FF)]) | uint32(RowBoxes[1024+int(w>>18&0x1FF)])) & 0x1FF
}

// Fold returns the columns (9 bits) that band word w touches.
func Fold(w uint32) uint32 {
	return (w | w>>9 | w>>18) & 0x1FF
}

// LoneRows returns the cells of band word w that are alone in their row.
func LoneRows(w uint32) uint32 {
	return Lone[w&0x1FF] | Lone[512+int(w>>9&0x1FF)] | Lone[1024+int(w>>18&0x1FF)]
}

// LoneUnits returns LoneRows(w) in bits 0-26, and above them the boxes w
// touches (bits 27-29), bit 31 when a row of w is empty, and the columns
// of w (bits 32-40): see LoneCols.
func LoneUnits(w uint32) uint64 {
	return LoneCols[w&0x1FF] | LoneCols[512+int(w>>9&0x1FF)] | LoneCols[1024+int(w>>18&0x1FF)]
}
