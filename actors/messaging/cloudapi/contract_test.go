package cloudapi_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/messaging/cloudapi"
	"github.com/intake-runtime/intake/actors/messaging/messagingtest"
	"github.com/intake-runtime/intake/domain"
)

// The Cloud API client keeps the Sender contract against a fake platform:
// one that accepts every call, and ones that fail every call with each kind
// of failure (a 503, a 400, and an answer withheld past the client's
// timeout after the request was written).
func TestClientKeepsTheSenderContract(t *testing.T) {
	messagingtest.RunSender(t, messagingtest.Senders{
		New: func(t *testing.T) messaging.Sender {
			return newClient(t, newPlatform(t, answer(http.StatusOK, okBody)).URL, nil)
		},
		Failing: func(t *testing.T, kind domain.ErrorKind) messaging.Sender {
			switch kind {
			case domain.ErrorKindTransient:
				return newClient(t, newPlatform(t, answer(http.StatusServiceUnavailable, platformError(cloudapi.CodeServiceDown, "Service unavailable"))).URL, nil)
			case domain.ErrorKindPermanent:
				return newClient(t, newPlatform(t, answer(http.StatusBadRequest, platformError(cloudapi.CodeInvalidParameter, "Invalid parameter"))).URL, nil)
			case domain.ErrorKindUncertain:
				release := make(chan struct{})
				p := newPlatform(t, func(int, *http.Request) (int, string) {
					<-release
					return http.StatusOK, okBody
				})
				t.Cleanup(func() { close(release) }) // before the platform closes: cleanups run last first
				return newClient(t, p.URL, func(cfg *cloudapi.ClientConfig) { cfg.Timeout = 100 * time.Millisecond })
			}
			return nil
		},
	})
}
