package fpuzzles

import (
	"bufio"
	"encoding/json"
	"errors"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dlxkit/dlx/internal/lzstring"
	"github.com/dlxkit/dlx/sudoku"
	"golang.org/x/tools/txtar"
)

// grid writes an f-puzzles grid of side n: givens maps "r,c" (1-based)
// to a cell object's fields.
func grid(n int, cells map[[2]int]string) string {
	var b strings.Builder
	b.WriteByte('[')
	for r := 1; r <= n; r++ {
		if r > 1 {
			b.WriteByte(',')
		}
		b.WriteByte('[')
		for c := 1; c <= n; c++ {
			if c > 1 {
				b.WriteByte(',')
			}
			b.WriteString("{" + cells[[2]int{r, c}] + "}")
		}
		b.WriteByte(']')
	}
	b.WriteByte(']')
	return b.String()
}

func mustJSON(t *testing.T, p *Puzzle) string {
	t.Helper()
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// killer4 is a 4x4 f-puzzles file with every supported constraint, a
// given, a player's entry (not a given) and metadata.
var killer4 = `{"size":4,"title":"Test","author":"Me","ruleset":"rules","grid":` + grid(4, map[[2]int]string{
	{1, 1}: `"value":1,"given":true`, {3, 4}: `"value":3`, {4, 4}: `"value":4,"given":true,"c":"#FFFFFF"`,
}) + `,"killercage":[{"cells":["R1C2","R1C1"],"value":"5","outlineC":"#000000"},{"cells":["r4c1","R3C1"],"value":7}],` +
	`"thermometer":[{"lines":[["R2C2","R2C3","R3C4"]]}],"antiknight":true,"antiking":true,"nonconsecutive":true,"arrow":[],"littlekillersum":null}`

// killer4Want is killer4 as the project's puzzle object, written by hand:
// R3C4's 3 is not a given; cage cells in reading order; the thermometer
// R2C2 R2C3 R3C4 is cells 5, 6, 11.
const killer4Want = `{"size":"2x2","cages":[{"sum":5,"cells":[0,1]},{"sum":7,"cells":[8,12]}],"antiknight":true,"antiking":true,"nonconsecutive":true,"thermos":[[5,6,11]],"puzzle":"1..............4"}`

func TestParse(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"killer 4x4", killer4, killer4Want},
		{"jigsaw 6x6: R1C3 and R1C4 swap regions", `{"size":6,"grid":` + grid(6, map[[2]int]string{{1, 3}: `"region":1`, {1, 4}: `"region":0`, {2, 2}: `"region":0,"value":6,"given":true`}) + `}`,
			`{"size":"2x3","variant":"jigsaw","regions":"112122111222333444333444555666555666","puzzle":".......6............................"}`},
		{"jigsaw with the main diagonal", `{"size":6,"diagonal-":true,"grid":` + grid(6, map[[2]int]string{{1, 3}: `"region":1`, {1, 4}: `"region":0`}) + `}`,
			`{"size":"2x3","variant":"jigsaw","regions":"112122111222333444333444555666555666","extra":[[0,7,14,21,28,35]],"puzzle":"...................................."}`},
		{"regions given as the default boxes", `{"size":4,"grid":` + grid(4, map[[2]int]string{{1, 1}: `"region":0`, {4, 4}: `"region":3`}) + `}`,
			`{"size":"2x2","puzzle":"................"}`},
		{"both diagonals", `{"size":9,"diagonal+":true,"diagonal-":true,"grid":` + grid(9, nil) + `}`,
			`{"size":"3x3","variant":"diagonal","puzzle":"` + strings.Repeat(".", 81) + `"}`},
		{"the positive diagonal (bottom left to top right)", `{"size":4,"diagonal+":true,"grid":` + grid(4, nil) + `}`,
			`{"size":"2x2","extra":[[3,6,9,12]],"puzzle":"................"}`},
		{"disjoint groups", `{"size":4,"disjointgroups":true,"grid":` + grid(4, nil) + `}`,
			`{"size":"2x2","variant":"disjoint","puzzle":"................"}`},
		{"disjoint groups and a diagonal", `{"size":4,"disjointgroups":true,"diagonal-":true,"grid":` + grid(4, nil) + `}`,
			`{"size":"2x2","variant":"disjoint","extra":[[0,2,8,10],[1,3,9,11],[4,6,12,14],[5,7,13,15],[0,5,10,15]],"puzzle":"................"}`},
		{"an extra region", `{"size":4,"extraregion":[{"cells":["R4C4","R1C1","R2C3","R3C2"]}],"grid":` + grid(4, nil) + `}`,
			`{"size":"2x2","extra":[[0,6,9,15]],"puzzle":"................"}`},
		{"16x16 letters", `{"size":16,"grid":` + grid(16, map[[2]int]string{{1, 1}: `"value":16,"given":true`, {16, 16}: `"value":"10","given":true`}) + `}`,
			`{"size":"4x4","puzzle":"P` + strings.Repeat(".", 254) + `J"}`},
		{"a branching thermometer: two lines from one bulb", `{"size":4,"thermometer":[{"lines":[["R1C1","R1C2"],["R1C1","R2C1","R3C2"]]}],"grid":` + grid(4, nil) + `}`,
			`{"size":"2x2","thermos":[[0,1],[0,4,9]],"puzzle":"................"}`},
	}
	for _, tt := range tests {
		p, err := Parse([]byte(tt.in))
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if got := mustJSON(t, p); got != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.name, got, tt.want)
		}
		// The object reads back with the sudoku package (its grid part).
		if _, _, err := p.PuzzleJSON.Grid(sudoku.ReadOptions{}); err != nil {
			t.Errorf("%s: the grid does not read back: %v", tt.name, err)
		}
	}
	p, _ := Parse([]byte(killer4))
	if p.Title != "Test" || p.Author != "Me" {
		t.Errorf("title %q author %q", p.Title, p.Author)
	}
}

// TestReadForms: the same puzzle as JSON, payload, f-puzzles link (with
// '+' and '/' escaped or not, or '+' turned into a space), SudokuPad
// links and a SudokuPad payload.
func TestReadForms(t *testing.T) {
	payload := lzstring.CompressToBase64(killer4)
	if !strings.ContainsAny(payload, "+/") {
		t.Fatalf("payload %q has neither '+' nor '/': the escaping forms test nothing", payload)
	}
	forms := map[string]string{
		"json":                  killer4,
		"json with blank lines": "\n  " + killer4 + "\n\n",
		"payload":               payload,
		"payload and newline":   payload + "\n",
		"f-puzzles link":        "https://www.f-puzzles.com/?load=" + payload,
		"escaped link":          "https://f-puzzles.com/?load=" + url.QueryEscape(payload),
		"link without scheme":   "f-puzzles.com/?load=" + payload,
		"plus as space":         "https://f-puzzles.com/?load=" + strings.ReplaceAll(payload, "+", " "),
		"sudokupad query":       "https://sudokupad.app/?puzzle=fpuzzles" + payload,
		"sudokupad path":        "https://sudokupad.app/fpuzzles" + url.PathEscape(payload),
		"sudokupad sudoku/":     "https://sudokupad.app/sudoku/fpuzzles" + payload,
		"ctc sudokupad":         "https://app.crackingthecryptic.com/sudoku/fpuzzles" + payload,
		"sudokupad payload":     "fpuzzles" + payload,
		"json with a BOM":       "\ufeff" + killer4,
		// SudokuPad's "fpuz" prefix, its puzzleid query (on
		// sudokupad.app and Cracking the Cryptic's app), beta hosts,
		// %-escaped or not.
		"fpuz path":              "https://sudokupad.app/fpuz" + payload,
		"fpuz path escaped":      "https://sudokupad.app/fpuz" + url.PathEscape(payload),
		"fpuz payload":           "fpuz" + payload,
		"puzzleid query":         "https://sudokupad.app/?puzzleid=fpuzzles" + payload,
		"puzzleid query escaped": "https://sudokupad.app/?puzzleid=fpuzzles" + url.QueryEscape(payload),
		"ctc puzzleid":           "https://app.crackingthecryptic.com/sudoku/?puzzleid=fpuzzles" + payload,
		"ctc puzzleid fpuz":      "https://app.crackingthecryptic.com/sudoku/?puzzleid=fpuz" + url.QueryEscape(payload),
		"beta host":              "https://beta.sudokupad.app/fpuzzles" + payload,
		"beta puzzleid":          "beta.sudokupad.app/?puzzleid=fpuzzles" + payload,
		"whole link escaped":     "https://sudokupad.app/" + url.PathEscape("fpuzzles"+payload),
	}

	for name, in := range forms {
		p, err := Read(in)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if got := mustJSON(t, p); got != killer4Want {
			t.Errorf("%s: got %s", name, got)
		}
	}
}

func TestErrors(t *testing.T) {
	g4 := grid(4, nil)
	tests := []struct {
		in   string
		want error
		msg  string
	}{
		{"", ErrSyntax, "empty input"},
		{"{", ErrSyntax, "json: unexpected end"},
		{`{"grid":[]}`, ErrSyntax, `no "size" field`},
		{`{"size":9}`, ErrSyntax, `no "grid" field`},
		{`{"size":"nine","grid":[]}`, ErrSyntax, "json:"},
		{`{"size":3,"grid":[]}`, ErrUnsupported, "size 3: want 4 to 16"},
		{`{"size":4,"grid":[[{}]]}`, ErrInvalid, "grid of 1 rows, want 4"},
		{`{"size":4,"grid":[[{}],[],[],[]]}`, ErrInvalid, "grid row 1 has 1 cells, want 4"},
		{`{"size":4,"grid":` + grid(4, map[[2]int]string{{2, 3}: `"value":5,"given":true`}) + `}`, ErrInvalid, "R2C3: given 5, want 1 to 4"},
		{`{"size":4,"arrow":[{"lines":[["R1C1","R1C2"]],"cells":["R1C1"]}],"littlekillersum":[{}],"text":[{"cells":["R1C1"],"value":"hi"}],"grid":` + g4 + `}`,
			ErrUnsupported, `bad f-puzzles puzzle: little killer 1 ("" ""): cell "": want RxCy; unsupported: cosmetic texts (text 1): f-puzzles gives them no rule, the puzzle's rules text does`},
		{`{"size":4,"cage":[{"cells":["R1C1"],"value":"3"}],"grid":` + g4 + `}`, ErrUnsupported, "cosmetic cages (cage 1)"},
		{`{"size":4,"negative":["kropki"],"grid":` + g4 + `}`, ErrUnsupported, `negative constraint of "kropki"`},
		{`{"size":4,"negative":"ratio","grid":` + g4 + `}`, ErrSyntax, "negative: json: cannot unmarshal string"},
		{`{"size":4,"killercage":[{"cells":["R1C1","R1C2"]}],"killercage2":1,"grid":` + g4 + `}`, ErrUnsupported, `constraints this importer does not know: "killercage2"`},
		{`{"size":4,"killercage":[{"cells":["R1C1","R1C2"],"value":"x"}],"grid":` + g4 + `}`, ErrSyntax, `"x" is not a whole number`},
		{`{"size":4,"killercage":[{"cells":["R1C1","R1C2"],"value":0}],"grid":` + g4 + `}`, ErrInvalid, "sum 0, want 1 or more"},
		{`{"size":4,"killercage":[{"cells":[],"value":3}],"grid":` + g4 + `}`, ErrInvalid, "killercage 1 has no cells"},
		{`{"size":4,"killercage":[{"cells":["R5C1"],"value":3}],"grid":` + g4 + `}`, ErrInvalid, `bad f-puzzles puzzle: killercage 1: cell "R5C1" outside the 4x4 grid`},
		{`{"size":4,"killercage":[{"cells":["Q1"],"value":3}],"grid":` + g4 + `}`, ErrInvalid, `cell "Q1": want RxCy`},
		{`{"size":4,"killercage":[{"cells":["R1C-1"],"value":3}],"grid":` + g4 + `}`, ErrInvalid, `cell "R1C-1": want RxCy`},
		{`{"size":4,"killercage":[{"cells":["R1C1","R1C1"],"value":3}],"grid":` + g4 + `}`, ErrInvalid, "cell r1c1 listed twice"},
		{`{"size":4,"killercage":[{"cells":["R1C1","R1C2"],"value":3},{"cells":["R1C2","R2C2"],"value":5}],"grid":` + g4 + `}`, ErrInvalid, "killercage 2 (r1c2 r2c2) shares r1c2 with killercage 1"},
		{`{"size":4,"thermometer":[{"lines":[["R1C1","R1C3"]]}],"grid":` + g4 + `}`, ErrInvalid, "thermometer 1 is not a path: r1c3 does not touch r1c1"},
		{`{"size":4,"thermometer":[{"lines":[["R1C1"]]}],"grid":` + g4 + `}`, ErrInvalid, "thermometer 1 has 1 cells, want 2 or more"},
		{`{"size":4,"thermometer":[{"lines":[["R1C1","R1C2","R2C1","R2C2","R3C1"]]}],"grid":` + g4 + `}`, ErrInvalid, "5 cells, more than the 4 digits"},
		{`{"size":4,"renban":[{"lines":[["R1C1","R1C2","R1C1"]]}],"grid":` + g4 + `}`, ErrInvalid, "renban 1: cell r1c1 listed twice"},
		{`{"size":4,"whispers":[{"lines":[["R1C1","R1C1"]]}],"grid":` + g4 + `}`, ErrInvalid, "whispers line 1: cell r1c1 listed twice"},
		{`{"size":4,"arrow":[{"lines":[["R1C2","R1C3"]],"cells":["R1C1"]}],"grid":` + g4 + `}`, ErrInvalid, "arrow 1 does not start in its circle (r1c1)"},
		{`{"size":4,"arrow":[{"lines":[["R1C1"]],"cells":["R1C1"]}],"grid":` + g4 + `}`, ErrInvalid, "arrow 1 has no cells outside its circle"},
		{`{"size":4,"xv":[{"cells":["R1C1","R1C2"],"value":5}],"grid":` + g4 + `}`, ErrInvalid, `XV mark 1 (r1c1 r1c2): value "5", want X or V`},
		{`{"size":4,"sandwichsum":[{"cell":"R0C1"}],"grid":` + g4 + `}`, ErrUnsupported, `sandwich 1 ("R0C1") has no value: its rule is in the rules text`},
		{`{"size":4,"quadruple":[{"cells":["R1C1","R1C2","R2C1","R2C2"],"values":[]}],"grid":` + g4 + `}`, ErrInvalid, "quadruple 1 (r1c1 r1c2 r2c1 r2c2) lists no digit"},
		{`{"size":4,"clone":[{"cells":["R1C1","R1C2"],"cloneCells":["R4C4"]}],"grid":` + g4 + `}`, ErrInvalid, "clone 1: 2 cells and 1 copies, want as many"},
		{`{"size":4,"difference":[{"cells":["R1C1","R1C2"],"value":"0"}],"grid":` + g4 + `}`, ErrInvalid, "white kropki dot 1 (r1c1 r1c2): value 0, want 1 or more"},
		{`{"size":4,"negative":["difference"],"difference":[{"cells":["R1C1","R1C2"],"value":2}],"grid":` + g4 + `}`, ErrUnsupported, "negative constraint of white kropki dots with differences other than 1"},
		{`{"size":4,"grid":` + grid(4, map[[2]int]string{{1, 1}: `"region":1`}) + `}`, ErrInvalid, "region 0 has 3 cells (r1c2 r2c1 r2c2), want 4"},
		{`{"size":4,"grid":` + grid(4, map[[2]int]string{{1, 1}: `"region":7`}) + `}`, ErrInvalid, "R1C1: region 7, want 0 to 3"},
		{`{"size":4,"grid":` + grid(4, map[[2]int]string{{1, 1}: `"region":null`}) + `}`, ErrUnsupported, "R1C1 belongs to no region"},
		{`{"size":4,"disjointgroups":true,"grid":` + grid(4, map[[2]int]string{{1, 2}: `"region":1`, {1, 3}: `"region":0`}) + `}`, ErrUnsupported, "disjoint groups with irregular regions"},
		{`{"size":4,"extraregion":[{"cells":["R1C1","R2C2","R3C3"]}],"grid":` + g4 + `}`, ErrUnsupported, "extraregion 1 has 3 cells"},
		{"N4Ig***", ErrSyntax, "lz-string: bad character"},
		{"N4IgHiBcDMC+Q===", ErrSyntax, `no "size" field`}, // {"x":3}
		{"https://sudokupad.app/sclN4Ig", ErrUnsupported, `SudokuPad's own format ("scl" payload)`},
		{"https://sudokupad.app/?puzzle=ctcN4Ig", ErrUnsupported, `"ctc" payload`},
		{"https://sudokupad.app/abc123xyz", ErrUnsupported, "SudokuPad short link"},
		{"https://sudokupad.app/setter/puzzle-name-of-a-setter", ErrUnsupported, `SudokuPad short link ("setter/puzzle-name-of-a-setter")`},
		{"https://app.crackingthecryptic.com/sudoku/abc123", ErrUnsupported, "SudokuPad short link"},
		{"https://sudokupad.app/?puzzleid=xyz789", ErrUnsupported, "SudokuPad short link"},
		{"https://sudokupad.app/fpuzN4Ig***", ErrSyntax, "lz-string: bad character"},
		{"https://sudokupad.app/", ErrSyntax, "names no puzzle"},
		{"https://f-puzzles.com/?id=ya5rxnxj", ErrUnsupported, "f-puzzles short link"},
		{"https://f-puzzles.com/", ErrSyntax, `has no "load=" puzzle`},
		{"https://example.com/?load=N4Ig", ErrUnsupported, `link to "example.com"`},
		{"https://f-puzzles.com/?load=" + strings.Repeat("A", 200), ErrSyntax, "f-puzzles link: not an f-puzzles puzzle: payload \"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\"... (200 bytes)"},
	}
	for _, tt := range tests {
		_, err := Read(tt.in)
		if !errors.Is(err, tt.want) || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("Read(%.60q):\n got %v\nwant %v, containing %q", tt.in, err, tt.want, tt.msg)
		}
	}
}

// TestPublished reads the f-puzzles links of testdata/published.txt
// (public repositories, sources there); what each holds was read by hand
// from the decoded JSON.
func TestPublished(t *testing.T) {
	links := map[string]string{}
	f, err := os.Open("testdata/published.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, link, _ := strings.Cut(line, " ")
		links[name] = link
	}
	read := func(name string) (*Puzzle, error) {
		if links[name] == "" {
			t.Fatalf("no link %q in testdata/published.txt", name)
		}
		return Read(links[name])
	}
	p, err := read("readme")
	if err != nil || mustJSON(t, p) != `{"size":"3x3","puzzle":"1`+strings.Repeat(".", 80)+`"}` {
		t.Errorf("readme: %v, %v", p, err)
	}
	// The f-puzzles row of lisudoku's table: r1c4 and r2c3 swap regions
	// (0 and 1), both diagonals, an extra region, a thermometer, odd
	// r7c1 and even r8c1, white dots r9c4-r9c5 and r9c6-r9c5, black
	// dots r9c7-r9c8 and r9c9-r9c8, an arrow from the pill r4c5-r4c6
	// along r4c7 r4c8 r5c8 r6c8 r7c8.
	p, err = read("table")
	if err != nil {
		t.Fatalf("table: %v", err)
	}
	if p.Variant != "jigsaw" || len(p.Extra) != 3 || !p.AntiKnight || !p.AntiKing || len(p.Thermos) != 1 ||
		!equal(p.Odd, []int{54}) || !equal(p.Even, []int{63}) ||
		len(p.Differences) != 2 || !equal(p.Differences[1].Cells, []int{77, 76}) || p.Differences[1].Value != 0 ||
		len(p.Ratios) != 2 || !equal(p.Ratios[0].Cells, []int{78, 79}) ||
		len(p.Arrows) != 1 || !equal(p.Arrows[0].Circle, []int{31, 32}) || !equal(p.Arrows[0].Shaft, []int{33, 34, 43, 52, 61}) {
		t.Errorf("table: %s", mustJSON(t, p))
	}
	p, err = read("innie")
	if err != nil || mustJSON(t, p) != `{"size":"3x3","cages":[{"sum":9,"cells":[0,9]},{"sum":33,"cells":[1,2,10,11,19]}],"puzzle":"`+strings.Repeat(".", 81)+`"}` {
		t.Errorf("innie: %v, %v", p, err)
	}
	p, err = read("killer")
	if err != nil {
		t.Fatalf("killer: %v", err)
	}
	// 17 cages; the first R1C1 R1C2 R2C1 R2C2 = 18, the last R7C9 R8C9
	// R9C7 R9C8 R9C9 = 28; 56 cells in all.
	cells := 0
	for _, c := range p.Cages {
		cells += len(c.Cells)
	}
	first, last := p.Cages[0], p.Cages[len(p.Cages)-1]
	if len(p.Cages) != 17 || cells != 56 || first.Sum != 18 || !equal(first.Cells, []int{0, 1, 9, 10}) || last.Sum != 28 || !equal(last.Cells, []int{62, 71, 78, 79, 80}) {
		t.Errorf("killer: %d cages over %d cells, first %v, last %v", len(p.Cages), cells, first, last)
	}
}

func equal(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// check asserts what every result of Read must satisfy: an error wraps a
// sentinel; a puzzle marshals, and its grid reads back with the sudoku
// package with the same cells.
func check(t *testing.T, p *Puzzle, err error) {
	if err != nil {
		if !errors.Is(err, ErrSyntax) && !errors.Is(err, ErrInvalid) && !errors.Is(err, ErrUnsupported) {
			t.Fatalf("error wraps no sentinel: %v", err)
		}
		return
	}
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	var back sudoku.PuzzleJSON
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	g, _, err := back.Grid(sudoku.ReadOptions{})
	if err != nil {
		t.Fatalf("%s does not read back: %v", b, err)
	}
	n := g.N()
	// The checker takes every rule the importer makes, on the givens and
	// on a grid of 1s.
	sudoku.CheckRules(g)
	ones := g.Clone()
	for i := range ones.Cells {
		ones.Cells[i] = 1
	}
	sudoku.CheckRules(ones)
	for _, c := range p.Cages {
		for _, i := range c.Cells {
			if i < 0 || i >= n*n {
				t.Fatalf("cage cell %d out of range", i)
			}
		}
	}
	for _, th := range p.Thermos {
		for _, i := range th {
			if i < 0 || i >= n*n {
				t.Fatalf("thermometer cell %d out of range", i)
			}
		}
	}
}

// fuzzSeeds adds the fixtures of testdata/import.
func fuzzSeeds(f *testing.F, link bool) {
	files, _ := filepath.Glob("testdata/import/*.txtar")
	for _, file := range files {
		a, err := txtar.ParseFile(file)
		if err != nil {
			f.Fatal(err)
		}
		for _, fl := range a.Files {
			if fl.Name != "fpuzzles.json" {
				continue
			}
			if link {
				f.Add("https://sudokupad.app/fpuz" + lzstring.CompressToBase64(string(fl.Data)))
			} else {
				f.Add(string(fl.Data))
			}
		}
	}
}

func FuzzParse(f *testing.F) {
	fuzzSeeds(f, false)
	f.Add(killer4)
	f.Add(`{"size":6,"grid":` + grid(6, map[[2]int]string{{1, 3}: `"region":1`, {1, 4}: `"region":0`}) + `}`)
	f.Add(`{"size":4,"diagonal+":true,"extraregion":[{"cells":["R4C4","R1C1","R2C3","R3C2"]}],"grid":` + grid(4, nil) + `}`)
	// Cosmetics read from the rules text (rulestext.go).
	f.Add(`{"size":4,"ruleset":"Renban lines. Clones.","line":[{"lines":[["R1C1","R1C2"]],"outlineC":"#FF00D4"}],"cage":[{"cells":["R1C1"],"value":"A"},{"cells":["R4C4"],"value":"A"}],"grid":` + grid(4, nil) + `}`)
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Parse([]byte(s))
		check(t, p, err)
	})
}

func FuzzRead(f *testing.F) {
	fuzzSeeds(f, true)
	payload := lzstring.CompressToBase64(killer4)
	f.Add("https://f-puzzles.com/?load=" + payload)
	f.Add("https://sudokupad.app/fpuzzles" + payload)
	f.Add("https://sudokupad.app/?puzzle=scl" + payload)
	f.Add(payload)
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Read(s)
		check(t, p, err)
	})
}

// TestSlashesMerged: a SudokuPad link whose path had its payload's "//"
// merged into "/" (as some link handlers do) still reads, the slashes
// restored; the merged payload alone does not decode to the puzzle.
func TestSlashesMerged(t *testing.T) {
	// The title "Test 2246" (found by trying titles in turn) makes a
	// payload with one "//" and other slashes.
	text := strings.Replace(killer4, `"title":"Test"`, `"title":"Test 2246"`, 1)
	payload := lzstring.CompressToBase64(text)
	if strings.Count(payload, "//") != 1 || strings.Count(payload, "/") < 3 {
		t.Fatalf("payload %q: want one \"//\" and another '/'", payload)
	}
	merged := strings.Replace(payload, "//", "/", 1)
	if p, err := Read("fpuzzles" + merged); err == nil && p.Title == "Test" {
		t.Fatalf("the merged payload reads as the puzzle without repair: the test tests nothing")
	}
	p, err := Read("https://sudokupad.app/fpuzzles" + merged)
	if err != nil {
		t.Fatal(err)
	}
	if got := mustJSON(t, p); got != killer4Want || !strings.HasPrefix(p.Title, "Test ") {
		t.Errorf("got %s, title %q", got, p.Title)
	}
}
