package exactcover

// Problem is an exact cover problem under construction or ready to solve.
// Build it with AddItem and AddOption, or with a parser.
type Problem struct {
	// TODO(engine): representation.
}

// NewProblem returns an empty problem.
func NewProblem() *Problem { panic("TODO(engine)") }

// AddItem adds a primary or secondary item and returns its index.
// Item names are non-empty and contain no whitespace, ':' or '|'.
func (p *Problem) AddItem(name string, secondary bool) (int, error) { panic("TODO(engine)") }

// AddOption adds an option naming its items, "item" or "item:color" for a
// colored secondary item, and returns the option's index.
func (p *Problem) AddOption(items ...string) (int, error) { panic("TODO(engine)") }

// AddOptionIndex adds an option by item indices; colors is nil or parallel
// to items, with 0 meaning no color and other values naming colors.
func (p *Problem) AddOptionIndex(items []int, colors []int) (int, error) { panic("TODO(engine)") }

// NumItems returns the number of items.
func (p *Problem) NumItems() int { panic("TODO(engine)") }

// NumOptions returns the number of options.
func (p *Problem) NumOptions() int { panic("TODO(engine)") }

// ItemName returns the name of item i.
func (p *Problem) ItemName(i int) string { panic("TODO(engine)") }

// OptionString returns option i as a line of Knuth's format: its item names,
// with ":color" on colored secondary items, separated by spaces.
func (p *Problem) OptionString(i int) string { panic("TODO(engine)") }
