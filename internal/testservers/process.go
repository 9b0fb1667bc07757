package testservers

import (
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"sync"
	"syscall"
	"time"
)

// process is one running server and the channel closed when it exits.
type process struct {
	cmd    *exec.Cmd
	out    *tailBuffer
	work   string // the working directory, removed by stop
	exited chan struct{}
	err    error // the result of Wait, valid once exited is closed
}

// launch starts program with args in its own process group, so stop can
// signal the server and anything it spawned at once. It runs in a temporary
// working directory of its own, so that nothing a server writes there (such
// as DynamoDB Local's dynamodb-local-metadata.json) lands in the repository.
func launch(program string, args []string) (*process, error) {
	work, err := os.MkdirTemp("", "testserver-")
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(program, args...)
	cmd.Dir = work
	out := &tailBuffer{max: 64 << 10}
	cmd.Stdout = out
	cmd.Stderr = out
	cmd.SysProcAttr = sysProcAttr()
	// Bound the wait for the output pipes after the process is gone, should a
	// stray grandchild keep them open.
	cmd.WaitDelay = 2 * time.Second
	if err := cmd.Start(); err != nil {
		return nil, errors.Join(err, os.RemoveAll(work))
	}
	p := &process{cmd: cmd, out: out, work: work, exited: make(chan struct{})}
	go func() {
		p.err = cmd.Wait()
		close(p.exited)
	}()
	return p, nil
}

// waitReady polls addr until it accepts a TCP connection, the process exits
// or the timeout passes.
func (p *process) waitReady(addr string, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for {
		conn, err := net.DialTimeout("tcp", addr, 200*time.Millisecond)
		if err == nil {
			return conn.Close()
		}
		select {
		case <-p.exited:
			return fmt.Errorf("exited before listening on %s: %v", addr, p.err)
		case <-time.After(25 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("not listening on %s after %s", addr, timeout)
		}
	}
}

// stop terminates the process group, kills it if it lingers, waits for the
// process (and the goroutine of launch) to finish and removes its working
// directory.
func (p *process) stop() error {
	if err := p.terminate(); err != nil {
		return err
	}
	return os.RemoveAll(p.work)
}

func (p *process) terminate() error {
	pgid := p.cmd.Process.Pid
	select {
	case <-p.exited:
		return nil
	default:
	}
	if err := syscall.Kill(-pgid, syscall.SIGTERM); err != nil && !errors.Is(err, syscall.ESRCH) {
		return err
	}
	select {
	case <-p.exited:
	case <-time.After(5 * time.Second):
		_ = syscall.Kill(-pgid, syscall.SIGKILL)
		<-p.exited
	}
	return nil
}

// tailBuffer keeps the last max bytes written to it; it is safe for the
// concurrent writes of exec's copying goroutines and reads from the test.
type tailBuffer struct {
	mu  sync.Mutex
	buf []byte
	max int
}

func (b *tailBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.buf = append(b.buf, p...)
	if over := len(b.buf) - b.max; over > 0 {
		b.buf = append(b.buf[:0], b.buf[over:]...)
	}
	return len(p), nil
}

func (b *tailBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return string(b.buf)
}
