package memory

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/intake-runtime/intake/internal/redact"
	"github.com/intake-runtime/intake/persistence"
)

var _ persistence.Table = (*Table)(nil)

// Table is an in-memory persistence.Table. It is safe for concurrent use: one
// mutex serializes all operations, which also makes every conditional write
// atomic, as a single-item write is in DynamoDB. The zero value is not
// usable; call New.
type Table struct {
	now func() time.Time

	mu    sync.Mutex
	items *store
}

// New returns an empty table.
func New(opts ...Option) *Table {
	t := &Table{now: time.Now, items: newStore()}
	for _, o := range opts {
		o(t)
	}
	return t
}

// Get returns a copy of the item under key, or persistence.ErrNotFound.
func (t *Table) Get(ctx context.Context, key persistence.Key) (persistence.Item, error) {
	if err := ctx.Err(); err != nil {
		return nil, opError("get", key, err)
	}
	if err := checkKey(key); err != nil {
		return nil, opError("get", key, err)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	rec, ok := t.visible(key)
	if !ok {
		return nil, opError("get", key, persistence.ErrNotFound)
	}
	return copyItem(rec.item), nil
}

// Put stores a clean copy of item when cond holds for the stored item.
func (t *Table) Put(ctx context.Context, item persistence.Item, cond *persistence.Condition) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("memory: put: %w", err)
	}
	rec, key, err := prepare(item)
	if err != nil {
		return fmt.Errorf("memory: put: %w", err)
	}
	p, err := compile(cond)
	if err != nil {
		return opError("put", key, err)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.holds(p, key) {
		return opError("put", key, persistence.ErrConflict)
	}
	t.items.put(key, rec)
	return nil
}

// Delete removes the item under key when cond holds for it.
func (t *Table) Delete(ctx context.Context, key persistence.Key, cond *persistence.Condition) error {
	if err := ctx.Err(); err != nil {
		return opError("delete", key, err)
	}
	if err := checkKey(key); err != nil {
		return opError("delete", key, err)
	}
	p, err := compile(cond)
	if err != nil {
		return opError("delete", key, err)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.holds(p, key) {
		return opError("delete", key, persistence.ErrConflict)
	}
	t.items.delete(key)
	return nil
}

// visible returns the record under key unless it is absent or expired. The
// caller holds t.mu.
func (t *Table) visible(key persistence.Key) (record, bool) {
	rec, ok := t.items.get(key)
	if !ok || rec.expired(t.now()) {
		return record{}, false
	}
	return rec, true
}

// current returns a copy of the visible item under key, nil when there is
// none. The caller holds t.mu.
func (t *Table) current(key persistence.Key) persistence.Item {
	if rec, ok := t.visible(key); ok {
		return copyItem(rec.item)
	}
	return nil
}

// holds evaluates p against the visible item under key. The caller holds
// t.mu.
func (t *Table) holds(p *predicate, key persistence.Key) bool {
	rec, _ := t.visible(key)
	return p.holds(rec.item)
}

// opError names the operation and key in err, which stays matchable with
// errors.Is (persistence.ErrConflict, ErrNotFound, context errors). A key
// often holds a phone ("SESSION#+55…") and the error may reach a log, so
// the key is named with its phones masked.
func opError(op string, key persistence.Key, err error) error {
	return fmt.Errorf("memory: %s %s/%s: %w", op, redact.Phones(key.PK), redact.Phones(key.SK), err)
}

// keyAttrs returns the key attributes of a new item.
func keyAttrs(key persistence.Key) persistence.Item {
	return persistence.Item{
		persistence.AttrPK: &types.AttributeValueMemberS{Value: key.PK},
		persistence.AttrSK: &types.AttributeValueMemberS{Value: key.SK},
	}
}
