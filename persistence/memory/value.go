package memory

import (
	"fmt"
	"reflect"
	"slices"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// clean validates v as DynamoDB validates an attribute value and returns a
// deep copy with numbers in DynamoDB's canonical form. Storing only cleaned
// copies means no caller can reach into the table's maps.
func clean(v types.AttributeValue) (types.AttributeValue, error) {
	if v != nil {
		if rv := reflect.ValueOf(v); rv.Kind() == reflect.Pointer && rv.IsNil() {
			v = nil // a typed nil pointer is as empty as a nil interface
		}
	}
	switch v := v.(type) {
	case *types.AttributeValueMemberS:
		return &types.AttributeValueMemberS{Value: v.Value}, nil
	case *types.AttributeValueMemberN:
		d, err := parseNumber(v.Value)
		if err != nil {
			return nil, err
		}
		return &types.AttributeValueMemberN{Value: d.String()}, nil
	case *types.AttributeValueMemberB:
		return &types.AttributeValueMemberB{Value: slices.Clone(v.Value)}, nil
	case *types.AttributeValueMemberBOOL:
		return &types.AttributeValueMemberBOOL{Value: v.Value}, nil
	case *types.AttributeValueMemberNULL:
		if !v.Value {
			return nil, fmt.Errorf("null attribute value types must have the value of true")
		}
		return &types.AttributeValueMemberNULL{Value: true}, nil
	case *types.AttributeValueMemberSS:
		if err := checkSet(v.Value, func(s string) string { return s }); err != nil {
			return nil, err
		}
		return &types.AttributeValueMemberSS{Value: slices.Clone(v.Value)}, nil
	case *types.AttributeValueMemberNS:
		out := make([]string, len(v.Value))
		for i, s := range v.Value {
			d, err := parseNumber(s)
			if err != nil {
				return nil, err
			}
			out[i] = d.String()
		}
		if err := checkSet(out, func(s string) string { return s }); err != nil {
			return nil, err
		}
		return &types.AttributeValueMemberNS{Value: out}, nil
	case *types.AttributeValueMemberBS:
		if err := checkSet(v.Value, func(b []byte) string { return string(b) }); err != nil {
			return nil, err
		}
		out := make([][]byte, len(v.Value))
		for i, b := range v.Value {
			out[i] = slices.Clone(b)
		}
		return &types.AttributeValueMemberBS{Value: out}, nil
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
		if err != nil {
			return nil, err
		}
		return &types.AttributeValueMemberM{Value: out}, nil
	case nil:
		return nil, fmt.Errorf("supplied attribute value is empty, must contain exactly one of the supported datatypes")
	default:
		return nil, fmt.Errorf("unsupported attribute value type %T", v)
	}
}

// cleanMap cleans every value of m.
func cleanMap(m map[string]types.AttributeValue) (map[string]types.AttributeValue, error) {
	out := make(map[string]types.AttributeValue, len(m))
	for k, e := range m {
		c, err := clean(e)
		if err != nil {
			return nil, fmt.Errorf("attribute %q: %w", k, err)
		}
		out[k] = c
	}
	return out, nil
}

// checkSet rejects the empty and duplicated sets DynamoDB rejects.
func checkSet[E any](elems []E, key func(E) string) error {
	if len(elems) == 0 {
		return fmt.Errorf("a set may not be empty")
	}
	seen := make(map[string]bool, len(elems))
	for _, e := range elems {
		k := key(e)
		if seen[k] {
			return fmt.Errorf("input collection contains duplicates")
		}
		seen[k] = true
	}
	return nil
}

// copyItem returns a deep copy of a stored (already clean) item, so callers
// can change what they get without changing the table.
func copyItem(item map[string]types.AttributeValue) map[string]types.AttributeValue {
	out := make(map[string]types.AttributeValue, len(item))
	for k, v := range item {
		out[k] = copyValue(v)
	}
	return out
}

func copyValue(v types.AttributeValue) types.AttributeValue {
	switch v := v.(type) {
	case *types.AttributeValueMemberB:
		return &types.AttributeValueMemberB{Value: slices.Clone(v.Value)}
	case *types.AttributeValueMemberSS:
		return &types.AttributeValueMemberSS{Value: slices.Clone(v.Value)}
	case *types.AttributeValueMemberNS:
		return &types.AttributeValueMemberNS{Value: slices.Clone(v.Value)}
	case *types.AttributeValueMemberBS:
		out := make([][]byte, len(v.Value))
		for i, b := range v.Value {
			out[i] = slices.Clone(b)
		}
		return &types.AttributeValueMemberBS{Value: out}
	case *types.AttributeValueMemberL:
		out := make([]types.AttributeValue, len(v.Value))
		for i, e := range v.Value {
			out[i] = copyValue(e)
		}
		return &types.AttributeValueMemberL{Value: out}
	case *types.AttributeValueMemberM:
		return &types.AttributeValueMemberM{Value: copyItem(v.Value)}
	case *types.AttributeValueMemberS:
		return &types.AttributeValueMemberS{Value: v.Value}
	case *types.AttributeValueMemberN:
		return &types.AttributeValueMemberN{Value: v.Value}
	case *types.AttributeValueMemberBOOL:
		return &types.AttributeValueMemberBOOL{Value: v.Value}
	case *types.AttributeValueMemberNULL:
		return &types.AttributeValueMemberNULL{Value: v.Value}
	}
	return v
}
