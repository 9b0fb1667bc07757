package persistence

import (
	"context"
	"maps"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// Retain returns table with a retention period on the conversations it
// stores (DATA_RETENTION): every write of an item in a phone's SESSION#
// partition (its session snapshots, its active pointer, its message log)
// stamps the item's ttl at retention after the write, so the table deletes
// a customer's conversation data once nothing has written it for that long.
// A running session refreshes its snapshot's ttl at each turn; its log items
// expire one by one, and its active pointer retention after the session
// started, after which the phone's next message starts a new session.
// Receipts keep their own ttl; CRM projections and demands are the
// business's records and are kept. With retention <= 0 it returns table.
// The stamp costs no request: it rides on the writes already made.
func Retain(table Table, retention time.Duration, now func() time.Time) Table {
	if retention <= 0 {
		return table
	}
	return &retained{Table: table, retention: retention, now: now}
}

type retained struct {
	Table
	retention time.Duration
	now       func() time.Time
}

// retainedPK reports whether items under pk are a conversation's: a
// phone's partition, or a search lookup (search.go), which holds the
// customer's document or name and expires retention after it was collected.
func retainedPK(pk string) bool {
	return strings.HasPrefix(pk, "SESSION#") || strings.HasPrefix(pk, searchPrefix)
}

func (r *retained) expiry() int64 { return r.now().Add(r.retention).Unix() }

// stamp returns item with its ttl set when it is a conversation's; item
// itself is left as the caller built it.
func (r *retained) stamp(item Item) Item {
	pk, ok := item[AttrPK].(*types.AttributeValueMemberS)
	if !ok || !retainedPK(pk.Value) {
		return item
	}
	stamped := maps.Clone(item)
	stamped[AttrTTL] = &types.AttributeValueMemberN{Value: strconv.FormatInt(r.expiry(), 10)}
	return stamped
}

// stampUpdate returns upd with the ttl set when key is a conversation's.
func (r *retained) stampUpdate(key Key, upd Update) Update {
	if !retainedPK(key.PK) {
		return upd
	}
	upd.Set = maps.Clone(upd.Set)
	if upd.Set == nil {
		upd.Set = map[string]any{}
	}
	upd.Set[AttrTTL] = r.expiry()
	return upd
}

func (r *retained) Put(ctx context.Context, item Item, cond *Condition) error {
	return r.Table.Put(ctx, r.stamp(item), cond)
}

func (r *retained) Update(ctx context.Context, key Key, upd Update, cond *Condition) (Item, error) {
	return r.Table.Update(ctx, key, r.stampUpdate(key, upd), cond)
}

func (r *retained) BatchWrite(ctx context.Context, puts []Item, deletes []Key) error {
	stamped := make([]Item, len(puts))
	for i, item := range puts {
		stamped[i] = r.stamp(item)
	}
	return r.Table.BatchWrite(ctx, stamped, deletes)
}

func (r *retained) Transact(ctx context.Context, writes []TxWrite) error {
	stamped := make([]TxWrite, len(writes))
	for i, w := range writes {
		switch w.Kind {
		case TxPut:
			w.Item = r.stamp(w.Item)
		case TxUpdate:
			w.Update = r.stampUpdate(w.Key, w.Update)
		}
		stamped[i] = w
	}
	return r.Table.Transact(ctx, stamped)
}
