package persistence

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Operators live in one partition, OPERATOR / <phone> (the phone in the
// canonical form of messaging.NormalizeSender): the one roster of people
// handoff notices, transfers, the console's login and lists and the admin
// login read. OPERATOR_PHONES and ADMIN_PHONES only seed it (Seed,
// SeedAdmins); admins add a person, name one, make one an admin, disable one
// (never notified, never a transfer target, logins and sessions refused) or
// turn on their signature on messages to customers.
const operatorPK = "OPERATOR"

// attrRole is the stored name of OperatorRecord.Role: SeedAdmins promotes
// only a record without it.
const attrRole = "role"

// Role is what a person of the roster may do. Every person is an operator
// (console, notices, transfers); an admin also runs the business in /admin.
type Role string

// The roles. A record written before roles existed has none and reads as
// RoleOperator (see OperatorRecord.Admin).
const (
	RoleOperator Role = "operator"
	RoleAdmin    Role = "admin"
)

// MaxOperators bounds the operator list read back.
const MaxOperators = 1000

// OperatorRecord is one operator as admins manage them.
type OperatorRecord struct {
	Phone    string `dynamodbav:"phone" json:"phone"`
	Name     string `dynamodbav:"name,omitempty" json:"name"`
	Disabled bool   `dynamodbav:"disabled,omitempty" json:"disabled"`
	// Signature prefixes the operator's messages to customers with their
	// name in bold ("*Ana*: "); off by default.
	Signature bool `dynamodbav:"signature,omitempty" json:"signature"`
	// Role is RoleOperator or RoleAdmin; Put stores RoleOperator for an
	// empty one, so only records older than roles lack it.
	Role      Role      `dynamodbav:"role,omitempty" json:"role"`
	UpdatedAt time.Time `dynamodbav:"updated_at" json:"updated_at"`
}

// Admin reports whether o may run the business in /admin: role admin, and
// not disabled.
func (o OperatorRecord) Admin() bool { return o.Role == RoleAdmin && !o.Disabled }

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
	if o.Role != RoleAdmin {
		o.Role = RoleOperator
	}
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

// Seed creates an enabled operator for each of phones (canonical, as Put
// expects) the roster lacks, and returns how many it created. A phone
// already in the roster is left as admins set it: a disabled operator stays
// disabled however often the service starts with them in OPERATOR_PHONES.
// Each create is conditional on the item being absent, so nodes starting
// together never overwrite an admin's change.
func (r *OperatorRoster) Seed(ctx context.Context, phones []string, now time.Time) (int, error) {
	return r.seed(ctx, phones, RoleOperator, now)
}

// SeedAdmins is Seed for ADMIN_PHONES: the owners it creates are admins.
// Run it before Seed, so that a number in both lists is an admin. A record
// written before roles existed (no role stored) is made an admin too, in one
// conditional update that changes nothing else: an owner who was already an
// operator keeps their way into /admin. A role admins set is never changed.
func (r *OperatorRoster) SeedAdmins(ctx context.Context, phones []string, now time.Time) (int, error) {
	created, err := r.seed(ctx, phones, RoleAdmin, now)
	if err != nil {
		return created, err
	}
	for _, phone := range phones {
		_, err := r.table.Update(ctx, operatorKey(phone), Update{Set: map[string]any{attrRole: string(RoleAdmin)}},
			And(Exists(AttrPK), NotExists(attrRole)).Ptr())
		if err != nil && !errors.Is(err, ErrConflict) {
			return created, fmt.Errorf("persistence: seed admin: %w", err)
		}
	}
	return created, nil
}

func (r *OperatorRoster) seed(ctx context.Context, phones []string, role Role, now time.Time) (int, error) {
	created := 0
	for _, phone := range phones {
		item, err := encodeRecord(OperatorRecord{Phone: phone, Role: role, UpdatedAt: now.UTC()})
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
