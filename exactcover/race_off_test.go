//go:build !race

package exactcover

const raceDetector = false
