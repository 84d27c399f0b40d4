package server

import (
	"bufio"
	"encoding/json"
	"errors"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dlxkit/dlx/fpuzzles"
	"github.com/dlxkit/dlx/internal/lzstring"
	"github.com/dlxkit/dlx/sudoku"
	"golang.org/x/tools/txtar"
)

// publishedKillerSolution is the solution of the killer with no givens
// published in dclamage/SudokuSolver (SudokuTests/SumConstraintTests.cs,
// "a killer-cage-only puzzle"; fpuzzles/testdata/published.txt), found
// unique by a brute-force search written for the web page's tests
// (internal/service/e2e), not by the project's solver.
const publishedKillerSolution = "714562398286493517953178426578241963362985741149637285435826179821759634697314852"

// published returns the link of fpuzzles/testdata/published.txt named
// name: "readme", a 9x9 with a 1 in r1c1 and nothing else
// (lisudoku/sudoku_formats' README), or "killer" (above).
func published(t *testing.T, name string) (link string) {
	t.Helper()
	b, err := os.ReadFile("../../../fpuzzles/testdata/published.txt")
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.Lines(string(b)) {
		if l, ok := strings.CutPrefix(strings.TrimSpace(line), name+" "); ok {
			return l
		}
	}
	t.Fatalf("no %s line in published.txt", name)
	return ""
}

func quoted(s string) string { b, _ := json.Marshal(s); return string(b) }

// TestImportForms posts a published puzzle in every form `sudoku import`
// reads (links of f-puzzles and SudokuPad with the payload in the query
// or the path, %-escaped or not; the payload alone; the f-puzzles JSON;
// each as the "import" field of a JSON request) to solve, count and
// check. The puzzle is a 9x9 with a 1 in r1c1: solve gives a valid grid
// keeping it, count stops at the limit of 2, check says multiple, and
// each reply holds the imported puzzle object. Before the API read links,
// each was a 400 parse error ("612 cells, want 625").
func TestImportForms(t *testing.T) {
	link := published(t, "readme")
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	payload := u.Query().Get("load")
	fjson, err := lzstring.DecompressFromBase64(payload)
	if err != nil || !strings.HasPrefix(fjson, "{") {
		t.Fatalf("the published payload: %v", err)
	}
	forms := []struct{ name, body string }{
		{"f-puzzles link", link},
		{"f-puzzles link escaped", "https://www.f-puzzles.com/?load=" + url.QueryEscape(payload)},
		{"f-puzzles link without scheme", "f-puzzles.com/?load=" + payload},
		{"sudokupad fpuzzles path", "https://sudokupad.app/fpuzzles" + payload},
		{"sudokupad fpuz path escaped", "https://sudokupad.app/fpuz" + url.PathEscape(payload)},
		{"sudokupad puzzle query", "https://sudokupad.app/?puzzle=fpuzzles" + payload},
		{"sudokupad puzzleid escaped", "https://sudokupad.app/?puzzleid=fpuzzles" + url.QueryEscape(payload)},
		{"ctc puzzleid", "https://app.crackingthecryptic.com/sudoku/?puzzleid=fpuzzles" + payload},
		{"beta host", "https://beta.sudokupad.app/fpuzzles" + payload},
		{"payload", payload},
		{"payload with fpuzzles prefix and newline", "fpuzzles" + payload + "\n"},
		{"f-puzzles JSON", fjson},
		{"import field: link", `{"import":` + quoted(link) + `}`},
		{"import field: payload", `{"import":` + quoted(payload) + `}`},
		{"import field: JSON text", `{"import":` + quoted(fjson) + `}`},
		{"import field: object", `{"import":` + fjson + `}`},
	}
	puzzle := "1" + strings.Repeat(".", 80)
	ts := startServer(t, Config{Timeout: time.Minute})
	for _, f := range forms {
		for _, path := range []string{"/api/solve", "/api/count", "/api/check"} {
			code, _, m := call(t, "POST", ts.url+path, f.body)
			if code != 200 {
				t.Errorf("%s to %s: %d %v", f.name, path, code, m)
				continue
			}
			switch path {
			case "/api/solve":
				if sol, _ := m["solution"].(string); !validGrid(puzzle, sol, 3, 3) || m["puzzle"] != puzzle {
					t.Errorf("%s to %s: puzzle %v solution %v, want a valid grid with 1 in r1c1", f.name, path, m["puzzle"], m["solution"])
				}
			case "/api/count":
				if m["count"] != 2.0 || m["complete"] != false || m["stopped"] != "limit" {
					t.Errorf("%s to %s: count %v complete %v, want 2, stopped at the limit", f.name, path, m["count"], m["complete"])
				}
			case "/api/check":
				if m["verdict"] != "multiple" || m["puzzle"] != puzzle {
					t.Errorf("%s to %s: verdict %v, puzzle %v, want multiple", f.name, path, m["verdict"], m["puzzle"])
				}
			}
			if get(m, "imported.size") != "3x3" || get(m, "imported.puzzle") != puzzle {
				t.Errorf("%s to %s: imported %v, want the 9x9 with a 1 in r1c1", f.name, path, m["imported"])
			}
		}
	}
	// The request's own fields beside an import, or in the query.
	code, _, m := call(t, "POST", ts.url+"/api/count", `{"import":`+quoted(link)+`,"limit":1}`)
	if code != 200 || m["count"] != 1.0 || m["limit"] != 1.0 || m["complete"] != false || m["stopped"] != "limit" {
		t.Errorf("import with limit 1: %d %v", code, m)
	}
	code, _, m = call(t, "POST", ts.url+"/api/count?limit=5", link)
	if code != 200 || m["count"] != 5.0 || m["limit"] != 5.0 {
		t.Errorf("link with ?limit=5: %d %v", code, m)
	}
}

// TestImportKiller: the published killer (17 cages, no givens), posted
// as a link, a SudokuPad link and f-puzzles JSON in the "import" field,
// solves to its published solution, counts to 1 and checks unique, with
// its 17 cages in "imported".
func TestImportKiller(t *testing.T) {
	if testing.Short() {
		t.Skip("a search of about a second per request (a minute under -race): skipped with -short")
	}
	link := published(t, "killer")
	u, _ := url.Parse(link)
	fjson, err := lzstring.DecompressFromBase64(u.Query().Get("load"))
	if err != nil {
		t.Fatal(err)
	}
	ts := startServer(t, Config{Timeout: time.Minute})
	for _, tt := range []struct{ path, body string }{
		{"/api/solve", link},
		{"/api/count", "https://sudokupad.app/fpuzzles" + u.Query().Get("load")},
		{"/api/check", `{"import":` + fjson + `}`},
	} {
		code, _, m := call(t, "POST", ts.url+tt.path, tt.body)
		cages, _ := get(m, "imported.cages").([]any)
		switch {
		case code != 200 || len(cages) != 17:
			t.Errorf("%s: %d, %d cages imported: %v", tt.path, code, len(cages), m)
		case tt.path == "/api/count" && (m["count"] != 1.0 || m["complete"] != true):
			t.Errorf("%s: %v, want 1, complete", tt.path, m)
		case tt.path != "/api/count" && m["solution"] != publishedKillerSolution:
			t.Errorf("%s: solution %v, want the published one", tt.path, m["solution"])
		}
	}
}

// TestImportErrors: imports that fail answer 400 or 422 with a message
// naming what was wrong, every problem of the puzzle listed in
// "problems"; links the importer refuses (short links, which need the
// network) keep their refusal; options the imported puzzle gives itself
// are refused.
func TestImportErrors(t *testing.T) {
	link := published(t, "killer")
	a, err := txtar.ParseFile("../../../fpuzzles/testdata/import/many_problems.txtar")
	if err != nil {
		t.Fatal(err)
	}
	var many string
	for _, f := range a.Files {
		if f.Name == "fpuzzles.json" {
			many = strings.TrimSpace(string(f.Data))
		}
	}
	tests := []struct {
		name, path, body string
		status           int
		code, message    string
		problems         int
	}{
		{"sudokupad short link", "/api/solve", "https://sudokupad.app/abc123", 422, "unsupported", "SudokuPad short link", 0},
		{"f-puzzles short link", "/api/check", "https://f-puzzles.com/?id=ya5rxnxj", 422, "unsupported", "f-puzzles short link", 0},
		{"short link in a field", "/api/count", `{"import":"https://sudokupad.app/abc123"}`, 422, "unsupported", "SudokuPad short link", 0},
		{"another site", "/api/solve", "https://example.com/?load=N4Ig", 422, "unsupported", "want an f-puzzles", 0},
		{"bad payload", "/api/solve", "N4Ig***", 400, "parse_error", "lz-string: bad character", 0},
		{"seven problems", "/api/check", "https://www.f-puzzles.com/?load=" + lzstring.CompressToBase64(many), 422, "unsupported", "quadruple 1: digit 9", 7},
		{"seven problems as JSON", "/api/solve", many, 422, "unsupported", "cosmetic lines", 7},
		{"seven problems in a field", "/api/count", `{"import":` + many + `}`, 422, "unsupported", "lockout", 7},
		{"a bad cage", "/api/solve", `{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"killercage":[{"cells":["R5C1"],"value":3}]}`, 400, "parse_error", `cell "R5C1" outside the 4x4 grid`, 0},
		{"size in the query", "/api/solve?size=9", link, 400, "bad_request", "size: an imported puzzle gives its own", 0},
		{"variant in the query", "/api/solve?variant=diagonal", link, 400, "bad_request", "leave variant out", 0},
		{"puzzle fields beside import", "/api/solve", `{"import":` + quoted(link) + `,"size":"3x3"}`, 400, "bad_request", "leave out the puzzle's own fields", 0},
		{"import of a number", "/api/solve", `{"import":5}`, 400, "bad_request", "import: want a link", 0},
		{"empty import", "/api/solve", `{"import":""}`, 400, "parse_error", "empty input", 0},
		{"unknown field beside import", "/api/solve", `{"import":` + quoted(link) + `,"limt":2}`, 400, "parse_error", `unknown field "limt"`, 0},
	}
	ts := startServer(t, Config{Timeout: time.Minute})
	for _, tt := range tests {
		code, _, m := call(t, "POST", ts.url+tt.path, tt.body)
		probs, _ := get(m, "error.problems").([]any)
		msg, _ := get(m, "error.message").(string)
		if code != tt.status || get(m, "error.code") != tt.code || !strings.Contains(msg, tt.message) || len(probs) != tt.problems {
			t.Errorf("%s: %d %v, want %d %s containing %q with %d problems", tt.name, code, m, tt.status, tt.code, tt.message, tt.problems)
		}
		for _, p := range probs {
			if s, _ := p.(string); s == "" || !strings.Contains(msg, s) {
				t.Errorf("%s: problem %v is not in the message %q", tt.name, p, msg)
			}
		}
	}
}

// TestImportTooLarge: the JSON a payload holds counts as a body: over
// the limit it is 413, found without holding more than the limit.
func TestImportTooLarge(t *testing.T) {
	link := published(t, "killer")
	if _, aerr := parsePuzzle([]byte(link), url.Values{}, 1<<20); aerr != nil {
		t.Fatalf("the published killer under 1 MiB: %v", aerr)
	}
	_, aerr := parsePuzzle([]byte(link), url.Values{}, 1000)
	if aerr == nil || aerr.status != 413 || aerr.Code != "too_large" {
		t.Fatalf("the published killer under 1000 bytes: %+v, want 413 too_large", aerr)
	}
	// Through the server, with its -max-body.
	ts := startServer(t, Config{MaxBody: 4096})
	big := `{"size":9,"grid":[],"title":"` + strings.Repeat("a", 100_000) + `"}`
	code, _, m := call(t, "POST", ts.url+"/api/solve", "https://f-puzzles.com/?load="+lzstring.CompressToBase64(big))
	if code != 413 || get(m, "error.code") != "too_large" {
		t.Errorf("a link holding 100 kB of JSON under -max-body 4KiB: %d %v", code, m)
	}
}

// TestImportShared posts the published variant puzzles of ../shared
// (payloads and f-puzzles JSON, 26 puzzles) to check and solve: those
// that import (23) check unique and solve to the published solution; those the importer refuses (rules in
// cosmetics) answer 422 with every problem. Before the propagation
// solver, the puzzles with arrows (2) and quadruples (23) answered 422
// "unsupported" naming those rules.
func TestImportShared(t *testing.T) {
	dir := "../../../../shared/variants"
	data, err := os.ReadFile(filepath.Join(dir, "puzzles.txt"))
	if errors.Is(err, os.ErrNotExist) {
		t.Skipf("%s/puzzles.txt is absent (the published variant puzzles shared beside the repository): skipped", dir)
	}
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join(dir, "sources.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	sols := map[int]string{}
	for l := range strings.Lines(string(src)) {
		f := strings.Split(strings.TrimSpace(l), "\t")
		if n, err := strconv.Atoi(f[0]); err == nil && len(f) == 4 && f[3] != "-" {
			sols[n] = f[3]
		}
	}
	// Read by hand (fpuzzles/shared_test.go): rules in cosmetic texts or
	// circles that only the rules text explains (1 and 9 have cosmetic
	// lines and cages whose rules the text names: they import).
	refused := map[int]int{3: 1, 7: 1, 8: 2} // problems
	ts := startServer(t, Config{Timeout: time.Minute})
	sc := bufio.NewScanner(strings.NewReader(string(data)))
	sc.Buffer(nil, 1<<20)
	n, solved := 0, 0
	for sc.Scan() {
		n++
		body := sc.Text()
		if n%2 == 0 && !strings.HasPrefix(body, "{") {
			body = "https://sudokupad.app/fpuzzles" + body // half the payloads as links
		}
		code, _, m := call(t, "POST", ts.url+"/api/check", body)
		probs, _ := get(m, "error.problems").([]any)
		switch {
		case refused[n] > 0:
			if code != 422 || get(m, "error.code") != "unsupported" || len(probs) != refused[n] && !(refused[n] == 1 && probs == nil) {
				t.Errorf("puzzle %d: %d %v, want 422 unsupported with %d problems", n, code, m, refused[n])
			}
		default:
			if code != 200 || m["verdict"] != "unique" || (sols[n] != "" && m["solution"] != sols[n]) || m["imported"] == nil {
				t.Errorf("puzzle %d: %d %v, want unique with the published solution %q", n, code, m, sols[n])
				continue
			}
			solved++
			notes, _ := get(m, "imported.notes").([]any)
			if wantNotes := map[int]int{1: 2, 9: 1}[n]; len(notes) != wantNotes {
				t.Errorf("puzzle %d: imported.notes %v, want %d (the cosmetics read from the rules text)", n, notes, wantNotes)
			}
			if sols[n] == "" {
				continue
			}
			code, _, m = call(t, "POST", ts.url+"/api/solve", body)
			if code != 200 || m["solution"] != sols[n] {
				t.Errorf("puzzle %d: solve %d %v, want %s", n, code, m, sols[n])
			}
		}
	}
	if n != 26 || solved != 23 {
		t.Errorf("%d puzzles, %d checked unique; want 26 and 23", n, solved)
	}
}

// TestImportArrows posts a published puzzle with arrows and anti-knight
// and no givens ("Knight Moves" by Lubaf, from the propagation engine's
// copy of the published set) as a SudokuPad link to count, check and
// solve: it counts to exactly 1 (200), checks unique, and solves to a
// grid that CheckRules accepts. Before the propagation solver it was a
// 422 "unsupported" naming arrows.
func TestImportArrows(t *testing.T) {
	data, err := os.ReadFile("../../solver/propagate/testdata/published/puzzles.txt")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	link := "https://sudokupad.app/fpuzzles" + strings.TrimSpace(lines[1])
	ts := startServer(t, Config{Timeout: time.Minute})
	code, _, m := call(t, "POST", ts.url+"/api/count", link)
	if code != 200 || m["count"] != 1.0 || m["complete"] != true || get(m, "imported.arrows") == nil {
		t.Fatalf("count: %d %v, want 200 with count 1, complete, and the imported arrows", code, m)
	}
	code, _, m = call(t, "POST", ts.url+"/api/check", `{"import":`+quoted(link)+`}`)
	if code != 200 || m["verdict"] != "unique" {
		t.Fatalf("check: %d %v, want unique", code, m)
	}
	sol, _ := m["solution"].(string)
	code, _, m = call(t, "POST", ts.url+"/api/solve", link)
	if code != 200 || m["solution"] != sol || len(sol) != 81 {
		t.Fatalf("solve: %d %v, want the solution check gave, %q", code, m, sol)
	}
	p, err := fpuzzles.Read(link)
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := p.Grid(sudoku.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for i := range g.Cells {
		g.Cells[i] = sol[i] - '0'
	}
	if b := sudoku.CheckRules(g); len(b) > 0 {
		t.Errorf("the solution %s breaks %v", sol, b)
	}
}
