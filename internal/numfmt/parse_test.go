package numfmt

import (
	"errors"
	"math"
	"strings"
	"testing"
)

func TestParseInt(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want int64
	}{
		{"0", 0}, {"7", 7}, {"-1", -1}, {"+12", 12}, {"10000", 10000},
		{"10,000", 10000}, {"1,234,567", 1234567}, {"10_000", 10000}, {"1_0", 10},
		{"50e6", 50_000_000}, {"50E6", 50_000_000}, {"5e+7", 50_000_000}, {"1.5e3", 1500},
		{"2.0", 2}, {"1,500.0e3", 1_500_000}, {"2500e-2", 25}, {"0e100", 0}, {"-0", 0},
		{"9223372036854775807", math.MaxInt64}, {"-9223372036854775808", math.MinInt64},
		{"9.223372036854775807e18", math.MaxInt64},
	} {
		got, err := ParseInt(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseInt(%q) = %d, %v; want %d", tt.in, got, err, tt.want)
		}
	}
	for _, in := range []string{
		"", "-", "x", "1x", "1.5", "1e", "1e1.5", "e6", "1,0000", "1,00", "1234,567", ",1", "1,",
		"1__0", "_1", "1_", "1,000_000", "1.", "1.e3", "1.5e0", "25e-1", "1e101", "1e-101",
		"9223372036854775808", "-9223372036854775809", "1e19", "0x10", " 1", "1 ", "10 million",
	} {
		if n, err := ParseInt(in); err == nil || !errors.Is(err, ErrNumber) || !strings.Contains(err.Error(), "50e6") {
			t.Errorf("ParseInt(%q) = %d, %v; want an error wrapping ErrNumber saying what it reads", in, n, err)
		}
	}
}

func TestParseBytes(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want int64
	}{
		{"0", 0}, {"1048576", 1 << 20}, {"1,048,576", 1 << 20}, {"1MiB", 1 << 20}, {"1 MiB", 1 << 20},
		{"1mib", 1 << 20}, {"1MIB", 1 << 20}, {"64KiB", 64 << 10}, {"256kib", 256 << 10}, {"1.5GiB", 3 << 29},
		{"2TiB", 2 << 40}, {"1kB", 1000}, {"1KB", 1000}, {"1MB", 1_000_000}, {"1.5MB", 1_500_000},
		{"3GB", 3e9}, {"1TB", 1e12}, {"512B", 512}, {"1e6", 1_000_000}, {"0.5KiB", 512},
		{"8191.99951171875MiB", 8191<<20 + 1048064},
	} {
		got, err := ParseBytes(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseBytes(%q) = %d, %v; want %d", tt.in, got, err, tt.want)
		}
	}
	for _, in := range []string{
		"", "MiB", "-1", "-1MiB", "1.3B", "0.1KiB", "1 MiB x", "1Mi", "1 M", "1m", "1MiB1", "x", "8EiB",
		"8388608TiB", "1e100GiB",
	} {
		if n, err := ParseBytes(in); err == nil || !errors.Is(err, ErrNumber) || !strings.Contains(err.Error(), "1MiB") {
			t.Errorf("ParseBytes(%q) = %d, %v; want an error wrapping ErrNumber saying what it reads", in, n, err)
		}
	}
}

// TestBytesRoundTrip: Bytes writes what ParseBytes reads back to the
// same size, in the shortest exact binary unit.
func TestBytesRoundTrip(t *testing.T) {
	for _, tt := range []struct {
		n    int64
		want string
	}{
		{0, "0"}, {1, "1"}, {1000, "1000"}, {1024, "1KiB"}, {1536, "1536"}, {1 << 20, "1MiB"},
		{256 << 10, "256KiB"}, {3 << 30, "3GiB"}, {5 << 40, "5TiB"}, {1 << 50, "1024TiB"}, {math.MaxInt64, "9223372036854775807"},
	} {
		got := Bytes(tt.n)
		if got != tt.want {
			t.Errorf("Bytes(%d) = %q, want %q", tt.n, got, tt.want)
		}
		if back, err := ParseBytes(got); err != nil || back != tt.n {
			t.Errorf("ParseBytes(Bytes(%d) = %q) = %d, %v", tt.n, got, back, err)
		}
	}
}

func FuzzParseInt(f *testing.F) {
	for _, s := range []string{"10,000", "50e6", "1_000", "1.5e3", "-7", "1e-3", "9223372036854775807"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := ParseInt(s)
		if err != nil {
			if !errors.Is(err, ErrNumber) {
				t.Fatalf("ParseInt(%q): %v does not wrap ErrNumber", s, err)
			}
			return
		}
		// Commas reads back to the same number.
		if back, err := ParseInt(Commas(n)); err != nil || back != n {
			t.Fatalf("ParseInt(%q) = %d; ParseInt(%q) = %d, %v", s, n, Commas(n), back, err)
		}
		if b, err := ParseBytes(s); n >= 0 && (err != nil || b != n) {
			t.Fatalf("ParseInt(%q) = %d but ParseBytes: %d, %v", s, n, b, err)
		}
	})
}
