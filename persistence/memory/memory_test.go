package memory_test

import (
	"testing"

	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/persistence/persistencetest"
)

func TestContract(t *testing.T) {
	persistencetest.Run(t, func(*testing.T) persistence.Table { return memory.New() })
}
