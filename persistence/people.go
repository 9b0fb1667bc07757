package persistence

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"

	"github.com/intake-runtime/intake/domain"
)

// PersonKind names a kind of item held about a person (LGPD's data subject):
// the groups of an export and of the counts the admin page shows.
type PersonKind string

// The kinds People finds. A PersonFinder adds its own.
const (
	PersonActivePointer PersonKind = "active_pointer"
	PersonSessions      PersonKind = "sessions"
	PersonMessages      PersonKind = "messages"
	PersonReceipts      PersonKind = "receipts"
	PersonPendingMarker PersonKind = "pending_marker"
	PersonDebounce      PersonKind = "debounce_buffer"
	PersonNotes         PersonKind = "notes"
	PersonDemands       PersonKind = "demands"
	PersonProjections   PersonKind = "projections"
	PersonSearch        PersonKind = "search_lookups"
	PersonOperator      PersonKind = "operator"
	PersonLogins        PersonKind = "logins"
)

// eraseOrder is the order an erasure deletes kinds in: the items found
// through others first (receipts through the message log, lookups and
// projections through the sessions), the phone's own partition last, so an
// erasure cut short still finds, when rerun, every item it has not deleted.
var eraseOrder = []PersonKind{
	PersonReceipts, PersonSearch, PersonProjections, PersonDemands, PersonNotes,
	PersonPendingMarker, PersonDebounce, PersonLogins, PersonOperator,
	PersonMessages, PersonSessions, PersonActivePointer,
}

// A PersonFinder finds the items of one more kind held about a person in
// the same table (an audit trail's entries about the phone, say): People
// exports and erases them with the rest. phones are every form of the
// person's number.
type PersonFinder interface {
	Kind() PersonKind
	Find(ctx context.Context, phones []string) ([]Item, error)
}

// PersonData is every item held about one person, by kind.
type PersonData struct {
	// Phones are the forms of the number looked up, the canonical first.
	Phones []string
	Items  map[PersonKind][]Item
}

// Counts is how many items of each kind are held; kinds without any are
// left out.
func (d PersonData) Counts() map[PersonKind]int {
	counts := map[PersonKind]int{}
	for kind, items := range d.Items {
		if len(items) > 0 {
			counts[kind] = len(items)
		}
	}
	return counts
}

// Total is how many items are held.
func (d PersonData) Total() int {
	n := 0
	for _, items := range d.Items {
		n += len(items)
	}
	return n
}

// Export is the items as plain values (JSON-ready), attributes as stored.
func (d PersonData) Export() (map[PersonKind][]map[string]any, error) {
	out := make(map[PersonKind][]map[string]any, len(d.Items))
	for kind, items := range d.Items {
		plain := make([]map[string]any, 0, len(items))
		for _, item := range items {
			if kind == PersonMessages {
				item = expandMessage(item) // as written before compactMessage
			}
			var m map[string]any
			if err := attributevalue.UnmarshalMap(item, &m); err != nil {
				return nil, fmt.Errorf("persistence: export %s: %w", kind, err)
			}
			plain = append(plain, m)
		}
		out[kind] = plain
	}
	return out, nil
}

// People finds, exports and erases what the table holds about a person.
// It is safe for concurrent use.
type People struct {
	table   Table
	finders []PersonFinder
}

// NewPeople returns the people repository over table; finders add kinds
// kept by other parts of the service.
func NewPeople(table Table, finders ...PersonFinder) *People {
	return &People{table: table, finders: finders}
}

// Find collects every item held about the person whose number has the forms
// phones (both ninth-digit forms of a Brazilian mobile are one person). It
// reads each phone's partitions, the items they point to, and the demand
// partition (filtered by phone: demands are few, one partition).
func (r *People) Find(ctx context.Context, phones []string) (PersonData, error) {
	d := PersonData{Phones: phones, Items: map[PersonKind][]Item{}}
	for _, phone := range phones {
		if err := r.findPhone(ctx, phone, &d); err != nil {
			return PersonData{}, fmt.Errorf("persistence: find person: %w", err)
		}
	}
	if err := r.findPointed(ctx, &d); err != nil {
		return PersonData{}, fmt.Errorf("persistence: find person: %w", err)
	}
	demands, err := queryAll(ctx, r.table, Query{PK: DemandPK}, 0)
	if err != nil {
		return PersonData{}, fmt.Errorf("persistence: find person: %w", err)
	}
	for _, item := range demands {
		if slices.Contains(phones, stringAttr(item, "phone_number")) {
			d.Items[PersonDemands] = append(d.Items[PersonDemands], item)
		}
	}
	for _, f := range r.finders {
		items, err := f.Find(ctx, phones)
		if err != nil {
			return PersonData{}, fmt.Errorf("persistence: find person's %s: %w", f.Kind(), err)
		}
		d.Items[f.Kind()] = append(d.Items[f.Kind()], items...)
	}
	return d, nil
}

// findPhone reads the partitions keyed by one form of the number.
func (r *People) findPhone(ctx context.Context, phone string, d *PersonData) error {
	own, err := queryAll(ctx, r.table, Query{PK: SessionPK(phone)}, 0)
	if err != nil {
		return err
	}
	for _, item := range own {
		switch KindOf(item) {
		case KindActivePointer:
			d.Items[PersonActivePointer] = append(d.Items[PersonActivePointer], item)
		case KindSession:
			d.Items[PersonSessions] = append(d.Items[PersonSessions], item)
		case KindMessage:
			d.Items[PersonMessages] = append(d.Items[PersonMessages], item)
		}
	}
	for _, q := range []struct {
		kind PersonKind
		pk   string
	}{{PersonNotes, notePK(phone)}, {PersonLogins, "LOGIN#" + phone}} {
		items, err := queryAll(ctx, r.table, Query{PK: q.pk}, 0)
		if err != nil {
			return err
		}
		d.Items[q.kind] = append(d.Items[q.kind], items...)
	}
	for _, g := range []struct {
		kind PersonKind
		key  Key
	}{
		{PersonPendingMarker, Key{PK: LatestPK(phone), SK: LatestSK}},
		{PersonDebounce, Key{PK: DebouncePK(phone), SK: BufferSK}},
		{PersonOperator, operatorKey(phone)},
	} {
		if err := r.get(ctx, g.key, g.kind, d); err != nil {
			return err
		}
	}
	return nil
}

// findPointed reads the items the person's own items point to: the
// projection and search lookups of each session, the receipt of each
// inbound message (its ID and those merged into its turn).
func (r *People) findPointed(ctx context.Context, d *PersonData) error {
	for _, item := range d.Items[PersonSessions] {
		id := stringAttr(item, attrActiveID)
		if err := r.get(ctx, Key{PK: ProjectionPK(id), SK: ProjectionSK}, PersonProjections, d); err != nil {
			return err
		}
		keys := stringsAttr(item, "search_keys")
		if s, err := DecodeSession(item); err == nil {
			keys = append(keys, wantedSearchKeys(s)...)
		}
		slices.Sort(keys)
		for _, k := range slices.Compact(keys) {
			if err := r.get(ctx, searchKey(k), PersonSearch, d); err != nil {
				return err
			}
		}
	}
	for _, item := range d.Items[PersonMessages] {
		if stringAttr(item, "direction") != string(domain.DirectionInbound) {
			continue
		}
		for _, id := range append([]string{stringAttr(expandMessage(item), "message_id")}, stringsAttr(item, "debounced_with")...) {
			if err := r.get(ctx, receiptKey(id), PersonReceipts, d); err != nil {
				return err
			}
		}
	}
	return nil
}

// get adds the item at key to kind when it exists.
func (r *People) get(ctx context.Context, key Key, kind PersonKind, d *PersonData) error {
	item, err := r.table.Get(ctx, key)
	switch {
	case errors.Is(err, ErrNotFound):
		return nil
	case err != nil:
		return err
	}
	d.Items[kind] = append(d.Items[kind], item)
	return nil
}
