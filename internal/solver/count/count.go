package count

import (
	"context"
	"math"
	"math/bits"

	"github.com/dlxkit/dlx/internal/solver/bandword"
)

// pollEvery is the number of search nodes between two looks at the
// context (a power of two); the middle band's enumeration looks at it
// every len(enum.buf) fillings.
const pollEvery = 1 << 12

// Stats describes the work of the last Count.
type Stats struct {
	// LastBand is the band (0-2) or stack (3-5) of the puzzle left last,
	// and FirstBand the one searched first.
	LastBand, FirstBand int
	// Nodes is the number of states of the search over the first band
	// (each propagated to a fixed point).
	Nodes int64
	// Firsts is the number of placings of the first band reached;
	// Keys the number of those with columns not seen before in this
	// Count, whose middle bands were enumerated.
	Firsts, Keys int64
	// Middles is the number of fillings of the middle band enumerated;
	// Lasts the number whose last band's count was not in the memo keyed
	// by columns, and BandCounts the number counted by search (in
	// neither memo).
	Middles, Lasts, BandCounts int64
}

// Counter counts the solutions of standard 9x9 Sudoku puzzles. The zero
// value is ready to use; a Counter is reusable (its memo of band counts
// is kept from one puzzle to the next) and not safe for concurrent use.
type Counter struct {
	stack [81]bandword.Frame
	// bands maps the candidates of a band's blank cells, sorted, to the
	// number of ways to fill them; it holds for any puzzle.
	bands table4
	// firsts maps the columns of each digit in the first band to the
	// number of ways to fill the other two; lasts maps the columns of each
	// digit in the first two bands (and the givens) to the number of ways
	// to fill the last. They hold while bands 1-2 (firstsOf) and band 2
	// (lastsOf) of the turned puzzle stay the same.
	firsts   table
	lasts    table
	firstsOf [54]uint8
	lastsOf  [27]uint8
	e        enum
	stats    Stats
	// force, when not 0, chooses the orientation (tests): 1-6 put band
	// or stack force-1 last, 7-12 the same with the other two swapped.
	force int
}

// Stats returns the figures of the last Count.
func (c *Counter) Stats() Stats { return c.stats }

// Count returns the number of solutions of puzzle (81 cells, row-major, 0
// blank, 1-9 digits), or limit when there are at least limit (limit <= 0
// counts them all, up to math.MaxInt). Givens that clash, or values
// above 9, give 0. It looks at ctx first and then every few thousand
// steps (a few milliseconds at most), and returns ctx's error, with the
// solutions counted so far, when it is done.
func (c *Counter) Count(ctx context.Context, puzzle *[81]uint8, limit int) (int, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if limit <= 0 {
		limit = math.MaxInt
	}
	c.stats = Stats{}
	var p [81]uint8
	c.stats.LastBand, c.stats.FirstBand = orient(puzzle, &p, c.force)
	if c.bands.slots == nil {
		c.bands.reset()
		c.firsts.reset()
		c.lasts.reset()
	} else {
		if [54]uint8(p[27:]) != c.firstsOf {
			c.firsts.reset()
		}
		if [27]uint8(p[54:]) != c.lastsOf {
			c.lasts.reset()
		}
	}
	c.firstsOf, c.lastsOf = [54]uint8(p[27:]), [27]uint8(p[54:])
	var st bandword.Work
	if !st.Init(&p) {
		return 0, nil
	}
	if limit <= plainLimit {
		return c.plain(ctx, &st, limit)
	}
	e := &c.e
	e.setup(c, &p, ctx.Done())
	defer func() {
		c.stats.Middles, c.stats.Lasts, c.stats.BandCounts = e.middles, e.lasts, e.bandCounts
	}()
	done := ctx.Done()
	total := 0
	sp := 0
	for {
		if c.poll(done) {
			return total, ctx.Err()
		}
		if !st.Propagate() {
			goto back
		}
		if st.Unsolved[0] != 0 {
			k, x := choose(&st.State, 0)
			st.Guess(&c.stack[sp], k, x)
			sp++
			continue
		}
		if key, ok := firstBand(&st.State); ok {
			c.stats.Firsts++
			n, ok := c.firsts.get(key)
			if !ok {
				c.stats.Keys++
				n = e.middle(key, uint64(limit-total))
				if e.stopped {
					if err := ctx.Err(); err != nil {
						return total, err
					}
					return limit, nil // n reached the limit: not all counted
				}
				c.firsts.put(key, n)
			}
			if n >= uint64(limit-total) {
				return limit, nil
			}
			total += int(n)
		}
	back:
		if sp == 0 {
			return total, nil
		}
		sp--
		st.Back(&c.stack[sp])
	}
}

// plainLimit is the limit up to which Count enumerates the solutions one
// by one: the band memo pays off for many solutions only.
const plainLimit = 1 << 10

// plain counts the solutions from st one by one, up to limit.
func (c *Counter) plain(ctx context.Context, st *bandword.Work, limit int) (int, error) {
	done := ctx.Done()
	total := 0
	sp := 0
	for {
		if c.poll(done) {
			return total, ctx.Err()
		}
		if st.Propagate() {
			if st.Unsolved != [3]uint32{} {
				b := 0
				for st.Unsolved[b] == 0 {
					b++
				}
				k, x := choose(&st.State, b)
				st.Guess(&c.stack[sp], k, x)
				sp++
				continue
			}
			if st.Valid() {
				total++
				if total >= limit {
					return total, nil
				}
			}
		}
		if sp == 0 {
			return total, nil
		}
		sp--
		st.Back(&c.stack[sp])
	}
}

// firstBand returns the columns of each digit in band 0, which must be
// placed (digit d's columns at bits 9d..9d+8 of the 81-bit key), and
// reports whether the band's cells are a valid placing: each digit three
// times, in different rows, boxes and columns.
func firstBand(s *bandword.State) (key [2]uint64, ok bool) {
	for d := range 9 {
		w := s.C[3*d]
		f := bandword.Fold(w)
		if bits.OnesCount32(w) != 3 || bits.OnesCount32(f) != 3 || bandword.Distinct[bandword.BoxMatrix(w)] != 0x33 {
			return key, false
		}
		key = setCols(key, d, f)
	}
	return key, true
}

// setCols returns key with the columns f of digit d added.
func setCols(key [2]uint64, d int, f uint32) [2]uint64 {
	key[0] |= uint64(f) << keyShift[0][d]
	key[1] |= uint64(f) << keyShift[1][d]
	return key
}

// keyShift[j][d] is where digit d's columns go in word j of a key, 64
// (nowhere) when they go in the other word.
var keyShift = [2][9]uint8{
	{0, 9, 18, 27, 36, 45, 54, 64, 64},
	{64, 64, 64, 64, 64, 64, 64, 0, 9},
}

// cols returns the columns of digit d in key.
func cols(key [2]uint64, d int) uint32 {
	if d < 7 {
		return uint32(key[0]>>(9*d)) & 0x1FF
	}
	return uint32(key[1]>>(9*(d-7))) & 0x1FF
}

// enum counts the completions of bands 1 and 2 once band 0 is placed: it
// enumerates the fillings of band 1 and counts band 2's for each from the
// memos.
type enum struct {
	c *Counter
	// The givens of bands 1 and 2: their columns for each digit (as a
	// key), the blank cells of each band, and the cells of the band that
	// share a row or a box with a given of each digit.
	given        [2]uint64
	free1, free2 uint32
	reach1       [9]uint32
	reach2       [9]uint32

	total                      uint64
	buf                        [64][2]uint64 // keys of band 1 fillings not yet looked up
	nbuf                       int
	middles, lasts, bandCounts int64
	done                       <-chan struct{}
	sink                       uint32
	need                       uint64 // stop when total reaches it
	stopped                    bool   // by the context or need
}

// setup records the givens of bands 1 and 2 of p.
func (e *enum) setup(c *Counter, p *[81]uint8, done <-chan struct{}) {
	*e = enum{c: c, done: done}
	var g1, g2 [10]uint32
	for i := 27; i < 81; i++ {
		v := p[i]
		bit := uint32(1) << (i % 27)
		switch {
		case i < 54 && v == 0:
			e.free1 |= bit
		case i < 54:
			g1[v] |= bit
		case v == 0:
			e.free2 |= bit
		default:
			g2[v] |= bit
		}
	}
	for d := range 9 {
		e.given = setCols(e.given, d, bandword.Fold(g1[d+1]|g2[d+1]))
		e.reach1[d] = bandword.Reach[bandword.BoxMatrix(g1[d+1])]
		e.reach2[d] = bandword.Reach[bandword.BoxMatrix(g2[d+1])]
	}
}

// middle returns the number of ways to fill bands 1 and 2 when band 0
// has the columns first. It stops early, setting stopped, when the
// context is done or the count reaches need.
func (e *enum) middle(first [2]uint64, need uint64) uint64 {
	key := [2]uint64{first[0] | e.given[0], first[1] | e.given[1]}
	var w [9]uint32
	for d := range 9 {
		w[d] = e.free1 &^ (e.reach1[d] | cols(key, d)*bandword.Spread)
	}
	e.total, e.need = 0, need
	e.walk(&w, e.free1, key[0], key[1])
	e.flush()
	return e.total
}

// walk enumerates the ways to give each cell of free (in band 1) one of
// its candidates (w[d] & free for digit d+1), each digit at most once in
// a row, column and box of the band, and adds the number of fillings of
// band 2 for each to total. k0 and k1 are the key of the columns taken by
// each digit so far. Cells with one candidate are filled together; w is restored
// before it returns.
func (e *enum) walk(w *[9]uint32, free uint32, k0, k1 uint64) {
	if e.stopped {
		return
	}
	saved := false
	var save [9]uint32
	for free != 0 {
		one, two, three := candidateCounts(w, free)
		if one&free != free {
			goto out
		}
		if s := free &^ two; s != 0 {
			// Naked singles, all at once.
			if !saved {
				save, saved = *w, true
			}
			for d := range 9 {
				sd := w[d] & s
				if sd == 0 {
					continue
				}
				f := bandword.Fold(sd)
				n := bits.OnesCount32(sd)
				m := bandword.BoxMatrix(sd)
				if int(bandword.Distinct[m]) != n*0x11 || bits.OnesCount32(f) != n {
					goto out
				}
				w[d] &^= bandword.Reach[m] | f*bandword.Spread
				k0 |= uint64(f) << keyShift[0][d]
				k1 |= uint64(f) << keyShift[1][d]
			}
			free &^= s
			continue
		}
		var x uint32
		if s := free & two &^ three; s != 0 {
			x = s & -s
		} else {
			x = free & -free
		}
		i := bits.TrailingZeros32(x)
		seen := bandPeers[i]
		col := uint32(1) << (i % 9)
		free &^= x
		for d := range 9 {
			old := w[d]
			if old&x == 0 {
				continue
			}
			w[d] = old &^ seen
			e.walk(w, free, k0|uint64(col)<<keyShift[0][d], k1|uint64(col)<<keyShift[1][d])
			w[d] = old
		}
		goto out
	}
	e.buf[e.nbuf] = [2]uint64{k0, k1}
	e.nbuf++
	if e.nbuf == len(e.buf) {
		e.flush()
	}
out:
	if saved {
		*w = save
	}
}

// flush adds to total the number of fillings of band 2 for each key in
// buf. Memory loads are grouped so that they overlap: the keys' slots in
// lasts are touched first, all together; then the keys not there get
// their slots in the band memo touched, all together; then they are
// counted.
func (e *enum) flush() {
	c := e.c
	t := &c.lasts
	var sink uint32
	for _, k := range e.buf[:e.nbuf] {
		sink += t.slots[t.index(k)].gen
	}
	var miss [len(enum{}.buf)]int
	nm := 0
	for i, k := range e.buf[:e.nbuf] {
		if n, ok := t.get(k); ok {
			e.total += n
		} else {
			miss[nm] = i
			nm++
		}
	}
	var keys [len(enum{}.buf)][4]uint64
	var ws [len(enum{}.buf)][9]uint32
	for j, i := range miss[:nm] {
		key := e.buf[i]
		var w [9]uint32
		for d := range 9 {
			w[d] = e.free2 &^ (e.reach2[d] | cols(key, d)*bandword.Spread)
		}
		keys[j], ws[j] = bandKey(&w, e.free2)
		sink += c.bands.slots[c.bands.index(keys[j])].gen
	}
	e.sink = sink
	for j, i := range miss[:nm] {
		key := e.buf[i]
		if n, ok := t.get(key); ok { // twice in buf
			e.total += n
			continue
		}
		e.lasts++
		n, ok := c.bands.get(keys[j])
		if !ok {
			e.bandCounts++
			n = uint32(bandCount(&ws[j], e.free2))
			c.bands.put(keys[j], n)
		}
		t.put(key, uint64(n))
		e.total += uint64(n)
	}
	e.middles += int64(e.nbuf)
	e.nbuf = 0
	if e.total >= e.need {
		e.stopped = true
	}
	if e.done != nil {
		select {
		case <-e.done:
			e.stopped = true
		default:
		}
	}
}

// orient writes into q puzzle p turned so that the band or stack with the
// most blank cells is band 2 (left to the memo) and the one of the other
// two with more blank cells is band 0 (searched first). It returns which
// band (0-2) or stack (3-5) of p was put last and which first. Swapping
// bands and transposing keep the count.
func orient(p, q *[81]uint8, force int) (last, first int) {
	var blanks [6]int
	for i, v := range p {
		if v == 0 {
			blanks[i/27]++
			blanks[3+i%9/3]++
		}
	}
	best := 0
	for k := 1; k < 6; k++ {
		if blanks[k] > blanks[best] {
			best = k
		}
	}
	if force > 0 {
		best = (force - 1) % 6
	}
	t := best / 3 * 3 // 0 for bands, 3 for stacks
	b := best % 3
	a, m := (b+1)%3, (b+2)%3
	if blanks[t+m] > blanks[t+a] || (blanks[t+m] == blanks[t+a] && m < a) {
		a, m = m, a
	}
	if force > 6 {
		a, m = m, a
	}
	order := [3]int{a, m, b}
	for r := range 9 {
		src := 3*order[r/3] + r%3
		for col := range 9 {
			if t == 0 {
				q[9*r+col] = p[9*src+col]
			} else {
				q[9*r+col] = p[9*col+src]
			}
		}
	}
	return best, t + a
}

// poll counts a node and reports whether done is closed, looking only
// every pollEvery nodes.
func (c *Counter) poll(done <-chan struct{}) bool {
	c.stats.Nodes++
	if c.stats.Nodes&(pollEvery-1) != 0 || done == nil {
		return false
	}
	select {
	case <-done:
		return true
	default:
		return false
	}
}
