package cli

import (
	"math"
	"strconv"

	"github.com/dlxkit/dlx/internal/numfmt"
)

// CountVar defines an int flag whose value is read as people write
// numbers (numfmt.ParseInt: "10000", "10,000", "10_000", "1e4"); its
// help shows the placeholder N and the default as digits.
func (fs *FlagSet) CountVar(p *int, name string, value int, usage string) {
	*p = value
	fs.Var((*countValue)(p), name, usage)
}

// Count64Var is CountVar for an int64.
func (fs *FlagSet) Count64Var(p *int64, name string, value int64, usage string) {
	*p = value
	fs.Var((*count64Value)(p), name, usage)
}

// BytesVar defines a flag of a size in bytes, read by numfmt.ParseBytes
// ("1048576", "1MiB", "64KiB", "1MB"); its help shows the placeholder
// SIZE and the default as numfmt.Bytes writes it ("1MiB").
func (fs *FlagSet) BytesVar(p *int64, name string, value int64, usage string) {
	*p = value
	fs.Var((*bytesValue)(p), name, usage)
}

type countValue int

func (v *countValue) Set(s string) error {
	n, err := numfmt.ParseInt(s)
	if err != nil {
		return err
	}
	if n > math.MaxInt || n < math.MinInt {
		return strconv.ErrRange
	}
	*v = countValue(n)
	return nil
}

func (v *countValue) String() string {
	if v == nil {
		return "0"
	}
	return strconv.Itoa(int(*v))
}

func (*countValue) Placeholder() string { return "N" }

type count64Value int64

func (v *count64Value) Set(s string) error {
	n, err := numfmt.ParseInt(s)
	if err != nil {
		return err
	}
	*v = count64Value(n)
	return nil
}

func (v *count64Value) String() string {
	if v == nil {
		return "0"
	}
	return strconv.FormatInt(int64(*v), 10)
}

func (*count64Value) Placeholder() string { return "N" }

type bytesValue int64

func (v *bytesValue) Set(s string) error {
	n, err := numfmt.ParseBytes(s)
	if err != nil {
		return err
	}
	*v = bytesValue(n)
	return nil
}

func (v *bytesValue) String() string {
	if v == nil {
		return "0"
	}
	return numfmt.Bytes(int64(*v))
}

func (*bytesValue) Placeholder() string { return "SIZE" }
