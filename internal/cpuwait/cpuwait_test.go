package cpuwait_test

import (
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/intake-runtime/intake/internal/cpuwait"
)

// More goroutines wanting to run than the process has cores must wait for
// one, and the probe reads the scheduler's record of it.
func TestGoroutinesBeyondTheCoresWaitForOne(t *testing.T) {
	p := cpuwait.New()
	var spinning sync.WaitGroup
	until := time.Now().Add(300 * time.Millisecond)
	for range 4 * runtime.GOMAXPROCS(0) {
		spinning.Go(func() {
			for time.Now().Before(until) {
				runtime.Gosched()
			}
		})
	}
	spinning.Wait()
	if got := p.Quantile(0.99); got <= 0 {
		t.Fatalf("%d goroutines shared %d cores, yet the probe reports no wait", 4*runtime.GOMAXPROCS(0), runtime.GOMAXPROCS(0))
	}
}
