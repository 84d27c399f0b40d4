package exactcover

// Colors (Knuth's XCC problems, as in his DLX2): col[q] is the color of
// node q, 0 for none. When an option gives a secondary item a color, the
// item is "purified": the options giving it another color (or none) are
// hidden, and the nodes of those giving it the same color are marked with
// color -1, so that they are neither committed again nor taken out of the
// item's list when their option is hidden. Everything is undone in the
// reverse order.

// hideC hides the option of node p from every vertical list but p's own,
// leaving nodes with a negative color in place. It returns the updates.
func hideC(nd []node, col []int32, it []item, p int32) int64 {
	u := int64(0)
	for q := p + 1; q != p; {
		x := nd[q]
		if x.top <= 0 {
			q = x.up
			continue
		}
		if col[q] >= 0 {
			nd[x.up].down = x.down
			nd[x.down].up = x.up
			it[x.top].len--
			u++
		}
		q++
	}
	return u
}

// unhideC undoes hideC(nd, col, it, p).
func unhideC(nd []node, col []int32, it []item, p int32) {
	for q := p - 1; q != p; {
		x := nd[q]
		if x.top <= 0 {
			q = x.down
			continue
		}
		if col[q] >= 0 {
			nd[x.up].down = q
			nd[x.down].up = q
			it[x.top].len++
		}
		q--
	}
}

// coverC is cover for problems with colors.
func coverC(nd []node, col []int32, it []item, c int32) int64 {
	l, r := it[c].prev, it[c].next
	it[l].next = r
	it[r].prev = l
	u := int64(1)
	for rr := nd[c].down; rr != c; rr = nd[rr].down {
		u += hideC(nd, col, it, rr)
	}
	return u
}

// uncoverC undoes coverC(nd, col, it, c).
func uncoverC(nd []node, col []int32, it []item, c int32) {
	for rr := nd[c].up; rr != c; rr = nd[rr].up {
		unhideC(nd, col, it, rr)
	}
	l, r := it[c].prev, it[c].next
	it[l].next = c
	it[r].prev = c
}

// purify hides the options that give p's item another color than p does
// and marks those that give it the same color.
func purify(nd []node, col []int32, it []item, p int32) int64 {
	c, x := nd[p].top, col[p]
	u := int64(0)
	for rr := nd[c].down; rr != c; rr = nd[rr].down {
		if col[rr] != x {
			u += hideC(nd, col, it, rr)
		} else if rr != p {
			col[rr] = -1
		}
	}
	return u
}

// unpurify undoes purify(nd, col, it, p).
func unpurify(nd []node, col []int32, it []item, p int32) {
	c, x := nd[p].top, col[p]
	for rr := nd[c].up; rr != c; rr = nd[rr].up {
		if col[rr] < 0 {
			col[rr] = x
		} else if rr != p {
			unhideC(nd, col, it, rr)
		}
	}
}

// commitOthers covers or purifies the items of p's option other than p's.
func commitOthers(nd []node, col []int32, it []item, p int32) int64 {
	u := int64(0)
	for q := p + 1; q != p; {
		c := nd[q].top
		if c <= 0 {
			q = nd[q].up
			continue
		}
		if x := col[q]; x == 0 {
			u += coverC(nd, col, it, c)
		} else if x > 0 {
			u += purify(nd, col, it, q)
		}
		q++
	}
	return u
}

// uncommitOthers undoes commitOthers(nd, col, it, p).
func uncommitOthers(nd []node, col []int32, it []item, p int32) {
	for q := p - 1; q != p; {
		c := nd[q].top
		if c <= 0 {
			q = nd[q].down
			continue
		}
		if x := col[q]; x == 0 {
			uncoverC(nd, col, it, c)
		} else if x > 0 {
			unpurify(nd, col, it, q)
		}
		q--
	}
}
