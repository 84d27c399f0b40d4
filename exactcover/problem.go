package exactcover

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/dlxkit/dlx/internal/quote"
)

// Problem is an exact cover problem under construction or ready to solve.
// Build it with AddItem and AddOption, or with a parser (ReadKnuth,
// ReadMatrix, ReadSparse). The zero value is an empty problem, ready to
// use: NewProblem returns the same.
//
// Options are kept in flat slices (one int32 per item of an option, plus
// one per option), so memory grows linearly with the input.
type Problem struct {
	names     []string // "" for an item named on demand (see AddItems)
	secondary []bool
	index     map[string]int
	nPrimary  int
	// namers are the ranges of items AddItems added, in item order;
	// the first indexed of them have their names in index.
	namers  []namer
	indexed int
	// lo and hi are the bounds of each item (Knuth's DLX3): a primary
	// item must be covered between lo and hi times. Both are nil while
	// every primary item is to be covered exactly once.
	lo, hi []int32

	// Option k holds the items optItems[optStart[k]:optStart[k+1]], with
	// the colors optColors[...] in the same positions (nil while no
	// option has a color). Colors are positive; 0 means no color.
	optStart  []int32
	optItems  []int32
	optColors []int32
	optCost   []int64 // option costs (see AddOptionCost); may be shorter than the options: 0 beyond

	colorNames []string         // color c is named colorNames[c-1] when set by AddOption
	colorIndex map[string]int32 // name -> color
	mark       []uint32         // per item: the stamp of the last option being added that used it
	stamp      uint32
	scratch    []int32 // item indices of the option being added by name
	scratchC   []int32
}

// namer names the count items from first on: item first+i is name(i).
type namer struct {
	first, count int
	name         func(i int) string
}

// NewProblem returns an empty problem.
func NewProblem() *Problem {
	return &Problem{index: make(map[string]int), optStart: []int32{0}}
}

// validName reports whether name can name an item or a color.
func validName(name string) bool {
	if name == "" {
		return false
	}
	for i := 0; i < len(name); i++ {
		switch name[i] {
		case ' ', '\t', '\n', '\r', '\v', '\f', ':', '|':
			return false
		}
	}
	return true
}

// AddItem adds a primary or secondary item and returns its index.
// Item names are non-empty and contain no whitespace, ':' or '|'.
func (p *Problem) AddItem(name string, secondary bool) (int, error) {
	if !validName(name) {
		return -1, fmt.Errorf("invalid item name %s: %w", quote.Short(name), ErrSyntax)
	}
	if err := p.indexNamers(); err != nil {
		return -1, err
	}
	if _, ok := p.index[name]; ok {
		return -1, fmt.Errorf("item %s: %w", quote.Short(name), ErrDuplicateItem)
	}
	if len(p.names) >= maxItems {
		return -1, fmt.Errorf("too many items: %w", ErrSyntax)
	}
	i := len(p.names)
	p.names = append(p.names, name)
	if p.index == nil { // the zero Problem
		p.index = make(map[string]int)
	}
	p.index[name] = i
	p.addFlags(1, secondary)
	return i, nil
}

// maxItems is the most items a problem may have.
const maxItems = 1 << 30

// addFlags records that the last count items added are all primary or all
// secondary.
func (p *Problem) addFlags(count int, secondary bool) {
	for range count {
		p.secondary = append(p.secondary, secondary)
	}
	if !secondary {
		p.nPrimary += count
	}
	if p.lo != nil {
		var b int32
		if !secondary {
			b = 1
		}
		for range count {
			p.lo = append(p.lo, b)
			p.hi = append(p.hi, b)
		}
	}
}

// AddItems adds count items, all primary or all secondary, and returns
// the index of the first; item first+i is named name(i). The names are
// made only when needed (ItemName, OptionString, WriteKnuth, and the
// lookups by name of Item, AddItem and AddOption), so that a problem of
// millions of items built by index (AddOptionIndex) keeps no string per
// item. name must return valid names (as AddItem takes), distinct from
// each other and from every other item's: the first lookup by name
// checks them, and AddItem and AddOption then fail with an error wrapping
// ErrSyntax or ErrDuplicateItem.
func (p *Problem) AddItems(count int, secondary bool, name func(i int) string) (int, error) {
	if count < 0 || name == nil {
		return -1, fmt.Errorf("AddItems: %d items, name func %v: %w", count, name != nil, ErrSyntax)
	}
	first := len(p.names)
	if count > maxItems-first {
		return -1, fmt.Errorf("too many items: %w", ErrSyntax)
	}
	if count == 0 {
		return first, nil
	}
	p.names = append(p.names, make([]string, count)...)
	p.addFlags(count, secondary)
	p.namers = append(p.namers, namer{first, count, name})
	return first, nil
}

// indexNamers puts the names of the items AddItems added into the index,
// the first time a lookup by name needs them, and checks them.
func (p *Problem) indexNamers() error {
	for ; p.indexed < len(p.namers); p.indexed++ {
		nm := p.namers[p.indexed]
		for i := range nm.count {
			name := nm.name(i)
			if !validName(name) {
				return fmt.Errorf("item %d: invalid name %s: %w", nm.first+i, quote.Short(name), ErrSyntax)
			}
			if _, ok := p.index[name]; ok {
				return fmt.Errorf("item %s: %w", quote.Short(name), ErrDuplicateItem)
			}
			p.index[name] = nm.first + i
		}
	}
	return nil
}

// Grow makes room for items, options and entries (option items, summed
// over the options) more than the problem has, so that a caller who knows
// the size of what it builds allocates it once.
func (p *Problem) Grow(items, options, entries int) {
	if items > 0 {
		p.names = slices.Grow(p.names, items)
		p.secondary = slices.Grow(p.secondary, items)
		p.mark = slices.Grow(p.mark, len(p.names)+items-len(p.mark))
	}
	if options > 0 {
		p.optStart = slices.Grow(p.optStart, options)
	}
	if entries > 0 {
		p.optItems = slices.Grow(p.optItems, entries)
	}
}

// maxBound is the largest multiplicity an item may have.
const maxBound = 1 << 30

// AddItemBounds adds a primary item that must be covered between lo and
// hi times (0 <= lo <= hi, hi >= 1), as Knuth's DLX3 and SSMCC allow
// ("lo:hi|name" in their format), and returns its index. AddItem's
// primary items are AddItemBounds(name, 1, 1).
func (p *Problem) AddItemBounds(name string, lo, hi int) (int, error) {
	if lo < 0 || hi < 1 || lo > hi || hi > maxBound {
		return -1, fmt.Errorf("item %s: bounds %d:%d: %w", quote.Short(name), lo, hi, ErrBounds)
	}
	i, err := p.AddItem(name, false)
	if err != nil {
		return -1, err
	}
	if lo != 1 || hi != 1 {
		if p.lo == nil {
			p.lo = make([]int32, len(p.names))
			p.hi = make([]int32, len(p.names))
			for j := range p.lo {
				if !p.secondary[j] {
					p.lo[j], p.hi[j] = 1, 1
				}
			}
		}
		p.lo[i], p.hi[i] = int32(lo), int32(hi)
	}
	return i, nil
}

// ItemBounds returns the bounds of item i: how many times a solution
// covers it at least and at most (1 and 1 for the primary items of exact
// cover, 0 and 1 for secondary items).
func (p *Problem) ItemBounds(i int) (lo, hi int) {
	if p.secondary[i] {
		return 0, 1
	}
	if p.lo == nil || i >= len(p.lo) {
		return 1, 1
	}
	return int(p.lo[i]), int(p.hi[i])
}

// HasBounds reports whether some primary item has bounds other than 1:1:
// the problem is then one of exact cover with multiplicities, which
// Solver searches as Knuth's DLX3 does (see Solver).
func (p *Problem) HasBounds() bool {
	if p.lo == nil {
		return false
	}
	for i := range p.lo {
		if !p.secondary[i] && (p.lo[i] != 1 || p.hi[i] != 1) {
			return true
		}
	}
	return false
}

// AddOption adds an option naming its items, "item" or "item:color" for a
// colored secondary item, and returns the option's index. Colors named
// here are numbered 1, 2, ... in order of first appearance (the numbers
// AddOptionIndex takes).
func (p *Problem) AddOption(items ...string) (int, error) {
	if len(items) == 0 {
		return -1, ErrEmptyOption
	}
	if err := p.indexNamers(); err != nil {
		return -1, err
	}
	idx := p.scratch[:0]
	col := p.scratchC[:0]
	anyColor := false
	for _, s := range items {
		name, color, hasColor := strings.Cut(s, ":")
		i, ok := p.index[name]
		if !ok {
			return -1, fmt.Errorf("item %s: %w", quote.Short(name), ErrUnknownItem)
		}
		c := int32(0)
		if hasColor {
			if !validName(color) {
				return -1, fmt.Errorf("invalid color %s on item %s: %w", quote.Short(color), quote.Short(name), ErrSyntax)
			}
			c = p.colorNumber(color)
			anyColor = true
		}
		idx = append(idx, int32(i))
		col = append(col, c)
	}
	p.scratch, p.scratchC = idx, col
	if !anyColor {
		col = nil
	}
	return p.addOption(idx, col)
}

// colorNumber returns the number of the named color, adding it if new.
func (p *Problem) colorNumber(name string) int32 {
	if c, ok := p.colorIndex[name]; ok {
		return c
	}
	if p.colorIndex == nil {
		p.colorIndex = make(map[string]int32)
	}
	p.colorNames = append(p.colorNames, name)
	c := int32(len(p.colorNames))
	p.colorIndex[name] = c
	return c
}

// AddOptionIndex adds an option by item indices; colors is nil or parallel
// to items, with 0 meaning no color and other (positive) values naming
// colors.
func (p *Problem) AddOptionIndex(items []int, colors []int) (int, error) {
	if len(items) == 0 {
		return -1, ErrEmptyOption
	}
	if colors != nil && len(colors) != len(items) {
		return -1, fmt.Errorf("%d colors for %d items: %w", len(colors), len(items), ErrSyntax)
	}
	idx := p.scratch[:0]
	var col []int32
	for k, i := range items {
		if i < 0 || i >= len(p.names) {
			return -1, fmt.Errorf("item %d: %w", i, ErrUnknownItem)
		}
		idx = append(idx, int32(i))
		if colors != nil {
			c := colors[k]
			if c < 0 || c > 1<<30 {
				return -1, fmt.Errorf("invalid color %d on item %s: %w", c, quote.Short(p.ItemName(i)), ErrSyntax)
			}
			if c != 0 && col == nil {
				col = p.scratchC[:0]
				if col == nil { // nil[:0] is nil: the color would be lost
					col = make([]int32, 0, len(items))
				}
				for range k {
					col = append(col, 0)
				}
			}
			if col != nil {
				col = append(col, int32(c))
			}
		}
	}
	p.scratch = idx
	if col != nil {
		p.scratchC = col
	}
	return p.addOption(idx, col)
}

// addOption checks and stores an option; colors is nil or parallel to items.
func (p *Problem) addOption(items, colors []int32) (int, error) {
	if len(p.optStart) == 0 { // the zero Problem
		p.optStart = append(p.optStart, 0)
	}
	k := len(p.optStart) - 1
	if len(p.mark) < len(p.names) {
		p.mark = append(p.mark, make([]uint32, len(p.names)-len(p.mark))...)
	}
	p.stamp++
	if p.stamp == 0 { // wrapped around: forget the old stamps
		clear(p.mark)
		p.stamp = 1
	}
	stamp := p.stamp
	for j, i := range items {
		if p.mark[i] == stamp {
			return -1, fmt.Errorf("item %s: %w", quote.Short(p.ItemName(int(i))), ErrRepeatedItem)
		}
		p.mark[i] = stamp
		if colors != nil && colors[j] != 0 && !p.secondary[i] {
			return -1, fmt.Errorf("item %s: %w", quote.Short(p.ItemName(int(i))), ErrColorPrimary)
		}
	}
	if len(p.optItems)+len(items) >= 1<<30 || k >= 1<<29 {
		return -1, fmt.Errorf("problem too large: %w", ErrSyntax)
	}
	if colors != nil && p.optColors == nil {
		p.optColors = make([]int32, len(p.optItems), cap(p.optItems))
	}
	p.optItems = append(p.optItems, items...)
	if p.optColors != nil {
		if colors != nil {
			p.optColors = append(p.optColors, colors...)
		} else {
			for range items {
				p.optColors = append(p.optColors, 0)
			}
		}
	}
	p.optStart = append(p.optStart, int32(len(p.optItems)))
	return k, nil
}

// NumItems returns the number of items.
func (p *Problem) NumItems() int { return len(p.names) }

// NumPrimary returns the number of primary items.
func (p *Problem) NumPrimary() int { return p.nPrimary }

// NumOptions returns the number of options.
func (p *Problem) NumOptions() int { return max(len(p.optStart)-1, 0) }

// ItemName returns the name of item i.
func (p *Problem) ItemName(i int) string {
	if name := p.names[i]; name != "" {
		return name
	}
	// Named by a namer: the last one starting at or before i.
	k := sort.Search(len(p.namers), func(k int) bool { return p.namers[k].first > i }) - 1
	nm := p.namers[k]
	return nm.name(i - nm.first)
}

// IsSecondary reports whether item i is secondary.
func (p *Problem) IsSecondary(i int) bool { return p.secondary[i] }

// Item returns the index of the named item, or -1.
func (p *Problem) Item(name string) int {
	if p.indexNamers() != nil {
		return -1
	}
	if i, ok := p.index[name]; ok {
		return i
	}
	return -1
}

// Option returns the item indices and colors (0: no color) of option i,
// appended to items and colors.
func (p *Problem) Option(i int, items, colors []int) ([]int, []int) {
	a, b := p.optStart[i], p.optStart[i+1]
	for j := a; j < b; j++ {
		items = append(items, int(p.optItems[j]))
		c := 0
		if p.optColors != nil {
			c = int(p.optColors[j])
		}
		colors = append(colors, c)
	}
	return items, colors
}

// ColorName returns the name of color c (> 0): the name given to AddOption,
// or the number itself for colors given only by AddOptionIndex.
func (p *Problem) ColorName(c int) string {
	if c >= 1 && c <= len(p.colorNames) {
		return p.colorNames[c-1]
	}
	return strconv.Itoa(c)
}

// OptionString returns option i as a line of Knuth's format: its item names,
// with ":color" on colored secondary items, separated by spaces, and
// " |cost" at the end when the option has a nonzero cost.
func (p *Problem) OptionString(i int) string {
	var b strings.Builder
	a, e := p.optStart[i], p.optStart[i+1]
	for j := a; j < e; j++ {
		if j > a {
			b.WriteByte(' ')
		}
		b.WriteString(p.ItemName(int(p.optItems[j])))
		if p.optColors != nil && p.optColors[j] != 0 {
			b.WriteByte(':')
			b.WriteString(p.ColorName(int(p.optColors[j])))
		}
	}
	if c := p.Cost(i); c != 0 {
		b.WriteString(" |")
		b.WriteString(strconv.FormatInt(c, 10))
	}
	return b.String()
}
