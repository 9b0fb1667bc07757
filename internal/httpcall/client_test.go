package httpcall_test

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/httpcall"
)

const token = "secret-token-value"

func newClient(t *testing.T, base string, clock *fakeClock) *httpcall.Client {
	t.Helper()
	c, err := httpcall.New("crm", httpcall.Config{
		BaseURL: base, AccessToken: token, MaxRPS: 1_000_000,
		Timeout: 300 * time.Millisecond, HTTPClient: &http.Client{}, MaxRetries: 2,
		MaxRetryWait: 10 * time.Second, Clock: clock,
	}, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestDoClassifiesStatuses(t *testing.T) {
	tests := []struct {
		status int
		kind   domain.ErrorKind
	}{
		{200, ""}, {201, ""}, {204, ""},
		{400, domain.ErrorKindPermanent}, {404, domain.ErrorKindPermanent},
		{409, domain.ErrorKindPermanent}, {422, domain.ErrorKindPermanent},
		{401, domain.ErrorKindTransient}, {403, domain.ErrorKindTransient},
		{408, domain.ErrorKindTransient}, {500, domain.ErrorKindTransient},
		{502, domain.ErrorKindTransient}, {503, domain.ErrorKindTransient},
	}
	for _, tt := range tests {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(tt.status)
			if tt.status != 204 {
				_, _ = io.WriteString(w, `{"status":"error","message":"Something   about\nthe record","category":"X"}`)
			}
		}))
		resp, err := newClient(t, srv.URL+"/api", newFakeClock()).Do(t.Context(), http.MethodPost, "/things",
			url.Values{"numeroDocumento": {"52998224725"}}, map[string]any{"a": 1})
		srv.Close()
		if err != nil {
			t.Fatalf("%d: %v", tt.status, err)
		}
		if resp.Kind != tt.kind || resp.Status != tt.status || resp.OK() != (tt.kind == "") {
			t.Errorf("%d: kind %q, status %d, OK %v; want kind %q", tt.status, resp.Kind, resp.Status, resp.OK(), tt.kind)
		}
		if tt.kind != "" && (!strings.Contains(resp.Detail, "crm: POST /things: HTTP") || !strings.Contains(resp.Detail, "Something about the record")) {
			t.Errorf("%d: detail %q lacks the call or the provider's message", tt.status, resp.Detail)
		}
		if strings.Contains(resp.Detail, token) || strings.Contains(resp.Detail, "52998224725") {
			t.Errorf("%d: detail %q leaks the token or the query", tt.status, resp.Detail)
		}
	}
}

func TestDoSendsBearerJSON(t *testing.T) {
	var got *http.Request
	var body string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = r.Clone(context.Background())
		b, _ := io.ReadAll(r.Body)
		body = string(b)
		_, _ = io.WriteString(w, `{}`)
	}))
	defer srv.Close()
	if _, err := newClient(t, srv.URL+"/Api/v3/", newFakeClock()).Do(t.Context(), http.MethodGet, "/contatos",
		url.Values{"numeroDocumento": {"123"}}, nil); err != nil {
		t.Fatal(err)
	}
	if got.URL.Path != "/Api/v3/contatos" || got.URL.RawQuery != "numeroDocumento=123" || body != "" ||
		got.Header.Get("Authorization") != "Bearer "+token || got.Header.Get("Content-Type") != "" {
		t.Errorf("request = %s %s?%s, auth %q, content type %q, body %q",
			got.Method, got.URL.Path, got.URL.RawQuery, got.Header.Get("Authorization"), got.Header.Get("Content-Type"), body)
	}
}

func TestDoRetries429(t *testing.T) {
	tests := []struct {
		name       string
		retryAfter string
		requests   int32
		sleeps     []time.Duration
	}{
		{name: "bounded retries", retryAfter: "1", requests: 3, sleeps: []time.Duration{time.Second, time.Second}},
		{name: "wait too long to sleep through", retryAfter: "3600", requests: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var n atomic.Int32
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				n.Add(1)
				w.Header().Set("Retry-After", tt.retryAfter)
				w.WriteHeader(http.StatusTooManyRequests)
			}))
			defer srv.Close()
			clock := newFakeClock()
			resp, err := newClient(t, srv.URL, clock).Do(t.Context(), http.MethodPost, "/x", nil, map[string]any{})
			if err != nil {
				t.Fatal(err)
			}
			if resp.Kind != domain.ErrorKindTransient || n.Load() != tt.requests {
				t.Errorf("kind %q after %d requests; want transient after %d", resp.Kind, n.Load(), tt.requests)
			}
			var waits []time.Duration
			for _, d := range clock.sleeps() {
				if d >= time.Second {
					waits = append(waits, d)
				}
			}
			if !slices.Equal(waits, tt.sleeps) {
				t.Errorf("429 waits = %v, want %v", waits, tt.sleeps)
			}
		})
	}
}

func TestDoTransportFailures(t *testing.T) {
	// It reads the body first: only then does the server notice the client
	// hanging up.
	hang := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		<-r.Context().Done()
	}))
	defer hang.Close()

	// A 2xx whose body is cut short: the provider acted, its answer is lost.
	truncated := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", "100")
		w.WriteHeader(http.StatusCreated)
		_, _ = io.WriteString(w, `{"id":`)
		conn, _, _ := http.NewResponseController(w).Hijack()
		conn.Close()
	}))
	defer truncated.Close()

	// A closed port: nothing was written. It is taken after the servers
	// above start, or the kernel may give one of them the port just freed.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + ln.Addr().String()
	ln.Close()

	canceled, cancel := context.WithCancel(t.Context())
	cancel()

	tests := []struct {
		name    string
		ctx     context.Context
		base    string
		kind    domain.ErrorKind
		wantErr error
	}{
		{name: "connection refused", ctx: t.Context(), base: closed, kind: domain.ErrorKindTransient},
		{name: "timeout after the write", ctx: t.Context(), base: hang.URL, kind: domain.ErrorKindUncertain},
		{name: "truncated 2xx", ctx: t.Context(), base: truncated.URL, kind: domain.ErrorKindUncertain},
		{name: "caller gave up", ctx: canceled, base: hang.URL, kind: domain.ErrorKindTransient, wantErr: context.Canceled},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, err := newClient(t, tt.base, newFakeClock()).Do(tt.ctx, http.MethodPost, "/x", nil, map[string]any{"a": 1})
			if !errors.Is(err, tt.wantErr) || resp.Kind != tt.kind {
				t.Errorf("Do = kind %q, err %v (%s); want kind %q, err %v", resp.Kind, err, resp.Detail, tt.kind, tt.wantErr)
			}
			if strings.Contains(resp.Detail, token) {
				t.Errorf("detail %q leaks the token", resp.Detail)
			}
		})
	}
}

func TestProviderMessage(t *testing.T) {
	tests := []struct{ body, want string }{
		{`{"message":"Contact already exists. Existing ID: 12"}`, "Contact already exists. Existing ID: 12"},
		{`{"error":{"type":"VALIDATION_ERROR","message":"Não foi possível salvar","description":"CPF inválido"}}`, "Não foi possível salvar CPF inválido"},
		{`not json`, ""},
		{`{"message":"` + strings.Repeat("é", 400) + `"}`, strings.Repeat("é", 300) + "..."},
	}
	for _, tt := range tests {
		if got := httpcall.ProviderMessage([]byte(tt.body)); got != tt.want {
			t.Errorf("ProviderMessage(%.40q) = %.60q, want %.60q", tt.body, got, tt.want)
		}
	}
}

// A probe reads one page: a 2xx is described by how many records came back,
// anything else is an error quoting the provider, never the token.
func TestProbePage(t *testing.T) {
	status := http.StatusOK
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(status)
		if status == http.StatusOK {
			_, _ = io.WriteString(w, `{"results":[{"id":"1"}]}`)
			return
		}
		_, _ = io.WriteString(w, `{"message":"Bad token `+token+`"}`)
	}))
	defer srv.Close()
	c := newClient(t, srv.URL, newFakeClock())
	got, err := c.ProbePage(t.Context(), "/things", url.Values{"limit": {"1"}}, "results")
	if err != nil || got != "crm: GET /things: HTTP 200: 1 record(s) on the page; read only, nothing written" {
		t.Errorf("ProbePage = %q, %v", got, err)
	}
	status = http.StatusUnauthorized
	_, err = c.ProbePage(t.Context(), "/things", nil, "results")
	if err == nil || err.Error() != "crm: GET /things: HTTP 401: Bad token [redacted]" {
		t.Errorf("ProbePage error = %v", err)
	}
}
