package testservers

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Server describes how to run one npm test server from tools/testservers.
type Server struct {
	// Name names the server in messages, e.g. "dynalite".
	Name string
	// Package is the npm package that must be installed under node_modules.
	Package string
	// Script is the JavaScript entry point, relative to tools/testservers.
	Script string
	// Args returns the script's arguments for listening on 127.0.0.1:port.
	Args func(port int) []string
	// StartTimeout bounds the wait for the port to accept connections;
	// zero means 20 seconds (node starts slowly on a loaded CI machine).
	StartTimeout time.Duration
}

// installHint is appended to every "not installed" message.
const installHint = "run `make test`, or install the test servers with " +
	"`npm ci --prefix tools/testservers --no-audit --no-fund`"

// startAttempts bounds the retries when another process grabs the chosen port
// between choosing it and the server binding it.
const startAttempts = 3

// Start runs s, waits until it accepts connections on 127.0.0.1 and returns
// its endpoint ("http://127.0.0.1:<port>"). The server is stopped, and waited
// for, by a t.Cleanup. Start skips the test (fails it when CI is set) when
// node or the package is missing, and fails it when the server does not come up.
func Start(t testing.TB, s Server) string {
	t.Helper()
	dir, script, err := locate(s)
	if err != nil {
		unavailable(t, s.Name, err)
		return ""
	}
	timeout := s.StartTimeout
	if timeout == 0 {
		timeout = 20 * time.Second
	}
	var lastErr error
	for range startAttempts {
		port, err := freePort()
		if err != nil {
			t.Fatalf("testservers: %s: %v", s.Name, err)
		}
		p, err := launch(dir, script, s.Args(port))
		if err != nil {
			t.Fatalf("testservers: start %s: %v", s.Name, err)
		}
		addr := fmt.Sprintf("127.0.0.1:%d", port)
		err = p.waitReady(addr, timeout)
		if err == nil {
			t.Cleanup(func() {
				if err := p.stop(); err != nil {
					t.Errorf("testservers: stop %s: %v", s.Name, err)
				}
				if t.Failed() {
					t.Logf("testservers: %s output:\n%s", s.Name, p.out.String())
				}
			})
			return "http://" + addr
		}
		_ = p.stop()
		lastErr = fmt.Errorf("%w\n%s output:\n%s", err, s.Name, p.out.String())
		if !strings.Contains(p.out.String(), "EADDRINUSE") {
			break
		}
	}
	t.Fatalf("testservers: %s did not start: %v", s.Name, lastErr)
	return ""
}

// locate finds tools/testservers and the server's script, and checks that
// node and the npm package are installed.
func locate(s Server) (dir, script string, err error) {
	if _, err := exec.LookPath("node"); err != nil {
		return "", "", fmt.Errorf("node is not on PATH: %w", err)
	}
	root, err := repoRoot()
	if err != nil {
		return "", "", err
	}
	dir = filepath.Join(root, "tools", "testservers")
	pkg := filepath.Join(dir, "node_modules", s.Package, "package.json")
	if _, err := os.Stat(pkg); err != nil {
		return "", "", fmt.Errorf("npm package %s is not installed (%s missing)", s.Package, pkg)
	}
	script = filepath.Join(dir, s.Script)
	if _, err := os.Stat(script); err != nil {
		return "", "", fmt.Errorf("script %s is missing", script)
	}
	return dir, script, nil
}

// repoRoot walks up from the working directory (a package directory under
// `go test`) to the directory holding go.mod.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod above the working directory")
		}
		dir = parent
	}
}

// unavailable skips the test locally and fails it in CI, where the servers
// are installed by the Makefile and must run.
func unavailable(t testing.TB, name string, err error) {
	t.Helper()
	msg := fmt.Sprintf("testservers: %s unavailable: %v; %s", name, err, installHint)
	if os.Getenv("CI") != "" {
		t.Fatal(msg)
	}
	t.Skip(msg)
}
