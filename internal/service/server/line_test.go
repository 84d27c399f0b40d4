package server

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/dlxkit/dlx/internal/solver/dfs"
	"github.com/dlxkit/dlx/internal/testkit/shareddata"
)

// TestLineProtocol sends data/test1000 pipelined to the service's line
// protocol (the fast solver) and checks every reply against the
// independent baseline solver (internal/solver/dfs).
func TestLineProtocol(t *testing.T) {
	f, err := os.ReadFile(shareddata.Path(t, "data/test1000"))
	if err != nil {
		t.Fatal(err)
	}
	puzzles := strings.Fields(string(f))
	if testing.Short() {
		puzzles = puzzles[:100]
	}
	ts := startServer(t, Config{})
	c, err := net.Dial("tcp", ts.line)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	var req strings.Builder
	for i, p := range puzzles {
		fmt.Fprintf(&req, "%d:%s\r\n", i, p)
	}
	req.WriteString("x:" + strings.Repeat("1", 81) + "\r\nbad\r\n")
	go io.WriteString(c, req.String())
	r := bufio.NewReader(c)
	c.SetReadDeadline(time.Now().Add(30 * time.Second))
	for i, p := range puzzles {
		l, err := r.ReadString('\n')
		if err != nil {
			t.Fatalf("reply %d: %v", i, err)
		}
		var pz, sol [81]uint8
		for k := range 81 {
			pz[k] = p[k] - '0'
		}
		if n, _ := dfs.Count(&pz, 1, &sol); n != 1 {
			t.Fatalf("the oracle finds no solution to %s", p)
		}
		want := fmt.Sprintf("%d:", i)
		for _, v := range sol {
			want += string('0' + rune(v))
		}
		if l != want+"\r\n" {
			t.Fatalf("reply %d = %q, want %q", i, l, want)
		}
	}
	rest, _ := io.ReadAll(r)
	if string(rest) != "x:NoSolution\r\nBad Request!\r\n" {
		t.Errorf("last replies %q", rest)
	}
	if got := ts.LineServer().Stats.Solved.Load(); got != int64(len(puzzles)) {
		t.Errorf("Stats.Solved = %d, want %d", got, len(puzzles))
	}
	if !strings.Contains(fetch(t, ts.url+"/metrics"), fmt.Sprintf("sudoku_line_solved_total %d", len(puzzles))) {
		t.Error("metrics lack sudoku_line_solved_total")
	}
}
