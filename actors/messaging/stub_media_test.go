package messaging_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/intake-runtime/intake/actors/messaging"
)

// With messaging disabled there is no platform to fetch from: the stub says
// so plainly, never a file.
func TestStubFetchIsUnavailable(t *testing.T) {
	_, err := messaging.NewStub(nil).Fetch(context.Background(), "MEDIA_1")
	if !errors.Is(err, messaging.ErrMediaUnavailable) || !strings.Contains(err.Error(), "MESSAGING_CLOUD_ENABLED=false") {
		t.Errorf("Fetch error = %v, want ErrMediaUnavailable naming the setting", err)
	}
}
