// Package countfmt holds the output of the counting commands that dlx and
// sudoku share with dlx-cluster, which runs them on a cluster: the JSON
// object and the -stats line of "dlx count", and the JSON object and the
// progress line of "sudoku count-grids". One definition each, so that a
// count printed by either program reads the same.
package countfmt

import (
	"fmt"
	"strconv"
	"time"

	"github.com/dlxkit/dlx/exactcover"
	"github.com/dlxkit/dlx/internal/numfmt"
)

// Count is the output of "dlx count -json" (and of "dlx count -cluster"
// and "dlx jobs wait" with -json).
type Count struct {
	Solutions int64  `json:"solutions"`
	Nodes     int64  `json:"nodes"`
	Updates   int64  `json:"updates"`
	Complete  bool   `json:"complete"`
	Stopped   string `json:"stopped,omitempty"`
	// With -cluster: the job and its number of pieces.
	Job    string `json:"job,omitempty"`
	Pieces int    `json:"pieces,omitempty"`
	// A grid count's job (sudoku count-grids -cluster): the number of
	// grids, in decimal.
	Grids string `json:"grids,omitempty"`
}

// Grids is the output of "sudoku count-grids -json". The numbers are
// strings: they pass 2^53.
type Grids struct {
	Shape  string `json:"shape"`
	Grids  string `json:"grids"`
	Pieces int    `json:"pieces"`
	// With -essentially-different: the number of grids up to the
	// symmetries, and the group's order.
	EssentiallyDifferent string `json:"essentially_different,omitempty"`
	GroupOrder           string `json:"group_order,omitempty"`
	// With -cluster: the job.
	Job string `json:"job,omitempty"`
}

// Stats is the -stats line of a search: solutions, nodes and updates in
// the time d, the rate of updates, and the subproblems of a parallel or
// distributed one.
func Stats(st exactcover.Stats, d time.Duration) string {
	s := fmt.Sprintf("%s, %s, %s in %s (%s updates/s)",
		Plural(st.Solutions, "solution", "solutions"), Plural(st.Nodes, "node", "nodes"), Plural(st.Updates, "update", "updates"),
		numfmt.Duration(d), PerSecond(st.Updates, d))
	if st.Subproblems > 0 {
		s += fmt.Sprintf(", %d subproblems", st.Subproblems)
	}
	return s
}

// PerSecond formats n per duration d with a metric suffix ("57.1M").
func PerSecond(n int64, d time.Duration) string {
	if d <= 0 {
		return "-"
	}
	r := float64(n) / d.Seconds()
	switch {
	case r >= 1e9:
		return fmt.Sprintf("%.2fG", r/1e9)
	case r >= 1e6:
		return fmt.Sprintf("%.1fM", r/1e6)
	case r >= 1e3:
		return fmt.Sprintf("%.1fk", r/1e3)
	}
	return fmt.Sprintf("%.0f", r)
}

// Plural writes n with the noun that agrees with it ("1 solution", "92
// solutions"), the number without separators as Knuth's programs print
// it.
func Plural(n int64, one, many string) string {
	return strconv.FormatInt(n, 10) + " " + numfmt.Noun(n, one, many)
}

// GridsProgress is the progress line of a grid count: the pieces (or,
// what is not "", the other units) done and, from their rate, the time
// left.
func GridsProgress(what string, done, total int, elapsed time.Duration) string {
	if what == "" {
		what = "pieces"
	}
	if total == 0 {
		return fmt.Sprintf("preparing, %s", elapsed.Round(time.Second))
	}
	line := fmt.Sprintf("%s %d/%d, %s", what, done, total, elapsed.Round(time.Second))
	if done > 0 && done < total {
		left := time.Duration(float64(elapsed) * float64(total-done) / float64(done))
		line += fmt.Sprintf(", about %s left", left.Round(time.Second))
	}
	return line
}
