package exactcover

import (
	"context"
	"unsafe"
)

// Multiplicities (Knuth's Algorithm M, as his DLX3 program runs it). A
// primary item c may be covered between lo and hi times. The search keeps
// bound[c], how many more options may still cover c (hi at the start),
// and slack[c] = hi - lo, which does not change. At each level it picks an
// active item and, rather than covering it at once, tries its options one
// by one, "tweaking" each one tried out of the item's list, so that the
// next sibling is the item with one option fewer; the item is covered
// only when its bound reaches 0. When lo < hi the last branch may be the
// null move: no more option for this item, which then leaves the active
// list. The branching item minimizes the branching degree
// len + min(slack, bound) - bound + 1, preferring on ties the smaller
// min(slack, bound), then the longer list, then the first in item order;
// Stats counts nodes and updates as DLX3 does, so the figures match its.
//
// With colors the search uses the colored primitives of color.go (coverC,
// hideC, purify); without (col nil) those of links.go and hideM, which
// skip the color tests and the bounds checks: on star2_10 the hiding and
// unhiding of options is about half of the time.

// mInfinity is the score of the branching rule when no item is active.
const mInfinity = 1<<31 - 1

// hideM is hideC for problems without colors (col nil), or hideC.
func hideM(nd []node, col []int32, it []item, p int32) int64 {
	if col != nil {
		return hideC(nd, col, it, p)
	}
	ndp, itp := unsafe.Pointer(unsafe.SliceData(nd)), unsafe.Pointer(unsafe.SliceData(it))
	u := int64(0)
	for q := p + 1; q != p; {
		x := nodeAt(ndp, q)
		up, down, top := x.up, x.down, x.top
		if top <= 0 {
			q = up
			continue
		}
		nodeAt(ndp, up).down = down
		nodeAt(ndp, down).up = up
		itemAt(itp, top).len--
		u++
		q++
	}
	return u
}

// unhideM undoes hideM(nd, col, it, p).
func unhideM(nd []node, col []int32, it []item, p int32) {
	if col != nil {
		unhideC(nd, col, it, p)
		return
	}
	ndp, itp := unsafe.Pointer(unsafe.SliceData(nd)), unsafe.Pointer(unsafe.SliceData(it))
	for q := p - 1; q != p; {
		x := nodeAt(ndp, q)
		up, down, top := x.up, x.down, x.top
		if top <= 0 {
			q = down
			continue
		}
		nodeAt(ndp, up).down = q
		nodeAt(ndp, down).up = q
		itemAt(itp, top).len++
		q--
	}
}

// coverM is coverC, or cover without colors.
func coverM(nd []node, col []int32, it []item, c int32) int64 {
	if col != nil {
		return coverC(nd, col, it, c)
	}
	return cover(nd, it, c)
}

// uncoverM undoes coverM(nd, col, it, c).
func uncoverM(nd []node, col []int32, it []item, c int32) {
	if col != nil {
		uncoverC(nd, col, it, c)
		return
	}
	uncover(nd, it, c)
}

// tweakM hides option node n from its item's list, and when block is set
// its whole option from the other lists too. It returns the updates.
func tweakM(nd []node, col []int32, it []item, n int32, block bool) int64 {
	u := int64(1)
	if block {
		u += hideM(nd, col, it, n)
	}
	x := nd[n]
	nd[x.up].down = x.down
	nd[x.down].up = x.up
	it[x.top].len--
	return u
}

// untweakM undoes the tweaks of item c made since its list started at
// node x, in one pass: the tweaked nodes still point to their successors,
// so relinking them from x to the current first node restores the list.
// With unblock their options are restored to the other lists; without it
// the item was covered before its options were tweaked, and is uncovered.
func untweakM(nd []node, col []int32, it []item, c, x int32, unblock bool) {
	z := nd[c].down
	nd[c].down = x
	prev, k := c, int32(0)
	for rr := x; rr != z; rr = nd[rr].down {
		nd[rr].up = prev
		k++
		if unblock {
			unhideM(nd, col, it, rr)
		}
		prev = rr
	}
	nd[z].up = prev
	it[c].len += k
	if !unblock {
		uncoverM(nd, col, it, c)
	}
}

// commitM takes the items of p's option other than p's: a primary item's
// bound goes down by one, and the item is covered when it reaches 0;
// secondary items are covered or purified as in commitOthers.
func commitM(nd []node, col []int32, it []item, bound []int32, nPrim, p int32) int64 {
	u := int64(0)
	for q := p + 1; q != p; {
		c := nd[q].top
		if c <= 0 {
			q = nd[q].up
			continue
		}
		if c <= nPrim {
			bound[c]--
			if bound[c] == 0 {
				u += coverM(nd, col, it, c)
			}
		} else if col == nil || col[q] == 0 {
			u += coverM(nd, col, it, c)
		} else if col[q] > 0 {
			u += purify(nd, col, it, q)
		}
		q++
	}
	return u
}

// uncommitM undoes commitM(nd, col, it, bound, nPrim, p).
func uncommitM(nd []node, col []int32, it []item, bound []int32, nPrim, p int32) {
	for q := p - 1; q != p; {
		c := nd[q].top
		if c <= 0 {
			q = nd[q].down
			continue
		}
		if c <= nPrim {
			if bound[c] == 0 {
				uncoverM(nd, col, it, c)
			}
			bound[c]++
		} else if col == nil || col[q] == 0 {
			uncoverM(nd, col, it, c)
		} else if col[q] > 0 {
			unpurify(nd, col, it, q)
		}
		q--
	}
}

// bestM returns the branching item of the active list and its score
// (mInfinity when the list is empty: a solution). It stops at the first
// item with a score <= 0, which ends the level whichever item is chosen.
func bestM(it []item, bound, slack []int32) (best, score int32) {
	itp := unsafe.Pointer(unsafe.SliceData(it))
	bp, sp := unsafe.Pointer(unsafe.SliceData(bound)), unsafe.Pointer(unsafe.SliceData(slack))
	score = mInfinity
	var bs, bl int32
	for k := itemAt(itp, 0).next; k != 0; {
		x := itemAt(itp, k)
		b := *int32At(bp, k)
		sl := min(*int32At(sp, k), b)
		l := x.len
		t := l + sl - b + 1
		if t < score || (t == score && (sl < bs || (sl == bs && l > bl))) {
			score, best, bs, bl = t, k, sl, l
			if t <= 0 {
				break
			}
		}
		k = x.next
	}
	return best, score
}

// runM is runX for problems with multiplicities: Algorithm M on the
// links, with the same contract, and with units (see units: with j.units
// set, the nodes and updates of the unit searched alone, or those above
// the units when it numbers them).
func (l *links) runM(ctx context.Context, j *job) (err error) {
	limit, progress, visit := j.limit, j.progress, j.visit
	nd, it, col := l.nd, l.it, l.col
	bound, slack, ftw := l.bound, l.slack, l.ftweak
	choice := l.choice
	nItems, nPrim := l.nItems, l.nPrim
	if j.seed != 0 {
		l.rng = rng(j.seed)
		l.shuffleLists()
		defer l.relinkLists()
	}
	clk := newClock(ctx, pollMask, j.budget)
	next := clk.next // a local: the test at every node stays in a register
	var nodes, updates, count int64
	var level int
	var best, cur, score int32
	un := &j.units
	un.n, un.deep = 0, false
	inUnit := false
	var n0, u0 int64

	if err = ctx.Err(); err != nil {
		goto finish
	}

forward:
	nodes++
	if nodes >= next {
		var report bool
		report, err = clk.tick(nodes)
		next = clk.next
		if err != nil {
			if err == ErrNodeBudget {
				nodes--
			}
			goto stop
		}
		if report && progress != nil {
			progress(Stats{Nodes: nodes, Updates: updates, Solutions: count})
		}
	}
	best, score = bestM(it, bound, slack)
	if un.depth > 0 && !inUnit && (level == un.depth || score == mInfinity) {
		if search, _ := un.meet(level == un.depth); !search {
			nodes--
			goto backdown
		}
		inUnit, n0, u0 = true, nodes-1, updates
	}
	if score == mInfinity {
		count++
		if (visit != nil && !visit(level)) || count == limit {
			l.unwindM(level - 1)
			goto finish
		}
		goto backdown
	}
	if score <= 0 {
		goto backdown
	}
	cur = nd[best].down
	choice[level] = cur
	bound[best]--
	ftw[level] = cur
	if bound[best] == 0 {
		updates += coverM(nd, col, it, best)
	}

advance:
	if b := bound[best]; b == 0 && slack[best] == 0 {
		if cur == best {
			goto backup
		}
	} else if it[best].len <= b-slack[best] {
		goto backup
	} else if cur != best {
		updates += tweakM(nd, col, it, cur, b != 0)
	} else if b != 0 {
		l, r := it[best].prev, it[best].next // the null move: best leaves
		it[l].next = r
		it[r].prev = l
	}
	if cur > nItems {
		updates += commitM(nd, col, it, bound, nPrim, cur)
	}
	level++
	goto forward

backup:
	if bound[best] == 0 && slack[best] == 0 {
		uncoverM(nd, col, it, best)
	} else {
		untweakM(nd, col, it, best, ftw[level], bound[best] != 0)
	}
	bound[best]++

backdown:
	if inUnit && level <= un.depth { // the unit is done
		l.unwindM(level - 1)
		goto finish
	}
	if level == 0 {
		goto finish
	}
	level--
	cur = choice[level]
	if cur <= nItems { // the null move: best comes back
		best = cur
		l, r := it[best].prev, it[best].next
		it[l].next = best
		it[r].prev = best
		goto backup
	}
	best = nd[cur].top
	uncommitM(nd, col, it, bound, nPrim, cur)
	cur = nd[cur].down
	choice[level] = cur
	goto advance

stop:
	l.unwindM(level - 1)

finish:
	clk.flush(nodes)
	if inUnit {
		nodes, updates = nodes-n0, updates-u0
	}
	j.stats = Stats{Nodes: nodes, Updates: updates, Solutions: count}
	return err
}

// unwindM undoes levels level, level-1, ..., 0 of runM, each of which has
// its branching item taken (covered or tweaked) and its choice committed.
func (l *links) unwindM(level int) {
	nd, it, col, bound, slack := l.nd, l.it, l.col, l.bound, l.slack
	for ; level >= 0; level-- {
		cur := l.choice[level]
		var best int32
		if cur <= l.nItems {
			best = cur
			l, r := it[best].prev, it[best].next
			it[l].next = best
			it[r].prev = best
		} else {
			best = nd[cur].top
			uncommitM(nd, col, it, bound, l.nPrim, cur)
		}
		if bound[best] == 0 && slack[best] == 0 {
			uncoverM(nd, col, it, best)
		} else {
			untweakM(nd, col, it, best, l.ftweak[level], bound[best] != 0)
		}
		bound[best]++
	}
}

// shuffleLists puts the options of each primary item in random order
// (for a search with a seed); relinkLists puts them back in input order.
func (l *links) shuffleLists() {
	nd := l.nd
	buf := l.rbuf[:0]
	for c := int32(1); c <= l.nPrim; c++ {
		buf = buf[:0]
		for q := nd[c].down; q != c; q = nd[q].down {
			buf = append(buf, q)
		}
		for i := len(buf) - 1; i > 0; i-- {
			j := int(l.rng.intn(uint64(i + 1)))
			buf[i], buf[j] = buf[j], buf[i]
		}
		prev := c
		for _, q := range buf {
			nd[prev].down = q
			nd[q].up = prev
			prev = q
		}
		nd[prev].down = c
		nd[c].up = prev
	}
	l.rbuf = buf[:cap(buf)]
}

// relinkLists restores the input order of the primary items' lists, which
// hold all their nodes when the search is over.
func (l *links) relinkLists() {
	nd := l.nd
	for c := int32(1); c <= l.nPrim; c++ {
		nd[c].up, nd[c].down = c, c
	}
	for q := l.nItems + 2; q < int32(len(nd)); q++ {
		c := nd[q].top
		if c <= 0 || c > l.nPrim {
			continue
		}
		u := nd[c].up
		nd[q].up, nd[q].down = u, c
		nd[u].down = q
		nd[c].up = q
	}
}
