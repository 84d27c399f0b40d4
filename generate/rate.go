package generate

// TEMPORARY until package logic lands.

// Level is a difficulty level.
type Level int

// LevelOf maps a rating to a level.
func LevelOf(r float64) Level { return Level(r) }

var defaultRate rateFunc
