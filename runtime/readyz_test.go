package runtime_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/intake-runtime/intake/persistence/memory"
)

func TestReadyzChecksTheTable(t *testing.T) {
	table := &brokenTable{Table: memory.New()}
	app := newApp(t, nil, table)
	if res := do(t, app, "GET", "/readyz", nil, nil); res.status != http.StatusOK || strings.TrimSpace(res.body) != `{"ok":true}` {
		t.Errorf("/readyz with a working table = %d %s", res.status, res.body)
	}
	table.broken.Store(true)
	res := do(t, app, "GET", "/readyz", nil, nil)
	if res.status != http.StatusServiceUnavailable || errorCode(res.body) != "table_unavailable" {
		t.Errorf("/readyz with a broken table = %d %s, want 503 table_unavailable", res.status, res.body)
	}
	if strings.Contains(res.body, "unreachable") {
		t.Errorf("/readyz leaks the table's error: %s", res.body)
	}
	// /healthz queries nothing, so it still answers.
	if res := do(t, app, "GET", "/healthz", nil, nil); res.status != http.StatusOK {
		t.Errorf("/healthz with a broken table = %d", res.status)
	}
}
