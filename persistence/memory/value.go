package memory

import (
	"fmt"
	"reflect"
	"slices"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// clean validates v as DynamoDB validates an attribute value and returns a
// deep copy with numbers in canonical form. The table stores only cleaned
// copies and hands out copies of those (copyItem), so no caller can reach
// into its items.
func clean(v types.AttributeValue) (types.AttributeValue, error) {
	if rv := reflect.ValueOf(v); rv.Kind() == reflect.Pointer && rv.IsNil() {
		v = nil // a typed nil pointer is as empty as a nil interface
	}
	switch v := v.(type) {
	case *types.AttributeValueMemberS:
		return &types.AttributeValueMemberS{Value: v.Value}, nil
	case *types.AttributeValueMemberN:
		n, err := canonicalNumber(v.Value)
		if err != nil {
			return nil, err
		}
		return &types.AttributeValueMemberN{Value: n}, nil
	case *types.AttributeValueMemberB:
		return &types.AttributeValueMemberB{Value: cloneBytes(v.Value)}, nil
	case *types.AttributeValueMemberBOOL:
		return &types.AttributeValueMemberBOOL{Value: v.Value}, nil
	case *types.AttributeValueMemberNULL:
		if !v.Value {
			return nil, fmt.Errorf("null attribute value types must have the value of true")
		}
		return &types.AttributeValueMemberNULL{Value: true}, nil
	case *types.AttributeValueMemberSS:
		out, err := cleanSet(v.Value, func(s string) (string, error) { return s, nil })
		return &types.AttributeValueMemberSS{Value: out}, err
	case *types.AttributeValueMemberNS:
		out, err := cleanSet(v.Value, canonicalNumber)
		return &types.AttributeValueMemberNS{Value: out}, err
	case *types.AttributeValueMemberBS:
		out, err := cleanSet(v.Value, func(b []byte) (string, error) { return string(b), nil })
		bs := make([][]byte, len(out))
		for i, s := range out {
			bs[i] = []byte(s)
		}
		return &types.AttributeValueMemberBS{Value: bs}, err
	case *types.AttributeValueMemberL:
		out := make([]types.AttributeValue, len(v.Value))
		for i, e := range v.Value {
			c, err := clean(e)
			if err != nil {
				return nil, err
			}
			out[i] = c
		}
		return &types.AttributeValueMemberL{Value: out}, nil
	case *types.AttributeValueMemberM:
		out, err := cleanMap(v.Value)
		return &types.AttributeValueMemberM{Value: out}, err
	case nil:
		return nil, fmt.Errorf("supplied attribute value is empty, must contain exactly one of the supported datatypes")
	default:
		return nil, fmt.Errorf("unsupported attribute value type %T", v)
	}
}

// cleanMap cleans every value of an item or of an M value.
func cleanMap(m map[string]types.AttributeValue) (map[string]types.AttributeValue, error) {
	out := make(map[string]types.AttributeValue, len(m))
	for name, v := range m {
		c, err := clean(v)
		if err != nil {
			return nil, fmt.Errorf("attribute %q: %w", name, err)
		}
		out[name] = c
	}
	return out, nil
}

// cleanSet returns the canonical strings of a set's elements, rejecting the
// empty and duplicated sets DynamoDB rejects (numbers are duplicates when
// they are equal, however they are written).
func cleanSet[E any](elems []E, canon func(E) (string, error)) ([]string, error) {
	if len(elems) == 0 {
		return nil, fmt.Errorf("a set may not be empty")
	}
	out := make([]string, len(elems))
	for i, e := range elems {
		s, err := canon(e)
		if err != nil {
			return nil, err
		}
		if slices.Contains(out[:i], s) {
			return nil, fmt.Errorf("input collection contains duplicates")
		}
		out[i] = s
	}
	return out, nil
}

// cloneBytes copies a binary value; an empty one stays empty, not nil, as
// DynamoDB returns it.
func cloneBytes(b []byte) []byte { return append([]byte{}, b...) }

// copyItem returns a deep copy of a stored item. Stored items are clean, so
// cleaning one again cannot fail.
func copyItem(item map[string]types.AttributeValue) map[string]types.AttributeValue {
	c, _ := cleanMap(item)
	return c
}
