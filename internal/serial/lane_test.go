package serial_test

import (
	"sync"
	"testing"
	"time"

	"github.com/intake-runtime/intake/internal/leaktest"
	"github.com/intake-runtime/intake/internal/serial"
)

func TestLaneRunsJobsInOrderOneAtATime(t *testing.T) {
	leaktest.Check(t)
	var (
		lane    serial.Lane
		mu      sync.Mutex
		order   []int
		running int
		done    sync.WaitGroup
	)
	for i := range 100 {
		done.Add(1)
		lane.Go(func() {
			defer done.Done()
			mu.Lock()
			running++
			if running > 1 {
				t.Errorf("job %d runs beside another one", i)
			}
			order = append(order, i)
			mu.Unlock()
			mu.Lock()
			running--
			mu.Unlock()
		})
	}
	done.Wait()
	for i, got := range order {
		if got != i {
			t.Fatalf("job %d ran at position %d: %v", got, i, order)
		}
	}
}

func TestLaneHoldsNoGoroutineWhenIdle(t *testing.T) {
	leaktest.Check(t) // fails if the lane's goroutine outlives its jobs
	var lane serial.Lane
	ran := make(chan struct{})
	lane.Go(func() { close(ran) })
	<-ran
}

func TestCloseWaitsForTheJobUnderWayAndDropsTheRest(t *testing.T) {
	leaktest.Check(t)
	var lane serial.Lane
	started, release := make(chan struct{}), make(chan struct{})
	finished := false
	lane.Go(func() {
		close(started)
		<-release
		finished = true
	})
	dropped := make(chan struct{}, 1)
	lane.Go(func() { dropped <- struct{}{} })
	<-started
	closed := make(chan struct{})
	go func() {
		lane.Close()
		close(closed)
	}()
	select {
	case <-closed:
		t.Fatal("Close returned while a job was under way")
	case <-time.After(20 * time.Millisecond):
	}
	close(release)
	<-closed
	if !finished {
		t.Fatal("Close returned before the job under way finished")
	}
	if lane.Go(func() { dropped <- struct{}{} }) {
		t.Fatal("a closed lane took a job")
	}
	select {
	case <-dropped:
		t.Fatal("a job queued before Close, or given after it, ran")
	default:
	}
}
