package persistence

import (
	"fmt"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/intake-runtime/intake/domain"
)

// sessionRecord is a session as its item holds it. The operational summary
// is one attribute of three shapes (an object, an older release's string, or
// null); storedSummary reads and writes them, and as the shallower field it
// takes the place of the session's own in encoding and decoding alike.
type sessionRecord struct {
	domain.Session
	OperationalSummary storedSummary `dynamodbav:"operational_summary,omitempty"`
}

// newSessionRecord is the record of s.
func newSessionRecord(s domain.Session) sessionRecord {
	return sessionRecord{Session: s, OperationalSummary: storedSummary(s.OperationalSummary)}
}

// session is the session the record holds.
func (r sessionRecord) session() domain.Session {
	s := r.Session
	s.OperationalSummary = domain.Summary(r.OperationalSummary)
	return s
}

// storedSummary is a domain.Summary in the table's shapes.
type storedSummary domain.Summary

// MarshalDynamoDBAttributeValue stores the object as a map, the legacy string
// as a string, and null as NULL (left out of the item by the session encoder).
func (s storedSummary) MarshalDynamoDBAttributeValue() (types.AttributeValue, error) {
	switch {
	case s.Structured != nil:
		o := *s.Structured
		o.Normalize()
		item, err := encodeRecord(o)
		if err != nil {
			return nil, err
		}
		return &types.AttributeValueMemberM{Value: item}, nil
	case s.Legacy != "":
		return str(s.Legacy), nil
	default:
		return &types.AttributeValueMemberNULL{Value: true}, nil
	}
}

// UnmarshalDynamoDBAttributeValue reads a map, a string or NULL.
func (s *storedSummary) UnmarshalDynamoDBAttributeValue(av types.AttributeValue) error {
	switch v := av.(type) {
	case nil, *types.AttributeValueMemberNULL:
		*s = storedSummary{}
	case *types.AttributeValueMemberS:
		*s = storedSummary(domain.LegacySummary(v.Value))
	case *types.AttributeValueMemberM:
		var o domain.OperationalSummary
		if err := decodeRecord(v.Value, &o); err != nil {
			return fmt.Errorf("operational_summary: %w", err)
		}
		*s = storedSummary(domain.StructuredSummary(o))
	default:
		return fmt.Errorf("operational_summary: unsupported attribute type %T", av)
	}
	return nil
}
