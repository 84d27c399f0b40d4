package main

import (
	"strings"
	"testing"
)

// importLink is a published f-puzzles link (dclamage/SudokuSolver,
// SudokuTests/SumConstraintTests.cs): two killer cages on an empty 9x9.
const importLink = "https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x1p7rjtn/nQaCR3PgIm9hk0UM6zR4rssX0QAawgAbLTAwBjAIZo48QiH0wdYfCABKARgDCDkKjsAmFyDUA3Q1oArqYgiCAUFlZaNmb2zh5ucU4AzImeTgnuXqnuyRk+qP5BIcmpRGqG+gAuEL4wTgD2AHZgVRiGEE1VMXggANLauhgABE7GcLREQA="

// TestImportSources: the link as an argument, in a file (with a
// newline), on standard input, and its payload alone in a file, all give
// the same object; a directory and a missing file are input errors, said
// on standard error only.
func TestImportSources(t *testing.T) {
	want := `{"size":"3x3","cages":[{"sum":9,"cells":[0,9]},{"sum":33,"cells":[1,2,10,11,19]}],"puzzle":"` + strings.Repeat(".", 81) + `"}` + "\n"
	payload := importLink[strings.Index(importLink, "load=")+5:]
	for name, tt := range map[string]struct{ stdin, arg string }{
		"argument":      {"", importLink},
		"file":          {"", writeTemp(t, "link.txt", importLink+"\n")},
		"payload file":  {"", writeTemp(t, "payload.txt", payload)},
		"stdin":         {importLink, "-"},
		"stdin, no arg": {importLink, ""},
	} {
		args := []string{"import"}
		if tt.arg != "" {
			args = append(args, tt.arg)
		}
		out, errs, code := runCmd(t, tt.stdin, args...)
		if code != 0 || out != want || errs != "" {
			t.Errorf("%s: code %d, out %q, err %q", name, code, out, errs)
		}
	}
	for _, arg := range []string{t.TempDir(), "nofile.txt"} {
		out, errs, code := runCmd(t, "", "import", arg)
		// The error on standard error only (issue 30: it was also a
		// record on standard output, read by the next command of a pipe).
		if code != 2 || out != "" || !strings.Contains(errs, "is no file, nor a link or payload") {
			t.Errorf("import %s: code %d, out %q, err %q", arg, code, out, errs)
		}
	}
	if _, errs, code := runCmd(t, "", "import", "-o", "line", importLink); code != 2 || !strings.Contains(errs, "-o line: want json") {
		t.Errorf("-o line: code %d, err %q", code, errs)
	}
}
