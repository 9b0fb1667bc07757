package erp_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/projection/erp"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/httpcall"
)

const testToken = "erp-secret-test-token"

// capture is one request the fake ERP received.
type capture struct {
	call string // "METHOD /path?query"
	auth string
	body map[string]any
}

// fakeERP answers with answer(call) and captures every request.
type fakeERP struct {
	mu       sync.Mutex
	requests []capture
}

func (f *fakeERP) captured() []capture {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.requests)
}

func (f *fakeERP) calls() []string {
	var out []string
	for _, r := range f.captured() {
		out = append(out, r.call)
	}
	return out
}

func (f *fakeERP) start(t *testing.T, answer func(call string, w http.ResponseWriter, r *http.Request)) string {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c := capture{call: r.Method + " " + r.URL.Path, auth: r.Header.Get("Authorization")}
		if r.URL.RawQuery != "" {
			c.call += "?" + r.URL.RawQuery
		}
		data, _ := io.ReadAll(r.Body)
		_ = json.Unmarshal(data, &c.body)
		f.mu.Lock()
		f.requests = append(f.requests, c)
		f.mu.Unlock()
		answer(c.call, w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/Api/v3"
}

type instantClock struct{}

func (instantClock) Now() time.Time                                   { return time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC) }
func (instantClock) Sleep(ctx context.Context, _ time.Duration) error { return ctx.Err() }

func customer(doc string) map[string]any {
	c := map[string]any{"nome": "Maria Souza", "tipo": []string{"cliente"}, "emails": []string{"maria@exemplo.com"}}
	if doc != "" {
		c["cpfcnpj"] = doc
	}
	return c
}

const (
	lookup = "GET /Api/v3/contatos?numeroDocumento=52998224725"
	create = "POST /Api/v3/contatos"
)

func TestEnsureCustomer(t *testing.T) {
	tests := []struct {
		name     string
		customer map[string]any
		answers  map[string]func(w http.ResponseWriter, r *http.Request)
		calls    []string
		id       string
		kind     domain.ErrorKind
	}{
		{
			name:     "exists",
			customer: customer("52998224725"),
			answers:  map[string]func(http.ResponseWriter, *http.Request){lookup: reply(200, `{"data":[{"id":12345678,"nome":"Maria Souza"}]}`)},
			calls:    []string{lookup},
			id:       "12345678",
		},
		{
			name:     "absent",
			customer: customer("52998224725"),
			answers: map[string]func(http.ResponseWriter, *http.Request){
				lookup: reply(200, `{"data":[]}`),
				create: reply(201, `{"data":{"id":"99"}}`),
			},
			calls: []string{lookup, create},
			id:    "99",
		},
		{
			name:     "no document to look up",
			customer: customer(""),
			answers:  map[string]func(http.ResponseWriter, *http.Request){create: reply(201, `{"data":{"id":7}}`)},
			calls:    []string{create},
			id:       "7",
		},
		{
			name:     "lookup fails",
			customer: customer("52998224725"),
			answers:  map[string]func(http.ResponseWriter, *http.Request){lookup: reply(503, `{"error":{"message":"manutenção"}}`)},
			calls:    []string{lookup},
			kind:     domain.ErrorKindTransient,
		},
		{
			name:     "rejected",
			customer: customer("52998224725"),
			answers: map[string]func(http.ResponseWriter, *http.Request){
				lookup: reply(200, `{"data":[]}`),
				create: reply(400, `{"error":{"type":"VALIDATION_ERROR","message":"Não foi possível salvar o contato","description":"CPF inválido"}}`),
			},
			calls: []string{lookup, create},
			kind:  domain.ErrorKindPermanent,
		},
		{
			name:     "create times out after the write",
			customer: customer("52998224725"),
			answers: map[string]func(http.ResponseWriter, *http.Request){
				lookup: reply(200, `{"data":[]}`),
				create: func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() },
			},
			calls: []string{lookup, create},
			kind:  domain.ErrorKindUncertain,
		},
		{
			name:     "created without an id",
			customer: customer("52998224725"),
			answers: map[string]func(http.ResponseWriter, *http.Request){
				lookup: reply(200, `{"data":[]}`),
				create: reply(201, `{}`),
			},
			calls: []string{lookup, create},
			kind:  domain.ErrorKindUncertain,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var fake fakeERP
			base := fake.start(t, func(call string, w http.ResponseWriter, r *http.Request) {
				if answer, ok := tt.answers[call]; ok {
					answer(w, r)
					return
				}
				http.Error(w, `{"error":{"message":"unexpected call"}}`, http.StatusTeapot)
			})
			c, err := erp.New(erp.Config{Config: httpcall.Config{BaseURL: base, AccessToken: testToken, Timeout: 300 * time.Millisecond, Clock: instantClock{}}}, zap.NewNop())
			if err != nil {
				t.Fatal(err)
			}
			resp, err := c.EnsureCustomer(t.Context(), tt.customer)
			if err != nil {
				t.Fatal(err)
			}
			if got := fake.calls(); !slices.Equal(got, tt.calls) {
				t.Errorf("calls = %q\nwant %q", got, tt.calls)
			}
			if resp.Success != (tt.kind == "") || string(resp.MockID) != tt.id || resp.ErrorKind != tt.kind {
				t.Errorf("response = %+v; want id %q, kind %q", resp, tt.id, tt.kind)
			}
			if strings.Contains(resp.Detail, testToken) || strings.Contains(resp.Detail, "52998224725") {
				t.Errorf("detail %q leaks the token or the document", resp.Detail)
			}
			for _, r := range fake.captured() {
				if r.auth != "Bearer "+testToken {
					t.Errorf("%s: Authorization = %q", r.call, r.auth)
				}
				if r.call == create {
					want, _ := json.Marshal(tt.customer)
					got, _ := json.Marshal(r.body)
					if string(got) != string(want) {
						t.Errorf("create body = %s\nwant %s", got, want)
					}
				}
			}
		})
	}
}

func reply(status int, body string) func(http.ResponseWriter, *http.Request) {
	return func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = io.WriteString(w, body)
	}
}

func TestStub(t *testing.T) {
	var s erp.Stub
	payload := customer("52998224725")
	resp, err := s.EnsureCustomer(t.Context(), payload)
	if err != nil || !resp.Success || resp.MockID != "stub-1" {
		t.Fatalf("EnsureCustomer = %+v, %v", resp, err)
	}
	payload["nome"] = "changed later"
	if got := s.Received(); len(got) != 1 || !reflect.DeepEqual(got[0], customer("52998224725")) {
		t.Errorf("received = %v", got)
	}
}

func TestConfigValidate(t *testing.T) {
	tests := []struct {
		name string
		cfg  erp.Config
		ok   bool
	}{
		{name: "defaults", cfg: erp.Config{Config: httpcall.Config{AccessToken: "t"}}, ok: true},
		{name: "no token", cfg: erp.Config{}},
		{name: "relative URL", cfg: erp.Config{Config: httpcall.Config{AccessToken: "t", BaseURL: "/Api/v3"}}},
		{name: "negative timeout", cfg: erp.Config{Config: httpcall.Config{AccessToken: "t", Timeout: -time.Second}}},
	}
	for _, tt := range tests {
		if err := tt.cfg.Validate(); (err == nil) != tt.ok {
			t.Errorf("%s: Validate() = %v, want ok %v", tt.name, err, tt.ok)
		}
	}
}
