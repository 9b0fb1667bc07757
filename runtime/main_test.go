package runtime_test

import (
	"testing"

	"github.com/intake-runtime/intake/internal/testservers"
)

// TestMain lets the package's tests and benchmarks share one DynamoDB Local.
func TestMain(m *testing.M) { testservers.Main(m) }
