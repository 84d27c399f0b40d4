package count

import (
	"math/bits"

	"github.com/dlxkit/dlx/internal/solver/bandword"
)

// bandPeers[i] are the cells of a band that share a row, a column or a
// box with cell i of the band (i included).
var bandPeers = func() (p [27]uint32) {
	for i := range 27 {
		r, c := i/9, i%9
		p[i] = 0x1FF<<(9*r) | (1<<c)*bandword.Spread | (7<<(3*(c/3)))*bandword.Spread
	}
	return
}()

// bandCount counts the ways to give each cell of free (a set of cells of
// one band) one of its candidates (w[d] & free holds the cells where
// digit d+1 may go) so that no two cells of a row, column or box of the
// band get the same digit. When each unit's free cells have candidates
// only among the digits the unit lacks (as they do when the placed
// digits are taken out of their peers' candidates), that count depends
// on the candidates alone (and not on which digit has which).
func bandCount(w *[9]uint32, free uint32) uint64 {
	if free == 0 {
		return 1
	}
	one, two, three := candidateCounts(w, free)
	if one&free != free {
		return 0
	}
	var x uint32
	if s := free &^ two; s != 0 {
		x = s & -s
	} else if s := free & two &^ three; s != 0 {
		x = s & -s
	} else {
		x = free & -free
	}
	seen := bandPeers[bits.TrailingZeros32(x)]
	var total uint64
	for d := range 9 {
		old := w[d]
		if old&x == 0 {
			continue
		}
		w[d] = old &^ seen
		total += bandCount(w, free&^x)
		w[d] = old
	}
	return total
}

// bandKey returns the memo key of the band whose free cells have the
// candidates w, and the candidates sorted (as bandCount takes them).
func bandKey(w *[9]uint32, free uint32) (key [4]uint64, k [9]uint32) {
	for d := range 9 {
		k[d] = w[d] & free
	}
	sort9(&k)
	// Nine 27-bit words in 256 bits: two in each of the four words,
	// the ninth spread over the top ten bits of three.
	key = [4]uint64{
		uint64(k[0]) | uint64(k[1])<<27 | uint64(k[8]&0x3FF)<<54,
		uint64(k[2]) | uint64(k[3])<<27 | uint64(k[8]>>10&0x3FF)<<54,
		uint64(k[4]) | uint64(k[5])<<27 | uint64(k[8]>>20)<<54,
		uint64(k[6]) | uint64(k[7])<<27,
	}
	return key, k
}

// sort9 sorts w in increasing order (the count of a band does not depend
// on which digit has which cells).
func sort9(w *[9]uint32) {
	for i := 1; i < 9; i++ {
		v := w[i]
		j := i
		for j > 0 && w[j-1] > v {
			w[j] = w[j-1]
			j--
		}
		w[j] = v
	}
}

// candidateCounts returns the cells of free with at least one, two and
// three candidates among the nine digit words w.
func candidateCounts(w *[9]uint32, free uint32) (one, two, three uint32) {
	for d := range 9 {
		x := w[d] & free
		three |= two & x
		two |= one & x
		one |= x
	}
	return one, two, three
}
