package persistence_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// A reaction lands on the message it reacts to; the newest one wins whatever
// the order of the callbacks, and taking it back leaves none.
func TestMessagesReactionKeepsTheNewest(t *testing.T) {
	ctx := context.Background()
	messages := persistence.NewMessages(newTable(t))
	m := logMessage("sess-1", 0)
	m.Direction = domain.DirectionOutbound
	must(t, messages.Append(ctx, m))
	if err := messages.SetReaction(ctx, "wamid.OUT", "👍", t0); !errors.Is(err, persistence.ErrNotFound) {
		t.Fatalf("reaction to an unknown message = %v, want ErrNotFound", err)
	}
	must(t, messages.SetProviderMessageID(ctx, m, "wamid.OUT"))

	steps := []struct {
		emoji  string
		at     time.Time
		want   string
		wantAt time.Time
	}{
		{"👍", t0, "👍", t0},
		{"❤️", t2, "❤️", t2},
		{"😮", t1, "❤️", t2}, // late callback
		{"", t2.Add(time.Second), "", t2.Add(time.Second)},
		{"", t2.Add(time.Second), "", t2.Add(time.Second)}, // redelivery
	}
	for _, step := range steps {
		must(t, messages.SetReaction(ctx, "wamid.OUT", step.emoji, step.at))
		got, err := messages.List(ctx, phone, "sess-1")
		must(t, err)
		if got[0].Reaction != step.want || got[0].ReactionAt == nil || !got[0].ReactionAt.Equal(step.wantAt) {
			t.Errorf("after %q at %v: reaction %q at %v, want %q at %v", step.emoji, step.at, got[0].Reaction, got[0].ReactionAt, step.want, step.wantAt)
		}
	}
}
