package logic

import (
	"fmt"
	"strings"
)

// Level is a named difficulty band of the Sudoku Explainer scale.
type Level int

// The levels, easiest first. LevelOf documents the cut-offs.
const (
	Easy Level = iota
	Medium
	Hard
	Expert
	Extreme
)

var levelNames = [...]string{"easy", "medium", "hard", "expert", "extreme"}

// String returns the level's lower-case name.
func (l Level) String() string {
	if l < 0 || int(l) >= len(levelNames) {
		return fmt.Sprintf("Level(%d)", int(l))
	}
	return levelNames[l]
}

// Levels lists every level, easiest first.
func Levels() []Level { return []Level{Easy, Medium, Hard, Expert, Extreme} }

// LevelOf returns the level of a Sudoku Explainer rating:
//
//	easy     rating <= 2.3  singles (and the "direct" forms of locked candidates and hidden pairs)
//	medium   rating <= 3.4  locked candidates, naked and hidden pairs, X-wing
//	hard     rating <= 4.4  triples, swordfish, XY-wing, XYZ-wing
//	expert   rating <  7.0  unique rectangles, quads, jellyfish, BUG, X-chains
//	extreme  rating >= 7.0  chains with cell links, forcing chains, trial and error
func LevelOf(rating float64) Level {
	switch {
	case rating <= 2.3+1e-9:
		return Easy
	case rating <= 3.4+1e-9:
		return Medium
	case rating <= 4.4+1e-9:
		return Hard
	case rating < 7.0-1e-9:
		return Expert
	}
	return Extreme
}

// Range returns the ratings of a level: lo < rating <= hi (Easy from 0,
// Extreme up to +Inf is given as 100).
func (l Level) Range() (lo, hi float64) {
	switch l {
	case Easy:
		return 0, 2.3
	case Medium:
		return 2.3, 3.4
	case Hard:
		return 3.4, 4.4
	case Expert:
		return 4.4, 6.9
	}
	return 6.9, 100
}

// Floor returns the lowest rating of a level (ratings are in tenths).
func (l Level) Floor() float64 {
	switch l {
	case Easy:
		return 0
	case Medium:
		return 2.4
	case Hard:
		return 3.5
	case Expert:
		return 4.5
	}
	return 7.0
}

// ParseLevel returns the level with the given name (case-insensitive).
func ParseLevel(s string) (Level, error) {
	for i, n := range levelNames {
		if strings.EqualFold(strings.TrimSpace(s), n) {
			return Level(i), nil
		}
	}
	return 0, fmt.Errorf("unknown level %q (want one of %s)", s, strings.Join(levelNames[:], ", "))
}

// MarshalText encodes the level as its name.
func (l Level) MarshalText() ([]byte, error) { return []byte(l.String()), nil }

// UnmarshalText decodes a level name.
func (l *Level) UnmarshalText(b []byte) error {
	v, err := ParseLevel(string(b))
	if err != nil {
		return err
	}
	*l = v
	return nil
}
