package numfmt

import (
	"math"
	"math/big"
	"testing"
	"time"
)

func TestCommas(t *testing.T) {
	for _, tt := range []struct {
		n    int64
		want string
	}{
		{0, "0"}, {7, "7"}, {999, "999"}, {1000, "1,000"}, {12345, "12,345"}, {123456, "123,456"},
		{1234567, "1,234,567"}, {-1234, "-1,234"}, {-999, "-999"},
		{math.MaxInt64, "9,223,372,036,854,775,807"}, {math.MinInt64, "-9,223,372,036,854,775,808"},
	} {
		if got := Commas(tt.n); got != tt.want {
			t.Errorf("Commas(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
}

func TestCount(t *testing.T) {
	for _, tt := range []struct {
		n    int64
		want string
	}{
		{0, "0 puzzles"}, {1, "1 puzzle"}, {2, "2 puzzles"}, {1000, "1,000 puzzles"},
	} {
		if got := Count(tt.n, "puzzle", "puzzles"); got != tt.want {
			t.Errorf("Count(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
	if Noun(1, "entry", "entries") != "entry" || Noun(3, "entry", "entries") != "entries" {
		t.Error("Noun")
	}
}

func TestDuration(t *testing.T) {
	for _, tt := range []struct {
		d    time.Duration
		want string
	}{
		{0, "0s"},
		{850 * time.Nanosecond, "850ns"},
		{292345 * time.Nanosecond, "292µs"},
		{400 * time.Microsecond, "400µs"}, // was "0s" beside a rate
		{3456789 * time.Nanosecond, "3.46ms"},
		{999600 * time.Nanosecond, "1ms"},
		{12345678900 * time.Nanosecond, "12.3s"},
		{123456 * time.Millisecond, "2m3s"},
		{-1500 * time.Microsecond, "-1.5ms"},
	} {
		if got := Duration(tt.d); got != tt.want {
			t.Errorf("Duration(%v) = %q, want %q", int64(tt.d), got, tt.want)
		}
	}
}

func TestPerSecond(t *testing.T) {
	for _, tt := range []struct {
		n    int64
		d    time.Duration
		want string
	}{
		{1, 0, "-"},
		{5, 2 * time.Second, "2.50"},
		{1418, time.Second, "1,418"},
		{2, time.Millisecond, "2,000"},
		{12345678, time.Second, "12,345,678"},
	} {
		if got := PerSecond(tt.n, tt.d); got != tt.want {
			t.Errorf("PerSecond(%d, %v) = %q, want %q", tt.n, tt.d, got, tt.want)
		}
	}
}

// TestBigCommas: the same groups as Commas, past int64 too.
func TestBigCommas(t *testing.T) {
	for _, tt := range []struct{ n, want string }{
		{"0", "0"}, {"999", "999"}, {"1000", "1,000"}, {"-1234", "-1,234"}, {"-999", "-999"},
		{"6670903752021072936960", "6,670,903,752,021,072,936,960"},
	} {
		n, _ := new(big.Int).SetString(tt.n, 10)
		if got := BigCommas(n); got != tt.want {
			t.Errorf("BigCommas(%s) = %q, want %q", tt.n, got, tt.want)
		}
	}
}

func TestRound(t *testing.T) {
	for _, tt := range []struct{ d, want time.Duration }{
		{0, 0}, {999, 999}, {123456, 123000}, {1234567890, 1230 * time.Millisecond},
		{83*time.Second + 456*time.Millisecond, 83500 * time.Millisecond},
	} {
		if got := Round(tt.d); got != tt.want {
			t.Errorf("Round(%v) = %v, want %v", tt.d, got, tt.want)
		}
	}
}
