package persistence

import (
	"context"
	"maps"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// Retain returns table with a retention period on the personal data it
// stores (DATA_RETENTION): every write of an item that holds a customer's
// data stamps the item's ttl at retention after the write, so the table
// deletes it once nothing has written it for that long. That is a phone's
// SESSION# partition (its session snapshots, its active pointer, its message
// log), its search lookups, internal notes, pending-message marker and
// debounce buffer, the CRM/ERP projections (name, e-mail, phone, CPF/CNPJ:
// the CRM and ERP keep their own copy) and the out-of-portfolio demands.
// A running session refreshes its snapshot's ttl at each turn; its log items
// expire one by one, and its active pointer retention after the session
// started, after which the phone's next message starts a new session.
// Receipts and login codes keep their own shorter ttl; the operator roster
// and erasure tombstones are kept. With retention <= 0 it returns table.
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

// retainedKey reports whether the item at k holds personal data the
// retention applies to (see Retain). A receipt shares the RECEIPT# prefix
// with the pending-message marker and keeps its own ttl: its sort key tells
// them apart.
func retainedKey(k Key) bool {
	switch {
	case strings.HasPrefix(k.PK, ReceiptPK("")):
		return k.SK == LatestSK
	case k.PK == DemandPK:
		return true
	}
	for _, prefix := range retainedPrefixes {
		if strings.HasPrefix(k.PK, prefix) {
			return true
		}
	}
	return false
}

// retainedPrefixes are the partitions whose every item the retention
// applies to.
var retainedPrefixes = []string{SessionPK(""), searchPrefix, notePK(""), ProjectionPK(""), DebouncePK("")}

func (r *retained) expiry() int64 { return r.now().Add(r.retention).Unix() }

// stamp returns item with its ttl set when it is a conversation's; item
// itself is left as the caller built it.
func (r *retained) stamp(item Item) Item {
	if !retainedKey(KeyOf(item)) {
		return item
	}
	stamped := maps.Clone(item)
	stamped[AttrTTL] = &types.AttributeValueMemberN{Value: strconv.FormatInt(r.expiry(), 10)}
	return stamped
}

// stampUpdate returns upd with the ttl set when key is a conversation's.
func (r *retained) stampUpdate(key Key, upd Update) Update {
	if !retainedKey(key) {
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
