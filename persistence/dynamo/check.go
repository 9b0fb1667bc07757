package dynamo

import (
	"fmt"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/intake-runtime/intake/persistence"
)

// checkItem returns the key of an item to put. It rejects missing or empty
// keys before any request (so BatchWrite fails before its first chunk) and
// what DynamoDB rejects but dynalite lets through: an empty gsi1 key string.
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

// checkIndexKey rejects an empty string as a gsi1 key value, as DynamoDB does.
func checkIndexKey(name string, v types.AttributeValue) error {
	if name != persistence.AttrGSI1PK && name != persistence.AttrGSI1SK {
		return nil
	}
	if s, ok := v.(*types.AttributeValueMemberS); ok && s.Value == "" {
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

// checkPartition rejects an empty key string; for a query's partition key,
// DynamoDB rejects it and dynalite answers with an empty page.
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
