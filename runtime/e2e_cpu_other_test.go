//go:build !unix

package runtime_test

import "time"

// cpuTime is unknown here: the benchmark reports no CPU per turn.
func cpuTime() time.Duration { return 0 }
