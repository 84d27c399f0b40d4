package exactcover

import "fmt"

// MaxCost is the largest cost of an option (the sum of its "|n" tokens in
// Knuth's format). It keeps costs exact in JSON (2^53-1 is the largest
// integer a JSON number holds without loss in most readers) and the total
// of a solution far from overflow.
const MaxCost = 1<<53 - 1

// AddOptionCost adds an option as AddOption does, with a cost in
// [0, MaxCost] (as "items... |cost" in Knuth's format, DLX5's syntax).
func (p *Problem) AddOptionCost(cost int64, items ...string) (int, error) {
	if err := checkCost(cost); err != nil {
		return -1, err
	}
	k, err := p.AddOption(items...)
	if err != nil {
		return k, err
	}
	p.setCost(k, cost)
	return k, nil
}

// SetCost sets the cost of option k, in [0, MaxCost].
func (p *Problem) SetCost(k int, cost int64) error {
	if k < 0 || k >= p.NumOptions() {
		return fmt.Errorf("option %d: %w", k, ErrNoOption)
	}
	if err := checkCost(cost); err != nil {
		return err
	}
	p.setCost(k, cost)
	return nil
}

func checkCost(cost int64) error {
	if cost < 0 || cost > MaxCost {
		return fmt.Errorf("cost %d not in [0, %d]: %w", cost, int64(MaxCost), ErrCost)
	}
	return nil
}

func (p *Problem) setCost(k int, cost int64) {
	if cost == 0 && k >= len(p.optCost) {
		return
	}
	for len(p.optCost) <= k {
		p.optCost = append(p.optCost, 0)
	}
	p.optCost[k] = cost
}

// Cost returns the cost of option k (0 when none was given).
func (p *Problem) Cost(k int) int64 {
	if k < len(p.optCost) {
		return p.optCost[k]
	}
	return 0
}

// HasCosts reports whether some option has a nonzero cost.
func (p *Problem) HasCosts() bool {
	for _, c := range p.optCost {
		if c != 0 {
			return true
		}
	}
	return false
}
