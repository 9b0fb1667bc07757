//go:build linux

package main_test

// The `intake serve` process of the crash test (crash_test.go): started in
// its own process group, killed with SIGKILL, restarted on the same port.

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// serveProcess is `intake serve`, run in its own process group so that a
// kill takes it and anything it started at once, and restarted on the same
// port with the same environment. Each run's output goes to its own file.
type serveProcess struct {
	t      *testing.T
	bin    string
	env    []string
	port   int
	logDir string

	mu     sync.Mutex
	cmd    *exec.Cmd
	exited chan struct{}
	runs   int
	killed bool // the current run was killed on purpose
	// exitErr is how the last run that ended ended (nil: exit status 0).
	exitErr error
	// endedAt is when each run that ended (by number, from 1) was seen
	// gone: its process had exited by then.
	endedAt map[int]time.Time
	// failure is set when a run exited on its own: serve never does.
	failure atomic.Pointer[string]
}

// startServe starts serve; t's cleanup kills whatever run is left.
func startServe(t *testing.T, bin string, env map[string]string, port int, logDir string) *serveProcess {
	t.Helper()
	p := &serveProcess{t: t, bin: bin, port: port, logDir: logDir, endedAt: map[int]time.Time{}}
	for k, v := range env {
		p.env = append(p.env, k+"="+v)
	}
	t.Cleanup(func() { p.kill() })
	if err := p.start(); err != nil {
		t.Fatal(err)
	}
	return p
}

func (p *serveProcess) start() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.runs++
	log, err := os.Create(runLogName(p.logDir, p.runs))
	if err != nil {
		return err
	}
	cmd := exec.Command(p.bin, "serve")
	cmd.Env = p.env
	cmd.Stdout = log
	cmd.Stderr = log
	// Pdeathsig: should the test binary die, the kernel kills serve too.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		log.Close()
		return fmt.Errorf("start intake serve: %w", err)
	}
	exited := make(chan struct{})
	run := p.runs
	go func() {
		err := cmd.Wait()
		log.Close()
		p.mu.Lock()
		killed := p.killed && p.cmd == cmd
		p.exitErr = err
		p.endedAt[run] = time.Now()
		p.mu.Unlock()
		if !killed {
			msg := fmt.Sprintf("intake serve (run %d) exited on its own: %v; its output:\n%s", run, err, tail(log.Name(), 4<<10))
			p.failure.CompareAndSwap(nil, &msg)
		}
		close(exited)
	}()
	p.cmd, p.exited, p.killed = cmd, exited, false
	return nil
}

// kill sends SIGKILL to the process group of the current run and waits for
// the run to end.
func (p *serveProcess) kill() {
	p.mu.Lock()
	cmd, exited := p.cmd, p.exited
	p.killed = true
	p.mu.Unlock()
	if cmd == nil {
		return
	}
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	<-exited
}

// restart kills the current run and starts the next one at once.
func (p *serveProcess) restart() error {
	p.kill()
	return p.start()
}

// stop asks the current run to stop (SIGTERM) and waits for it, killing it
// after 10 s.
func (p *serveProcess) stop() { _ = p.terminate(10 * time.Second) }

// terminate asks the current run to stop (SIGTERM) and returns how it
// exited: nil for exit status 0 within timeout. A run still going after
// timeout is killed, and that is an error.
func (p *serveProcess) terminate(timeout time.Duration) error {
	p.mu.Lock()
	cmd, exited := p.cmd, p.exited
	p.killed = true
	p.mu.Unlock()
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
	select {
	case <-exited:
	case <-time.After(timeout):
		p.kill()
		return fmt.Errorf("intake serve did not exit within %v of SIGTERM", timeout)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.exitErr
}

// failed returns the output of a run that exited on its own, or "".
func (p *serveProcess) failed() string {
	if msg := p.failure.Load(); msg != nil {
		return *msg
	}
	return ""
}

// waitHealthy waits until the current run answers GET /healthz.
func (p *serveProcess) waitHealthy(ctx context.Context, timeout time.Duration) error {
	client := &http.Client{Timeout: time.Second}
	defer client.CloseIdleConnections()
	url := fmt.Sprintf("http://127.0.0.1:%d/healthz", p.port)
	deadline := time.Now().Add(timeout)
	for {
		if msg := p.failed(); msg != "" {
			return fmt.Errorf("%s", msg)
		}
		if resp, err := client.Get(url); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("intake serve did not answer %s within %v", url, timeout)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(25 * time.Millisecond):
		}
	}
}

// tail returns the last n bytes of a file, for failure messages.
func tail(name string, n int64) string {
	data, err := os.ReadFile(name)
	if err != nil {
		return err.Error()
	}
	if int64(len(data)) > n {
		data = data[int64(len(data))-n:]
	}
	return string(data)
}

// runLog is one run's output file and when the run ended (zero while it
// runs).
type runLog struct {
	file  string
	ended time.Time
}

// runLogs lists every run so far, oldest first.
func (p *serveProcess) runLogs() []runLog {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := make([]runLog, 0, p.runs)
	for run := 1; run <= p.runs; run++ {
		out = append(out, runLog{file: runLogName(p.logDir, run), ended: p.endedAt[run]})
	}
	return out
}

// runLogName is the output file of run (from 1) in dir.
func runLogName(dir string, run int) string {
	return filepath.Join(dir, fmt.Sprintf("serve-%02d.log", run))
}
