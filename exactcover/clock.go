package exactcover

import (
	"context"
	"sync/atomic"
)

// clock tells a search when to look up from its loop: to poll its context,
// to spend its node budget and to call its progress callback. The searches
// (the links' runX and runM, the cells and bits engines, MinCost) test
// nodes >= c.next inline, at every node, and call tick only then: every
// mask+1 nodes, and at the node past the budget when that comes first,
// so that a search alone on its budget stops after exactly that many
// nodes.
type clock struct {
	ctx      context.Context
	done     <-chan struct{}
	mask     int64
	maxNodes int64         // 0: no budget
	shared   *atomic.Int64 // a parallel search's nodes, shared by its workers
	reported int64         // nodes already added to shared
	next     int64         // the node count at which to tick
	report   int64         // the node count from which progress is due
}

// newClock returns the clock of a search under ctx that polls every mask+1
// nodes with budget b.
func newClock(ctx context.Context, mask int64, b budget) clock {
	c := clock{ctx: ctx, done: ctx.Done(), mask: mask, maxNodes: b.max, shared: b.spent,
		next: mask + 1, report: progressMask + 1}
	if c.maxNodes > 0 && c.shared == nil {
		c.next = min(c.next, c.maxNodes+1)
	}
	return c
}

// tick is called when nodes >= c.next, nodes counting the node being
// entered. err is the context's error when it is done, or ErrNodeBudget
// when that node is over the budget (the caller does not enter it, and
// takes it off its count); progress says that the progress callback is due.
func (c *clock) tick(nodes int64) (progress bool, err error) {
	c.next = nodes | c.mask + 1
	if c.done != nil {
		select {
		case <-c.done:
			return false, c.ctx.Err()
		default:
		}
	}
	if c.maxNodes > 0 {
		used := nodes
		if c.shared != nil {
			used = c.shared.Add(nodes - c.reported)
			c.reported = nodes
		} else {
			c.next = min(c.next, c.maxNodes+1)
		}
		if used > c.maxNodes {
			return false, ErrNodeBudget
		}
	}
	if nodes >= c.report {
		c.report = nodes | progressMask + 1
		return true, nil
	}
	return false, nil
}

// flush adds the nodes not yet reported to the shared budget, at the end
// of a search.
func (c *clock) flush(nodes int64) {
	if c.shared != nil {
		c.shared.Add(nodes - c.reported)
		c.reported = nodes
	}
}
