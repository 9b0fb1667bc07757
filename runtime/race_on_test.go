//go:build race

package runtime_test

// raceDetector says the tests run under the race detector, which makes
// CPU-bound work several times slower.
const raceDetector = true
