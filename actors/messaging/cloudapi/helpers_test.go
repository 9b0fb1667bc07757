package cloudapi_test

import (
	"flag"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging/cloudapi"
	"github.com/intake-runtime/intake/internal/httpcall"
	"github.com/intake-runtime/intake/internal/pacing/pacingtest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

const testToken = "EAAG-secret-test-token"

// fakeClock is the shared fake clock of paced code.
type fakeClock = pacingtest.FakeClock

func newFakeClock(advance bool) *fakeClock { return pacingtest.NewFakeClock(advance) }

// captured is one request the platform double received.
type captured struct {
	Method, Path string
	Header       http.Header
	Body         string
}

// platform is an httptest server standing in for the Cloud API. Each request
// is captured and answered by reply.
type platform struct {
	*httptest.Server
	mu    sync.Mutex
	reqs  []captured
	reply func(n int, r *http.Request) (status int, body string)
}

func newPlatform(t *testing.T, reply func(n int, r *http.Request) (int, string)) *platform {
	t.Helper()
	p := &platform{reply: reply}
	p.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		p.mu.Lock()
		n := len(p.reqs)
		p.reqs = append(p.reqs, captured{Method: r.Method, Path: r.URL.Path, Header: r.Header.Clone(), Body: string(body)})
		p.mu.Unlock()
		status, out := p.reply(n, r)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = io.WriteString(w, out)
	}))
	t.Cleanup(p.Close)
	return p
}

func (p *platform) requests() []captured {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]captured(nil), p.reqs...)
}

// answer replies with a fixed status and body.
func answer(status int, body string) func(int, *http.Request) (int, string) {
	return func(int, *http.Request) (int, string) { return status, body }
}

const okBody = `{"messaging_product":"whatsapp","contacts":[{"input":"5511988887777","wa_id":"5511988887777"}],"messages":[{"id":"wamid.OUT1"}]}`

// platformError is the platform's error body for code.
func platformError(code int, title string) string {
	return `{"error":{"message":"(#` + itoa(code) + `) ` + title + `","type":"OAuthException","code":` + itoa(code) +
		`,"error_data":{"messaging_product":"whatsapp","details":"` + title + ` details"},"fbtrace_id":"AbC"}}`
}

func itoa(n int) string { return strconv.Itoa(n) }

func newClient(t *testing.T, baseURL string, mutate func(*cloudapi.ClientConfig)) *cloudapi.Client {
	t.Helper()
	cfg := cloudapi.ClientConfig{
		Config: httpcall.Config{
			BaseURL:     baseURL,
			AccessToken: testToken,
			MaxRPS:      1000,
			Timeout:     5 * time.Second,
		},
		Version:       "v21.0",
		PhoneNumberID: "PNID_1",
	}
	if mutate != nil {
		mutate(&cfg)
	}
	c, err := cloudapi.NewClient(cfg, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// golden compares got with testdata/name, rewriting it under -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if got+"\n" != string(want) {
		t.Errorf("%s mismatch\n got  %s\n want %s", name, got, want)
	}
}
