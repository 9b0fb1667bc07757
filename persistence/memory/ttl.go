package memory

import (
	"math/big"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/intake-runtime/intake/persistence"
)

// expired reports whether item's numeric ttl attribute (epoch seconds, as
// DynamoDB's TTL reads it) lies before now. Items without a numeric ttl
// never expire, as in DynamoDB.
func expired(item persistence.Item, now time.Time) bool {
	n, ok := item[persistence.AttrTTL].(*types.AttributeValueMemberN)
	if !ok {
		return false
	}
	ttl, err := parseNumber(n.Value)
	if err != nil {
		return false
	}
	nanos := normalize(big.NewInt(now.UnixNano()), -9)
	return ttl.cmp(nanos) < 0
}
