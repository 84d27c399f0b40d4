package exactcover

import "context"

const (
	pollMask     = 1<<12 - 1 // poll the context and the node budget every 4096 nodes
	progressMask = 1<<20 - 1 // call Options.Progress every 1,048,576 nodes
)

// run is the links engine's search: it applies j.chosen (see sync), then
// runs Algorithm X (runX), or Algorithm M with item bounds (runM).
func (l *links) run(ctx context.Context, j *job) error {
	l.sync(j.chosen)
	if l.bound != nil {
		return l.runM(ctx, j)
	}
	if j.keep {
		// With nothing chosen the saved links may be missing: save them
		// now, while the links are those of the full problem.
		l.saveBase()
	}
	return l.runX(ctx, j)
}

// runX is Algorithm X on the links, below the current state, with an
// explicit stack: level by level it covers the primary item with the
// fewest options (the first such item on ties) and tries its options in
// turn (in list order, or shuffled when j.seed is nonzero). j.visit, when
// not nil, is called for each solution with the number of levels (the
// search part of the solution is the options of choice[:depth]); the
// search stops when it returns false, after j.limit solutions (when
// limit > 0), when ctx is done, or, when j.budget is set, once the
// budget's nodes are spent (ErrNodeBudget). Whatever way it stops, runX
// restores the links, unless j.keep is set and the saved links of the
// full problem (see saveBase) are there to restore instead: it then
// leaves l.dirty set. It records the statistics in j.stats.
func (l *links) runX(ctx context.Context, j *job) (err error) {
	limit, progress, visit := j.limit, j.progress, j.visit
	nd, it, col := l.nd, l.it, l.col
	choice := l.choice
	colored := col != nil
	random := j.seed != 0
	if random {
		l.rng = rng(j.seed)
	}
	keep := j.keep && l.baseND != nil
	clk := newClock(ctx, pollMask, j.budget)
	next := clk.next // a local: the test at every node stays in a register
	var nodes, updates, count int64
	var level int
	var best, cur int32
	var t int32
	// The primary items not covered, as a sparse set (see removeActive),
	// for the uncolored search; counted by option count and as a bitmap
	// for the counted one (see coverN).
	nPrim, act, pos := l.nPrim, l.act, l.pos
	cnt, active := l.cnt, l.active
	counted := cnt != nil
	var nAct int32
	if counted {
		clear(cnt)
		clear(active)
		for k := it[0].next; k != 0; k = it[k].next {
			cnt[it[k].len]++
			active[k>>6] |= 1 << (k & 63)
		}
	} else {
		for k := it[0].next; k != 0; k = it[k].next {
			act[nAct], pos[k] = k, nAct
			nAct++
		}
	}

	if err = ctx.Err(); err != nil {
		goto finish
	}
	if it[0].next == 0 { // nothing left to cover: the empty extension
		nodes, count = 1, 1
		if visit != nil {
			visit(0)
		}
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
				nodes-- // this node is over the budget: not entered
			}
			goto stop
		}
		if report && progress != nil {
			progress(Stats{Nodes: nodes, Updates: updates, Solutions: count, Fraction: l.fraction(level, random)})
		}
	}
	// The branching item: the first one with the fewest options.
	if colored {
		t = 1<<31 - 1
		for k := it[0].next; k != 0; k = it[k].next {
			if l := it[k].len; l < t {
				t, best = l, k
				if l == 0 {
					break
				}
			}
		}
		updates += coverC(nd, col, it, best)
	} else if counted {
		t = 0
		for cnt[t] == 0 {
			t++
		}
		best = firstWithLen(it, active, t)
		updates += coverN(nd, it, best, cnt, active)
	} else {
		best, _ = minActive(it, act[:nAct])
		updates += cover(nd, it, best)
		nAct = removeActive(act, pos, nAct, best)
	}
	if random {
		cur = l.shuffle(level, best)
	} else {
		cur = nd[best].down
	}
	choice[level] = cur

advance:
	if cur == best {
		goto backup
	}
	if colored {
		updates += commitOthers(nd, col, it, cur)
	} else if counted {
		updates += coverOthersN(nd, it, cur, cnt, active)
	} else {
		var u int64
		u, nAct = coverOthersA(nd, it, cur, nPrim, act, pos, nAct)
		updates += u
	}
	if it[0].next == 0 {
		nodes++ // a solution counts as a node
		if clk.maxNodes > 0 && nodes > clk.maxNodes {
			// Out of budget: the solution node is not entered.
			nodes--
			err = ErrNodeBudget
			if keep {
				l.dirty = true
			} else {
				l.unwind(level)
			}
			goto finish
		}
		count++
		if (visit != nil && !visit(level+1)) || count == limit {
			if keep {
				l.dirty = true
			} else {
				l.unwind(level)
			}
			goto finish
		}
		goto recover
	}
	level++
	goto forward

backup:
	if colored {
		uncoverC(nd, col, it, best)
	} else if counted {
		uncoverN(nd, it, best, cnt, active)
	} else {
		uncover(nd, it, best)
		nAct++
	}
	if level == 0 {
		goto finish
	}
	level--
	cur = choice[level]
	best = nd[cur].top

recover:
	if colored {
		uncommitOthers(nd, col, it, cur)
	} else if counted {
		uncoverOthersN(nd, it, cur, cnt, active)
	} else {
		nAct += uncoverOthersA(nd, it, cur, nPrim)
	}
	if random {
		l.rpos[level]++
		if p := l.rpos[level]; p < it[best].len {
			cur = l.rbuf[l.rbase[level]+p]
		} else {
			cur = best
		}
	} else {
		cur = nd[cur].down
	}
	choice[level] = cur
	goto advance

stop: // cancelled or out of budget on entering a level
	if keep {
		l.dirty = true
	} else {
		l.unwind(level - 1)
	}

finish:
	clk.flush(nodes)
	j.stats = Stats{Nodes: nodes, Updates: updates, Solutions: count}
	return err
}

// unwind undoes the choices of levels level, level-1, ..., 0, each of
// which has its branching item covered and the other items of its chosen
// option covered too.
func (l *links) unwind(level int) {
	nd, it, col := l.nd, l.it, l.col
	for ; level >= 0; level-- {
		cur := l.choice[level]
		best := nd[cur].top
		if col != nil {
			uncommitOthers(nd, col, it, cur)
			uncoverC(nd, col, it, best)
		} else {
			uncoverOthers(nd, it, cur)
			uncover(nd, it, best)
		}
	}
}

// shuffle lists the options of item c (covered at this level) in random
// order (Fisher-Yates) for a randomized search and returns the first one,
// or c when there is none.
func (l *links) shuffle(level int, c int32) int32 {
	nd := l.nd
	base := int32(0)
	if level > 0 {
		prev := nd[l.choice[level-1]].top
		base = l.rbase[level-1] + l.it[prev].len
	}
	l.rbase[level] = base
	l.rpos[level] = 0
	n := l.it[c].len
	buf := l.rbuf[base : base+n]
	i := 0
	for q := nd[c].down; q != c; q = nd[q].down {
		buf[i] = q
		i++
	}
	for i := n - 1; i > 0; i-- {
		j := int32(l.rng.intn(uint64(i + 1)))
		buf[i], buf[j] = buf[j], buf[i]
	}
	if n == 0 {
		return c
	}
	return buf[0]
}

// path appends the options of the first depth levels of the search to dst.
func (l *links) path(dst []int, depth int) []int {
	for _, q := range l.choice[:depth] {
		if q > l.nItems { // with multiplicities, a header is a null move
			dst = append(dst, int(l.optionOf(q)))
		}
	}
	return dst
}
