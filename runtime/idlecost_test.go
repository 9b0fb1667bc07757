package runtime_test

import (
	"context"
	"os"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/persistence/dynamo"
	"github.com/intake-runtime/intake/runtime"
)

// TestIdleTableRequests counts the table requests of an idle `serve` on
// DynamoDB Local with its default intervals (recovery sweep, settings
// refresh, sync job with the ERP stub, reports rollup; no cluster, so no
// leases; no REPORT_EMAILS, so no digest), after a settle period that
// leaves out the start's own reads (the full sweep, the settings load, the
// sync job's first backlog read, the wake of waiting conversations), over
// a minute (IDLE_WINDOW sets another window, 5m for the issue's
// measurement), and fails above idleCeiling a minute.
//
// What an idle node reads, a minute on average: the sweep's quiet ticks,
// one INBOUND and one OUTBOX shard every RECOVERY_INTERVAL (30 s): 4; the
// settings index once a minute once its pause has grown (10, 20, 40, then
// 60 s): 1; the sync backlog's 19 queries every 10 minutes: 1.9; the
// rollup's marker every REPORT_INTERVAL (10 m): 0.1; about 7 in all, and
// about 9 in any 5 minutes (20 + 5 + 19 + 1), except around the rollup's
// daily sum (and its first tick on a new table, at 10 minutes): about 100
// requests once a day. This test's minute, from
// 3 s to 63 s after the start, holds the sweep's ticks at 30 and 60 s (4)
// and the settings reads at 10 and 30 s (2): 6.
func TestIdleTableRequests(t *testing.T) {
	window := time.Minute
	if w, err := time.ParseDuration(os.Getenv("IDLE_WINDOW")); err == nil {
		window = w
	}
	client, name := newDynamoLocalTable(t, "idle")
	book := newLedger(client)
	cfg := load(t, map[string]string{
		"LLM_API_KEY": "test-key", "LLM_BASE_URL": "http://127.0.0.1:1/v1", "LLM_MODEL": "test-model",
		"MESSAGING_CLOUD_ENABLED": "false", "CRM_ENABLED": "false", "ERP_ENABLED": "false",
	})
	app, err := runtime.New(context.Background(), cfg, zap.NewNop(), runtime.Options{
		Table: dynamo.New(book, name), Sender: messaging.NewStub(zap.NewNop()),
		Fallbacks: map[string][]string{"ERP_ENABLED": nil}, // the ERP's stub keeps the sync job running, as serve's
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- app.Run(ctx, listen(t)) }()
	defer func() {
		stop()
		if err := <-done; err != nil {
			t.Error(err)
		}
	}()
	time.Sleep(3 * time.Second) // the start: first sweep, settings load, first backlog read
	book.reset()
	time.Sleep(window)
	requests, _, rcu := book.totals()
	perMinute := float64(requests) / window.Minutes()
	t.Logf("idle over %s: %d requests (%.1f a minute), %.1f RCU; by operation:%s", window, requests, perMinute, rcu, book.report(1))
	if perMinute > idleCeiling {
		t.Errorf("idle serve makes %.1f table requests a minute, want at most %d", perMinute, idleCeiling)
	}
}

// idleCeiling is issue 35's goal for an idle node, in table requests a
// minute.
const idleCeiling = 10
