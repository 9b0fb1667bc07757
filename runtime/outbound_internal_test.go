package runtime

import (
	"net/http"
	"testing"

	"github.com/intake-runtime/intake/runtime/config"
)

// Every outbound adapter gets a client on one transport, sized by
// HTTP_MAX_IDLE_PER_HOST.
func TestOutboundClientsShareOneTransport(t *testing.T) {
	cfg := config.Config{Outbound: config.Outbound{MaxIdlePerHost: 48}}
	model, messaging := outboundHTTP(cfg), outboundHTTP(cfg)
	tr, ok := model.Transport.(*http.Transport)
	if !ok || messaging.Transport != model.Transport {
		t.Fatalf("transports %T %p and %p: want one *http.Transport", model.Transport, model.Transport, messaging.Transport)
	}
	if tr.MaxIdleConnsPerHost != 48 || model.Timeout != 0 {
		t.Errorf("idle connections per host %d, client timeout %v; want 48 and none (per-call contexts bound calls)",
			tr.MaxIdleConnsPerHost, model.Timeout)
	}
}
