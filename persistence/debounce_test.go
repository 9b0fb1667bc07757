package persistence_test

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/intake-runtime/intake/persistence"
)

func TestDebounceBuffer(t *testing.T) {
	ctx := context.Background()
	table := newTable(t)
	buffers := persistence.NewDebounceBuffers(table)
	load := func() []persistence.InboundTurn {
		t.Helper()
		turns, err := buffers.Load(ctx, phone)
		must(t, err)
		return turns
	}
	if got := load(); got == nil || len(got) != 0 {
		t.Errorf("Load without a buffer = %#v, want an empty list", got)
	}

	second := fullTurn()
	second.MessageID, second.Content, second.ReceivedAt = "wamid.IN2", "e baterias?", t1
	turns := []persistence.InboundTurn{fullTurn(), second}
	must(t, buffers.Save(ctx, phone, turns))
	if got := load(); !reflect.DeepEqual(got, turns) {
		t.Errorf("Load = %#v, want %#v", got, turns)
	}

	must(t, buffers.Save(ctx, phone, nil))
	if _, err := table.Get(ctx, persistence.DebounceBuffer{PhoneNumber: phone}.Key()); err == nil {
		t.Error("saving no turns must delete the buffer item")
	}

	must(t, buffers.Save(ctx, phone, turns))
	must(t, buffers.Clear(ctx, phone))
	must(t, buffers.Clear(ctx, phone))
	if got := load(); len(got) != 0 {
		t.Errorf("Load after Clear = %v", got)
	}
}

func TestBufferedPhonesAreListed(t *testing.T) {
	ctx := context.Background()
	buffers := persistence.NewDebounceBuffers(newTable(t))
	turn := persistence.InboundTurn{PhoneNumber: "+551100000001", MessageID: "m1", Content: "oi", ReceivedAt: time.Unix(0, 0)}
	for _, phone := range []string{"+551100000001", "+551100000002"} {
		turn.PhoneNumber = phone
		if err := buffers.Save(ctx, phone, []persistence.InboundTurn{turn}); err != nil {
			t.Fatal(err)
		}
	}
	if err := buffers.Clear(ctx, "+551100000002"); err != nil {
		t.Fatal(err)
	}
	phones, err := buffers.Phones(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(phones) != 1 || phones[0] != "+551100000001" {
		t.Errorf("phones = %q, want only the phone that still has a buffer", phones)
	}
}
