package session_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
)

// countingTable counts the requests made of a table, by method.
type countingTable struct {
	persistence.Table
	mu    sync.Mutex
	calls map[string]int
}

func (c *countingTable) count(method string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.calls[method]++
}

func (c *countingTable) snapshot() map[string]int {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := map[string]int{}
	for k, v := range c.calls {
		out[k] = v
	}
	return out
}

func (c *countingTable) Get(ctx context.Context, key persistence.Key) (persistence.Item, error) {
	c.count("Get")
	return c.Table.Get(ctx, key)
}

func (c *countingTable) Put(ctx context.Context, item persistence.Item, cond *persistence.Condition) error {
	c.count("Put")
	return c.Table.Put(ctx, item, cond)
}

func (c *countingTable) Update(ctx context.Context, key persistence.Key, upd persistence.Update, cond *persistence.Condition) (persistence.Item, error) {
	c.count("Update")
	return c.Table.Update(ctx, key, upd, cond)
}

func (c *countingTable) Query(ctx context.Context, q persistence.Query) (persistence.Page, error) {
	c.count("Query")
	return c.Table.Query(ctx, q)
}

func (c *countingTable) QueryIndex(ctx context.Context, q persistence.IndexQuery) (persistence.Page, error) {
	c.count("QueryIndex")
	return c.Table.QueryIndex(ctx, q)
}

func (c *countingTable) Transact(ctx context.Context, writes []persistence.TxWrite) error {
	c.count("Transact")
	return c.Table.Transact(ctx, writes)
}

// One assignment costs the table: the availability partition (one Query),
// the handoff index to count open conversations (one QueryIndex: on
// DynamoDB a Query and a BatchGetItem of the items it lists) and the
// assignment's commit (one TransactWriteItems, conditional on the version);
// the roster is the Roster's cached read (at most one Query per 15 s per
// node, none here: a fixed list). The broadcast notice's queue position
// (one QueryIndex) is not made when the conversation is assigned, so a
// round-robin handoff costs two requests more than a manual one, none on
// the customer's turn.
func TestOneAssignmentsTableRequests(t *testing.T) {
	counts := map[bool]map[string]int{}
	for _, roundRobin := range []bool{false, true} {
		table := &countingTable{Table: memory.New(), calls: map[string]int{}}
		h := newAssigning(t, session.Config{RoundRobin: roundRobin}, table, persistence.NewAvailabilities(table))
		handoffs(t, h, 40, 1)
		deadline := time.Now().Add(5 * time.Second)
		for time.Now().Before(deadline) && len(h.told())+len(h.notices.Notices()) == 0 {
			time.Sleep(10 * time.Millisecond)
		}
		time.Sleep(200 * time.Millisecond) // nothing more comes
		counts[roundRobin] = table.snapshot()
	}
	extra := map[string]int{}
	for _, m := range []string{"Get", "Put", "Update", "Query", "QueryIndex", "Transact"} {
		if d := counts[true][m] - counts[false][m]; d != 0 {
			extra[m] = d
		}
	}
	t.Logf("manual handoff %v; round robin %v", counts[false], counts[true])
	if want := map[string]int{"Query": 1, "Transact": 1}; fmt.Sprint(extra) != fmt.Sprint(want) {
		t.Errorf("an assignment adds %v to a handoff, want %v", extra, want)
	}
}
