package memory

import "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

// clean validates v as DynamoDB validates an attribute value and returns a
// copy with numbers in canonical form: the value frozen and thawed, so
// condition and update values follow exactly the rules of stored items.
func clean(v types.AttributeValue) (types.AttributeValue, error) {
	buf, err := appendValue(nil, v)
	if err != nil {
		return nil, err
	}
	r := reader{buf: buf}
	return r.readValue(), nil
}
