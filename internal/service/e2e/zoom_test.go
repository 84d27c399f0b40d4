package e2e

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestZoom16 plays 16x16 at phone size, where a cell is about 24 px wide
// and a cell of nine marks draws them at about 7 px: the strip above the
// keypad shows the selected cell's marks at a readable size (at least
// 11 px, measured from the rendered style), the same marks as the cell,
// and follows the selection. On the desktop the board's cells are wide
// enough and the strip stays hidden.
func TestZoom16(t *testing.T) {
	base := startService(t)
	puzzle := generated(t, base, 16, 3)
	forScreens(t, func(t *testing.T, scr screen) {
		p := openPage(t, base, scr)
		p.open("#size=4x4&p=" + puzzle)
		bl := blanks(puzzle)
		k := bl[0]
		p.pressCell(k)
		for _, l := range "ABCDEFGHI" {
			p.key(string(l), chromedp.ModifierShift)
		}
		if got := p.marks()[k]; got != "ABCDEFGHI" {
			t.Fatalf("marks %q, want ABCDEFGHI", got)
		}
		inCell := p.num(fmt.Sprintf(`parseFloat(getComputedStyle(document.querySelector('#board .cell[data-i="%d"] .marks')).fontSize)`, k))
		cellW := p.num(fmt.Sprintf(`document.querySelector('#board .cell[data-i="%d"]').getBoundingClientRect().width`, k))
		shown := p.num(`(z => z.offsetParent !== null && z.getBoundingClientRect().height > 0 ? 1 : 0)(document.getElementById("zoom"))`) == 1
		if !scr.phone {
			t.Logf("%s: cell %.1f px wide, marks %.1f px in the cell, strip shown %v", scr.name, cellW, inCell, shown)
			if shown {
				t.Errorf("%s: the marks strip shows with %.1f px cells", scr.name, cellW)
			}
			return
		}
		if !shown {
			t.Fatalf("%s: no marks strip with %.1f px cells and %.1f px marks", scr.name, cellW, inCell)
		}
		text := p.str(`[...document.querySelectorAll("#zoom .zm")].map(s => s.textContent).join("")`)
		sizes := eval[[]float64](t, p.ctx, `[...document.querySelectorAll("#zoom .zm")].map(s => parseFloat(getComputedStyle(s).fontSize))`)
		// The marks must be on screen below the board, not clipped.
		vis := p.num(`(r => r.top >= 0 && r.bottom <= innerHeight + scrollY + 1 && r.width > 0 ? 1 : 0)(document.querySelector("#zoom .zm").getBoundingClientRect())`) == 1
		t.Logf("%s: cell %.1f px wide, marks %.1f px in the cell, %v px in the strip (%q)", scr.name, cellW, inCell, sizes, text)
		if text != "ABCDEFGHI" {
			t.Errorf("strip shows %q, want the cell's marks ABCDEFGHI", text)
		}
		for _, s := range sizes {
			if s < 11 {
				t.Errorf("strip marks %.1f px, want at least 11", s)
			}
		}
		if !vis {
			t.Errorf("strip marks are not laid out on the page")
		}
		// Another cell: the strip follows the selection and is empty
		// for a cell without marks; the keypad does not move.
		keyTop := p.num(`document.getElementById("keypad").getBoundingClientRect().top`)
		p.pressCell(bl[1])
		if n := p.num(`document.querySelectorAll("#zoom .zm").length`); n != 0 {
			t.Errorf("strip shows %v marks for a cell without marks", n)
		}
		if top := p.num(`document.getElementById("keypad").getBoundingClientRect().top`); top != keyTop {
			t.Errorf("keypad moved from %.1f to %.1f px when the strip emptied", keyTop, top)
		}
		p.key("K", chromedp.ModifierShift)
		if got := p.str(`[...document.querySelectorAll("#zoom .zm")].map(s => s.textContent).join("")`); got != "K" {
			t.Errorf("strip shows %q after Shift+K, want K", got)
		}
		p.screenshot("web-16x16-zoom-" + scr.name)
		// 9x9 on the phone: no strip.
		p.open("#size=3x3&p=" + test1)
		if n := p.num(`document.getElementById("zoom").hidden ? 0 : 1`); n != 0 {
			t.Errorf("the marks strip shows on 9x9")
		}
	})
}
