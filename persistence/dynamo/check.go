package dynamo

import (
	"fmt"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/intake-runtime/intake/persistence"
)

// checkItem returns the key of an item to put. It rejects missing or empty
// keys and gsi1 keys that are not non-empty strings, as DynamoDB does, before
// any request (so BatchWrite fails before its first chunk and Transact before
// its call).
func checkItem(item persistence.Item) (persistence.Key, error) {
	pk, ok := item[persistence.AttrPK].(*types.AttributeValueMemberS)
	if !ok {
		return persistence.Key{}, fmt.Errorf("the item needs a string %s", persistence.AttrPK)
	}
	sk, ok := item[persistence.AttrSK].(*types.AttributeValueMemberS)
	if !ok {
		return persistence.Key{}, fmt.Errorf("the item needs a string %s", persistence.AttrSK)
	}
	key := persistence.Key{PK: pk.Value, SK: sk.Value}
	if err := checkKey(key); err != nil {
		return key, err
	}
	for _, name := range []string{persistence.AttrGSI1PK, persistence.AttrGSI1SK} {
		if v, ok := item[name]; ok {
			if err := checkIndexKey(name, v); err != nil {
				return key, err
			}
		}
	}
	return key, nil
}

// checkIndexKey rejects a gsi1 key value that is not a string, or an empty
// one, as DynamoDB does (DynamoDB Local lets UpdateItem set a number).
func checkIndexKey(name string, v types.AttributeValue) error {
	if name != persistence.AttrGSI1PK && name != persistence.AttrGSI1SK {
		return nil
	}
	s, ok := v.(*types.AttributeValueMemberS)
	switch {
	case !ok:
		return fmt.Errorf("type mismatch for index key %s: expected S, got %T", name, v)
	case s.Value == "":
		return fmt.Errorf("the value of index key attribute %s cannot be an empty string", name)
	}
	return nil
}

// checkKey rejects empty key strings.
func checkKey(k persistence.Key) error {
	if err := checkPartition(persistence.AttrPK, k.PK); err != nil {
		return err
	}
	return checkPartition(persistence.AttrSK, k.SK)
}

// checkPartition rejects an empty key string, as DynamoDB does, before the
// request.
func checkPartition(name, v string) error {
	if v == "" {
		return fmt.Errorf("the value of key attribute %s cannot be an empty string", name)
	}
	return nil
}

// checkLimit rejects negative page sizes; zero means no Limit.
func checkLimit(limit int32) (*int32, error) {
	switch {
	case limit < 0:
		return nil, fmt.Errorf("limit must be at least 1, got %d", limit)
	case limit == 0:
		return nil, nil
	}
	return &limit, nil
}
