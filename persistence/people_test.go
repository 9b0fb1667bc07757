package persistence_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"

	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/persistencetest"
)

const (
	personPhone = "+5511988887777"
	personOld   = "+551188887777" // the same mobile without its ninth digit
	personCPF   = "52998224725"
)

// crashAfter fails every BatchWrite after the first n, as a process killed
// midway through an erasure would leave the table.
type crashAfter struct {
	persistence.Table
	n int
}

func (c *crashAfter) BatchWrite(ctx context.Context, puts []persistence.Item, deletes []persistence.Key) error {
	if c.n == 0 {
		return errors.New("killed")
	}
	c.n--
	return c.Table.BatchWrite(ctx, puts, deletes)
}

// TestPeopleFindsEverythingAndEraseResumes: what a conversation leaves about
// a person, under both forms of the number, is found whole; an erasure cut
// short after two batches, rerun, leaves no item with the number or the
// CPF anywhere in the table, another customer's items untouched, a tombstone
// with the CRM and ERP records gathered before the first deletion.
func TestPeopleFindsEverythingAndEraseResumes(t *testing.T) {
	ctx := t.Context()
	table := newTable(t)
	n, err := persistencetest.SeedPerson(ctx, table, personPhone, personOld, personCPF, 30, t0)
	must(t, err)
	others, err := persistencetest.SeedPerson(ctx, table, "+5521977776666", "+552177776666", "11144477735", 2, t0)
	must(t, err)
	people := persistence.NewPeople(table)
	phones := []string{personPhone, personOld}

	data, err := people.Find(ctx, phones)
	must(t, err)
	if data.Total() != n {
		t.Errorf("found %d items (%v), want the %d seeded", data.Total(), data.Counts(), n)
	}
	for _, kind := range []persistence.PersonKind{
		persistence.PersonActivePointer, persistence.PersonSessions, persistence.PersonMessages, persistence.PersonReceipts,
		persistence.PersonNotes, persistence.PersonDemands, persistence.PersonProjections, persistence.PersonSearch,
		persistence.PersonPendingMarker, persistence.PersonDebounce,
	} {
		if data.Counts()[kind] == 0 {
			t.Errorf("nothing found of kind %s", kind)
		}
	}
	if _, err := data.Export(); err != nil {
		t.Fatal(err)
	}

	_, err = persistence.NewPeople(&crashAfter{Table: table, n: 2}).Erase(ctx, phones, "api", t1)
	if err == nil {
		t.Fatal("the erasure cut short reported success")
	}
	e, err := people.Erase(ctx, phones, "+5511900000002", t2)
	must(t, err)
	if e.RequestedBy != "api" || len(e.Records) != 3 || e.ErasedAt == nil {
		t.Errorf("erasure = %+v, want the first requester and the contact, deal and ERP customer", e)
	}

	left := 0
	for _, item := range allItems(t, table) {
		text := plain(t, item)
		for _, banned := range []string{"988887777", "88887777", personCPF, "529.982.247-25"} {
			if strings.Contains(text, banned) {
				t.Errorf("after the erasure an item still holds %q: %s", banned, text)
			}
		}
		if strings.Contains(text, "77776666") {
			left++
		}
	}
	if left != others {
		t.Errorf("the other customer has %d items left, want all %d", left, others)
	}
	tombs, err := people.Tombstones(ctx, personPhone)
	must(t, err)
	if len(tombs) != 1 || tombs[0].PhoneHash == "" || strings.Contains(tombs[0].PhoneHash, "88887777") {
		t.Errorf("tombstones = %+v, want one, keyed by a hash", tombs)
	}
}

// plain is an item as JSON text, keys included.
func plain(t *testing.T, item persistence.Item) string {
	t.Helper()
	var m map[string]any
	must(t, attributevalue.UnmarshalMap(item, &m))
	b, err := json.Marshal(m)
	must(t, err)
	return string(b)
}
