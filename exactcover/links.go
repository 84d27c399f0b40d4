package exactcover

// The dancing links live in two flat arrays, as in Knuth's DLX1.
//
// nd holds every node. Nodes 1..N are the item headers (internal item ids:
// the primary items first, in input order, then the secondary ones), node
// N+1 is the first spacer, and then come the options, each one stored as
// consecutive nodes followed by a spacer. An option node's top is its
// item (> 0); a spacer's top is -k, where k is the index of the option that
// follows it (0 for the first spacer). A spacer's up is the first node of
// the option before it and its down the last node of the option after it,
// so that an option can be walked cyclically with q++ and q--.
//
// it holds the item list: it[0] heads the circular list of active primary
// items, it[N+1] that of the secondary items, and it[i].len counts the
// options left in item i's vertical list.

// node is one node of the links.
type node struct {
	up, down, top int32
}

// item is an item's place in the active list and its option count.
type item struct {
	prev, next, len int32
}

// cover removes item c from the item list and hides every option in its
// vertical list from the other lists. It returns the number of updates
// (1 for the item plus 1 per node taken out of a vertical list).
func cover(nd []node, it []item, c int32) int64 {
	l, r := it[c].prev, it[c].next
	it[l].next = r
	it[r].prev = l
	u := int64(1)
	for rr := nd[c].down; rr != c; rr = nd[rr].down {
		for nn := rr + 1; nn != rr; {
			x := nd[nn]
			if x.top <= 0 {
				nn = x.up
				continue
			}
			nd[x.up].down = x.down
			nd[x.down].up = x.up
			it[x.top].len--
			u++
			nn++
		}
	}
	return u
}

// uncover undoes cover(nd, it, c).
func uncover(nd []node, it []item, c int32) {
	for rr := nd[c].up; rr != c; rr = nd[rr].up {
		for nn := rr - 1; nn != rr; {
			x := nd[nn]
			if x.top <= 0 {
				nn = x.down
				continue
			}
			nd[x.up].down = nn
			nd[x.down].up = nn
			it[x.top].len++
			nn--
		}
	}
	l, r := it[c].prev, it[c].next
	it[l].next = c
	it[r].prev = c
}

// coverOthers covers the items of the option of node p other than p's.
func coverOthers(nd []node, it []item, p int32) int64 {
	u := int64(0)
	for q := p + 1; q != p; {
		c := nd[q].top
		if c <= 0 {
			q = nd[q].up
			continue
		}
		u += cover(nd, it, c)
		q++
	}
	return u
}

// uncoverOthers undoes coverOthers(nd, it, p).
func uncoverOthers(nd []node, it []item, p int32) {
	for q := p - 1; q != p; {
		c := nd[q].top
		if c <= 0 {
			q = nd[q].down
			continue
		}
		uncover(nd, it, c)
		q--
	}
}
