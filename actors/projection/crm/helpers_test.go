package crm_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/projection/crm"
	"github.com/intake-runtime/intake/actors/projection/crm/crmtest"
	"github.com/intake-runtime/intake/internal/httpcall"
)

const testToken = "pat-na1-secret-test-token"

// instantClock's Sleep returns at once and moves the clock.
type instantClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *instantClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *instantClock) Sleep(ctx context.Context, d time.Duration) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
	return ctx.Err()
}

// newClient returns a client of the fake CRM, with cfg's non-zero fields.
func newClient(t *testing.T, srv *crmtest.Server, mod func(*crm.Config)) *crm.Client {
	t.Helper()
	cfg := crm.Config{
		Config: httpcall.Config{
			BaseURL:     srv.URL,
			AccessToken: testToken,
			MaxRPS:      1_000_000,
			// No test here makes the fake hang, so the bound only has to
			// outlast a loaded machine (300 ms timed out under the full suite).
			Timeout: 5 * time.Second,
			Clock:   &instantClock{now: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)},
		},
	}
	if mod != nil {
		mod(&cfg)
	}
	c, err := crm.New(cfg, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// contactPayload is a contact payload as projection.BuildContactPayload
// writes it.
func contactPayload(email, phone any) map[string]any {
	return map[string]any{"properties": map[string]any{
		"firstname": "Maria", "lastname": "Souza", "email": email, "phone": phone,
		"address": nil, "segmento": "pesquisa", "origem_lead": "intake-whatsapp",
	}}
}

func crmExistingID(body string) (string, bool) { return crm.ExistingID([]byte(body)) }
