package exactcover

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/dlxkit/dlx/internal/testkit/shareddata"
)

// knuthDLX1 is the DLX1 table of BENCHMARKS.md (Knuth's program, counting
// all solutions): an independent reference for the node and update counts
// of a sequential search.
var knuthDLX1 = map[string]struct{ solutions, nodes, updates int64 }{
	"queens8.dlx":        {92, 1049, 16680},
	"queens9.dlx":        {352, 3440, 54818},
	"queens10.dlx":       {724, 11578, 198264},
	"queens11.dlx":       {2680, 45393, 783140},
	"queens12.dlx":       {14200, 211716, 3594752},
	"queens13.dlx":       {73712, 1046319, 17463157},
	"langford11.dlx":     {35584, 439747, 5974979},
	"sudoku17a.dlx":      {1, 65, 1165},
	"sud_escargot.dlx":   {1, 1379, 23083},
	"sud_inkala2012.dlx": {1, 2720, 48760},
	"sud_goldnugget.dlx": {1, 2645, 46939},
	"sud_eastermon.dlx":  {1, 5166, 91913},
	"pento6x10.dlx":      {9356, 3637261, 1242377480},
}

// longInstances take seconds: skipped with -short, and run in the normal
// test run only when DLX_LONG is set (pento6x10 makes 1.2e9 updates).
var longInstances = map[string]bool{"pento6x10.dlx": true}

// TestInstances parses every file of the shared instances directory with
// ReadKnuth, counts all its solutions sequentially and compares solutions,
// nodes and updates with DLX1's.
func TestInstances(t *testing.T) {
	dir := shareddata.Path(t, "instances")
	files, err := filepath.Glob(filepath.Join(dir, "*.dlx"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Skipf("shared data: no .dlx files in %s", dir)
	}
	for _, path := range files {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			want, ok := knuthDLX1[name]
			if !ok {
				t.Fatalf("no DLX1 figures for %s: add them to knuthDLX1", name)
			}
			if longInstances[name] && (testing.Short() || os.Getenv("DLX_LONG") == "") {
				t.Skip("long instance: set DLX_LONG=1 (and no -short) to run it")
			}
			if testing.Short() && want.nodes > 200000 {
				t.Skip("more than 200,000 nodes in -short mode (slow under -race)")
			}
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			p, err := ReadKnuth(f)
			if err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			n, st, err := p.Count(context.Background(), Options{Engine: EngineLinks})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: %d solutions, %d nodes, %d updates in %v", name, n, st.Nodes, st.Updates, time.Since(start))
			if n != want.solutions || st.Solutions != want.solutions {
				t.Errorf("%d solutions (Stats %d), want %d", n, st.Solutions, want.solutions)
			}
			if st.Nodes != want.nodes || st.Updates != want.updates {
				t.Errorf("%d nodes, %d updates; DLX1 makes %d nodes, %d updates", st.Nodes, st.Updates, want.nodes, want.updates)
			}
		})
	}
}
