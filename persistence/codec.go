package persistence

import (
	"time"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// recordEncoder and recordDecoder are built once: they hold only their
// options and are safe for concurrent use, and a record is encoded or
// decoded on every table write and read.
var (
	recordEncoder = attributevalue.NewEncoder(func(o *attributevalue.EncoderOptions) {
		o.EncodeTime = func(t time.Time) (types.AttributeValue, error) {
			return str(FormatTime(t)), nil
		}
		o.OmitNullAttributeValues = true
	})
	recordDecoder = attributevalue.NewDecoder(func(o *attributevalue.DecoderOptions) {
		o.DecodeTime.S = ParseTime
	})
)

// encodeRecord marshals a record into an item without keys. Timestamps use
// TimeLayout; attributes tagged omitempty that are null are left out, so a
// null field costs nothing and older readers never see a new attribute.
func encodeRecord(v any) (Item, error) {
	av, err := recordEncoder.Encode(v)
	if m, ok := av.(*types.AttributeValueMemberM); ok && err == nil {
		return m.Value, nil
	}
	return Item{}, err // as attributevalue.MarshalMap: a value that is no map encodes empty
}

// decodeRecord unmarshals an item into a record. Key attributes are ignored
// because no record declares them; absent and NULL attributes both leave the
// zero value, which each record's normalize turns into its default.
func decodeRecord(item Item, out any) error {
	return recordDecoder.Decode(&types.AttributeValueMemberM{Value: item}, out)
}

// withKeys adds the table keys to an encoded record.
func withKeys(item Item, key Key) Item {
	item[AttrPK], item[AttrSK] = strPair(key.PK, key.SK)
	return item
}

// withIndex adds the gsi1 keys to an encoded record.
func withIndex(item Item, pk, sk string) Item {
	item[AttrGSI1PK], item[AttrGSI1SK] = strPair(pk, sk)
	return item
}

// strPair is str of a and b in one allocation: every item written has a
// pair of keys, and an indexed one two.
func strPair(a, b string) (types.AttributeValue, types.AttributeValue) {
	pair := &[2]types.AttributeValueMemberS{{Value: a}, {Value: b}}
	return &pair[0], &pair[1]
}

// KeyOf reads the table keys of a stored item, as a query or a scan returns
// it: what code outside persistence needs of an item, without reading its raw
// attributes.
func KeyOf(item Item) Key {
	return Key{PK: stringAttr(item, AttrPK), SK: stringAttr(item, AttrSK)}
}

// stringAttr reads a string attribute; absent or of another type reads as "".
func stringAttr(item Item, name string) string {
	if s, ok := item[name].(*types.AttributeValueMemberS); ok {
		return s.Value
	}
	return ""
}

func str(s string) types.AttributeValue { return &types.AttributeValueMemberS{Value: s} }
