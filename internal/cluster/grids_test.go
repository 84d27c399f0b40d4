package cluster

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/dlxkit/dlx/internal/solver/grids"
	"github.com/dlxkit/dlx/internal/testkit/zerotest"
)

// gridsCount is the number of filled Sudoku grids by box shape, as
// published (not computed by the code under test): the oracle of the
// grids jobs.
var gridsCount = map[string]string{
	"2x2": "288",
	"2x3": "28200960",
	"2x4": "29136487207403520",
	"3x3": "6670903752021072936960", // Felgenhauer and Jarvis, 2005
}

// A grids job on two workers, one of them killed (its connection closed,
// as SIGKILL: no ack, no nak) in the middle of a piece, gives the exact
// number of grids: the piece is delivered again to the other worker, and
// the parts are summed exactly (as decimals, with math/big). The record holds the
// sum; the total read back from the record is the same.
func TestGridsJobWorkerKilled(t *testing.T) {
	shapes := []string{"2x3", "2x4", "3x3"}
	if testing.Short() {
		shapes = []string{"2x3"}
	}
	gridsJobWorkerKilled(t, shapes)
}

// The same with the pieces of the stack method (12x12's: pieces up to
// stack moves, a table of every band count filled by each worker before
// its first piece) on 2x3 and 9x9.
func TestGridsJobStacksWorkerKilled(t *testing.T) {
	newGridPlan = grids.NewStackPlan
	defer func() { newGridPlan = grids.NewPlan }()
	shapes := []string{"2x3", "3x3"}
	if testing.Short() {
		shapes = []string{"3x3"}
	}
	gridsJobWorkerKilled(t, shapes)
}

func gridsJobWorkerKilled(t *testing.T, shapes []string) {
	s := startServer(t, t.TempDir(), 0, "")
	c := connect(t, s.URL())
	for _, shape := range shapes {
		t.Run(shape, func(t *testing.T) {
			job, err := c.Submit(context.Background(), Spec{Data: []byte(shape), Format: FormatGrids, Name: "count-grids " + shape})
			if err != nil {
				t.Fatal(err)
			}
			if job.Factor == "" || job.Plan == "" || job.Pieces < 2 {
				t.Fatalf("job %+v: want a factor, a plan digest and pieces", job)
			}
			a := connect(t, s.URL())
			killed := make(chan int, 1)
			wa := startWorkerOn(t, a, WorkerOptions{AckWait: time.Second, beforeCount: func(ctx context.Context, m *pieceMsg, _ uint64) error {
				if m.Job != job.ID {
					return nil
				}
				a.Close() // as SIGKILL
				select {
				case killed <- m.Piece:
				default:
				}
				<-ctx.Done()
				return ctx.Err()
			}})
			var piece int
			select {
			case piece = <-killed:
			case <-time.After(20 * time.Second):
				t.Fatal("worker a got no piece")
			}
			wb := startWorker(t, s.URL(), WorkerOptions{AckWait: time.Second, Workers: 2})
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
			defer cancel()
			st, err := c.Wait(ctx, job.ID, nil)
			if err != nil {
				t.Fatal(err)
			}
			want, _ := new(big.Int).SetString(gridsCount[shape], 10)
			if g := st.Grids(); g == nil || g.Cmp(want) != 0 || st.Done != job.Pieces || st.State != StateDone {
				t.Errorf("%s: %v grids, %d of %d pieces, %s; want %v, done", shape, g, st.Done, job.Pieces, st.State, want)
			}
			if st.Solutions != 0 {
				t.Errorf("a grids job with %d solutions", st.Solutions)
			}
			res, err := c.Results(context.Background(), job.ID)
			if err != nil {
				t.Fatal(err)
			}
			if r := res[piece]; r.Deliveries < 2 || r.Status != "ok" || r.Part == "" {
				t.Errorf("piece %d killed on delivery 1: result %+v, want delivery 2 or more with its part", piece, r)
			}
			// The total from the record alone (the job ended).
			j, err := c.Job(context.Background(), job.ID)
			if err != nil {
				t.Fatal(err)
			}
			if g := (Status{Job: j}).Grids(); g == nil || g.Cmp(want) != 0 {
				t.Errorf("record: factor %s, sum %s: %v grids, want %v", j.Factor, j.Sum, g, want)
			}
			st2, err := c.Wait(context.Background(), job.ID, nil)
			if g := st2.Grids(); err != nil || g == nil || g.Cmp(want) != 0 {
				t.Errorf("wait on the ended job: %v grids, %v", g, err)
			}
			wa.stop()
			wb.stop()
			drained(t, c)
		})
	}
}

// A grids piece that fails on every delivery fails the job, recorded
// with the parts of the others; dlx jobs retry queues it again and the
// job ends with the exact total.
func TestGridsJobRetry(t *testing.T) {
	s := startServer(t, t.TempDir(), 0, "")
	c := connect(t, s.URL())
	job, err := c.Submit(context.Background(), Spec{Data: []byte("2x4"), Format: FormatGrids})
	if err != nil {
		t.Fatal(err)
	}
	const bad = 5
	var broken atomic.Bool
	broken.Store(true)
	opt := WorkerOptions{AckWait: time.Second, MaxDeliver: 2, beforeCount: func(_ context.Context, m *pieceMsg, _ uint64) error {
		if m.Piece == bad && broken.Load() {
			return errors.New("disk on fire")
		}
		return nil
	}}
	startWorker(t, s.URL(), opt)
	startWorker(t, s.URL(), opt)
	st, err := wait(t, c, job.ID)
	if !errors.Is(err, ErrJobFailed) || !strings.Contains(err.Error(), "piece 5 (disk on fire)") || !strings.Contains(err.Error(), "their parts sum to "+st.Sum) {
		t.Fatalf("err %v, want a failed job naming piece 5", err)
	}
	want, _ := new(big.Int).SetString(gridsCount["2x4"], 10)
	if g := st.Grids(); st.Done != job.Pieces-1 || g == nil || g.Sign() <= 0 || g.Cmp(want) >= 0 {
		t.Errorf("failed job: %d of %d pieces, %v grids; want all but one, less than %v", st.Done, job.Pieces, g, want)
	}
	broken.Store(false)
	n, err := c.Retry(context.Background(), job.ID)
	if err != nil || n != 1 {
		t.Fatalf("retry: %d pieces, %v; want 1", n, err)
	}
	st, err = wait(t, c, job.ID)
	if g := st.Grids(); err != nil || g == nil || g.Cmp(want) != 0 || st.State != StateDone {
		t.Errorf("after the retry: %v grids, %s, %v; want %v", g, st.State, err, want)
	}
}

// A grids job is refused before anything is stored when its shape is not
// one, or when it asks for a split of its own.
func TestGridsJobBadInput(t *testing.T) {
	s := startServer(t, t.TempDir(), 0, "")
	c := connect(t, s.URL())
	for _, tc := range []struct {
		spec Spec
		want error
	}{
		{Spec{Data: []byte("3x3\n"), Format: FormatGrids}, ErrGridShape},
		{Spec{Data: []byte("1x9"), Format: FormatGrids}, ErrGridShape},
		{Spec{Data: []byte("4x4"), Format: FormatGrids}, ErrGridShape},
		{Spec{Data: []byte("+3x3"), Format: FormatGrids}, ErrGridShape},
		{Spec{Data: []byte(""), Format: FormatGrids}, ErrGridShape},
		{Spec{Data: []byte("3x3"), Format: FormatGrids, Pieces: 10}, errors.ErrUnsupported},
		{Spec{Data: []byte("3x3"), Format: FormatGrids, Engine: "links"}, errors.ErrUnsupported},
	} {
		if _, err := c.Submit(context.Background(), tc.spec); !errors.Is(err, tc.want) {
			t.Errorf("%q: %v, want %v", tc.spec.Data, err, tc.want)
		}
	}
	if list, err := c.List(context.Background()); err != nil || len(list) != 0 {
		t.Errorf("jobs %v, %v; want none", list, err)
	}
}

// A worker whose plan is not the job's (another release) fails the piece
// rather than count another piece under its number.
func TestGridsPlanMismatch(t *testing.T) {
	s := startServer(t, t.TempDir(), 0, "")
	c := connect(t, s.URL())
	job, err := c.Submit(context.Background(), Spec{Data: []byte("2x3"), Format: FormatGrids})
	if err != nil {
		t.Fatal(err)
	}
	startWorker(t, s.URL(), WorkerOptions{AckWait: time.Second, MaxDeliver: 1, beforeCount: func(_ context.Context, m *pieceMsg, _ uint64) error {
		m.Plan = "another"
		return nil
	}})
	_, err = wait(t, c, job.ID)
	if !errors.Is(err, ErrJobFailed) || !strings.Contains(err.Error(), "plan of the grid count") {
		t.Errorf("err %v, want a failed job saying the plans differ", err)
	}
}

func TestParseGridShape(t *testing.T) {
	for _, tc := range []struct {
		in   string
		r, c int
		ok   bool
	}{
		{"3x3", 3, 3, true}, {"2x4", 2, 4, true}, {"3x4", 3, 4, true}, {"4x3", 4, 3, true},
		{"9", 0, 0, false}, {"3x3x3", 0, 0, false}, {"3X3", 0, 0, false}, {" 3x3", 0, 0, false},
		{"003x3", 0, 0, false}, {"-3x-3", 0, 0, false}, {"2x7", 0, 0, false}, {"x", 0, 0, false},
	} {
		r, c, err := parseGridShape([]byte(tc.in))
		if (err == nil) != tc.ok || r != tc.r || c != tc.c {
			t.Errorf("%q: %d, %d, %v", tc.in, r, c, err)
		}
		if err != nil && !errors.Is(err, ErrGridShape) {
			t.Errorf("%q: %v, want ErrGridShape", tc.in, err)
		}
	}
}

// The problem of a grids job and the parts of its results come from the
// network: never a panic, and only shapes the counter takes.
func FuzzParseGridShape(f *testing.F) {
	for _, s := range []string{"3x3", "2x2", "12x1", "3x4", "x", "", "1x1x"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r, c, err := parseGridShape(data)
		if err == nil && (r < 2 || c < 2 || r*c > 12) {
			t.Fatalf("%q: %dx%d accepted", data, r, c)
		}
		if v, ok := parsePart(string(data)); ok && v.Sign() < 0 {
			t.Fatalf("%q: negative part %v", data, v)
		}
	})
}

// Status.Grids: Factor x Sum for a grids job, nil for another job or a
// record whose figures are not numbers.
func TestStatusGrids(t *testing.T) {
	for _, tc := range []struct {
		job  Job
		want string
	}{
		{Job{Format: FormatGrids, Factor: "60480", Sum: "110299334524157952"}, "6670903752021072936960"},
		{Job{Format: FormatGrids, Factor: "60480"}, "0"},
		{Job{Format: FormatGrids, Factor: "60480", Sum: "-1"}, "<nil>"},
		{Job{Format: FormatGrids, Factor: "x", Sum: "1"}, "<nil>"},
		{Job{Format: FormatGrids, Sum: "1"}, "<nil>"},
		{Job{Format: "knuth", Solutions: 4}, "<nil>"},
	} {
		if got := fmt.Sprint(Status{Job: tc.job}.Grids()); got != tc.want {
			t.Errorf("%+v: %s, want %s", tc.job, got, tc.want)
		}
	}
	var st Status
	zerotest.Run(t, &st, zerotest.Cases{
		"Grids": func() string {
			if g := st.Grids(); g != nil {
				return g.String()
			}
			return ""
		},
	})
}
