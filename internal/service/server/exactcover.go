package server

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/dlxkit/dlx/exactcover"
	"github.com/dlxkit/dlx/internal/jsonfmt"
)

// maxListed caps the solutions an exact-cover reply lists.
const maxListed = 100

type exactCoverReply struct {
	Items   int `json:"items"`
	Options int `json:"options"`
	// Solutions lists up to the requested number of solutions, each as
	// its options' text (the option lines of the input).
	Solutions [][]string `json:"solutions,omitempty"`
	// Count is the number of solutions found (all of them when Complete).
	Count    int64 `json:"count"`
	Complete bool  `json:"complete"`
	// Stopped says why an incomplete search stopped: "limit", "deadline"
	// or "node budget" (jsonfmt's Stopped values).
	Stopped string  `json:"stopped,omitempty"`
	Nodes   int64   `json:"nodes"`
	Updates int64   `json:"updates"`
	Millis  float64 `json:"ms"`
}

// exactCover answers POST /api/exactcover: a problem in Knuth's DLX
// format. Query: solutions=N lists the first N solutions (default 1, at
// most 100); count=1 counts every solution (limit=N stops at N);
// budget=N lowers the node budget.
func (s *Server) exactCover(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	q := r.URL.Query()
	intParam := func(name string, def, maxv int64) (int64, *apiError) {
		v := q.Get(name)
		if v == "" {
			return def, nil
		}
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 0 || n > maxv {
			return 0, badRequest(name + ": want a number from 0 to " + strconv.FormatInt(maxv, 10))
		}
		return n, nil
	}
	list, aerr := intParam("solutions", 1, maxListed)
	if aerr != nil {
		writeError(w, aerr)
		return
	}
	counting := q.Get("count") == "1" || q.Get("count") == "true"
	limit, aerr := intParam("limit", 0, 1<<62)
	if aerr != nil {
		writeError(w, aerr)
		return
	}
	budget, aerr := intParam("budget", s.cfg.NodeBudget, s.cfg.NodeBudget)
	if aerr == nil && budget == 0 {
		aerr = badRequest("budget: want a number from 1 to " + strconv.FormatInt(s.cfg.NodeBudget, 10))
	}
	if aerr != nil {
		writeError(w, aerr)
		return
	}
	if !counting {
		limit = max(list, 1)
	}
	body, aerr := s.readBody(w, r, s.cfg.MaxExactCoverBody)
	if aerr != nil {
		writeError(w, aerr)
		return
	}
	p, err := exactcover.ReadKnuth(bytes.NewReader(body))
	if err != nil {
		writeError(w, fromError(http.StatusBadRequest, jsonfmt.CodeParse, err))
		return
	}
	ctx, done, aerr := s.startSearch(r)
	if aerr != nil {
		writeError(w, aerr)
		return
	}
	defer done()
	release, aerr := s.reserveProblem(p)
	if aerr != nil {
		writeError(w, aerr)
		return
	}
	defer release()
	opt := exactcover.Options{Limit: limit, MaxNodes: budget}
	rep := exactCoverReply{Items: p.NumItems(), Options: p.NumOptions()}
	sv := exactcover.NewSolver(p)
	for sol := range sv.Solutions(ctx, opt) {
		if int64(len(rep.Solutions)) < list {
			opts := make([]string, len(sol))
			for i, o := range sol {
				opts[i] = p.OptionString(o)
			}
			rep.Solutions = append(rep.Solutions, opts)
		}
	}
	st := sv.Stats()
	rep.Count, rep.Nodes, rep.Updates = st.Solutions, st.Nodes, st.Updates
	rep.Complete = true
	switch err := sv.Err(); {
	case err == nil:
		if limit > 0 && rep.Count >= limit {
			rep.Complete, rep.Stopped = false, jsonfmt.StoppedLimit // there may be more
		}
	case errors.Is(err, exactcover.ErrNodeBudget):
		s.m.rejected.WithLabelValues("budget").Inc()
		rep.Complete, rep.Stopped = false, jsonfmt.StoppedBudget
	case errors.Is(err, context.DeadlineExceeded):
		s.m.rejected.WithLabelValues("deadline").Inc()
		rep.Complete, rep.Stopped = false, jsonfmt.StoppedDeadline
	default:
		writeError(w, s.searchError(ctx, err))
		return
	}
	s.m.nodes.WithLabelValues("exactcover").Add(float64(st.Nodes))
	s.m.solved.WithLabelValues("exactcover").Inc()
	rep.Millis = ms(start)
	writeJSON(w, http.StatusOK, rep)
}
