package httpcall_test

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/internal/httpcall"
	"github.com/intake-runtime/intake/internal/outbound/outboundtest"
)

// Under load the CRM and ERP calls reuse the shared transport's connections:
// at most 0.01 new connections per call (issue 13).
func TestCallsReuseConnections(t *testing.T) {
	outboundtest.Compare(t, outboundtest.JSON(`{"id":"1"}`), func(base string, hc *http.Client) func(context.Context) error {
		c, err := httpcall.New("crm", httpcall.Config{
			BaseURL: base, AccessToken: token, MaxRPS: 1e9,
			Timeout: 10 * time.Second, HTTPClient: hc,
		}, zap.NewNop())
		if err != nil {
			t.Fatal(err)
		}
		return func(ctx context.Context) error {
			resp, err := c.Do(ctx, http.MethodPost, "/crm/v3/objects/contacts", nil, map[string]any{"a": 1})
			if err == nil && !resp.OK() {
				err = errors.New(resp.Detail)
			}
			return err
		}
	})
}
