package logic

// Techniques that look at one digit at a time (turbot fish, chains of
// strong links, the X pass of the first chaining rung) find the same
// steps on digit d as long as d's candidates are where they were: nothing
// else enters their search. The board remembers, per such search and
// digit, the places of the digit when the search last came back empty
// for some of its ratings, so that the next steps skip the digit while
// its places are unchanged. Rating a puzzle runs these searches at every
// step past the singles, and most digits keep their places from one to
// the next.

// memoKind names a per-digit search.
type memoKind int

const (
	memoTurbot     memoKind = iota // turbotFishes: skyscraper, two-string kite, turbot fish
	memoGrouped2                   // linkChains k=2 grouped: grouped turbot fish
	memoThreeLinks                 // linkChains k=3: three strong links (three ratings)
	memoGrouped3                   // linkChains k=3 grouped: grouped three strong links
	memoXPass                      // unaryChains' X pass: X-cycles and forcing X-chains
	numMemos
)

// memoOff makes every search look at every digit (for the test that
// compares the steps with and without the memo).
var memoOff = false

// digitMemo is the board's memory of empty searches.
type digitMemo struct {
	words  int
	n      int
	places []uint64 // per (kind, digit): words words, the places recorded
	none   []uint8  // per (kind, digit): the ratings (bits) without a step there; 0: nothing known
	cur    []uint64 // scratch: the places of a digit now
}

// memo returns the board's memo, made on first use.
func (b *board) memo() *digitMemo {
	if b.dm == nil {
		w := b.g.words
		k := int(numMemos) * (b.g.N + 1)
		b.dm = &digitMemo{words: w, n: b.g.N, places: make([]uint64, k*w), none: make([]uint8, k), cur: make([]uint64, w)}
	}
	return b.dm
}

// placesNow fills m.cur with the places of digit d on b.
func (m *digitMemo) placesNow(b *board, d int) []uint64 {
	clear(m.cur)
	bit := dbit(d)
	for c, cm := range b.cand {
		if cm&bit != 0 {
			m.cur[c>>6] |= 1 << (uint(c) & 63)
		}
	}
	return m.cur
}

// known returns the ratings (bits) for which search k is known to find no
// step on digit d with its places as they are on b; 0 when none is known.
func (m *digitMemo) known(b *board, k memoKind, d int) uint8 {
	i := int(k)*(m.n+1) + d
	if m.none[i] == 0 || memoOff {
		return 0
	}
	cur := m.placesNow(b, d)
	rec := m.places[i*m.words : (i+1)*m.words]
	for j := range cur {
		if cur[j] != rec[j] {
			m.none[i] = 0
			return 0
		}
	}
	return m.none[i]
}

// record notes that search k found no step rated (bits) none on digit d
// with its places as they are on b.
func (m *digitMemo) record(b *board, k memoKind, d int, none uint8) {
	if none == 0 {
		return
	}
	i := int(k)*(m.n+1) + d
	cur := m.placesNow(b, d)
	rec := m.places[i*m.words : (i+1)*m.words]
	same := m.none[i] != 0
	for j := range cur {
		same = same && cur[j] == rec[j]
	}
	if same {
		m.none[i] |= none
		return
	}
	copy(rec, cur)
	m.none[i] = none
}
