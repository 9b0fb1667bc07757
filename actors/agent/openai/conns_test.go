package openai_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/intake-runtime/intake/actors/agent/openai"
	"github.com/intake-runtime/intake/internal/outbound/outboundtest"
)

// Under load the model calls reuse the shared transport's connections: at
// most 0.01 new connections per call (issue 13). go-openai decodes the answer
// with a json.Decoder; the connection still goes back to the pool.
func TestCallsReuseConnections(t *testing.T) {
	outboundtest.Compare(t, outboundtest.JSON(okReply.body), func(base string, hc *http.Client) func(context.Context) error {
		c := newClient(t, base, func(cfg *openai.Config) { cfg.HTTPClient = hc })
		return func(ctx context.Context) error {
			_, err := c.Call(ctx, conversation())
			return err
		}
	})
}
