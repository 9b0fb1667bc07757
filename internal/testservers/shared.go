package testservers

import (
	"errors"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"testing"
)

// The servers shared by the tests of one binary, by name, and whether Main
// runs the tests, to stop them afterwards.
var (
	sharedMu sync.Mutex
	shared   = map[string]*sharedServer{}
	inMain   atomic.Bool
)

// sharedServer is one server started at most once per test binary.
type sharedServer struct {
	once sync.Once
	r    *running
	err  error
}

// Shared returns the endpoint of s as started once for the whole test
// binary, by the first test that asks for it; later tests get the same server
// (or the same skip or failure). Tests that share a server keep apart by
// their own names (tables, queues). Main stops the server when the tests
// end, so the package's TestMain must call it:
//
//	func TestMain(m *testing.M) { testservers.Main(m) }
func Shared(t testing.TB, s Server) string {
	t.Helper()
	if !inMain.Load() {
		t.Fatalf("testservers: a shared %s needs the package's TestMain to call testservers.Main(m)", s.Name)
		return ""
	}
	sharedMu.Lock()
	sh := shared[s.Name]
	if sh == nil {
		sh = &sharedServer{}
		shared[s.Name] = sh
	}
	sharedMu.Unlock()
	sh.once.Do(func() { sh.r, sh.err = start(s) })
	if sh.err != nil {
		report(t, s.Name, sh.err)
		return ""
	}
	return sh.r.endpoint
}

// Main runs the tests of a package, stops the servers they shared, and exits
// with the tests' status. When a test failed it prints the output of each
// shared server, as Start does for its own.
func Main(m *testing.M) {
	inMain.Store(true)
	code := m.Run()
	if err := stopShared(code != 0); err != nil {
		fmt.Fprintln(os.Stderr, err)
		code = max(code, 1)
	}
	os.Exit(code)
}

// stopShared stops every shared server that started.
func stopShared(failed bool) error {
	sharedMu.Lock()
	defer sharedMu.Unlock()
	var errs []error
	for name, sh := range shared {
		if sh.r == nil {
			continue
		}
		if err := sh.r.stop(); err != nil {
			errs = append(errs, fmt.Errorf("testservers: stop %s: %w", name, err))
		}
		if failed {
			fmt.Fprintf(os.Stderr, "testservers: %s output:\n%s\n", name, sh.r.out.String())
		}
	}
	return errors.Join(errs...)
}
