//go:build unix

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// BenchmarkStartup runs the built commands as whole processes and reports
// the CPU of each run (user and system, from the kernel's accounting of
// the child: cpu-µs/op), against an empty Go program: the start-up that
// every run of dlx pays. dlx links no NATS for it (TestNoNATS;
// docs/cluster.md has the figures):
//
//	go test -run '^$' -bench Startup -count 10 ./cmd/dlx | benchstat -
func BenchmarkStartup(b *testing.B) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		b.Skip("no go command on PATH")
	}
	bin := b.TempDir()
	empty := filepath.Join(b.TempDir(), "empty")
	os.MkdirAll(empty, 0o777)
	os.WriteFile(filepath.Join(empty, "go.mod"), []byte("module empty\n\ngo 1.26\n"), 0o666)
	os.WriteFile(filepath.Join(empty, "main.go"), []byte("package main\n\nfunc main() {}\n"), 0o666)
	buildEmpty := exec.Command(goCmd, "build", "-o", filepath.Join(bin, "empty"), ".")
	buildEmpty.Dir = empty
	for _, build := range []*exec.Cmd{
		exec.Command(goCmd, "build", "-o", bin+string(filepath.Separator), ".", "../sudoku", "../dlx-cluster"),
		buildEmpty,
	} {
		if out, err := build.CombinedOutput(); err != nil {
			b.Fatalf("%v: %v\n%s", build.Args, err, out)
		}
	}
	q6 := filepath.Join(b.TempDir(), "q6.dlx")
	os.WriteFile(q6, []byte(gen(b, "queens", "6")), 0o666)
	for _, c := range []struct {
		name string
		args []string
	}{
		{"empty", nil},
		{"dlx", []string{"-h"}},
		{"dlx", []string{"count", q6}},
		{"sudoku", []string{"-h"}},
		{"dlx-cluster", []string{"-h"}},
	} {
		name := c.name
		if len(c.args) > 0 {
			name += "_" + c.args[0]
		}
		b.Run(name, func(b *testing.B) {
			var cpu time.Duration
			for b.Loop() {
				cmd := exec.Command(filepath.Join(bin, c.name), c.args...)
				if err := cmd.Run(); err != nil {
					b.Fatal(err)
				}
				if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
					cpu += time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
				}
			}
			b.ReportMetric(float64(cpu.Microseconds())/float64(b.N), "cpu-µs/op")
		})
	}
}
