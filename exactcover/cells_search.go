package exactcover

import (
	"context"
	"unsafe"
)

// The cells engine's statistics (Stats, with Options.Engine EngineCells):
// Nodes goes up by one each time the search enters a level: when it
// branches on an item (also a forced one, with one option left, and one
// left with none), and when it finds a solution; Updates goes up by one
// each time an item leaves the active list and by one each time an option
// leaves an item's set. A choice whose effects leave some primary item
// without options is abandoned at once and enters no level. (The mask
// layout, masks.go, counts by the same rules, except that a count without
// secondary items ends at a node where every item left has one option.)

// hide removes the options of item x's set that do not give x the color
// clr (all of them when clr is 0) from the sets of their other items that
// were active before this level's changes (position below oactive). With
// check, it stops and reports false when a primary item still active
// (position below active) loses its last option, and pushes on c.force
// the ones left with one. It returns the updates.
func (c *cells) hide(x, clr int32, check bool, oactive, active int32) (int64, bool) {
	set := unsafe.Pointer(unsafe.SliceData(c.set))
	nd := unsafe.Pointer(unsafe.SliceData(c.nd))
	second := c.second
	u := int64(0)
	end := x + *int32At(set, x-1)
	for r := x; r < end; r++ {
		t := *int32At(set, r)
		if clr != 0 && cnodeAt(nd, t).clr == clr {
			continue
		}
		for q := t + 1; q != t; {
			y := cnodeAt(nd, q)
			v := y.itm
			if v < 0 {
				q += v
				continue
			}
			if p := *int32At(set, v-2); p < oactive {
				sz := *int32At(set, v-1) - 1
				if sz <= 1 && check && v < second && p < active {
					if sz == 0 {
						return u, false
					}
					c.force = append(c.force, v)
				}
				last := v + sz
				o := *int32At(set, last)
				loc := y.loc
				*int32At(set, v-1) = sz
				*int32At(set, last) = q
				*int32At(set, loc) = o
				y.loc = last
				cnodeAt(nd, o).loc = loc
				u++
			}
			q++
		}
	}
	return u, true
}

// deactivate removes the active item x (at position p) from act[:n] and
// returns n-1.
func deactivate(set, act unsafe.Pointer, x, n int32) int32 {
	n--
	p := *int32At(set, x-2)
	y := *int32At(act, n)
	*int32At(act, n) = x
	*int32At(act, p) = y
	*int32At(set, x-2) = n
	*int32At(set, y-2) = p
	return n
}

// commit takes the option of node t, whose own item is already inactive:
// it removes the option's other active items from the active list
// act[:active] and hides the options that clash with them (with check, as
// hide). It returns the new number of active items, the updates, and
// false when some primary item is left without options.
func (c *cells) commit(t, active int32, check bool) (int32, int64, bool) {
	set := unsafe.Pointer(unsafe.SliceData(c.set))
	act := unsafe.Pointer(unsafe.SliceData(c.act))
	nd := unsafe.Pointer(unsafe.SliceData(c.nd))
	oactive := active
	u := int64(0)
	for q := t + 1; q != t; {
		v := cnodeAt(nd, q).itm
		if v < 0 {
			q += v
			continue
		}
		if *int32At(set, v-2) < active {
			active = deactivate(set, act, v, active)
			u++
		}
		q++
	}
	second := c.second
	for q := t + 1; q != t; {
		y := cnodeAt(nd, q)
		v := y.itm
		if v < 0 {
			q += v
			continue
		}
		if v < second {
			w, ok := c.hide(v, 0, check, oactive, active)
			u += w
			if !ok {
				return active, u, false
			}
		} else if *int32At(set, v-2) < oactive { // not given a color yet
			w, ok := c.hide(v, y.clr, check, oactive, active)
			u += w
			if !ok {
				return active, u, false
			}
		}
		q++
	}
	return active, u, true
}

// saveSizes pushes the items of act[:active] and their sizes on the save
// stack.
func (c *cells) saveSizes(active int32) {
	for _, x := range c.act[:active] {
		c.save = append(c.save, x, c.set[x-1])
	}
}

// restore restores the sizes saved in save[from:to] and returns the number
// of items saved, which is the number of active items when they were.
func (c *cells) restore(from, to int32) int32 {
	set := unsafe.Pointer(unsafe.SliceData(c.set))
	sv := c.save[from:to]
	for i := 0; i+1 < len(sv); i += 2 {
		*int32At(set, sv[i]-1) = sv[i+1]
	}
	return (to - from) / 2
}

// run is the cells engine's search: Algorithm X on the dancing cells
// below the options j.chosen (which it applies to the cells first), with
// the same limit, seed, progress, visit, budget and cancellation as the
// links' runX. At each level it takes a forced item (one found
// with a single option left) when there is one, and otherwise the primary
// item with the fewest options (the first in item order on ties), and
// tries its options in turn (in set order, or shuffled when j.seed is
// nonzero). It leaves the cells as it found them.
func (c *cells) run(ctx context.Context, j *job) (err error) {
	limit, progress, visit := j.limit, j.progress, j.visit
	setp := unsafe.Pointer(unsafe.SliceData(c.set))
	actp := unsafe.Pointer(unsafe.SliceData(c.act))
	nd := c.nd
	choice, saved := c.choice, c.saved
	second := c.second
	random := j.seed != 0
	if random {
		c.rng = rng(j.seed)
	}
	// A node scans the active items: on a large problem (a 64x64 Sudoku
	// has 16,384 primary items) 4,096 nodes take seconds, so the search
	// polls about every 2^20 items scanned, and at least every 4,096 nodes.
	clk := newClock(ctx, cellsPollMask(len(c.act)), j.budget)
	next := clk.next // a local: the test at every node stays in a register
	var nodes, updates, count int64
	var level int
	var best, cur, t int32

	// The full problem's sizes, restored at the end; then the chosen
	// options, which are not counted.
	active := int32(len(c.act))
	c.save = c.save[:0]
	c.force = c.force[:0]
	c.saveSizes(active)
	base := int32(len(c.save))
	for _, k := range j.chosen {
		f := c.first[k]
		oactive := active
		q := f
		for ; nd[q].itm > 0; q++ {
			if x := nd[q].itm; c.set[x-2] < active {
				active = deactivate(setp, actp, x, active)
			}
		}
		for q = f; nd[q].itm > 0; q++ {
			x := nd[q].itm
			if x < second {
				c.hide(x, 0, false, oactive, active)
			} else if c.set[x-2] < oactive {
				c.hide(x, nd[q].clr, false, oactive, active)
			}
		}
	}
	saved[0] = base

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
			goto finish
		}
		if report && progress != nil {
			progress(Stats{Nodes: nodes, Updates: updates, Solutions: count, Fraction: c.fraction(level)})
		}
	}
	c.save = c.save[:saved[level]]
	best = 0
	for n := len(c.force); n > 0; {
		n--
		x := c.force[n]
		c.force = c.force[:n]
		if *int32At(setp, x-2) < active {
			best, t = x, 1
			break
		}
	}
	if best == 0 {
		key := uint64(1<<63 - 1)
		for _, x := range c.act[:active] {
			if x < second {
				key = min(key, uint64(*int32At(setp, x-1))<<32|uint64(x))
			}
		}
		if key == 1<<63-1 { // no primary item left: a solution
			count++
			if (visit != nil && !visit(level)) || count == limit {
				goto finish
			}
			goto backup
		}
		best, t = int32(uint32(key)), int32(key>>32)
		if t == 0 {
			goto backup
		}
	}
	active = deactivate(setp, actp, best, active)
	updates++
	{
		u, _ := c.hide(best, 0, false, active, active)
		updates += u
	}
	if t > 1 {
		c.saveSizes(active)
		if random {
			c.shuffle(best, t)
		}
	}
	saved[level+1] = int32(len(c.save))
	cur = best

advance:
	choice[level] = cur
	{
		a, u, ok := c.commit(c.set[cur], active, true)
		updates += u
		if !ok {
			c.force = c.force[:0]
			goto abort
		}
		active = a
	}
	level++
	goto forward

backup:
	if level == 0 {
		goto finish
	}
	level--
	cur = choice[level]
	best = nd[c.set[cur]].itm

abort:
	if cur+1 >= best+c.set[best-1] {
		goto backup
	}
	active = c.restore(saved[level], saved[level+1])
	cur++
	goto advance

finish:
	clk.flush(nodes)
	c.restore(0, base)
	c.save = c.save[:0]
	c.force = c.force[:0]
	j.stats = Stats{Nodes: nodes, Updates: updates, Solutions: count}
	return err
}

// shuffle puts the t options of the inactive item x in random order.
func (c *cells) shuffle(x, t int32) {
	set, nd := c.set, c.nd
	for i := t - 1; i > 0; i-- {
		j := int32(c.rng.intn(uint64(i + 1)))
		a, b := set[x+i], set[x+j]
		set[x+i], set[x+j] = b, a
		nd[b].loc, nd[a].loc = x+i, x+j
	}
}

// fraction is links.fraction for the cells engine.
func (c *cells) fraction(depth int) float64 {
	f, w := 0.0, 1.0
	for l := range depth {
		cur := c.choice[l]
		best := c.nd[c.set[cur]].itm
		t := c.set[best-1]
		if t <= 0 {
			break
		}
		w /= float64(t)
		f += float64(cur-best) * w
	}
	return f + w/2
}

// path appends the options of the first depth levels of the search to dst.
func (c *cells) path(dst []int, depth int) []int {
	for _, cur := range c.choice[:depth] {
		dst = append(dst, int(c.nd[c.set[cur]].opt))
	}
	return dst
}

// cellsPollMask returns the mask of the node count at which a cells search
// polls its context: one less than a power of two near 2^20 / items, from
// 1 to pollMask+1 nodes.
func cellsPollMask(items int) int64 {
	n := int64(1) << 20 / int64(max(items, 1))
	m := int64(pollMask)
	for m > 0 && m+1 > n {
		m >>= 1
	}
	return m
}
