package memory

import (
	"math/big"
	"time"
)

// expiredAt reports whether a ttl (the canonical string of an item's numeric
// ttl attribute: epoch seconds, as DynamoDB's TTL reads it) lies before now.
// An empty ttl is an item without a numeric ttl, which never expires, as in
// DynamoDB.
func expiredAt(ttl string, now time.Time) bool {
	if ttl == "" {
		return false
	}
	d, err := parseNumber(ttl)
	if err != nil {
		return false
	}
	// UnixNano overflows outside 1678-2262; the exact sum does not.
	n := new(big.Int).Mul(big.NewInt(now.Unix()), big.NewInt(1e9))
	nanos := normalize(n.Add(n, big.NewInt(int64(now.Nanosecond()))), -9)
	return d.cmp(nanos) < 0
}
