package cloudapi_test

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/intake-runtime/intake/actors/messaging/cloudapi"
	"github.com/intake-runtime/intake/internal/outbound/outboundtest"
)

// Under load the sends of a number reuse the shared transport's connections:
// at most 0.01 new connections per call (issue 13).
func TestSendsReuseConnections(t *testing.T) {
	outboundtest.Compare(t, outboundtest.JSON(okBody), func(base string, hc *http.Client) func(context.Context) error {
		c := newClient(t, base, func(cfg *cloudapi.ClientConfig) { cfg.MaxRPS = 1e9; cfg.HTTPClient = hc })
		return func(ctx context.Context) error {
			resp, err := c.Send(ctx, "5511988887777", "oi")
			if err == nil && !resp.Success {
				err = errors.New(resp.Detail)
			}
			return err
		}
	})
}
