package persistence

import (
	"strconv"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// valueEncoder encodes what MarshalValue has no shortcut for, with the
// options of attributevalue.Marshal; built once, it is safe for concurrent
// use.
var valueEncoder = attributevalue.NewEncoder()

// MarshalValue is attributevalue.Marshal for one value of an Update's Set or
// a Condition. Strings, integers and booleans, nearly all of them, are
// encoded directly: Marshal builds a new encoder on every call, and a turn
// makes dozens of them.
func MarshalValue(v any) (types.AttributeValue, error) {
	switch v := v.(type) {
	case string:
		return &types.AttributeValueMemberS{Value: v}, nil
	case int:
		return &types.AttributeValueMemberN{Value: strconv.Itoa(v)}, nil
	case int64:
		return &types.AttributeValueMemberN{Value: strconv.FormatInt(v, 10)}, nil
	case bool:
		return &types.AttributeValueMemberBOOL{Value: v}, nil
	}
	return valueEncoder.Encode(v)
}
