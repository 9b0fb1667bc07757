package persistencetest

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/intake-runtime/intake/persistence"
)

// testTransactCommits commits one transaction of every kind of write, each
// with a condition that holds, as a turn commits its log, session and buffer.
func testTransactCommits(t *testing.T, tbl persistence.Table) {
	session := item("TX", "SESSION", map[string]any{"version": 1, "state": "QUALIFYING", "turns": 4, "draft": "x"})
	buffer := item("TX", "BUFFER", map[string]any{"messages": []string{"oi"}})
	receipt := item("TX", "RECEIPT", map[string]any{"status": "accepted"})
	put(t, tbl, session, buffer, receipt)
	logEntry := item("TX", "M#1", map[string]any{"text": "oi"})
	err := tbl.Transact(t.Context(), []persistence.TxWrite{
		persistence.PutTx(logEntry, persistence.NotExists(persistence.AttrPK).Ptr()),
		persistence.UpdateTx(persistence.Key{PK: "TX", SK: "SESSION"}, persistence.Update{
			Set:    map[string]any{"state": "DATA_COLLECT"},
			Remove: []string{"draft"},
			Add:    map[string]int64{"version": 1, "turns": 1},
		}, persistence.Equal("version", 1).Ptr()),
		persistence.DeleteTx(persistence.Key{PK: "TX", SK: "BUFFER"}, persistence.Exists(persistence.AttrPK).Ptr()),
		persistence.CheckTx(persistence.Key{PK: "TX", SK: "RECEIPT"}, persistence.Equal("status", "accepted")),
		persistence.UpdateTx(persistence.Key{PK: "TX", SK: "OUTBOX"}, persistence.Update{Set: map[string]any{"reply": "olá"}}, nil),
	})
	if err != nil {
		t.Fatalf("Transact: %v", err)
	}
	wantItem(t, get(t, tbl, "TX", "M#1"), logEntry)
	wantItem(t, get(t, tbl, "TX", "SESSION"), item("TX", "SESSION", map[string]any{"version": 2, "state": "DATA_COLLECT", "turns": 5}))
	wantAbsent(t, tbl, "TX", "BUFFER")
	wantItem(t, get(t, tbl, "TX", "RECEIPT"), receipt)
	wantItem(t, get(t, tbl, "TX", "OUTBOX"), item("TX", "OUTBOX", map[string]any{"reply": "olá"}))
}

// testTransactCancelled fails the condition of some writes of a
// transaction, at each position in turn: nothing is written and the error
// names the first of them.
func testTransactCancelled(t *testing.T, tbl persistence.Table) {
	for _, failing := range [][]int{{0}, {2}, {3}, {1, 3}} {
		t.Run(fmt.Sprint("writes ", failing), func(t *testing.T) {
			pk := fmt.Sprint("CANCEL#", failing)
			stored := map[string]persistence.Item{
				"SESSION": item(pk, "SESSION", map[string]any{"version": 7}),
				"DOOMED":  item(pk, "DOOMED", nil),
				"GUARD":   item(pk, "GUARD", map[string]any{"v": 1}),
			}
			for _, it := range stored {
				put(t, tbl, it)
			}
			conds := []persistence.Condition{
				persistence.NotExists(persistence.AttrPK),
				persistence.Equal("version", 7),
				persistence.Exists(persistence.AttrPK),
				persistence.Equal("v", 1),
			}
			for _, i := range failing {
				conds[i] = persistence.Equal("version", 6) // no item here has it
			}
			writes := []persistence.TxWrite{
				persistence.PutTx(item(pk, "M#1", nil), &conds[0]),
				persistence.UpdateTx(persistence.Key{PK: pk, SK: "SESSION"}, persistence.Update{Add: map[string]int64{"version": 1}}, &conds[1]),
				persistence.DeleteTx(persistence.Key{PK: pk, SK: "DOOMED"}, &conds[2]),
				persistence.CheckTx(persistence.Key{PK: pk, SK: "GUARD"}, conds[3]),
			}
			err := tbl.Transact(t.Context(), writes)
			wantCancelledAt(t, err, failing[0], writes[failing[0]].Target())
			wantAbsent(t, tbl, pk, "M#1")
			for sk, it := range stored {
				wantItem(t, get(t, tbl, pk, sk), it)
			}
		})
	}
}

// testTransactCheckAbsent makes a transaction depend on an item that does
// not exist.
func testTransactCheckAbsent(t *testing.T, tbl persistence.Table) {
	writes := []persistence.TxWrite{
		persistence.PutTx(item("CHECK", "NEW", nil), nil),
		persistence.CheckTx(persistence.Key{PK: "CHECK", SK: "ABSENT"}, persistence.Exists(persistence.AttrPK)),
	}
	wantCancelledAt(t, tbl.Transact(t.Context(), writes), 1, persistence.Key{PK: "CHECK", SK: "ABSENT"})
	wantAbsent(t, tbl, "CHECK", "NEW")
	wantAbsent(t, tbl, "CHECK", "ABSENT")
}

func testTransactRejectsInvalid(t *testing.T, tbl persistence.Table) {
	put(t, tbl, item("INVALID", "TEXT", map[string]any{"text": "hello"}))
	valid := persistence.PutTx(item("INVALID", "NEW", nil), nil)
	noSK := item("INVALID", "x", nil)
	delete(noSK, persistence.AttrSK)
	tooMany := []persistence.TxWrite{valid}
	for i := range persistence.MaxTxWrites {
		tooMany = append(tooMany, persistence.PutTx(item("INVALID", fmt.Sprint("MANY#", i), nil), nil))
	}
	// Eleven items of 390 KB pass the item limit but not the 4 MB of a transaction.
	tooLarge := []persistence.TxWrite{valid}
	for i := range 11 {
		tooLarge = append(tooLarge, persistence.PutTx(item("INVALID", fmt.Sprint("LARGE#", i), map[string]any{"data": strings.Repeat("x", 390<<10)}), nil))
	}
	key := persistence.Key{PK: "INVALID", SK: "OTHER"}
	tests := []struct {
		name   string
		writes []persistence.TxWrite
	}{
		{"no writes", nil},
		{"more than MaxTxWrites", tooMany},
		{"more than 4 MB", tooLarge},
		{"two writes on one item", []persistence.TxWrite{valid, persistence.PutTx(item(key.PK, key.SK, nil), nil), persistence.DeleteTx(key, nil)}},
		{"two updates of one item", []persistence.TxWrite{valid,
			persistence.UpdateTx(key, persistence.Update{Set: map[string]any{"a": 1}}, nil),
			persistence.UpdateTx(key, persistence.Update{Set: map[string]any{"b": 1}}, nil)}},
		{"check without a condition", []persistence.TxWrite{valid, {Kind: persistence.TxCheck, Key: key}}},
		{"unknown kind", []persistence.TxWrite{valid, {Kind: 99, Key: key}}},
		{"put without sk", []persistence.TxWrite{valid, persistence.PutTx(noSK, nil)}},
		{"delete with an empty pk", []persistence.TxWrite{valid, persistence.DeleteTx(persistence.Key{SK: "S"}, nil)}},
		{"invalid condition", []persistence.TxWrite{valid, persistence.DeleteTx(key, persistence.Less("x", true).Ptr())}},
		{"update without changes", []persistence.TxWrite{valid, persistence.UpdateTx(key, persistence.Update{}, nil)}},
		{"update of sk", []persistence.TxWrite{valid, persistence.UpdateTx(key, persistence.Update{Set: map[string]any{persistence.AttrSK: "x"}}, nil)}},
		{"add to a string", []persistence.TxWrite{valid,
			persistence.UpdateTx(persistence.Key{PK: "INVALID", SK: "TEXT"}, persistence.Update{Add: map[string]int64{"text": 1}}, nil)}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			wantRejected(t, "Transact", tbl.Transact(t.Context(), tc.writes))
			wantAbsent(t, tbl, "INVALID", "NEW")
			wantAbsent(t, tbl, key.PK, key.SK)
			wantAbsent(t, tbl, "INVALID", "MANY#0")
			wantAbsent(t, tbl, "INVALID", "LARGE#0")
		})
	}
	wantItem(t, get(t, tbl, "INVALID", "TEXT"), item("INVALID", "TEXT", map[string]any{"text": "hello"}))
}

// testTransactRace is two turns of one session committing at once: 20
// transactions each write the session conditional on the version they read,
// and a message of their own. Exactly one commits; the others write nothing.
func testTransactRace(t *testing.T, tbl persistence.Table) {
	const workers = 20
	session := persistence.Key{PK: "SESSION#5511999990000", SK: "S#1"}
	put(t, tbl, item(session.PK, session.SK, map[string]any{"version": 1}))
	var (
		wg    sync.WaitGroup
		start = make(chan struct{})
		errs  = make([]error, workers)
	)
	for i := range workers {
		wg.Go(func() {
			<-start
			errs[i] = tbl.Transact(t.Context(), []persistence.TxWrite{
				persistence.PutTx(item(session.PK, session.SK, map[string]any{"version": 2, "worker": i}), persistence.Equal("version", 1).Ptr()),
				persistence.PutTx(item(session.PK, fmt.Sprint("M#", i), nil), nil),
			})
		})
	}
	close(start)
	wg.Wait()
	winner := -1
	for i, err := range errs {
		switch {
		case err == nil && winner >= 0:
			t.Errorf("workers %d and %d both committed", winner, i)
		case err == nil:
			winner = i
		default:
			wantCancelledAt(t, err, 0, session)
		}
	}
	if winner < 0 {
		t.Fatalf("no transaction committed")
	}
	wantItem(t, get(t, tbl, session.PK, session.SK), item(session.PK, session.SK, map[string]any{"version": 2, "worker": winner}))
	for i := range workers {
		if i == winner {
			get(t, tbl, session.PK, fmt.Sprint("M#", i))
		} else {
			wantAbsent(t, tbl, session.PK, fmt.Sprint("M#", i))
		}
	}
}

// wantCancelledAt fails unless err is the cancellation of a transaction by
// the condition of write index, on key.
func wantCancelledAt(t *testing.T, err error, index int, key persistence.Key) {
	t.Helper()
	var c *persistence.TxCancelled
	if !errors.Is(err, persistence.ErrConflict) || !errors.As(err, &c) {
		t.Fatalf("Transact: %v; want a *TxCancelled that is ErrConflict", err)
	}
	if at, ok := persistence.CancelledAt(err); !ok || at != index || c.Key != key {
		t.Fatalf("Transact cancelled at write %d (%s/%s), %v; want write %d (%s/%s)", at, c.Key.PK, c.Key.SK, ok, index, key.PK, key.SK)
	}
}
