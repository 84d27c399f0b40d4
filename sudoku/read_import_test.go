package sudoku

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
)

// upperImporter recognizes lines starting "IMPORT " and reads the rest as
// a 4x4 puzzle object's givens; "IMPORT bad" is an error.
type upperImporter struct{}

var errFake = errors.New("fake import error")

func (upperImporter) Recognize(line []byte) bool { return bytes.HasPrefix(line, []byte("IMPORT ")) }

func (upperImporter) Import(line []byte) (*PuzzleJSON, error) {
	rest := strings.TrimPrefix(string(line), "IMPORT ")
	if rest == "bad" {
		return nil, errFake
	}
	return &PuzzleJSON{Size: "2x2", Puzzle: rest}, nil
}

// TestReaderImport: with ReadOptions.Import, a line the importer
// recognizes is its puzzle (with its line number), its error a
// *ParseError at that line wrapping ErrSyntax and the importer's error;
// other lines are read as before; without Import the same line is an
// error.
func TestReaderImport(t *testing.T) {
	in := "1.3.\n.4..\n..1.\n...2\n\n  IMPORT 12..34..........  \nIMPORT bad\n{\"size\":\"2x2\",\"puzzle\":\"1...............\"}\n"
	type got struct {
		line   int
		puzzle string
		err    error
	}
	read := func(opt ReadOptions) []got {
		rd := NewReader(strings.NewReader(in), opt)
		var out []got
		for {
			p, err := rd.Next()
			if err == io.EOF {
				return out
			}
			if err != nil {
				out = append(out, got{err: err})
				continue
			}
			out = append(out, got{line: p.Line, puzzle: p.Grid.String()})
		}
	}
	g := read(ReadOptions{Import: upperImporter{}})
	if len(g) != 4 {
		t.Fatalf("%d results %v, want 4", len(g), g)
	}
	if g[0].puzzle != "1.3..4....1....2" || g[0].line != 1 {
		t.Errorf("grid: %+v", g[0])
	}
	if g[1].puzzle != "12..34.........." || g[1].line != 6 {
		t.Errorf("imported: %+v, want line 6, 12..34..........", g[1])
	}
	var pe *ParseError
	if !errors.As(g[2].err, &pe) || pe.Line != 7 || !errors.Is(g[2].err, ErrSyntax) || !errors.Is(g[2].err, errFake) {
		t.Errorf("import error: %v, want a ParseError at line 7 wrapping ErrSyntax and the importer's error", g[2].err)
	}
	if g[3].puzzle != "1..............." || g[3].line != 8 {
		t.Errorf("JSON: %+v", g[3])
	}
	plain := read(ReadOptions{})
	if len(plain) < 2 || plain[1].err == nil {
		t.Errorf("without Import: %v, want the IMPORT line as an error", plain)
	}
	for _, p := range plain {
		if p.puzzle == "12..34.........." {
			t.Errorf("without Import: the IMPORT line read as %s", p.puzzle)
		}
	}
}
