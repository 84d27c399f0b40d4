package count

// table is a hash table from 128-bit keys to counts, cleared in constant
// time (entries of an older generation are empty). It grows by doubling
// up to maxTableBits and then, when full, starts afresh: it is a cache.
type table struct {
	slots []slot
	gen   uint32 // the generation of the live entries (slots start at 0)
	n     int    // live entries
	shift uint   // 64 - log2(len(slots))
}

type slot struct {
	k0, k1 uint64
	v      uint64
	gen    uint32
}

const (
	minTableBits = 12
	maxTableBits = 20 // 1M slots of 32 or 40 bytes
)

// reset empties t.
func (t *table) reset() {
	if t.slots == nil {
		t.slots = make([]slot, 1<<minTableBits)
		t.shift = 64 - minTableBits
	}
	t.gen++
	t.n = 0
	if t.gen == 0 { // wrapped: old generations would come back to life
		clear(t.slots)
		t.gen = 1
	}
}

func (t *table) index(k [2]uint64) uint64 {
	h := (k[0]*0x9E3779B97F4A7C15 ^ k[1]) * 0xBF58476D1CE4E5B9
	return (h ^ h>>31) >> t.shift
}

// get returns the value of k and whether it is there.
func (t *table) get(k [2]uint64) (uint64, bool) {
	mask := uint64(len(t.slots) - 1)
	for i := t.index(k); ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.gen != t.gen {
			return 0, false
		}
		if s.k0 == k[0] && s.k1 == k[1] {
			return s.v, true
		}
	}
}

// put sets the value of k, which must not be there.
func (t *table) put(k [2]uint64, v uint64) {
	if 2*(t.n+1) > len(t.slots) {
		if len(t.slots) < 1<<maxTableBits {
			t.grow()
		} else {
			t.reset()
		}
	}
	mask := uint64(len(t.slots) - 1)
	i := t.index(k)
	for t.slots[i].gen == t.gen {
		i = (i + 1) & mask
	}
	t.slots[i] = slot{k0: k[0], k1: k[1], v: v, gen: t.gen}
	t.n++
}

func (t *table) grow() {
	old, gen := t.slots, t.gen
	t.slots = make([]slot, 2*len(old))
	t.shift--
	t.gen, t.n = 1, 0
	mask := uint64(len(t.slots) - 1)
	for _, s := range old {
		if s.gen != gen {
			continue
		}
		k := [2]uint64{s.k0, s.k1}
		i := t.index(k)
		for t.slots[i].gen == t.gen {
			i = (i + 1) & mask
		}
		t.slots[i] = slot{k0: s.k0, k1: s.k1, v: s.v, gen: t.gen}
		t.n++
	}
}

// table4 is table with 256-bit keys and 32-bit counts, cleared in constant
// time (entries of an older generation are empty). It grows by doubling
// up to maxTableBits and then, when full, starts afresh: it is a cache.
type table4 struct {
	slots []slot4
	gen   uint32 // the generation of the live entries (slots start at 0)
	n     int    // live entries
	shift uint   // 64 - log2(len(slots))
}

type slot4 struct {
	k   [4]uint64
	v   uint32
	gen uint32
}

func (t *table4) reset() {
	if t.slots == nil {
		t.slots = make([]slot4, 1<<minTableBits)
		t.shift = 64 - minTableBits
	}
	t.gen++
	t.n = 0
	if t.gen == 0 { // wrapped: old generations would come back to life
		clear(t.slots)
		t.gen = 1
	}
}

func (t *table4) index(k [4]uint64) uint64 {
	h := (((k[0]*0x9E3779B97F4A7C15^k[1])*0x9E3779B97F4A7C15^k[2])*0x9E3779B97F4A7C15 ^ k[3]) * 0xBF58476D1CE4E5B9
	return (h ^ h>>31) >> t.shift
}

// get returns the value of k and whether it is there.
func (t *table4) get(k [4]uint64) (uint32, bool) {
	mask := uint64(len(t.slots) - 1)
	for i := t.index(k); ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.gen != t.gen {
			return 0, false
		}
		if s.k == k {
			return s.v, true
		}
	}
}

// put sets the value of k, which must not be there.
func (t *table4) put(k [4]uint64, v uint32) {
	if 2*(t.n+1) > len(t.slots) {
		if len(t.slots) < 1<<maxTableBits {
			t.grow()
		} else {
			t.reset()
		}
	}
	mask := uint64(len(t.slots) - 1)
	i := t.index(k)
	for t.slots[i].gen == t.gen {
		i = (i + 1) & mask
	}
	t.slots[i] = slot4{k: k, v: v, gen: t.gen}
	t.n++
}

func (t *table4) grow() {
	old, gen := t.slots, t.gen
	t.slots = make([]slot4, 2*len(old))
	t.shift--
	t.gen, t.n = 1, 0
	mask := uint64(len(t.slots) - 1)
	for _, s := range old {
		if s.gen != gen {
			continue
		}
		k := s.k
		i := t.index(k)
		for t.slots[i].gen == t.gen {
			i = (i + 1) & mask
		}
		t.slots[i] = slot4{k: s.k, v: s.v, gen: t.gen}
		t.n++
	}
}
