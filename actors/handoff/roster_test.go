package handoff_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
)

// Handoff notices go to the roster's enabled people: one admins disabled is
// never told (though OPERATOR_PHONES seeded them), one admins added is.
func TestMessagingNotifierTellsTheRoster(t *testing.T) {
	ctx := context.Background()
	roster := persistence.NewOperatorRoster(memory.New())
	if _, err := roster.Seed(ctx, []string{"+5511400000001", "+5511400000002"}, t0); err != nil {
		t.Fatal(err)
	}
	for _, o := range []persistence.OperatorRecord{
		{Phone: "+5511400000001", Name: "Bia", Disabled: true},
		{Phone: "+5511988887777", Name: "Ana"}, // added in admin only
	} {
		if err := roster.Put(ctx, o); err != nil {
			t.Fatal(err)
		}
	}
	p := newPlatform(t, nil)
	notifier, err := handoff.NewMessagingNotifier(handoff.MessagingConfig{Roster: handoff.NewRoster(roster, 0, nil)}, p.client(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := notifier.Notify(ctx, handoff.Notice{Session: waitingSession("sess-1", "+5511999990000", t0), QueuePosition: 1, At: t0})
	if err != nil || !res.Notified {
		t.Fatalf("Notify = %+v, %v; want notified", res, err)
	}
	sends := p.sends()
	if len(sends) != 2 || sends[0].To != "5511400000002" || sends[1].To != "5511988887777" {
		t.Fatalf("platform received %+v, want the seeded enabled operator and the admin-added one, never the disabled one", sends)
	}
}

// countingRoster counts the table reads behind a Roster.
type countingRoster struct {
	records []persistence.OperatorRecord
	err     error
	reads   int
}

func (c *countingRoster) List(context.Context) ([]persistence.OperatorRecord, error) {
	c.reads++
	return c.records, c.err
}

// A Roster reads the table once per TTL, not once per notice: a burst of
// handoffs costs one query. Unreadable, it serves the last list it read, and
// fails only when it never read one.
func TestRosterReadsOncePerTTL(t *testing.T) {
	ctx := context.Background()
	now := t0
	src := &countingRoster{records: []persistence.OperatorRecord{
		{Phone: "+55 11 98888-7777"}, {Phone: "+5511400000001", Disabled: true}, {Phone: "no digits"},
	}}
	r := handoff.NewRoster(src, 10*time.Second, func() time.Time { return now })
	steps := []struct {
		name    string
		advance time.Duration
		err     error
		reads   int
		active  int
	}{
		{"first notice reads the table", 0, nil, 1, 1},
		{"100 notices within the TTL read nothing more", 9 * time.Second, nil, 1, 1},
		{"after the TTL the table is read again", 2 * time.Second, nil, 2, 1},
		{"an unreadable table serves the last list", 11 * time.Second, errors.New("down"), 3, 1},
	}
	for _, s := range steps {
		now, src.err = now.Add(s.advance), s.err
		var got handoff.Operators
		for range 100 {
			var err error
			if got, err = r.Active(ctx); err != nil {
				t.Fatalf("%s: %v", s.name, err)
			}
		}
		if src.reads != s.reads || len(got) != s.active || got[0] != "+5511988887777" {
			t.Errorf("%s: %d reads, active %v; want %d reads, %d canonical operator(s)", s.name, src.reads, got, s.reads, s.active)
		}
	}
	cold := handoff.NewRoster(&countingRoster{err: errors.New("down")}, 0, nil)
	if _, err := cold.Active(ctx); err == nil {
		t.Error("a roster never read reported no error")
	}
}

// Operators' own messages are recognised from the roster's last read: one
// added in admin is routed as an operator's, one disabled is a customer's
// message, and recognising them reads nothing (Known never reads the table).
func TestOperatorMessagesFollowTheRoster(t *testing.T) {
	ctx := context.Background()
	src := &countingRoster{records: []persistence.OperatorRecord{
		{Phone: "+5511400000001", Disabled: true}, {Phone: "+5511988887777", Name: "Ana"},
	}}
	roster := handoff.NewRoster(src, 0, nil)
	if _, err := roster.Active(ctx); err != nil {
		t.Fatal(err)
	}
	r, err := handoff.NewOperatorMessages(handoff.OperatorMessagesConfig{Roster: roster, Operators: []string{"+5511400000001"}},
		handoff.NewQueue(memory.New()), &conversations{}, messaging.NewStub(nil), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, from string
		handled    bool
	}{
		{"added in admin", "+5511988887777", true},
		{"added in admin, without the ninth digit", "+551188887777", true},
		{"disabled, though in OPERATOR_PHONES", "+5511400000001", false},
		{"a customer", "+5511999990000", false},
	} {
		handled, err := r.Route(ctx, domain.InboundTurn{PhoneNumber: tc.from, MessageID: "wamid.x", Content: "oi"})
		if err != nil || handled != tc.handled {
			t.Errorf("%s: Route = %v, %v; want handled %v", tc.name, handled, err, tc.handled)
		}
	}
	if src.reads != 1 {
		t.Errorf("%d roster reads, want only the one before the messages", src.reads)
	}
}
