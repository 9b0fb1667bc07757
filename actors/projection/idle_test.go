package projection_test

import (
	"testing"

	"github.com/intake-runtime/intake/actors/projection"
	"github.com/intake-runtime/intake/actors/projection/crm"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/persistencetest"
)

// TestIdleSyncRunReadsTheBacklogOnce: a run with nothing due costs one read
// of the sharded backlog index (its metrics come from the same read) and no
// other request.
func TestIdleSyncRunReadsTheBacklogOnce(t *testing.T) {
	counting := &persistencetest.CountingTable{}
	e := newEnv(t, func(c *projection.JobConfig, _ *crm.Config) {
		counting.Table = c.Table
		c.Table = counting
	})
	res := e.run(t)
	if res.Status != projection.StatusOK || *res.Metrics != (projection.Metrics{}) {
		t.Fatalf("idle run = %+v", res)
	}
	// Every shard of the due projections, the two legacy due partitions and
	// the BLOCKED partition, one query each, and nothing else.
	if got, want := counting.Reads.Load(), int64(persistence.WorkShards+3); got != want {
		t.Errorf("idle run made %d reads, want %d index queries", got, want)
	}
	if n := counting.Writes.Load(); n != 0 {
		t.Errorf("idle run made %d writes", n)
	}
}
