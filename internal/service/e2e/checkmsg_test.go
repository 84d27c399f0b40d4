package e2e

import (
	"strings"
	"testing"
)

// TestCheckOneEntry: Check with one right entry says so in the singular
// (it said "All 1 entries are right so far.").
func TestCheckOneEntry(t *testing.T) {
	const puzzle = "570060003030005060601007000053000001000080000900000270000800402080100030200040019"
	const solution = "574268193832915764691437528753624981126789345948351276319876452485192637267543819"
	base := startService(t)
	p := openPage(t, base, desktop)
	p.open("#size=3x3&p=" + puzzle)
	blank := strings.IndexByte(puzzle, '0')
	p.pressCell(blank)
	p.key(solution[blank : blank+1])
	p.press("#check")
	p.wait("the check's message", `document.getElementById("message").textContent.includes("right so far")`)
	if msg := p.message(); msg != "The 1 entry is right so far." {
		t.Errorf("Check with one right entry: %q", msg)
	}
}
