package persistence_test

import (
	"context"
	"testing"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// Every record tells its kind by its keys, as the repositories store it.
func TestKindOf(t *testing.T) {
	encoded := func(item persistence.Item, err error) persistence.Item {
		t.Helper()
		must(t, err)
		return item
	}
	buffer := persistence.DebounceBuffer{PhoneNumber: "+5511999990000", Turns: []domain.InboundTurn{fullTurn()}}
	tests := []struct {
		name string
		item persistence.Item
		want persistence.ItemKind
	}{
		{"session", encoded(persistence.EncodeSession(fullSession())), persistence.KindSession},
		{"message", encoded(persistence.EncodeMessage(fullMessage())), persistence.KindMessage},
		{"projection", encoded(persistence.EncodeProjection(fullProjection())), persistence.KindProjection},
		{"receipt", encoded(persistence.EncodeReceipt(fullReceipt())), persistence.KindOther},
		{"debounce buffer", encoded(persistence.EncodeBuffer(buffer)), persistence.KindOther},
		{"demand", encoded(persistence.EncodeDemand(fullDemand())), persistence.KindOther},
		{"no keys", persistence.Item{}, persistence.KindOther},
	}
	for _, tc := range tests {
		if got := persistence.KindOf(tc.item); got != tc.want {
			t.Errorf("%s: KindOf = %d, want %d", tc.name, got, tc.want)
		}
	}
}

// A phone's active pointer reads back as its phone and session, before and
// after a reset; the filter keeps pointers only.
func TestActivePointers(t *testing.T) {
	ctx := context.Background()
	table := newTable(t)
	sessions := persistence.NewSessions(table)
	s := fullSession()
	_, err := sessions.Create(ctx, s)
	must(t, err)
	pointer := func() (phone, id string) {
		t.Helper()
		page, err := table.Scan(ctx, persistence.Scan{Filter: persistence.ActivePointers().Ptr()})
		must(t, err)
		if len(page.Items) != 1 || persistence.KindOf(page.Items[0]) != persistence.KindActivePointer {
			t.Fatalf("the filter kept %d items, want the pointer alone: %v", len(page.Items), page.Items)
		}
		return persistence.DecodeActivePointer(page.Items[0])
	}
	if phone, id := pointer(); phone != s.PhoneNumber || id != s.SessionID {
		t.Errorf("pointer = %s → %s, want %s → %s", phone, id, s.PhoneNumber, s.SessionID)
	}
	must(t, sessions.Reset(ctx, s.PhoneNumber))
	if phone, id := pointer(); phone != s.PhoneNumber || id != persistence.ResetPointer {
		t.Errorf("pointer after reset = %s → %s, want %s → %s", phone, id, s.PhoneNumber, persistence.ResetPointer)
	}
}
