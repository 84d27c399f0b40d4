package main

import (
	"encoding/json"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"github.com/dlxkit/dlx/internal/jsonfmt"
	"github.com/dlxkit/dlx/internal/service/server"
)

// TestJSONErrorsMatchAPI: the commands and the HTTP API read a JSON
// puzzle with one decoder, so a bad object gets the same error object
// (code, message, line, column) from `sudoku solve -json` and `check
// -json` as from /api/solve and /api/check. (The API ignored unknown
// fields, and its type errors named other Go structs.)
func TestJSONErrorsMatchAPI(t *testing.T) {
	const p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	obj := `{"puzzle":"` + p + `",`
	srv := server.New(server.Config{})
	for _, body := range []string{
		obj + `"antiknigth":true}`,
		obj + `"cage":[{"sum":3,"cells":[0,1]}]}`,
		obj + `"cages":[{"sum":3,"cels":[0,1]}]}`,
		obj + `"colour":"red"}`,
		obj + `"thermos":[[0,"1"]]}`,
		obj + `"antiking":true}}`,
		"\uFEFF" + obj + `"nonconsecutiv":true}`,
		`{"size":"2y2","puzzle":"................"}`,
	} {
		for _, cmd := range []string{"solve", "check"} {
			out, _, _ := runCmd(t, body+"\n", cmd, "-json")
			var rec struct {
				Status string         `json:"status"`
				Error  *jsonfmt.Error `json:"error"`
			}
			if err := json.Unmarshal([]byte(out), &rec); err != nil || rec.Error == nil {
				t.Errorf("%s -json %s: %q, want one error record", cmd, body, out)
				continue
			}
			rr := httptest.NewRecorder()
			srv.Handler().ServeHTTP(rr, httptest.NewRequest("POST", "/api/"+cmd, strings.NewReader(body)))
			var rep struct {
				Error *jsonfmt.Error `json:"error"`
			}
			if err := json.Unmarshal(rr.Body.Bytes(), &rep); err != nil || rep.Error == nil || rr.Code != 400 {
				t.Errorf("/api/%s %s: %d %s, want a 400 error", cmd, body, rr.Code, rr.Body)
				continue
			}
			if !reflect.DeepEqual(rep.Error, rec.Error) {
				t.Errorf("%s %s:\n command %+v\n     API %+v", cmd, body, *rec.Error, *rep.Error)
			}
		}
	}
}

// TestImportErrorsMatchAPI: `sudoku import -json` and the HTTP API
// import a link with one importer, so a link that fails gets the same
// error object from both (code, message, every problem), and the code
// the API answers with its status: 422 unsupported, 400 parse_error.
func TestImportErrorsMatchAPI(t *testing.T) {
	const two = `{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"xv":[{"cells":["R1C1","R1C2"],"value":"Y"}],"line":[{"lines":[["R4C1","R4C2"]]}]}`
	srv := server.New(server.Config{})
	for _, tt := range []struct {
		link     string
		status   int
		problems int
	}{
		{"https://sudokupad.app/abc123", 422, 0},
		{"https://f-puzzles.com/?id=ya5rxnxj", 422, 0},
		{"N4Ig***", 400, 0},
		{two, 422, 2},
	} {
		out, _, _ := runCmd(t, tt.link+"\n", "import", "-json")
		var rec struct {
			Error *jsonfmt.Error `json:"error"`
		}
		if err := json.Unmarshal([]byte(out), &rec); err != nil || rec.Error == nil {
			t.Errorf("import -json %.40s: %q, want one error record", tt.link, out)
			continue
		}
		rr := httptest.NewRecorder()
		srv.Handler().ServeHTTP(rr, httptest.NewRequest("POST", "/api/check", strings.NewReader(tt.link)))
		var rep struct {
			Error *jsonfmt.Error `json:"error"`
		}
		if err := json.Unmarshal(rr.Body.Bytes(), &rep); err != nil || rep.Error == nil || rr.Code != tt.status {
			t.Errorf("/api/check %.40s: %d %s, want a %d error", tt.link, rr.Code, rr.Body, tt.status)
			continue
		}
		if !reflect.DeepEqual(rep.Error, rec.Error) || len(rep.Error.Problems) != tt.problems {
			t.Errorf("%.40s:\n command %+v\n     API %+v, want %d problems", tt.link, *rec.Error, *rep.Error, tt.problems)
		}
	}
}

// TestByteOrderMarkCommands: a UTF-8 byte-order mark at the start of a
// puzzle file (before a one-line puzzle or a JSON object) or of a
// -constraints file is skipped. (The commands took it for three bad
// symbols, and -constraints refused it as invalid JSON.)
func TestByteOrderMarkCommands(t *testing.T) {
	const (
		bom = "\uFEFF"
		p   = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
		sol = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
	)
	for _, in := range []string{bom + p + "\n", bom + `{"puzzle":"` + p + `"}` + "\r\n"} {
		f := writeTemp(t, "bom.txt", in)
		out, errs, code := runCmd(t, "", "solve", f)
		if code != 0 || !strings.Contains(out, sol) {
			t.Errorf("solve %q: exit %d, %q %q", in, code, out, errs)
		}
	}
	cons := writeTemp(t, "c.json", bom+`{"antiking":false}`+"\n")
	if out, errs, code := runCmd(t, p+"\n", "solve", "-constraints", cons); code != 0 || !strings.Contains(out, sol) {
		t.Errorf("-constraints after a BOM: exit %d, %q %q", code, out, errs)
	}
	cons = writeTemp(t, "c.json", bom+"{\"antiking\":true,\n \"antiknigt\":true}\n")
	_, errs, code := runCmd(t, p+"\n", "solve", "-constraints", cons)
	if want := `line 2, column 2: json: unknown field "antiknigt" (did you mean "antiknight"?)`; code == 0 || !strings.Contains(errs, want) {
		t.Errorf("-constraints with a misspelled field: exit %d, %q; want %s", code, errs, want)
	}
}
