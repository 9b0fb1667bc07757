package main

import (
	"context"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestEmulatorServesHealthzAndStopsOnCancel(t *testing.T) {
	port := freePort(t)
	env := map[string]string{"DASHBOARD_PORT": strconv.Itoa(port)}
	var stderr lockedBuffer
	c := cli{stdout: io.Discard, stderr: &stderr, lookup: func(name string) (string, bool) {
		v, ok := env[name]
		return v, ok
	}}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	exited := make(chan int, 1)
	go func() { exited <- c.dispatch(ctx, []string{"emulator"}) }()

	url := "http://127.0.0.1:" + strconv.Itoa(port) + "/healthz"
	body := waitForHealthz(t, url, exited)
	if body != `{"ok":true}` {
		t.Errorf("GET /healthz = %s, want {\"ok\":true}", body)
	}

	cancel() // what SIGINT and SIGTERM do through run's context
	select {
	case code := <-exited:
		if code != exitOK {
			t.Errorf("emulator exited %d after cancel, want 0; stderr:\n%s", code, stderr.String())
		}
	case <-time.After(15 * time.Second):
		t.Fatal("emulator did not stop after cancel")
	}
	for _, want := range []string{"emulator listening", "dev_ui\": true", "stopping"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("emulator log does not contain %q:\n%s", want, stderr.String())
		}
	}
}

func waitForHealthz(t *testing.T, url string, exited <-chan int) string {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case code := <-exited:
			t.Fatalf("emulator exited %d before serving", code)
		default:
		}
		resp, err := http.Get(url)
		if err == nil {
			b, readErr := io.ReadAll(resp.Body)
			resp.Body.Close()
			if readErr != nil {
				t.Fatal(readErr)
			}
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("GET /healthz: status %d", resp.StatusCode)
			}
			return string(b)
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatal("emulator did not answer /healthz within 10s")
	return ""
}

// freePort asks the kernel for a free port and releases it for the emulator.
func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// lockedBuffer is the emulator's stderr: the logger writes while the test reads.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
