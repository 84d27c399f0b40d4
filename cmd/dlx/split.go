package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"github.com/dlxkit/dlx/exactcover"
	"github.com/dlxkit/dlx/internal/cli"
	"github.com/dlxkit/dlx/internal/jsonfmt"
)

const splitSummary = `Reads an exact cover problem from FILE (standard input when FILE is absent
or "-") and splits its search into pieces, one file each in directory DIR
(made if missing), to be counted apart ("dlx count -sub PIECE FILE"), on
other machines too: the counts of the pieces add up to the count of FILE.
DIR must not hold piece files already.

-depth D makes a piece of every path of the first D levels of the search
tree (the tree "dlx count" walks, branching on the first item with the
fewest options), and of every solution found above level D; paths that end
above it without a solution are left out. -pieces N takes the depth that
first gives at least N pieces (fewer when the tree has fewer paths).

The files are DIR/piece-0001.txt, DIR/piece-0002.txt, ... in the order of
the search. A piece file is text (piece 3 of "dlx gen queens 8" at depth 2):
  dlx-piece 1
  piece 3 40
  problem 42 64
  option 32 r4 c0 a4 b3
  option 27 r3 c3 a6 b7
"piece I N": piece I of N; "problem": the numbers of items and options of
the problem split, which -sub checks; one "option K TEXT" line per option
chosen, in order: K its index (from 0, in input order) and its text, which
-sub checks too. Lines starting with '|' are comments.
Standard output gets one line: "40 pieces of depth 2 in DIR"; with -json,
{"pieces":40,"depth":2,"dir":"DIR"}.`

// splitJSON is the output of "dlx split -json".
type splitJSON struct {
	Pieces int    `json:"pieces"`
	Depth  int    `json:"depth"`
	Dir    string `json:"dir"`
}

func runSplit(_ context.Context, e *cli.Env, args []string) int {
	f := &searchFlags{FlagSet: cli.NewFlagSet(e, "dlx split", "(-depth D | -pieces N) -o DIR [flags] [FILE]", splitSummary+"\n\n"+formatHelp)}
	var depth, pieces int
	var dir string
	f.StringVar(&f.format, "format", "knuth", "input `format`: knuth, matrix or sparse")
	f.IntVar(&depth, "depth", 0, "split at depth `D`")
	f.IntVar(&pieces, "pieces", 0, "split into at least `N` pieces")
	f.StringVar(&dir, "o", "", "write the pieces to directory `DIR`")
	f.BoolVar(&f.json, "json", false, "print JSON (see above)")
	f.workers = 1
	file, code, ok := f.parse(args)
	if !ok {
		return code
	}
	switch {
	case dir == "":
		return f.Usagef("-o DIR is required")
	case (depth > 0) == (pieces > 0):
		return f.Usagef("want one of -depth D and -pieces N (at least 1)")
	case depth < 0 || pieces < 0:
		return f.Usagef("-depth and -pieces must not be negative")
	}
	in, code := f.readInput(e, file)
	if in == nil {
		return code
	}
	if in.problem.HasBounds() {
		return f.Usagef("%s: item bounds (lo:hi|name): not supported here yet (dlx count and dlx solve take them)", in.name)
	}
	s := exactcover.NewSolver(in.problem)
	var subs []exactcover.Subproblem
	if depth > 0 {
		subs = s.SplitDepth(depth)
	} else {
		subs = s.Split(pieces)
		depth = 0
		for _, sub := range subs {
			depth = max(depth, len(sub))
		}
	}
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return f.Failf("%v", err)
	}
	// Pieces of an earlier split left in dir would be counted with these.
	if old, _ := filepath.Glob(filepath.Join(dir, "piece-*.txt")); len(old) > 0 {
		return f.Usagef("%s already holds piece files (%s): remove them or choose another directory", dir, filepath.Base(old[0]))
	}
	width := max(4, len(strconv.Itoa(len(subs))))
	var b bytes.Buffer
	for i, sub := range subs {
		b.Reset()
		pc := &exactcover.Piece{Index: i + 1, Total: len(subs), Choice: sub}
		if err := exactcover.WritePiece(&b, in.problem, pc); err != nil {
			return f.Failf("%v", err)
		}
		name := filepath.Join(dir, fmt.Sprintf("piece-%0*d.txt", width, i+1))
		if err := os.WriteFile(name, b.Bytes(), 0o666); err != nil {
			return f.Failf("%v", err)
		}
	}
	w := f.Output()
	if f.json {
		jsonfmt.NewEncoder(w).Encode(splitJSON{Pieces: len(subs), Depth: depth, Dir: dir})
	} else {
		fmt.Fprintf(w, "%d pieces of depth %d in %s\n", len(subs), depth, dir)
	}
	return f.Finish(w, 0)
}
