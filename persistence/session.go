package persistence

import (
	"fmt"
	"reflect"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/intake-runtime/intake/domain"
)

// EncodeSession returns the stored item of s, keys included.
func EncodeSession(s domain.Session) (Item, error) {
	s.Normalize()
	if len(s.Labels) == 0 {
		s.Labels = nil // omitempty keeps an empty list: a session without labels has no attribute
	}
	item, err := encodeRecord(newSessionRecord(s))
	if err != nil {
		return nil, fmt.Errorf("persistence: encode session %s: %w", s.SessionID, err)
	}
	if s.Milestones.IsZero() {
		delete(item, "milestones") // omitempty keeps an empty map: a session without milestones has no attribute
	}
	for name, zero := range sessionDefaults {
		if reflect.DeepEqual(item[name], zero) {
			delete(item, name)
		}
	}
	pk, sk := sessionIndexKeys(s)
	withIndex(item, pk, sk)
	return withKeys(item, Key{PK: SessionPK(s.PhoneNumber), SK: SessionSK(s.SessionID)}), nil
}

// sessionDefaults are the values of session attributes that a decoded
// session has when the attribute is absent (Normalize gives the empty maps
// and list back): a commit pays for every byte of the session, twice, so a
// session leaves them out. Items that hold them read the same.
var sessionDefaults = map[string]types.AttributeValue{
	"qualification_data":           &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{}},
	"cadastral_data":               &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{}},
	"collected_packages":           &types.AttributeValueMemberL{Value: []types.AttributeValue{}},
	"context_enrichment_count":     &types.AttributeValueMemberN{Value: "0"},
	"handoff_renotification_count": &types.AttributeValueMemberN{Value: "0"},
	"retry_count":                  &types.AttributeValueMemberN{Value: "0"},
	"erp_synced":                   &types.AttributeValueMemberBOOL{Value: false},
	"crm_synced":                   &types.AttributeValueMemberBOOL{Value: false},
}

// DecodeSession reads a stored session item of any release, with defaults for
// the fields it lacks.
func DecodeSession(item Item) (domain.Session, error) {
	var r sessionRecord
	if err := decodeRecord(item, &r); err != nil {
		return domain.Session{}, fmt.Errorf("persistence: decode session: %w", err)
	}
	s := r.session()
	s.Normalize()
	return s, nil
}
