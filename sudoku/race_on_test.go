//go:build race

package sudoku

// raceDetector: the race detector is on; it changes what the code
// allocates, which the memory tests measure.
const raceDetector = true
