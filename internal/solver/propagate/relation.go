package propagate

import "math/bits"

// The relations below are the tables of the usual pair rules. Each is a
// plain value: Not, Swap and And combine them.

// Less is a < b (thermometer steps, minimum and maximum cells).
var Less = NewRelation(func(a, b int) bool { return a < b })

// LessOrEqual is a <= b (slow thermometer steps).
var LessOrEqual = NewRelation(func(a, b int) bool { return a <= b })

// Equal is a == b (clones, palindromes).
var Equal = NewRelation(func(a, b int) bool { return a == b })

// NotEqual is a != b (anti-knight, anti-king, any two cells that may not
// repeat a digit). The engine treats it as a Distinct of two cells.
var NotEqual = NewRelation(func(a, b int) bool { return a != b })

// Differ is |a - b| == k (a white kropki dot: k = 1 by default).
func Differ(k int) Relation {
	return NewRelation(func(a, b int) bool { return a-b == k || b-a == k })
}

// Ratio is a == k*b or b == k*a (a black kropki dot: k = 2 by default).
func Ratio(k int) Relation {
	return NewRelation(func(a, b int) bool { return a == k*b || b == k*a })
}

// SumIn is a + b being one of sums (X is SumIn(10), V is SumIn(5)).
func SumIn(sums ...int) Relation {
	return NewRelation(func(a, b int) bool {
		for _, s := range sums {
			if a+b == s {
				return true
			}
		}
		return false
	})
}

// AtLeastApart is |a - b| >= k (German whispers: k = 5 on 9x9;
// non-consecutive neighbours: k = 2).
func AtLeastApart(k int) Relation {
	return NewRelation(func(a, b int) bool { return a-b >= k || b-a >= k })
}

// Not returns the complement of r: the pairs r forbids (a negative
// constraint: no dot means neither relation holds, so the pair gets
// Not(Differ(1)).And(Not(Ratio(2)))).
func (r Relation) Not() Relation {
	var out Relation
	for a := range r {
		out[a] = ^r[a]
	}
	return out
}

// And returns the pairs both r and o allow.
func (r Relation) And(o Relation) Relation {
	var out Relation
	for a := range r {
		out[a] = r[a] & o[a]
	}
	return out
}

// Or returns the pairs r or o allows.
func (r Relation) Or(o Relation) Relation {
	var out Relation
	for a := range r {
		out[a] = r[a] | o[a]
	}
	return out
}

// Swap returns r with its two cells exchanged: Swap allows (b, a) when r
// allows (a, b).
func (r Relation) Swap() Relation {
	var out Relation
	for a := range MaxN {
		for m := r[a]; m != 0; m &= m - 1 {
			b := bits.TrailingZeros16(m)
			out[b] |= 1 << a
		}
	}
	return out
}

// Iff is the relation "a == x exactly when b == y".
func Iff(x, y int) Relation {
	return NewRelation(func(a, b int) bool { return (a == x) == (b == y) })
}
