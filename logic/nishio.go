package logic

import (
	"fmt"
	"sort"

	"github.com/dlxkit/dlx/sudoku"
)

// Nishio forcing chains, as Sudoku Explainer finds them (7.5 + length,
// docs/rating.md): for every candidate of every empty cell (row by row,
// digits in increasing order), assume it true, then false, and follow
// house links on each digit dynamically (a candidate turned off is gone
// for the rest of the chain, so a digit with two places left in a house
// forces the other). An assumption that leads to a candidate both true and
// false is wrong. Complexity: the distinct potentials both branches of the
// contradiction depend on, including the candidates whose removal made a
// house link strong.

const rNishio = 7.5

// dynNode is a potential reached; its parents are par[po:po+pn] of the
// search.
type dynNode struct {
	p      pot
	po, pn int32
}

// dynamic is the scratch state of a dynamic chain search.
type dynamic struct {
	b     *board
	n     int
	cur   []uint64 // candidates as the chain goes
	nodes []dynNode
	par   []int32 // the parents of every node, node by node
	onAt  []int32 // potential -> node+1 (0: not reached), stamped by gen
	offAt []int32
	stamp []int32
	gen   int32
	seen  []int32 // ancestor walk stamps per potential
	sgen  int32
	// run's queues, kept between runs
	pendOn, pendOff []int32
}

// newDynamic returns the board's dynamic search state, made on first use
// and kept between steps (its marks are stamped by generations that keep
// counting).
func newDynamic(b *board) *dynamic {
	if b.dyn != nil {
		return b.dyn
	}
	np := b.g.Cells * b.g.N * 2
	b.dyn = &dynamic{b: b, n: b.g.N, cur: make([]uint64, len(b.cand)), onAt: make([]int32, np),
		offAt: make([]int32, np), stamp: make([]int32, np), seen: make([]int32, np)}
	return b.dyn
}

func (u *dynamic) get(p pot) int32 {
	if u.stamp[p>>1] != u.gen {
		return -1
	}
	if p.on() {
		return u.onAt[p>>1] - 1
	}
	return u.offAt[p>>1] - 1
}

func (u *dynamic) put(p pot, i int32) {
	if u.stamp[p>>1] != u.gen {
		u.stamp[p>>1] = u.gen
		u.onAt[p>>1], u.offAt[p>>1] = 0, 0
	}
	if p.on() {
		u.onAt[p>>1] = i + 1
	} else {
		u.offAt[p>>1] = i + 1
	}
}

func (u *dynamic) add(p pot, parents ...int32) int32 {
	u.nodes = append(u.nodes, dynNode{p, int32(len(u.par)), int32(len(parents))})
	u.par = append(u.par, parents...)
	return int32(len(u.nodes) - 1)
}

// run propagates from the start node with X links only (Nishio); it
// returns the on and off nodes of a contradiction, or -1, -1.
func (u *dynamic) run(start pot) (int32, int32) {
	b, g, n := u.b, u.b.g, u.n
	copy(u.cur, b.cand)
	u.gen++
	u.nodes, u.par = u.nodes[:0], u.par[:0]
	root := u.add(start)
	u.put(start, root)
	pendOn, pendOff := u.pendOn[:0], u.pendOff[:0]
	defer func() { u.pendOn, u.pendOff = pendOn, pendOff }()
	if start.on() {
		pendOn = append(pendOn, root)
	} else {
		pendOff = append(pendOff, root)
	}
	hOn, hOff := 0, 0 // the queues' heads
	for hOn < len(pendOn) || hOff < len(pendOff) {
		if hOn < len(pendOn) {
			i := pendOn[hOn]
			hOn++
			p := u.nodes[i].p
			c, d := p.cell(n), p.digit(n)
			for k := 0; k < 3; k++ {
				for _, x := range g.Houses[loopHouse(g, k, c)] {
					if x == c || u.cur[x]&dbit(d) == 0 {
						continue
					}
					q := mkPot(n, x, d, false)
					if j := u.get(q | 1); j >= 0 {
						return j, u.add(q, i)
					}
					if u.get(q) < 0 {
						j := u.add(q, i)
						u.put(q, j)
						pendOff = append(pendOff, j)
					}
				}
			}
			continue
		}
		i := pendOff[hOff]
		hOff++
		p := u.nodes[i].p
		c, d := p.cell(n), p.digit(n)
		var ons [3]int32
		no := 0
		for k := 0; k < 3; k++ {
			h := loopHouse(g, k, c)
			other := conjugate(g.Houses[h], u.cur, c, d)
			if other < 0 {
				continue
			}
			q := mkPot(n, other, d, true)
			var pbuf [sudoku.MaxN + 1]int32
			parents := append(pbuf[:0], i)
			for _, x := range g.Houses[h] {
				if b.cand[x]&dbit(d) != 0 && u.cur[x]&dbit(d) == 0 {
					if j := u.get(mkPot(n, x, d, false)); j >= 0 {
						parents = append(parents, j)
					}
				}
			}
			ons[no] = u.add(q, parents...)
			no++
		}
		u.cur[c] &^= dbit(d)
		for _, j := range ons[:no] {
			q := u.nodes[j].p
			if k := u.get(q &^ 1); k >= 0 {
				return j, k
			}
			if u.get(q) < 0 {
				u.put(q, j)
				pendOn = append(pendOn, j)
			}
		}
	}
	return -1, -1
}

// ancestors counts the distinct potentials node i depends on (itself
// included), adding to the current walk's marks.
func (u *dynamic) ancestors(i int32) int {
	count := 0
	stack := []int32{i}
	for len(stack) > 0 {
		j := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		p := u.nodes[j].p
		if u.seen[p] == u.sgen {
			continue
		}
		u.seen[p] = u.sgen
		count++
		nd := u.nodes[j]
		stack = append(stack, u.par[nd.po:nd.po+nd.pn]...)
	}
	return count
}

func (u *dynamic) complexity(on, off int32) int {
	u.sgen++
	a := u.ancestors(on)
	u.sgen++
	return a + u.ancestors(off)
}

// nishio returns SE's easiest Nishio forcing chain step, or nil.
//
// sol, when not nil, is the puzzle's solution: a contradiction from "true"
// proves the candidate false, one from "false" proves it true, so while
// every empty cell keeps its solution digit only one of the two
// assumptions of each candidate can lead to a step, and the other is not
// followed.
func nishio(b *board, sol []uint8) *Step {
	if !b.g.Plain() {
		return nil
	}
	if sol != nil && !b.keeps(sol) {
		sol = nil
	}
	u := newDynamic(b)
	n := u.n
	type hint struct {
		st *Step
		cx int
	}
	var hints []hint
	for c, m := range b.cand {
		if b.val[c] != 0 || popcount(m) < 2 {
			continue
		}
		for r := m; r != 0; r &= r - 1 {
			d := lowDigit(r)
			for _, on := range []bool{true, false} {
				if sol != nil && on == (int(sol[c]) == d) {
					continue
				}
				on1, off1 := u.run(mkPot(n, c, d, on))
				if on1 < 0 {
					continue
				}
				cx := u.complexity(on1, off1)
				st := &Step{Technique: "Nishio Forcing Chains", Rating: round1(rNishio + lengthBonus(cx)), Cells: []int{c}, Digits: []int{d}}
				if on {
					st.Eliminations = []Candidate{{c, d}}
				} else {
					for o := m &^ dbit(d); o != 0; o &= o - 1 {
						st.Eliminations = append(st.Eliminations, Candidate{c, lowDigit(o)})
					}
				}
				if b.verbose {
					g := b.g
					what := "true"
					if !on {
						what = "false"
					}
					t := u.nodes[on1].p
					st.Explanation = fmt.Sprintf("If %s were %s in %s, following the places left for each digit would make %s both %s and not %s; so %s.",
						g.digit(d), what, cellName(g, c), cellName(g, t.cell(n)), g.digit(t.digit(n)), g.digit(t.digit(n)), conclusion(g, st))
				}
				hints = append(hints, hint{st, cx})
			}
		}
	}
	if len(hints) == 0 {
		return nil
	}
	sort.SliceStable(hints, func(i, j int) bool {
		if hints[i].st.Rating != hints[j].st.Rating {
			return hints[i].st.Rating < hints[j].st.Rating
		}
		return hints[i].cx < hints[j].cx
	})
	return hints[0].st
}
