package domain_test

import (
	"testing"

	"github.com/intake-runtime/intake/domain/domaintest"
)

// The golden and JSON helpers are domaintest's, shared with persistence.
var golden = domaintest.Golden

func jsonRoundTrip[T any](t *testing.T, v T) { t.Helper(); domaintest.JSONRoundTrip(t, v) }
