// Package serial runs a conversation's blocking work (table calls, model
// calls, sends) one job at a time, in the order given, off the actor's
// mailbox.
//
// It replaces a child actor per kind of work: a Lane holds no goroutine while
// it has nothing to do, so a live conversation waiting for its customer costs
// a few words instead of a mailbox, a process registry entry and a
// supervision record per child.
package serial

import "sync"

// Lane runs the jobs given to Go one at a time, in order, on a goroutine that
// exists only while jobs are waiting. The zero Lane is ready to use; it is
// safe for concurrent use.
type Lane struct {
	mu      sync.Mutex
	jobs    []func()
	running bool
	closed  bool
	working sync.WaitGroup
}

// Go queues job after the jobs given before it. It reports false, and drops
// job, once the lane is closed.
func (l *Lane) Go(job func()) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return false
	}
	l.jobs = append(l.jobs, job)
	if !l.running {
		l.running = true
		l.working.Go(l.run)
	}
	return true
}

// run works the queue until it is empty, then lets its goroutine end.
func (l *Lane) run() {
	for {
		l.mu.Lock()
		if len(l.jobs) == 0 || l.closed {
			l.jobs, l.running = nil, false
			l.mu.Unlock()
			return
		}
		job := l.jobs[0]
		l.jobs[0] = nil // the backing array must not keep a finished job alive
		l.jobs = l.jobs[1:]
		l.mu.Unlock()
		job()
	}
}

// Close drops the jobs not started and waits for the one under way, so that
// whatever comes after (a restarted actor reloading from the table) never
// runs beside it. Jobs given after Close are dropped.
func (l *Lane) Close() {
	l.mu.Lock()
	l.closed, l.jobs = true, nil
	l.mu.Unlock()
	l.working.Wait()
}
