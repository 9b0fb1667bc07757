package persistence

import (
	"context"
	"fmt"
)

// WorkShards is how many gsi1 partitions each kind of unfinished work is
// spread over. Work is indexed so that a recovery sweep finds it without a
// table scan, and spread so that no index key is written by every phone: one
// DynamoDB partition takes about 1,000 writes a second, and a single key would
// cap the whole service there.
const WorkShards = 16

// WorkKind names a kind of unfinished work a sweep looks for.
type WorkKind string

// The kinds of indexed work.
const (
	// WorkInbound: a receipt accepted by the webhook whose message no turn
	// has committed yet.
	WorkInbound WorkKind = "INBOUND"
	// WorkOutbox: a committed reply whose send has no recorded result yet.
	WorkOutbox WorkKind = "OUTBOX"
)

// WorkShard is the shard of a phone's work: the same phone always lands in
// the same shard, phones spread evenly over all of them. It is the 32-bit
// FNV-1a hash of the phone, written out so that the receipt and the reply
// of every turn hash their phone without allocating.
func WorkShard(phone string) int {
	h := uint32(2166136261)
	for i := range len(phone) {
		h ^= uint32(phone[i])
		h *= 16777619
	}
	return int(h % WorkShards)
}

// WorkIndexPK is the gsi1 partition of one shard of a kind of work.
func WorkIndexPK(kind WorkKind, shard int) string { return fmt.Sprintf("%s#%02d", kind, shard) }

// workIndexPK is the gsi1 partition of a phone's work of kind.
func workIndexPK(kind WorkKind, phone string) string {
	if pks, ok := workIndexPKs[kind]; ok {
		return pks[WorkShard(phone)]
	}
	return WorkIndexPK(kind, WorkShard(phone))
}

// workIndexPKs are the partitions of each kind of work, formatted once
// rather than for every receipt and reply.
var workIndexPKs = func() map[WorkKind][WorkShards]string {
	pks := map[WorkKind][WorkShards]string{}
	for _, kind := range []WorkKind{WorkInbound, WorkOutbox} {
		var shards [WorkShards]string
		for s := range shards {
			shards[s] = WorkIndexPK(kind, s)
		}
		pks[kind] = shards
	}
	return pks
}()

// AllShards names every shard of a kind of work, for the readers of
// unfinished work that take a shard.
const AllShards = -1

// queryShards reads one shard of a kind of work (every shard with
// AllShards), keeping the items whose gsi1sk sorts at or before upTo (all
// when upTo is empty).
func queryShards(ctx context.Context, t Table, kind WorkKind, shard int, upTo string) ([]Item, error) {
	if shard != AllShards && (shard < 0 || shard >= WorkShards) {
		return nil, fmt.Errorf("persistence: no work shard %d", shard)
	}
	var items []Item
	for s := range WorkShards {
		if shard != AllShards && s != shard {
			continue
		}
		page, err := queryIndexAll(ctx, t, IndexQuery{GSI1PK: WorkIndexPK(kind, s), SKUpTo: upTo}, 0)
		if err != nil {
			return nil, err
		}
		items = append(items, page...)
	}
	return items, nil
}
