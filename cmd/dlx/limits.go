package main

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"time"

	"github.com/dlxkit/dlx/exactcover"
	"github.com/dlxkit/dlx/internal/jsonfmt"
	"github.com/dlxkit/dlx/internal/numfmt"
)

// limits are the flags of solve and count that bound a search and report
// on it, as users of Knuth's programs expect them.
type limits struct {
	every         int64         // solve: print every every-th solution
	timeLimit     time.Duration // stop after this long (0: no limit)
	nodeLimit     int64         // stop after this many nodes (0: no limit)
	progressEvery time.Duration // print a progress line this often (0: the terminal line)
	sub           string        // the piece file to search (see dlx split)
}

const limitsHelp = `
Limits: -time-limit D stops the search after the duration D ("90s",
"1h30m") and -node-limit N after N nodes (as -stats counts them); what was
found until then is printed, standard error says "partial: time limit
reached" or "partial: node limit reached" and the exit status is 1 (with
-json, count says "complete":false and "stopped":"deadline" or "node
budget"). -progress D prints a progress line on standard error every D,
each on its own line, also when standard error is not a terminal; without
it a terminal shows one line, redrawn. The progress line of a sequential
search estimates the part of the search tree done and the time left from
the search's position (Knuth's measure: at each level, the options tried
before the current one over the number of options, weighted by the inverse
product of the numbers of options above); a parallel one from the
subproblems done. -sub PIECE searches only the piece written by "dlx split"
(its options are chosen first, and are part of each solution).`

// addLimitFlags adds the flags of limits to the flags of command name.
func (f *searchFlags) addLimitFlags(name string) {
	if name == "solve" {
		f.Int64Var(&f.every, "every", 1, "print only every `M`-th solution (solutions M, 2M, ...; -n counts those printed)")
	}
	f.DurationVar(&f.timeLimit, "time-limit", 0, "stop the search after duration `D` (0: no limit)")
	f.Int64Var(&f.nodeLimit, "node-limit", 0, "stop the search after `N` nodes (0: no limit)")
	f.DurationVar(&f.progressEvery, "progress", 0, "print a progress line every `D` on standard error (0: only the terminal's line)")
	f.StringVar(&f.sub, "sub", "", "search only the piece in file `PIECE` (see dlx split)")
}

// limitsError checks the values of the limits' flags: "" when they are
// good, else the message.
func (f *searchFlags) limitsError() string {
	switch {
	case f.every < 0 || (f.every == 0 && f.Lookup("every") != nil):
		return "-every must be at least 1"
	case f.timeLimit < 0:
		return "-time-limit must not be negative"
	case f.nodeLimit < 0:
		return "-node-limit must not be negative"
	case f.progressEvery < 0:
		return "-progress must not be negative"
	}
	return ""
}

// solveLimit returns the number of solutions solve must find to print n
// of them (0: all).
func (f *searchFlags) solveLimit(n int64) int64 {
	if n == 0 || f.every <= 1 {
		return n
	}
	if n > math.MaxInt64/f.every {
		return 0
	}
	return n * f.every
}

// printed reports whether solve prints solution number i (from 1).
func (f *searchFlags) printed(i int64) bool { return f.every <= 1 || i%f.every == 0 }

// withTimeLimit returns the context of a search under -time-limit.
func (f *searchFlags) withTimeLimit(ctx context.Context) (context.Context, context.CancelFunc) {
	if f.timeLimit > 0 {
		return context.WithTimeout(ctx, f.timeLimit)
	}
	return context.WithCancel(ctx)
}

// stopReason tells why a search that returned err stopped early: ""
// when it did not (or failed otherwise), else the "stopped" value of
// -json. parent is the context of the command, not the one with the time
// limit.
func (f *searchFlags) stopReason(parent context.Context, err error) string {
	switch {
	case err == nil:
		return ""
	case parent.Err() != nil || errors.Is(err, context.Canceled):
		return jsonfmt.StoppedInterrupted
	case errors.Is(err, context.DeadlineExceeded):
		return jsonfmt.StoppedDeadline
	case errors.Is(err, exactcover.ErrNodeBudget):
		return jsonfmt.StoppedBudget
	}
	return ""
}

// partial is the message on standard error after a search stopped for
// reason (see stopReason).
func partial(reason string) string {
	switch reason {
	case jsonfmt.StoppedDeadline:
		return "partial: time limit reached"
	case jsonfmt.StoppedBudget:
		return "partial: node limit reached"
	}
	return "partial: interrupted"
}

// choosePiece chooses the options of the -sub piece on s, a solver of p.
// It returns 0, or the exit status after an error (2: the piece cannot be
// read or is not a piece of p).
func (f *searchFlags) choosePiece(s *exactcover.Solver, p *exactcover.Problem) int {
	if f.sub == "" {
		return 0
	}
	r, err := os.Open(f.sub)
	if err != nil {
		return f.Usagef("%v", err)
	}
	defer r.Close()
	pc, err := exactcover.ReadPiece(r)
	if err == nil {
		err = s.ChoosePiece(p, pc)
	}
	if err != nil {
		return f.inputError(fmt.Errorf("%s: %w", f.sub, err))
	}
	return 0
}

// doneLine is the end of a progress line: the estimated part of the
// search done and the time left, or "" before there is an estimate. st
// was reported at the time reported (from the start); it is now elapsed.
// The time left is the time the part done took, scaled to the part left,
// less the time since the report.
func doneLine(st exactcover.Stats, reported, elapsed time.Duration) string {
	f := st.Fraction
	if st.Subproblems > 0 {
		f = float64(st.SubproblemsDone) / float64(st.Subproblems)
	}
	if f <= 0 || f > 1 || reported <= 0 {
		return ""
	}
	left := math.Min(reported.Seconds()*(1-f)/f, 1e9) - (elapsed - reported).Seconds()
	return fmt.Sprintf(", about %.3g%% done, %v left", 100*f, numfmt.Round(time.Duration(max(left, 0)*float64(time.Second))))
}
