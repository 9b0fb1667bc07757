package handoff_test

import (
	"context"
	"testing"

	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
)

// Operators who set themselves away are not texted about handoffs or
// reminders; when everyone is away, everyone is texted all the same.
func TestMessagingNotifierSkipsOperatorsAway(t *testing.T) {
	ctx := context.Background()
	p := newPlatform(t, nil)
	away := persistence.NewAvailabilities(memory.New())
	notifier, err := handoff.NewMessagingNotifier(handoff.MessagingConfig{
		Operators:    []string{"+551140000001", "+551140000002", "+551140000003"},
		Availability: away,
	}, p.client(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	notify := func() []string {
		before := len(p.sends())
		if _, err := notifier.Notify(ctx, handoff.Notice{Session: waitingSession("s", "+5511999990000", t0), QueuePosition: 1}); err != nil {
			t.Fatal(err)
		}
		var to []string
		for _, s := range p.sends()[before:] {
			to = append(to, s.To)
		}
		return to
	}
	set := func(op string, isAway bool) {
		if err := away.Set(ctx, persistence.Availability{Operator: op, Away: isAway, At: t0}); err != nil {
			t.Fatal(err)
		}
	}
	set("+551140000002", true)
	set("+551140000003", false)
	if to := notify(); len(to) != 2 || to[0] != "551140000001" || to[1] != "551140000003" {
		t.Errorf("with the second away, texted %v", to)
	}
	set("+551140000001", true)
	set("+551140000003", true)
	if to := notify(); len(to) != 3 {
		t.Errorf("with everyone away, texted %v, want everyone", to)
	}
}
