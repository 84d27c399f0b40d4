package main

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/dlxkit/dlx/exactcover"
	"github.com/dlxkit/dlx/exactcover/model"
	"github.com/dlxkit/dlx/internal/cli"
	"github.com/dlxkit/dlx/internal/numfmt"
	"github.com/dlxkit/dlx/internal/quote"
	"github.com/dlxkit/dlx/sudoku"
)

const genHelp = `Writes an exact cover problem in Knuth's format to standard output, for
"dlx solve" or "dlx count" (dlx gen queens 12 | dlx count).

Models:
  queens N        N queens on an N×N board, none attacking another: rows and
                  columns primary (middle first), diagonals secondary, as
                  Knuth's queens files
  pentomino WxH   the 12 pentominoes packed into a W×H board: every
                  orientation and placement, no symmetry broken (a 6x10
                  packing is counted 4 times)
  langford N      Langford pairs of 1..N (both mirror images counted)
  queendom N      the queens domination problem on an N×N board, a repeat
                  cover problem for "dlx cover": cells "R_C" primary, one
                  option per queen naming the cells it covers
  starbattle N K  Star Battle: K stars in every row, column and region of an
                  N×N board (regions from -regions FILE: N lines of N
                  letters, one name a region), no two touching; without
                  -regions, rows and columns only (Knuth's star2_N files
                  for K = 2). Items "K|r0" must be covered K times: an
                  exact cover problem with multiplicities
  sudoku PUZZLE   a Sudoku puzzle (one line, '.' or '0' for blanks, any
                  size the sudoku command reads) with its givens applied:
                  items r1c1 (a cell is filled), r1=5, c1=5, b1=5 (a row,
                  column or box holds 5); "--" before a puzzle that starts
                  with '-'`

func runGen(ctx context.Context, e *cli.Env, args []string) int {
	fs := cli.NewFlagSet(e, "dlx gen", "[flags] MODEL ARG... (starbattle N K, the others one ARG)", genHelp)
	variant := fs.String("variant", "", "sudoku `variant`: "+strings.Join(sudoku.VariantNames, ", "))
	regionsFile := fs.String("regions", "", "starbattle: read the regions from `FILE` (- for standard input)")
	rest, code, ok := fs.Parse(args)
	if !ok {
		return code
	}
	if len(rest) == 0 {
		return fs.Usagef("missing MODEL (queens, queendom, pentomino, langford, starbattle or sudoku; see dlx gen -h)")
	}
	name := rest[0]
	usageErr := func(format string, a ...any) int {
		return fs.Usagef("%s: %s", name, fmt.Sprintf(format, a...))
	}
	nArgs := 1
	switch name {
	case "queens", "queendom", "langford", "pentomino", "pentominoes", "sudoku":
	case "starbattle":
		nArgs = 2
	default:
		return fs.Usagef("unknown model %s (want queens, queendom, pentomino, langford, starbattle or sudoku)", quote.Short(name))
	}
	if len(rest) != 1+nArgs {
		return usageErr("want %s, got %d (see dlx gen -h)", numfmt.Count(int64(nArgs), "argument", "arguments"), len(rest)-1)
	}
	arg := rest[1]
	if *variant != "" && name != "sudoku" {
		return usageErr("-variant is for sudoku only")
	}
	if *regionsFile != "" && name != "starbattle" {
		return usageErr("-regions is for starbattle only")
	}

	var p *exactcover.Problem
	var comment string
	var err error
	switch name {
	case "queens":
		n, perr := strconv.Atoi(arg)
		if perr != nil {
			return usageErr("want a board size N, got %s", quote.Short(arg))
		}
		p, err = model.Queens(n)
		comment = fmt.Sprintf("%d queens", n)
	case "queendom":
		n, perr := strconv.Atoi(arg)
		if perr != nil {
			return usageErr("want a board size N, got %s", quote.Short(arg))
		}
		p, err = model.Queendom(n)
		comment = fmt.Sprintf("dominating queens on a %dx%d board: cover every cell at least once", n, n)
	case "langford":
		n, perr := strconv.Atoi(arg)
		if perr != nil {
			return usageErr("want a number N, got %s", quote.Short(arg))
		}
		p, err = model.Langford(n)
		comment = fmt.Sprintf("Langford pairs n=%d (both mirror images counted)", n)
	case "pentomino", "pentominoes":
		ws, hs, found := strings.Cut(strings.ToLower(arg), "x")
		w, werr := strconv.Atoi(ws)
		h, herr := strconv.Atoi(hs)
		if !found || werr != nil || herr != nil {
			return usageErr("want a board size WxH such as 6x10, got %s", quote.Short(arg))
		}
		p, err = model.Pentomino(w, h)
		comment = fmt.Sprintf("pentominoes %dx%d", w, h)
	case "starbattle":
		n, nerr := strconv.Atoi(arg)
		k, kerr := strconv.Atoi(rest[2])
		if nerr != nil || kerr != nil {
			return usageErr("want a board size N and stars per line K, got %s %s", quote.Short(arg), quote.Short(rest[2]))
		}
		var regions []int
		comment = fmt.Sprintf("Star Battle %dx%d, %d stars in every row and column", n, n, k)
		if *regionsFile != "" {
			rn, regs, rerr := readRegionsFile(e, *regionsFile)
			if rerr != nil {
				return fs.Usagef("starbattle: -regions %s: %v", quote.Short(*regionsFile), rerr)
			}
			if rn != n {
				return usageErr("-regions %s is %dx%d, not %dx%d", quote.Short(*regionsFile), rn, rn, n, n)
			}
			regions = regs
			comment = fmt.Sprintf("Star Battle %dx%d, %d stars in every row, column and region (%s)", n, n, k, *regionsFile)
		}
		p, err = model.StarBattle(n, k, regions)
	case "sudoku":
		g, _, perr := sudoku.ParseGrid(arg, sudoku.ReadOptions{})
		if perr != nil {
			return usageErr("puzzle: %v", perr)
		}
		if *variant != "" {
			v, verr := sudoku.VariantByName(*variant, g.Shape)
			if verr != nil {
				return usageErr("%v", verr)
			}
			g.Variant = v
		}
		p, err = sudoku.ExactCover(g)
		comment = "sudoku " + g.String()
		if *variant != "" {
			comment += " (" + *variant + ")"
		}
	}
	if err != nil {
		return usageErr("%v", err)
	}
	w := fs.Output()
	fmt.Fprintf(w, "| %s\n", comment)
	if err := exactcover.WriteKnuth(w, p); err != nil {
		return fs.Failf("%v", err)
	}
	return fs.Finish(w, 0)
}

// readRegionsFile reads Star Battle regions from a file, or standard input
// for "-".
func readRegionsFile(e *cli.Env, name string) (int, []int, error) {
	if name == "-" {
		return model.ReadRegions(e.Stdin)
	}
	f, err := os.Open(name)
	if err != nil {
		return 0, nil, err
	}
	defer f.Close()
	return model.ReadRegions(f)
}
