package zerotest

import (
	"reflect"
	"strings"
	"testing"
)

type two struct{}

func (*two) A() {}
func (*two) B() {}

// recorder is a testing.TB that keeps the errors reported.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Helper()                   {}
func (r *recorder) Error(...any)              { r.errs = append(r.errs, "error") }
func (r *recorder) Errorf(f string, a ...any) { r.errs = append(r.errs, f) }

func TestMissing(t *testing.T) {
	typ := reflect.TypeFor[*two]()
	ok := func() string { return "" }
	tests := []struct {
		cases Cases
		ok    bool
	}{
		{Cases{"A": ok, "B": ok}, true},
		{Cases{"A": ok}, false},
		{Cases{"A": ok, "B": ok, "C": ok}, false},
		{nil, false},
	}
	for i, tt := range tests {
		msg := Missing(typ, tt.cases)
		if (msg == "") != tt.ok {
			t.Errorf("case %d: Missing = %q, want ok %v", i, msg, tt.ok)
		}
	}
}

func TestRunReportsPanicsAndFailures(t *testing.T) {
	r := &recorder{TB: t}
	Run(r, &two{}, Cases{
		"A": func() string { panic("boom") },
		"B": func() string { return "wrong" },
	})
	if len(r.errs) != 2 {
		t.Errorf("Run reported %d errors (%s), want 2: the panic and the wrong result", len(r.errs), strings.Join(r.errs, ", "))
	}
	if msg := call(func() string { panic("boom") }); !strings.Contains(msg, "boom") {
		t.Errorf("a panic reads %q", msg)
	}
}
