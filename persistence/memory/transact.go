package memory

import (
	"context"
	"errors"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/intake-runtime/intake/internal/redact"
	"github.com/intake-runtime/intake/persistence"
)

// maxTxPayload is DynamoDB's limit on the aggregate size of the items of one
// transaction, 4 MB.
const maxTxPayload = 4 << 20

// txWrite is one validated write of a transaction.
type txWrite struct {
	kind persistence.TxKind
	key  persistence.Key
	cond *predicate
	// rec is what a put or update stores; an update's is computed under the lock.
	rec record
	upd persistence.Update
	// set holds the clean values of upd.Set.
	set map[string]types.AttributeValue
}

// Transact applies writes all together or not at all, as TransactWriteItems
// does. Everything is validated first, as DynamoDB validates the request;
// then, under the lock, every condition is evaluated against the visible
// items (an expired item is absent) and the first that fails cancels the
// transaction with a *persistence.TxCancelled, having written nothing.
func (t *Table) Transact(ctx context.Context, writes []persistence.TxWrite) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("memory: transact: %w", err)
	}
	txs, err := prepareTx(writes)
	if err != nil {
		return fmt.Errorf("memory: transact: %w", err)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	for i, w := range txs {
		if !t.holds(w.cond, w.key) {
			return &persistence.TxCancelled{Index: i, Key: w.key}
		}
	}
	// An update can still fail on the stored item (ADD to a string, an item
	// grown past 400 KB), which cancels the whole transaction in DynamoDB, so
	// every update is computed before anything is stored.
	for i := range txs {
		if w := &txs[i]; w.kind == persistence.TxUpdate {
			if _, w.rec, err = applyUpdate(w.key, t.current(w.key), w.upd, w.set); err != nil {
				return fmt.Errorf("memory: transact: write %d (%s/%s): %w", i, redact.Phones(w.key.PK), redact.Phones(w.key.SK), err)
			}
		}
	}
	for _, w := range txs {
		switch w.kind {
		case persistence.TxPut, persistence.TxUpdate:
			t.items.put(w.key, w.rec)
		case persistence.TxDelete:
			t.items.delete(w.key)
		}
	}
	return nil
}

// prepareTx validates a transaction as DynamoDB validates a
// TransactWriteItems request: 1 to MaxTxWrites writes on distinct items, each
// valid as its single-item operation is, at most 4 MB in all.
func prepareTx(writes []persistence.TxWrite) ([]txWrite, error) {
	switch {
	case len(writes) == 0:
		return nil, errors.New("a transaction needs at least one write")
	case len(writes) > persistence.MaxTxWrites:
		return nil, fmt.Errorf("a transaction holds at most %d writes, got %d", persistence.MaxTxWrites, len(writes))
	}
	txs := make([]txWrite, len(writes))
	seen := make(map[persistence.Key]bool, len(writes))
	payload := 0
	for i, w := range writes {
		tx, size, err := prepareTxWrite(w)
		if err != nil {
			return nil, fmt.Errorf("write %d: %w", i, err)
		}
		if seen[tx.key] {
			return nil, fmt.Errorf("write %d: transaction request cannot include multiple operations on one item: %s/%s", i, redact.Phones(tx.key.PK), redact.Phones(tx.key.SK))
		}
		seen[tx.key] = true
		txs[i], payload = tx, payload+size
	}
	if payload > maxTxPayload {
		return nil, fmt.Errorf("transaction payload size cannot exceed 4 MB (%d > %d bytes)", payload, maxTxPayload)
	}
	return txs, nil
}

// prepareTxWrite validates one write and returns it with its size: the whole
// item of a put, the key and new values of the others.
func prepareTxWrite(w persistence.TxWrite) (txWrite, int, error) {
	tx := txWrite{kind: w.Kind, key: w.Key, upd: w.Update}
	var err error
	switch w.Kind {
	case persistence.TxPut:
		tx.rec, tx.key, err = prepare(w.Item)
	case persistence.TxUpdate:
		if len(w.Update.Set)+len(w.Update.Remove)+len(w.Update.Add) == 0 {
			return tx, 0, errors.New("an update in a transaction needs an attribute to set, remove or add")
		}
		if err = checkKey(w.Key); err == nil {
			tx.set, err = compileUpdate(w.Update)
		}
	case persistence.TxDelete:
		err = checkKey(w.Key)
	case persistence.TxCheck:
		if w.Condition == nil {
			return tx, 0, errors.New("a condition check needs a condition")
		}
		err = checkKey(w.Key)
	default:
		return tx, 0, fmt.Errorf("unknown kind of write %d", w.Kind)
	}
	if err != nil {
		return tx, 0, err
	}
	if tx.cond, err = compile(w.Condition); err != nil {
		return tx, 0, err
	}
	if w.Kind == persistence.TxPut {
		return tx, persistence.ItemSize(w.Item), nil
	}
	return tx, persistence.ItemSize(keyAttrs(tx.key)) + persistence.ItemSize(tx.set), nil
}
