package cluster

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/dlxkit/dlx/exactcover"
	"github.com/dlxkit/dlx/internal/quote"
	"github.com/dlxkit/dlx/internal/solver/grids"
)

// FormatGrids is the format of a job that counts the filled Sudoku grids
// of one box shape (package internal/solver/grids): its problem is the
// shape, "RxC", and its pieces are the plan's pieces (piece i of the job
// is the plan's piece i-1). A piece's result carries its part of the sum
// exactly (Result.Part, a decimal string: parts pass 2^63 for the larger
// shapes); the job's Sum adds them with math/big, and the count is
// Factor x Sum (Status.Grids).
const FormatGrids = "grids"

// ErrGridShape: the problem of a grids job is not a box shape the grid
// counter takes.
var ErrGridShape = errors.New("not a box shape for a grid count")

// parseGridShape reads the problem of a grids job: "RxC", R and C from
// 2 to grids.MaxN, nothing else.
func parseGridShape(data []byte) (r, c int, err error) {
	s := string(data)
	a, b, ok := strings.Cut(s, "x")
	if ok {
		r, err = strconv.Atoi(a)
	}
	if ok && err == nil {
		c, err = strconv.Atoi(b)
	}
	if !ok || err != nil || len(a) > 2 || len(b) > 2 || a[0] == '+' || b[0] == '+' ||
		r < 2 || c < 2 || r*c > grids.MaxN {
		return 0, 0, fmt.Errorf("grid count problem %s: want RxC with R, C at least 2 and R*C up to %d: %w",
			quote.Short(s), grids.MaxN, ErrGridShape)
	}
	return r, c, nil
}

// newGridPlan makes the plan of a box shape (tests: the stack method's
// plan on shapes smaller than 12x12, which grids.NewPlan counts by bands).
var newGridPlan = grids.NewPlan

// gridPlan returns the plan of the grids job with problem data.
func gridPlan(data []byte) (*grids.Plan, error) {
	r, c, err := parseGridShape(data)
	if err != nil {
		return nil, err
	}
	pl, err := newGridPlan(r, c)
	if err != nil {
		return nil, fmt.Errorf("grid count %dx%d: %w", r, c, err)
	}
	return pl, nil
}

// planDigest is a fingerprint of a plan: its factor and every piece's
// weight and first band. A worker counts a piece only when its own plan
// has the digest the job was submitted with (a dlx of another release
// might number the pieces otherwise).
func planDigest(pl *grids.Plan) (string, error) {
	h := sha256.New()
	h.Write([]byte(pl.Factor().String()))
	var buf [8]byte
	for i := range pl.Pieces() {
		w, cols, err := pl.Piece(i)
		if err != nil {
			return "", err
		}
		binary.LittleEndian.PutUint64(buf[:], w)
		h.Write(buf[:])
		for _, m := range cols {
			binary.LittleEndian.PutUint16(buf[:2], m)
			h.Write(buf[:2])
		}
	}
	return hex.EncodeToString(h.Sum(nil)[:12]), nil
}

// gridPieces returns the pieces of a grids job: one empty choice per
// plan piece (the piece's number says which), the plan's factor and its
// digest.
func gridPieces(data []byte) ([]exactcover.Subproblem, string, string, error) {
	pl, err := gridPlan(data)
	if err != nil {
		return nil, "", "", err
	}
	digest, err := planDigest(pl)
	if err != nil {
		return nil, "", "", err
	}
	return make([]exactcover.Subproblem, pl.Pieces()), pl.Factor().String(), digest, nil
}

// parsePart reads the part of a grids result: a non-negative decimal
// integer.
func parsePart(s string) (*big.Int, bool) {
	if s == "" || len(s) > 200 || s[0] == '+' || s[0] == '-' {
		return nil, false
	}
	v, ok := new(big.Int).SetString(s, 10)
	return v, ok
}

// Grids returns the number of grids of a grids job: Factor x Sum (the
// count so far while the job runs), or nil for another job.
func (st Status) Grids() *big.Int {
	if st.Format != FormatGrids {
		return nil
	}
	f, ok1 := parsePart(st.Factor)
	s, ok2 := parsePart(st.Sum)
	if !ok2 {
		s, ok2 = new(big.Int), st.Sum == ""
	}
	if !ok1 || !ok2 {
		return nil
	}
	return s.Mul(s, f)
}

// workerPlan is a plan a worker keeps (the table of band counts a
// plan fills is worth keeping across pieces).
type workerPlan struct {
	plan   *grids.Plan
	digest string
}

// gridPlan returns the plan of the grids problem name, made once.
func (w *Worker) gridPlan(ctx context.Context, name string) (workerPlan, error) {
	w.mu.Lock()
	gp, ok := w.plans[name]
	w.mu.Unlock()
	if ok {
		return gp, nil
	}
	tctx, cancel := w.c.ctx(ctx)
	data, err := w.c.problems.GetBytes(tctx, name)
	cancel()
	if err != nil {
		return gp, fmt.Errorf("reading problem %s: %w", name, err)
	}
	pl, err := gridPlan(data)
	if err != nil {
		return gp, fmt.Errorf("problem %s: %w", name, err)
	}
	digest, err := planDigest(pl)
	if err != nil {
		return gp, err
	}
	gp = workerPlan{pl, digest}
	w.mu.Lock()
	if len(w.plans) >= 4 {
		clear(w.plans)
	}
	w.plans[name] = gp
	w.mu.Unlock()
	return gp, nil
}

// countGrids counts piece m of a grids job: its part of the sum.
func (w *Worker) countGrids(ctx context.Context, m *pieceMsg) (Result, error) {
	gp, err := w.gridPlan(ctx, m.Problem)
	if err != nil {
		return Result{}, err
	}
	if gp.plan.Pieces() != m.Pieces || (m.Plan != "" && gp.digest != m.Plan) {
		return Result{}, fmt.Errorf("piece %d: this worker's plan of the grid count (%d pieces, digest %s) is not the job's (%d pieces, digest %s): run the same dlx release on every machine",
			m.Piece, gp.plan.Pieces(), gp.digest, m.Pieces, m.Plan)
	}
	v, err := gp.plan.CountPiece(ctx, m.Piece-1, grids.Options{Workers: w.opt.Workers})
	if err != nil {
		return Result{}, fmt.Errorf("piece %d: %w", m.Piece, err)
	}
	return Result{Piece: m.Piece, Status: "ok", Part: v.String(), Worker: w.opt.Name}, nil
}
