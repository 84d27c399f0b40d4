// Package barplot draws grouped bars on a logarithmic scale as SVG: one
// group per label along the axis, one bar (one colour) per series in it.
// sudoku bench plots its puzzles per second with it.
package barplot

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/dlxkit/dlx/internal/numfmt"
)

// Bar is one value: the bar of series Series in group Group.
type Bar struct {
	Group, Series string
	Value         float64
}

// Write draws bars as SVG to w, titled title; unit names the values in
// each bar's tooltip ("puzzles/s"). Groups and series keep the order of
// their first bar; bars with a value of 0 or less are left out. The scale
// runs over the powers of ten around the values.
func Write(w io.Writer, title, unit string, bars []Bar) error {
	var groups, series []string
	seenG, seenS := map[string]bool{}, map[string]bool{}
	lo, hi := math.Inf(1), 0.0
	for _, r := range bars {
		if !seenG[r.Group] {
			seenG[r.Group] = true
			groups = append(groups, r.Group)
		}
		if !seenS[r.Series] {
			seenS[r.Series] = true
			series = append(series, r.Series)
		}
		if r.Value > 0 {
			lo, hi = min(lo, r.Value), max(hi, r.Value)
		}
	}
	if hi == 0 {
		lo, hi = 1, 10
	}
	dmin, dmax := math.Floor(math.Log10(lo)), math.Ceil(math.Log10(hi))
	if dmax <= dmin {
		dmax = dmin + 1
	}
	const (
		left, top, plotH, bottom = 80.0, 40.0, 300.0, 110.0
		barW, gap                = 22.0, 26.0
	)
	groupW := float64(len(series))*barW + gap
	width := max(left+float64(len(groups))*groupW+140, 520)
	height := top + plotH + bottom
	y := func(v float64) float64 {
		return top + plotH - (math.Log10(v)-dmin)/(dmax-dmin)*plotH
	}
	colors := []string{"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b"}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" font-family="sans-serif" font-size="11">`+"\n", width, height)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	fmt.Fprintf(&b, `<text x="%.0f" y="20" font-size="14">%s</text>`+"\n", left, escape(title))
	for d := dmin; d <= dmax; d++ {
		yy := y(math.Pow(10, d))
		fmt.Fprintf(&b, `<line x1="%.0f" y1="%.1f" x2="%.0f" y2="%.1f" stroke="#ddd"/>`+"\n", left, yy, width-140, yy)
		fmt.Fprintf(&b, `<text x="%.0f" y="%.1f" text-anchor="end">%s</text>`+"\n", left-6, yy+4, numfmt.Commas(int64(math.Round(math.Pow(10, d)))))
	}
	fmt.Fprintf(&b, `<line x1="%.0f" y1="%.0f" x2="%.0f" y2="%.0f" stroke="black"/>`+"\n", left, top, left, top+plotH)
	for gi, group := range groups {
		x0 := left + gap/2 + float64(gi)*groupW
		for si, s := range series {
			for _, r := range bars {
				if r.Group != group || r.Series != s || r.Value <= 0 {
					continue
				}
				x := x0 + float64(si)*barW
				yy := y(r.Value)
				fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"><title>%s %s: %s %s</title></rect>`+"\n",
					x, yy, barW-2, top+plotH-yy, colors[si%len(colors)], escape(group), escape(s), numfmt.Commas(int64(math.Round(r.Value))), escape(unit))
			}
		}
		cx := x0 + float64(len(series))*barW/2
		fmt.Fprintf(&b, `<text transform="translate(%.1f,%.0f) rotate(30)">%s</text>`+"\n", cx-10, top+plotH+14, escape(group))
	}
	for si, s := range series {
		yy := top + 10 + float64(si)*18
		fmt.Fprintf(&b, `<rect x="%.0f" y="%.0f" width="12" height="12" fill="%s"/><text x="%.0f" y="%.0f">%s</text>`+"\n",
			width-125, yy, colors[si%len(colors)], width-108, yy+10, escape(s))
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// escape escapes s for SVG text.
func escape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(s)
}
