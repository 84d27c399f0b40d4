package grids

import (
	"math/big"
	"math/bits"
)

// u128 is an unsigned 128-bit number: the sums of products of band
// counts within one piece.
type u128 struct{ hi, lo uint64 }

// addMul returns a + x*y and false when that does not fit.
func (a u128) addMul(x, y uint64) (u128, bool) {
	hi, lo := bits.Mul64(x, y)
	var c uint64
	a.lo, c = bits.Add64(a.lo, lo, 0)
	a.hi, c = bits.Add64(a.hi, hi, c)
	return a, c == 0
}

// addMul128 returns a + x*y for a 128-bit x, and false when that does
// not fit.
func (a u128) addMul128(x u128, y uint64) (u128, bool) {
	hh, hl := bits.Mul64(x.hi, y)
	if hh != 0 {
		return a, false
	}
	lh, ll := bits.Mul64(x.lo, y)
	hi, c := bits.Add64(lh, hl, 0)
	if c != 0 {
		return a, false
	}
	a.lo, c = bits.Add64(a.lo, ll, 0)
	a.hi, c = bits.Add64(a.hi, hi, c)
	return a, c == 0
}

// big returns a as a big.Int.
func (a u128) big() *big.Int {
	z := new(big.Int).SetUint64(a.hi)
	z.Lsh(z, 64)
	return z.Or(z, new(big.Int).SetUint64(a.lo))
}
