package persistence

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Operators live in one partition, OPERATOR / <phone> (the phone in the
// canonical form of messaging.NormalizeSender): the one roster handoff
// notices, transfers and the console's login and lists read.
// OPERATOR_PHONES only seeds it (Seed); admins add an operator, name one,
// disable one (never notified, never a transfer target, login and sessions
// refused) or turn on their signature on messages to customers.
const operatorPK = "OPERATOR"

// MaxOperators bounds the operator list read back.
const MaxOperators = 1000

// OperatorRecord is one operator as admins manage them.
type OperatorRecord struct {
	Phone    string `dynamodbav:"phone" json:"phone"`
	Name     string `dynamodbav:"name,omitempty" json:"name"`
	Disabled bool   `dynamodbav:"disabled,omitempty" json:"disabled"`
	// Signature prefixes the operator's messages to customers with their
	// name in bold ("*Ana*: "); off by default.
	Signature bool      `dynamodbav:"signature,omitempty" json:"signature"`
	UpdatedAt time.Time `dynamodbav:"updated_at" json:"updated_at"`
}

// Signed is text as the customer receives it from the operator: with the
// "*Name*: " prefix when their signature is on and they have a name.
func (o OperatorRecord) Signed(text string) string {
	name := strings.TrimSpace(o.Name)
	if !o.Signature || name == "" {
		return text
	}
	return "*" + name + "*: " + text
}

// OperatorRoster stores the operators admins manage. It is safe for
// concurrent use.
type OperatorRoster struct {
	table Table
}

// NewOperatorRoster returns the operator repository over table.
func NewOperatorRoster(table Table) *OperatorRoster { return &OperatorRoster{table: table} }

func operatorKey(phone string) Key { return Key{PK: operatorPK, SK: phone} }

// Get returns the record of phone; ErrNotFound when admins never set one.
func (r *OperatorRoster) Get(ctx context.Context, phone string) (OperatorRecord, error) {
	item, err := r.table.Get(ctx, operatorKey(phone))
	if err != nil {
		return OperatorRecord{}, fmt.Errorf("persistence: operator: %w", err)
	}
	var o OperatorRecord
	if err := decodeRecord(item, &o); err != nil {
		return OperatorRecord{}, fmt.Errorf("persistence: decode operator: %w", err)
	}
	return o, nil
}

// Put creates or replaces the record of o.Phone (normalised by the caller).
func (r *OperatorRoster) Put(ctx context.Context, o OperatorRecord) error {
	o.Name, o.UpdatedAt = strings.TrimSpace(o.Name), o.UpdatedAt.UTC()
	item, err := encodeRecord(o)
	if err != nil {
		return fmt.Errorf("persistence: encode operator: %w", err)
	}
	if err := r.table.Put(ctx, withKeys(item, operatorKey(o.Phone)), nil); err != nil {
		return fmt.Errorf("persistence: put operator: %w", err)
	}
	return nil
}

// List returns the records ordered by phone.
func (r *OperatorRoster) List(ctx context.Context) ([]OperatorRecord, error) {
	items, err := queryAll(ctx, r.table, Query{PK: operatorPK}, MaxOperators)
	if err != nil {
		return nil, fmt.Errorf("persistence: operators: %w", err)
	}
	return decodeRecords[OperatorRecord](items, "operator")
}

// Seed creates an enabled record for each of phones (canonical, as Put
// expects) the roster lacks, and returns how many it created. A phone
// already in the roster is left as admins set it: a disabled operator stays
// disabled however often the service starts with them in OPERATOR_PHONES.
// Each create is conditional on the item being absent, so nodes starting
// together never overwrite an admin's change.
func (r *OperatorRoster) Seed(ctx context.Context, phones []string, now time.Time) (int, error) {
	created := 0
	for _, phone := range phones {
		item, err := encodeRecord(OperatorRecord{Phone: phone, UpdatedAt: now.UTC()})
		if err != nil {
			return created, fmt.Errorf("persistence: encode operator: %w", err)
		}
		err = r.table.Put(ctx, withKeys(item, operatorKey(phone)), NotExists(AttrPK).Ptr())
		switch {
		case errors.Is(err, ErrConflict):
			continue
		case err != nil:
			return created, fmt.Errorf("persistence: seed operator: %w", err)
		}
		created++
	}
	return created, nil
}
