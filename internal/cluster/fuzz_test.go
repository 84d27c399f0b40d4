package cluster

import (
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
