package cluster

import (
	"bytes"
	"context"
	"testing"

	"github.com/dlxkit/dlx/exactcover"
)

// FuzzPieceMessage feeds arbitrary piece messages (network input) to the
// worker's decoding and counting, on queens 5 held in its cache (no
// server): an error, never a panic, and a count only for options that
// can be chosen together.
func FuzzPieceMessage(f *testing.F) {
	for _, s := range []string{
		`{"v":1,"job":"j","piece":1,"pieces":1,"problem":"p","format":"knuth","choice":[]}`,
		`{"v":1,"job":"j","piece":2,"pieces":3,"problem":"p","format":"knuth","choice":[0,7]}`,
		`{"v":1,"job":"j","piece":2,"pieces":3,"problem":"p","choice":[-1,99999]}`,
		`{"v":1,"job":"j","piece":1,"problem":"p","engine":"warp","choice":[3]}`,
		`{"v":2,"job":"j"}`, `{"job":"j"}`, `[]`, `{"v":"1"}`, ``,
	} {
		f.Add([]byte(s))
	}
	p := mustParse(f, queens(f, 5))
	f.Fuzz(func(t *testing.T, data []byte) {
		var m pieceMsg
		if err := decodeVersioned("piece", data, &m, FormatVersion); err != nil {
			return
		}
		m.Problem, m.Format = "p", "knuth"
		w := &Worker{c: &Client{version: FormatVersion}, problems: map[string]*exactcover.Problem{"p": p}}
		r, s, _, err := w.count(context.Background(), &m, 1, nil, "")
		if err != nil {
			return
		}
		if s == nil || r.Solutions < 0 || r.Solutions > queensCount[5] {
			t.Errorf("%q: %+v", data, r)
		}
		for _, o := range m.Choice {
			if o < 0 || o >= p.NumOptions() {
				t.Errorf("%q: counted with option %d out of range", data, o)
			}
		}
	})
}

// FuzzTally feeds arbitrary records of dlx_results (network input), each
// under key JOB.N, to a job's tally of 8 pieces: no panic, and the totals
// stay within the job: every piece counted at most once, failed or
// counted, never both.
func FuzzTally(f *testing.F) {
	for _, s := range []string{
		`{"v":1,"piece":1,"status":"ok","solutions":3}` + "\n" + `{"v":1,"piece":1,"status":"ok","solutions":3}`,
		`{"v":1,"piece":2,"status":"error"}` + "\n" + `{"v":1,"piece":2,"status":"ok","solutions":1}`,
		`{"v":1,"piece":9,"status":"ok"}` + "\n" + `{"v":1,"piece":0,"status":"error"}` + "\n" + `{"v":2,"piece":3}`,
		`{"v":1,"piece":-4,"status":"ok","solutions":-7}`, `[]`, ``,
	} {
		f.Add([]byte(s))
	}
	c := &Client{version: FormatVersion}
	f.Fuzz(func(t *testing.T, data []byte) {
		tl := newTally(Job{ID: "j", Pieces: 8, Published: 8})
		counted := map[int]bool{}
		var want int64
		for i, line := range bytes.Split(data, []byte("\n")) {
			var r Result
			if err := decodeVersioned("result", line, &r, c.version); err != nil {
				continue
			}
			tl.add(uint64(i+1), r)
			tl.add(uint64(i+1), r) // read twice
			if r.Status != "error" && r.Piece >= 1 && r.Piece <= 8 && !counted[r.Piece] {
				counted[r.Piece] = true
				want += r.Solutions
			}
		}
		st := tl.st
		if st.Done != len(counted) || st.Solutions != want || st.Done+st.FailedN > 8 {
			t.Errorf("%q: %d done (%d solutions), %d failed of 8; want %d done (%d)", data, st.Done, st.Solutions, st.FailedN, len(counted), want)
		}
		for p := range tl.failed {
			if counted[p] {
				t.Errorf("%q: piece %d both counted and failed", data, p)
			}
		}
	})
}
