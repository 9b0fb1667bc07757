package persistence_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// putLegacyBuffer stores a debounce buffer as an older release did: the item,
// listed under the one gsi1 key those releases used.
func putLegacyBuffer(t *testing.T, table persistence.Table, phone string, turns ...domain.InboundTurn) {
	t.Helper()
	item, err := persistence.EncodeBuffer(persistence.DebounceBuffer{PhoneNumber: phone, Turns: turns})
	must(t, err)
	item[persistence.AttrGSI1PK] = &types.AttributeValueMemberS{Value: "DEBOUNCE"}
	item[persistence.AttrGSI1SK] = &types.AttributeValueMemberS{Value: phone}
	must(t, table.Put(context.Background(), item, nil))
}

// Intake reads the buffers older releases left, and finds their phones, so
// an upgrade answers what they held.
func TestBuffersLeftByOlderReleases(t *testing.T) {
	ctx := context.Background()
	table := newTable(t)
	buffers := persistence.NewDebounceBuffers(table)
	if got, err := buffers.Load(ctx, phone); err != nil || got == nil || len(got) != 0 {
		t.Errorf("Load without a buffer = %#v, %v; want an empty list", got, err)
	}
	second := fullTurn()
	second.MessageID, second.Content, second.ReceivedAt = "wamid.IN2", "e baterias?", t1
	turns := []domain.InboundTurn{fullTurn(), second}
	putLegacyBuffer(t, table, phone, turns...)
	got, err := buffers.Load(ctx, phone)
	must(t, err)
	if !reflect.DeepEqual(got, turns) {
		t.Errorf("Load = %#v, want %#v", got, turns)
	}
	phones, err := buffers.Phones(ctx)
	must(t, err)
	if !reflect.DeepEqual(phones, []string{phone}) {
		t.Errorf("phones = %q, want [%s]", phones, phone)
	}
}
