package exactcover

import "context"

// spec is the problem of a Solver as its engines read it: the
// Problem's option arrays, cut to their length when the Solver was made
// (a Problem only appends to them, so they are shared, read-only), and
// its items numbered for the search: internal ids 1..nPrim for the
// primary items, then nPrim+1..nItems for the secondary ones, each in
// input order. Every engine is built from it alone.
type spec struct {
	nItems, nPrim int32
	optStart      []int32 // option k is entries optStart[k]..optStart[k+1]-1
	optItems      []int32 // per entry: its item, as the Problem numbers it
	optColors     []int32 // per entry: its color (0: none); nil when no option has one
	intOf         []int32 // the Problem's item index -> internal id
	length        []int32 // per internal id: the number of options of the item
	maxLength     int32   // the largest length
	// Item bounds (multiplicities), per internal primary id; nil for exact
	// cover (Problem.HasBounds false).
	lo, hi []int32
}

// noOptions is the option starts of a problem without options (read-only).
var noOptions = []int32{0}

// emptySpec is the spec of a problem without items or options.
var emptySpec = spec{optStart: noOptions}

// newSpec returns the spec of p, stopping with ctx's error when ctx
// ends (it looks every 65,536 options).
func newSpec(ctx context.Context, p *Problem) (*spec, error) {
	n := int32(len(p.names))
	nOpt := p.NumOptions()
	m := &spec{
		nItems:   n,
		nPrim:    int32(p.nPrimary),
		optStart: noOptions, // the zero Problem has no optStart
		intOf:    make([]int32, n),
		length:   make([]int32, n+1),
	}
	if len(p.optStart) > 0 {
		m.optStart = p.optStart[: nOpt+1 : nOpt+1]
	}
	e := m.optStart[nOpt]
	m.optItems = p.optItems[:e:e]
	if p.optColors != nil {
		m.optColors = p.optColors[:e:e]
	}
	np, ns := int32(0), m.nPrim
	for i, sec := range p.secondary[:n] {
		if sec {
			ns++
			m.intOf[i] = ns
		} else {
			np++
			m.intOf[i] = np
		}
	}
	for k := range nOpt {
		if k&0xffff == 0xffff {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		for j := m.optStart[k]; j < m.optStart[k+1]; j++ {
			m.length[m.item(j)]++
		}
	}
	for _, n := range m.length {
		m.maxLength = max(m.maxLength, n)
	}
	if p.HasBounds() {
		m.lo = make([]int32, m.nPrim+1)
		m.hi = make([]int32, m.nPrim+1)
		for i, sec := range p.secondary[:n] {
			if !sec {
				lo, hi := p.ItemBounds(i)
				m.lo[m.intOf[i]], m.hi[m.intOf[i]] = int32(lo), int32(hi)
			}
		}
	}
	return m, nil
}

// numOptions returns the number of options.
func (m *spec) numOptions() int32 { return int32(len(m.optStart) - 1) }

// numEntries returns the sum of the options' lengths.
func (m *spec) numEntries() int32 { return m.optStart[len(m.optStart)-1] }

// item returns the internal id of entry j's item.
func (m *spec) item(j int32) int32 { return m.intOf[m.optItems[j]] }

// color returns entry j's color, 0 for none.
func (m *spec) color(j int32) int32 {
	if m.optColors == nil {
		return 0
	}
	return m.optColors[j]
}

// bounded reports whether some primary item has bounds other than 1:1.
func (m *spec) bounded() bool { return m.lo != nil }

// bytes returns the memory of the spec's own arrays (the option arrays
// are the Problem's).
func (m *spec) bytes() int64 {
	return bytesOf(m.intOf) + bytesOf(m.length) + bytesOf(m.lo) + bytesOf(m.hi)
}
