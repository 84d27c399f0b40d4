package exactcover

import (
	"context"
	"os"
	"testing"

	"github.com/dlxkit/dlx/internal/testkit/shareddata"
)

// dlx1Figures are Knuth's DLX1 statistics for the shared instances
// (BENCHMARKS.md): solutions, nodes, updates.
var dlx1Figures = []struct {
	file                      string
	solutions, nodes, updates int64
	long                      bool
}{
	{"queens8.dlx", 92, 1049, 16680, false},
	{"queens9.dlx", 352, 3440, 54818, false},
	{"queens10.dlx", 724, 11578, 198264, false},
	{"queens11.dlx", 2680, 45393, 783140, false},
	{"queens12.dlx", 14200, 211716, 3594752, false},
	{"queens13.dlx", 73712, 1046319, 17463157, true},
	{"langford11.dlx", 35584, 439747, 5974979, false},
	{"sudoku17a.dlx", 1, 65, 1165, false},
	{"sud_escargot.dlx", 1, 1379, 23083, false},
	{"sud_inkala2012.dlx", 1, 2720, 48760, false},
	{"sud_goldnugget.dlx", 1, 2645, 46939, false},
	{"sud_eastermon.dlx", 1, 5166, 91913, false},
	{"pento6x10.dlx", 9356, 3637261, 1242377480, true},
}

// readInstance parses a shared instance file.
func readInstance(tb testing.TB, name string) *Problem {
	tb.Helper()
	f, err := os.Open(shareddata.Path(tb, "instances/"+name))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	p, err := ReadKnuth(f)
	if err != nil {
		tb.Fatalf("%s: %v", name, err)
	}
	return p
}

// TestEngineDLX1Figures checks that the engine visits exactly the nodes and
// makes exactly the updates that Knuth's DLX1 reports, sequentially and
// (solutions only, plus the exact totals) in parallel.
func TestEngineDLX1Figures(t *testing.T) {
	for _, f := range dlx1Figures {
		t.Run(f.file, func(t *testing.T) {
			if (f.long || f.updates > 1_000_000) && testing.Short() {
				t.Skip("long instance in -short mode")
			}
			p := readInstance(t, f.file)
			n, st, err := p.Count(context.Background(), Options{Engine: EngineLinks})
			if err != nil {
				t.Fatal(err)
			}
			if n != f.solutions || st.Nodes != f.nodes || st.Updates != f.updates {
				t.Errorf("got %d solutions, %d nodes, %d updates; DLX1: %d, %d, %d",
					n, st.Nodes, st.Updates, f.solutions, f.nodes, f.updates)
			}
			if f.long {
				return
			}
			n, st, err = p.Count(context.Background(), Options{Workers: 3, Engine: EngineLinks})
			if err != nil {
				t.Fatal(err)
			}
			if n != f.solutions || st.Nodes != f.nodes || st.Updates != f.updates {
				t.Errorf("parallel: got %d solutions, %d nodes, %d updates; DLX1: %d, %d, %d",
					n, st.Nodes, st.Updates, f.solutions, f.nodes, f.updates)
			}
		})
	}
}
