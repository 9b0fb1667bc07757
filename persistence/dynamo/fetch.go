package dynamo

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/intake-runtime/intake/persistence"
)

// batchGetSize is BatchGetItem's limit of keys per call.
const batchGetSize = 100

// fetch returns the items the index entries of a page stand for, in the
// entries' order. An entry that holds more than its keys is the item itself,
// as an index projecting all attributes (older releases created it so)
// stores it. The others are read by key with BatchGetItem, eventually
// consistent as the index is: every index reader allows for a lag already,
// and a consistent read would cost twice as much. An item deleted since, or
// whose gsi1 keys no longer place it in q's range, is left out, as the query
// of an index in step with the table would have left it out.
func (t *Table) fetch(ctx context.Context, q persistence.IndexQuery, entries []persistence.Item) ([]persistence.Item, error) {
	keys := make([]persistence.Key, len(entries))
	var bare []persistence.Key
	for i, e := range entries {
		key, err := checkItem(e)
		if err != nil {
			return nil, err
		}
		keys[i] = key
		if !whole(e) {
			bare = append(bare, key)
		}
	}
	found := make(map[persistence.Key]persistence.Item, len(bare))
	for start := 0; start < len(bare); start += batchGetSize {
		if err := t.getChunk(ctx, bare[start:min(start+batchGetSize, len(bare))], found); err != nil {
			return nil, err
		}
	}
	items := make([]persistence.Item, 0, len(entries))
	for i, e := range entries {
		if whole(e) {
			items = append(items, e)
		} else if item, ok := found[keys[i]]; ok && inRange(item, q) {
			items = append(items, item)
		}
	}
	return items, nil
}

// whole reports whether an index entry holds more than its keys: it is then
// the item, from an index projecting all attributes.
func whole(entry persistence.Item) bool { return len(entry) > len(persistence.IndexEntryAttrs) }

// getChunk reads the items of one chunk of keys into found, asking again for
// the keys DynamoDB leaves unprocessed.
func (t *Table) getChunk(ctx context.Context, keys []persistence.Key, found map[persistence.Key]persistence.Item) error {
	pending := types.KeysAndAttributes{Keys: make([]map[string]types.AttributeValue, len(keys))}
	for i, key := range keys {
		pending.Keys[i] = keyAttrs(key)
	}
	return t.untilProcessed(ctx, "reads", func() (int, error) {
		out, err := t.api.BatchGetItem(ctx, &dynamodb.BatchGetItemInput{
			RequestItems: map[string]types.KeysAndAttributes{t.name: pending},
		})
		if err != nil {
			return 0, err
		}
		for _, item := range out.Responses[t.name] {
			key, err := checkItem(item)
			if err != nil {
				return 0, err
			}
			found[key] = item
		}
		pending = out.UnprocessedKeys[t.name]
		return len(pending.Keys), nil
	})
}

// inRange reports whether item is in the gsi1 partition of q, at or before
// q.SKUpTo when set.
func inRange(item persistence.Item, q persistence.IndexQuery) bool {
	pk, _ := item[persistence.AttrGSI1PK].(*types.AttributeValueMemberS)
	sk, _ := item[persistence.AttrGSI1SK].(*types.AttributeValueMemberS)
	return pk != nil && sk != nil && pk.Value == q.GSI1PK && (q.SKUpTo == "" || sk.Value <= q.SKUpTo)
}
