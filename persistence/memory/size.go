package memory

import (
	"fmt"
	"math/big"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/intake-runtime/intake/persistence"
)

// maxItemSize is DynamoDB's item size limit, 400 KB.
const maxItemSize = 400 * 1024

// checkSize rejects an item above maxItemSize, counted as DynamoDB documents
// it: attribute names plus values. The count is close, not byte-exact, which
// is enough to catch records that would grow past the limit in production.
func checkSize(item persistence.Item) error {
	if n := itemSize(item); n > maxItemSize {
		return fmt.Errorf("item size has exceeded the maximum allowed size (%d > %d bytes)", n, maxItemSize)
	}
	return nil
}

func itemSize(item map[string]types.AttributeValue) int {
	n := 0
	for k, v := range item {
		n += len(k) + valueSize(v)
	}
	return n
}

func valueSize(v types.AttributeValue) int {
	switch v := v.(type) {
	case *types.AttributeValueMemberS:
		return len(v.Value)
	case *types.AttributeValueMemberN:
		return numberSize(v.Value)
	case *types.AttributeValueMemberB:
		return len(v.Value)
	case *types.AttributeValueMemberSS:
		n := 0
		for _, s := range v.Value {
			n += len(s)
		}
		return n
	case *types.AttributeValueMemberNS:
		n := 0
		for _, s := range v.Value {
			n += numberSize(s)
		}
		return n
	case *types.AttributeValueMemberBS:
		n := 0
		for _, b := range v.Value {
			n += len(b)
		}
		return n
	case *types.AttributeValueMemberL:
		n := 3
		for _, e := range v.Value {
			n += 1 + valueSize(e)
		}
		return n
	case *types.AttributeValueMemberM:
		n := 3
		for k, e := range v.Value {
			n += 1 + len(k) + valueSize(e)
		}
		return n
	}
	return 1 // BOOL, NULL
}

// numberSize is DynamoDB's estimate: one byte per two significant digits, plus one.
func numberSize(s string) int {
	d, err := parseNumber(s)
	if err != nil {
		return len(s)
	}
	digits := len(new(big.Int).Abs(d.coef).String())
	return (digits+1)/2 + 1
}
