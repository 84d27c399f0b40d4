package server

import (
	"net/http"
	"strconv"
	"time"

	"github.com/dlxkit/dlx/generate"
	"github.com/dlxkit/dlx/logic"
	"github.com/dlxkit/dlx/sudoku"
)

type generateReply struct {
	Size     string `json:"size"`
	Variant  string `json:"variant,omitempty"`
	Puzzle   string `json:"puzzle"`
	Solution string `json:"solution"`
	Givens   int    `json:"givens"`
	// Rating and Level are the Sudoku Explainer rating and its level,
	// when the puzzle could be rated within the deadline.
	Rating   float64 `json:"rating,omitempty"`
	Level    string  `json:"level,omitempty"`
	Symmetry string  `json:"symmetry"`
	Seed     uint64  `json:"seed"`
	// Cages are a killer's cages (variant=killer): the puzzle has no
	// givens; CageSteps and LogicSolved are its difficulty (see
	// generate.KillerDifficulty).
	Cages       []sudoku.Cage `json:"cages,omitempty"`
	CageSteps   int           `json:"cage_steps,omitempty"`
	LogicSolved *bool         `json:"logic_solved,omitempty"`
	Millis      float64       `json:"ms"`
}

// generate answers GET /api/generate?size=9&difficulty=hard&symmetry=rot180&seed=N&variant=diagonal.
// The difficulty (easy, medium, hard, expert, extreme) is a target for
// 9x9 grids, with the givens in generate.LevelGivens' window; other sizes get a random minimal puzzle, rated when possible.
// variant=killer makes a killer puzzle with no givens (Options.Killer):
// the difficulty and symmetry do not apply to it.
func (s *Server) generate(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	q := r.URL.Query()
	opt := generate.Options{Shape: sudoku.Standard}
	if v := q.Get("size"); v != "" {
		sh, err := parseSize(v)
		if err != nil {
			writeError(w, badRequest("size: "+err.Error()))
			return
		}
		opt.Shape = sh
	}
	opt.Killer = q.Get("variant") == "killer"
	if v := q.Get("variant"); v != "" && v != "standard" && !opt.Killer {
		vr, err := sudoku.VariantByName(v, opt.Shape)
		if err != nil {
			writeError(w, badRequest("variant: "+err.Error()))
			return
		}
		opt.Variant = vr
	}
	if v := q.Get("difficulty"); v != "" && v != "any" {
		l, err := logic.ParseLevel(v)
		if err != nil {
			writeError(w, badRequest("difficulty: "+err.Error()))
			return
		}
		if opt.Shape == sudoku.Standard && !opt.Killer {
			// With a window of givens per level, so that an easy
			// puzzle has more givens than a medium one, and so on;
			// as sudoku generate -level does.
			opt.SetLevel(l)
		}
	}
	if v := q.Get("symmetry"); v != "" {
		sym, err := generate.ParseSymmetry(v)
		if err != nil {
			writeError(w, badRequest("symmetry: "+err.Error()))
			return
		}
		if !opt.Killer {
			opt.Symmetry = sym
		}
	}
	if v := q.Get("seed"); v != "" {
		seed, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			writeError(w, badRequest("seed: want an unsigned integer"))
			return
		}
		opt.Seed = seed
	}
	if opt.Seed == 0 {
		opt.Seed = generate.RandomSeed()
	}
	opt.Rate = opt.Shape == sudoku.Standard && !opt.Killer
	gen, err := generate.NewGenerator(opt)
	if err != nil { // generate.ErrOptions
		writeError(w, badRequest(err.Error()))
		return
	}
	ctx, done, aerr := s.startSearch(r)
	if aerr != nil {
		writeError(w, aerr)
		return
	}
	defer done()
	res, err := gen.Generate(ctx, 0)
	if err != nil {
		writeError(w, s.searchError(ctx, err))
		return
	}
	s.m.solved.WithLabelValues("generate").Inc()
	rep := generateReply{
		Size: res.Puzzle.Shape.String(), Variant: variantName(res.Puzzle),
		Puzzle: res.Puzzle.String(), Solution: res.Solution.String(), Givens: res.Givens,
		Symmetry: opt.Symmetry.String(), Seed: res.Seed,
	}
	if res.Rated {
		rep.Rating, rep.Level = res.Rating, res.Level.String()
	}
	if res.Killer != nil {
		solved := res.Killer.Solved
		rep.Variant, rep.Cages, rep.CageSteps, rep.LogicSolved = "killer", res.Puzzle.Variant.Cages, res.Killer.CageSteps, &solved
	}
	rep.Millis = ms(start)
	writeJSON(w, http.StatusOK, rep)
}
