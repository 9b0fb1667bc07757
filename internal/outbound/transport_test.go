package outbound_test

import (
	"context"
	"crypto/tls"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/intake-runtime/intake/internal/outbound"
	"github.com/intake-runtime/intake/internal/outbound/outboundtest"
)

func TestNewTransportSizesThePool(t *testing.T) {
	tests := []struct {
		name          string
		cfg           outbound.Config
		wantIdle      int
		wantIdleTotal int
		wantConns     int
	}{
		{name: "defaults", cfg: outbound.Config{}, wantIdle: 256, wantIdleTotal: 1024},
		{name: "sized", cfg: outbound.Config{MaxIdlePerHost: 32, MaxConnsPerHost: 64}, wantIdle: 32, wantIdleTotal: 128, wantConns: 64},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tr := outbound.NewTransport(tt.cfg)
			if tr.MaxIdleConnsPerHost != tt.wantIdle || tr.MaxIdleConns != tt.wantIdleTotal || tr.MaxConnsPerHost != tt.wantConns {
				t.Errorf("idle per host %d, idle %d, conns per host %d; want %d, %d, %d",
					tr.MaxIdleConnsPerHost, tr.MaxIdleConns, tr.MaxConnsPerHost, tt.wantIdle, tt.wantIdleTotal, tt.wantConns)
			}
			if !tr.ForceAttemptHTTP2 || tr.DisableKeepAlives || tr.DialContext == nil || tr.Proxy == nil {
				t.Errorf("HTTP/2 %v, keep-alives off %v, dialer set %v, proxy set %v",
					tr.ForceAttemptHTTP2, tr.DisableKeepAlives, tr.DialContext != nil, tr.Proxy != nil)
			}
			if tr.IdleConnTimeout != 90*time.Second || tr.TLSHandshakeTimeout != 10*time.Second || tr.ResponseHeaderTimeout != 0 {
				t.Errorf("idle timeout %v, TLS handshake timeout %v, response header timeout %v",
					tr.IdleConnTimeout, tr.TLSHandshakeTimeout, tr.ResponseHeaderTimeout)
			}
		})
	}
}

func TestSharedIsOnePoolPerSetting(t *testing.T) {
	if outbound.Shared(outbound.Config{}) != outbound.Shared(outbound.Config{MaxIdlePerHost: outbound.DefaultMaxIdlePerHost}) {
		t.Error("the default settings built two transports")
	}
	if outbound.Shared(outbound.Config{MaxIdlePerHost: 8}) == outbound.Shared(outbound.Config{}) {
		t.Error("different settings share a transport")
	}
	a, b := outbound.Client(outbound.Config{}), outbound.Client(outbound.Config{})
	if a == b || a.Transport != b.Transport || a.Timeout != 0 {
		t.Errorf("clients %p and %p, transports %p and %p, timeout %v: want two clients on one transport, no client timeout",
			a, b, a.Transport, b.Transport, a.Timeout)
	}
}

// Calls from many goroutines reuse the pool's connections.
func TestTransportReusesConnectionsUnderLoad(t *testing.T) {
	outboundtest.Compare(t, ok, func(base string, hc *http.Client) func(context.Context) error {
		return func(ctx context.Context) error { return get(ctx, hc, base) }
	})
}

// A provider that offers HTTP/2 gets it, TLS configuration of its own or not.
func TestTransportSpeaksHTTP2(t *testing.T) {
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, r.Proto)
	}))
	srv.EnableHTTP2 = true
	srv.StartTLS()
	defer srv.Close()
	tr := outbound.NewTransport(outbound.Config{})
	defer tr.CloseIdleConnections()
	tr.TLSClientConfig = &tls.Config{RootCAs: srv.Client().Transport.(*http.Transport).TLSClientConfig.RootCAs}
	resp, err := (&http.Client{Transport: tr}).Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if body, _ := io.ReadAll(resp.Body); resp.ProtoMajor != 2 || string(body) != "HTTP/2.0" {
		t.Errorf("client saw %s, server saw %s; want HTTP/2", resp.Proto, body)
	}
}

// BenchmarkConnsPerCall reports new TCP connections per call with 64 calls
// in flight, on the tuned transport and on net/http's default settings.
func BenchmarkConnsPerCall(b *testing.B) {
	transports := []struct {
		name string
		t    *http.Transport
	}{
		{"tuned", outbound.NewTransport(outbound.Config{})},
		{"nethttp-default", http.DefaultTransport.(*http.Transport).Clone()},
	}
	for _, tr := range transports {
		b.Run(tr.name, func(b *testing.B) {
			defer tr.t.CloseIdleConnections()
			s := outboundtest.NewServer(b, ok)
			hc := &http.Client{Transport: tr.t}
			before := s.Conns()
			b.SetParallelism(32) // 64 goroutines on 2 cores
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					if err := get(context.Background(), hc, s.URL); err != nil {
						b.Error(err)
						return
					}
				}
			})
			b.ReportMetric(float64(s.Conns()-before)/float64(b.N), "conns/call")
			b.ReportMetric(float64(s.Conns()-before), "conns")
		})
	}
}

var ok = outboundtest.JSON(`{"ok":true}`)

func get(ctx context.Context, hc *http.Client, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	_, err = io.Copy(io.Discard, resp.Body)
	return err
}
