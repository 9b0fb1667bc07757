package cpuwait_test

import (
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/intake-runtime/intake/internal/cpuwait"
)

// Eight goroutines per core that each work 100 µs and then yield wait for
// the seven ahead of them on their core: about 700 µs. The probe must see
// waits of that order (more on a busy machine, never much less).
func TestGoroutinesBeyondTheCoresWaitForOne(t *testing.T) {
	p := cpuwait.New()
	var working sync.WaitGroup
	until := time.Now().Add(200 * time.Millisecond)
	for range 8 * runtime.GOMAXPROCS(0) {
		working.Go(func() {
			for time.Now().Before(until) {
				for start := time.Now(); time.Since(start) < 100*time.Microsecond; {
				}
				runtime.Gosched()
			}
		})
	}
	working.Wait()
	if got := p.Quantile(0.5); got < 200*time.Microsecond {
		t.Fatalf("%d goroutines took turns on %d cores, 100 µs each, yet their median wait was %v, want about 700 µs",
			8*runtime.GOMAXPROCS(0), runtime.GOMAXPROCS(0), got)
	}
}
