package handoff_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging/cloudapi"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/httpcall"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

var (
	t0 = time.Date(2025, 3, 14, 12, 0, 0, 0, time.UTC)
	t1 = t0.Add(2 * time.Minute)
)

// waitingSession is a conversation that entered HANDOFF at at, with the
// context an operator reads in a notice.
func waitingSession(id, phone string, at time.Time) domain.Session {
	s := domain.NewSession(id, phone, "instance_a", t0)
	s.State = domain.StateHandoff
	s.HandoffReason = domain.HandoffCustomerRequest
	s.HandoffAt = &at
	s.UpdatedAt = at
	s.ServiceIdentified = "Pesquisa de mercado"
	s.CadastralData = map[string]any{"nome": "Maria Silva"}
	s.OperationalSummary = domain.StructuredSummary(domain.OperationalSummary{
		ResumoTexto: "Cliente quer uma pesquisa de satisfação com 300 clientes.",
	})
	return s
}

// sent is one message the fake platform received.
type sent struct {
	To   string
	Body string
}

// platform is an httptest server standing in for the messaging platform's
// Cloud API: it captures every send and refuses the recipients in fail with
// the platform's 131047 error (outside the 24-hour window).
type platform struct {
	*httptest.Server
	fail map[string]int // recipient digits → HTTP status to answer

	mu   sync.Mutex
	sent []sent
}

func newPlatform(t *testing.T, fail map[string]int) *platform {
	t.Helper()
	p := &platform{fail: fail}
	p.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw, _ := io.ReadAll(r.Body)
		var body struct {
			To   string `json:"to"`
			Text struct {
				Body string `json:"body"`
			} `json:"text"`
		}
		_ = json.Unmarshal(raw, &body)
		w.Header().Set("Content-Type", "application/json")
		if status, ok := p.fail[body.To]; ok {
			w.WriteHeader(status)
			_, _ = io.WriteString(w, `{"error":{"message":"(#131047) Re-engagement message","code":131047}}`)
			return
		}
		p.mu.Lock()
		p.sent = append(p.sent, sent{To: body.To, Body: body.Text.Body})
		n := len(p.sent)
		p.mu.Unlock()
		_, _ = io.WriteString(w, `{"messages":[{"id":"wamid.OP`+strings.Repeat("I", n)+`"}]}`)
	}))
	t.Cleanup(p.Close)
	return p
}

func (p *platform) sends() []sent {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]sent(nil), p.sent...)
}

// client is the real Cloud API client pointed at the fake platform.
func (p *platform) client(t *testing.T) *cloudapi.Client {
	t.Helper()
	c, err := cloudapi.NewClient(cloudapi.ClientConfig{
		Config:        httpcall.Config{BaseURL: p.URL, AccessToken: "test-token", MaxRPS: 1000, Timeout: 5 * time.Second},
		PhoneNumberID: "PNID_1",
	}, zap.NewNop())
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
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read %s (run with -update to create it): %v", path, err)
	}
	if !bytes.Equal([]byte(got), want) {
		t.Errorf("%s differs (run with -update if intended)\n got:\n%s\nwant:\n%s", name, got, want)
	}
}
