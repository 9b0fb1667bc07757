package memory

import (
	"cmp"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/intake-runtime/intake/persistence"
)

// DynamoDB's limits on key values, in bytes.
const (
	maxPartitionKey = 2048
	maxSortKey      = 1024
)

// checkKey rejects the keys DynamoDB rejects: empty or oversized strings.
func checkKey(k persistence.Key) error {
	if err := checkKeyValue(persistence.AttrPK, k.PK, maxPartitionKey); err != nil {
		return err
	}
	return checkKeyValue(persistence.AttrSK, k.SK, maxSortKey)
}

func checkKeyValue(name, v string, limit int) error {
	switch {
	case v == "":
		return fmt.Errorf("the value of key attribute %s cannot be an empty string", name)
	case len(v) > limit:
		return fmt.Errorf("key attribute %s is longer than %d bytes", name, limit)
	}
	return nil
}

// prepare validates a whole item as DynamoDB's PutItem does and returns its
// record and key: string keys pk and sk, string gsi1 keys when present (the
// index is defined on strings), valid values, at most 400 KB.
func prepare(item persistence.Item) (record, persistence.Key, error) {
	if _, ok := item[""]; ok {
		return record{}, persistence.Key{}, fmt.Errorf("empty attribute name")
	}
	c, err := cleanMap(item)
	if err != nil {
		return record{}, persistence.Key{}, err
	}
	pk, pkErr := keyString(c, persistence.AttrPK, maxPartitionKey, true)
	sk, skErr := keyString(c, persistence.AttrSK, maxSortKey, true)
	gpk, gpkErr := keyString(c, persistence.AttrGSI1PK, maxPartitionKey, false)
	gsk, gskErr := keyString(c, persistence.AttrGSI1SK, maxSortKey, false)
	if err := cmp.Or(pkErr, skErr, gpkErr, gskErr, checkSize(c)); err != nil {
		return record{}, persistence.Key{}, err
	}
	rec := record{item: c}
	if ttl, ok := c[persistence.AttrTTL].(*types.AttributeValueMemberN); ok {
		rec.ttl = ttl.Value
	}
	// Like a DynamoDB global secondary index, gsi1 is sparse: it holds only
	// the items that have both of its key attributes.
	if gpk != "" && gsk != "" {
		rec.gsi1pk, rec.gsi1sk = gpk, gsk
	}
	return rec, persistence.Key{PK: pk, SK: sk}, nil
}

// keyString returns the string value of a table or index key attribute.
func keyString(item persistence.Item, name string, limit int, required bool) (string, error) {
	v, ok := item[name]
	if !ok {
		if required {
			return "", fmt.Errorf("missing the key %s in the item", name)
		}
		return "", nil
	}
	s, ok := v.(*types.AttributeValueMemberS)
	if !ok {
		return "", fmt.Errorf("type mismatch for key %s: expected S, got %T", name, v)
	}
	return s.Value, checkKeyValue(name, s.Value, limit)
}

// checkLimit rejects the negative page sizes DynamoDB rejects.
func checkLimit(limit int32) error {
	if limit < 0 {
		return fmt.Errorf("limit must be at least 1, got %d", limit)
	}
	return nil
}
