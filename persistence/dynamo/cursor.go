package dynamo

import (
	"encoding/base64"
	"encoding/json"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// A cursor is base64url(JSON) of a LastEvaluatedKey, each attribute in
// DynamoDB's own JSON form ({"S": "..."}, {"N": "..."}, {"B": base64}). Key
// attributes can only be strings, numbers or binaries, so this is lossless.
type cursorValue struct {
	S *string `json:"S,omitempty"`
	N *string `json:"N,omitempty"`
	B []byte  `json:"B,omitempty"`
}

func encodeCursor(key map[string]types.AttributeValue) (string, error) {
	if len(key) == 0 {
		return "", nil
	}
	out := make(map[string]cursorValue, len(key))
	for name, v := range key {
		switch v := v.(type) {
		case *types.AttributeValueMemberS:
			out[name] = cursorValue{S: &v.Value}
		case *types.AttributeValueMemberN:
			out[name] = cursorValue{N: &v.Value}
		case *types.AttributeValueMemberB:
			out[name] = cursorValue{B: v.Value}
		default:
			return "", fmt.Errorf("cursor: key attribute %s has type %T", name, v)
		}
	}
	b, err := json.Marshal(out)
	if err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

func decodeCursor(s string) (map[string]types.AttributeValue, error) {
	if s == "" {
		return nil, nil
	}
	bad := fmt.Errorf("invalid cursor %q", s)
	raw, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return nil, bad
	}
	var in map[string]cursorValue
	if err := json.Unmarshal(raw, &in); err != nil || len(in) == 0 {
		return nil, bad
	}
	key := make(map[string]types.AttributeValue, len(in))
	for name, v := range in {
		switch {
		case v.S != nil && v.N == nil && v.B == nil:
			key[name] = &types.AttributeValueMemberS{Value: *v.S}
		case v.N != nil && v.S == nil && v.B == nil:
			key[name] = &types.AttributeValueMemberN{Value: *v.N}
		case v.B != nil && v.S == nil && v.N == nil:
			key[name] = &types.AttributeValueMemberB{Value: v.B}
		default:
			return nil, bad
		}
	}
	return key, nil
}
