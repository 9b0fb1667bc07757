// Package outboundtest is test support for the clients that share package
// outbound's transport: an httptest server that counts the TCP connections
// its clients open, and a load that measures new connections per call with
// the tuned transport against net/http's default settings. Connections are
// counted, never timed, so the figures hold on a loaded machine. Production
// code never imports it.
package outboundtest

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/intake-runtime/intake/internal/outbound"
)

// MaxConnsPerCall is the acceptance bound of issue 13: new TCP connections
// per outbound call under load.
const MaxConnsPerCall = 0.01

// Server is an httptest server that counts the connections accepted.
type Server struct {
	*httptest.Server
	conns atomic.Int64
}

// NewServer starts a server answering with h and closes it at the end of the
// test.
func NewServer(tb testing.TB, h http.Handler) *Server {
	tb.Helper()
	s := &Server{Server: httptest.NewUnstartedServer(h)}
	s.Config.ConnState = func(_ net.Conn, state http.ConnState) {
		if state == http.StateNew {
			s.conns.Add(1)
		}
	}
	s.Start()
	tb.Cleanup(s.Close)
	return s
}

// JSON is a provider answering every request 200 with body as JSON, after
// reading the request's body.
func JSON(body string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, body)
	})
}

// Conns is how many connections the server has accepted so far.
func (s *Server) Conns() int64 { return s.conns.Load() }

// Load is a burst of outbound calls: Workers goroutines making Calls calls
// each.
type Load struct {
	Workers, Calls int
}

// Total is how many calls the load makes.
func (l Load) Total() int { return l.Workers * l.Calls }

// Run makes the load's calls, each with call, and returns how many
// connections the server accepted meanwhile. The first error of a call fails
// the test.
func (l Load) Run(tb testing.TB, s *Server, call func(ctx context.Context) error) int64 {
	tb.Helper()
	before := s.Conns()
	var wg sync.WaitGroup
	var failed atomic.Bool
	for range l.Workers {
		wg.Go(func() {
			for range l.Calls {
				if err := call(context.Background()); err != nil {
					if failed.CompareAndSwap(false, true) {
						tb.Errorf("outbound call: %v", err)
					}
					return
				}
			}
		})
	}
	wg.Wait()
	return s.Conns() - before
}

// perCall is connections per call.
func (l Load) perCall(conns int64) float64 { return float64(conns) / float64(l.Total()) }

// WarmUp fills the pool: one burst of calls from as many callers as the
// load, whose connections are counted and logged but not held to the bound,
// since a pool starts empty.
var WarmUp = Load{Workers: 64, Calls: 10}

// Under is the acceptance load that follows the warm-up: 64 calls in flight,
// enough calls that even a pool opening a connection per caller would stay
// under 0.01 per call.
var Under = Load{Workers: 64, Calls: 100}

// Contrast is the load run on net/http's default settings for the log: most
// of its calls open a connection, so it is kept short.
var Contrast = Load{Workers: 64, Calls: 20}

// Compare measures new connections per call under load through a client built
// on a fresh tuned transport (outbound.NewTransport with the default settings,
// the shared pool's configuration): after the warm-up, the Under load must
// stay within MaxConnsPerCall. It then runs the contrast load on net/http's
// default transport settings (2 idle connections per host) and logs all the
// figures. build makes the client under test for a server's URL and an
// *http.Client, and returns one call.
func Compare(t *testing.T, h http.Handler, build func(baseURL string, hc *http.Client) func(context.Context) error) {
	t.Helper()
	tuned := outbound.NewTransport(outbound.Config{})
	defer tuned.CloseIdleConnections()
	s := NewServer(t, h)
	call := build(s.URL, &http.Client{Transport: tuned})
	warm := WarmUp.Run(t, s, call)
	got := Under.perCall(Under.Run(t, s, call))
	if got > MaxConnsPerCall {
		t.Errorf("tuned transport: %.4f new connections per call under load (%d calls), want <= %v", got, Under.Total(), MaxConnsPerCall)
	}

	plain := http.DefaultTransport.(*http.Transport).Clone()
	defer plain.CloseIdleConnections()
	d := NewServer(t, h)
	contrast := Contrast.perCall(Contrast.Run(t, d, build(d.URL, &http.Client{Transport: plain})))
	t.Logf("new connections per call, %d callers: tuned transport %.4f under load (%d calls; the %d warm-up calls before opened %d), net/http default %.4f (%d calls)",
		Under.Workers, got, Under.Total(), WarmUp.Total(), warm, contrast, Contrast.Total())
}
