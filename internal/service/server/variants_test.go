package server

import (
	"bufio"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"
)

// TestConstraintPuzzles sends puzzles with the variant constraints of
// issue 16 (cages, anti-knight, anti-king, non-consecutive, thermometers)
// in the JSON puzzle object to solve, count and check.
func TestConstraintPuzzles(t *testing.T) {
	ts := startServer(t, Config{Timeout: time.Minute})
	// A published killer and its published solution (sudoku/testdata).
	f, err := os.Open("../../../sudoku/testdata/killer_published.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	if !sc.Scan() {
		t.Fatal("no published killer")
	}
	var pub struct {
		Puzzle   json.RawMessage `json:"puzzle"`
		Solution string          `json:"solution"`
	}
	if err := json.Unmarshal(sc.Bytes(), &pub); err != nil {
		t.Fatal(err)
	}
	killer := string(pub.Puzzle)
	tests := []struct {
		name, path, body string
		status           int
		want             map[string]any // dotted paths
		contains         map[string]string
	}{
		{"solve killer", "/api/solve", killer, 200, map[string]any{"solution": pub.Solution, "method": "propagate"}, nil},
		{"check killer", "/api/check", killer, 200, map[string]any{"verdict": "unique", "solution": pub.Solution}, nil},
		{"count killer", "/api/count", strings.Replace(killer, "{", `{"limit":0,`, 1), 200, map[string]any{"count": 1.0, "complete": true}, nil},
		// The 4x4 grids with a thermometer along the first row: 12.
		{"count thermo", "/api/count", `{"size":"2x2","puzzle":"................","thermos":[[0,1,2,3]],"limit":0}`, 200, map[string]any{"count": 12.0, "complete": true}, nil},
		{"count anti-king 4x4", "/api/count", `{"size":"2x2","puzzle":"................","antiking":true,"limit":0}`, 200, map[string]any{"count": 0.0}, nil},
		{"check non-consecutive", "/api/check", `{"size":"2x2","puzzle":"12..............","nonconsecutive":true}`, 200,
			map[string]any{"verdict": "invalid"}, map[string]string{"message": "non-consecutive: r1c1=1 beside r1c2=2"}},
		{"solve anti-knight clash", "/api/solve", `{"size":"2x3","puzzle":"1.......1...........................","antiknight":true}`, 422,
			map[string]any{"error.code": "invalid"}, map[string]string{"error.message": "r1c1 and r2c3 both 1"}},
		{"solve broken cage", "/api/solve", `{"size":"2x2","puzzle":"12..............","cages":[{"sum":4,"cells":[0,1]}]}`, 422,
			map[string]any{"error.code": "invalid"}, map[string]string{"error.message": "cage 1: digits add up to 3, want 4"}},
		{"unreachable sum", "/api/solve", `{"size":"2x2","puzzle":"................","cages":[{"sum":9,"cells":[0,1]}]}`, 400,
			nil, map[string]string{"error.message": "no 2 distinct digits 1..4 add up to 9"}},
		{"cell outside", "/api/check", `{"size":"2x2","puzzle":"................","thermos":[[0,16]]}`, 400,
			nil, map[string]string{"error.message": "cell 16 outside the 4x4 grid"}},
		{"thermo not a path", "/api/count", `{"size":"2x2","puzzle":"................","thermos":[[0,2]]}`, 400,
			nil, map[string]string{"error.message": "r1c3 does not touch r1c1"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			status, _, m := call(t, "POST", ts.url+tc.path, tc.body)
			if status != tc.status {
				t.Fatalf("status %d, want %d: %v", status, tc.status, m)
			}
			for k, v := range tc.want {
				if got := get(m, k); got != v {
					t.Errorf("%s = %v, want %v (%v)", k, got, v, m)
				}
			}
			for k, sub := range tc.contains {
				if got, _ := get(m, k).(string); !strings.Contains(got, sub) {
					t.Errorf("%s = %q, want it to contain %q", k, got, sub)
				}
			}
		})
	}
}
