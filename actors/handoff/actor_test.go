package handoff_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/asynkron/protoactor-go/actor"

	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/leaktest"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
)

// parent stands in for the session actor: it spawns the handoff child and
// forwards every Notified it gets to the test.
type parent struct {
	props    *actor.Props
	child    *actor.PID
	reported chan *handoff.Notified
}

func (p *parent) Receive(ctx actor.Context) {
	switch msg := ctx.Message().(type) {
	case *actor.Started:
		p.child = ctx.Spawn(p.props)
	case *handoff.Notify:
		ctx.Send(p.child, msg)
	case *handoff.Notified:
		p.reported <- msg
	}
}

// spawnParent starts an actor system with a parent of the handoff child; the
// test's cleanup stops both.
func spawnParent(t *testing.T, props *actor.Props) (send func(*handoff.Notify), reported chan *handoff.Notified) {
	t.Helper()
	system := actor.NewActorSystem()
	t.Cleanup(system.Shutdown)
	reported = make(chan *handoff.Notified, 4)
	pid := system.Root.Spawn(actor.PropsFromProducer(func() actor.Actor { return &parent{props: props, reported: reported} }))
	t.Cleanup(func() { _ = system.Root.StopFuture(pid).Wait() })
	return func(n *handoff.Notify) { system.Root.Send(pid, n) }, reported
}

func receive(t *testing.T, reported chan *handoff.Notified) *handoff.Notified {
	t.Helper()
	select {
	case n := <-reported:
		return n
	case <-time.After(10 * time.Second):
		t.Fatal("the handoff child reported nothing")
		return nil
	}
}

func TestChildNotifiesWithTheQueuePosition(t *testing.T) {
	leaktest.Check(t)
	ctx := context.Background()
	table := memory.New()
	sessions := persistence.NewSessions(table)
	if _, err := sessions.Create(ctx, waitingSession("s1", "+5511000000001", t0)); err != nil {
		t.Fatal(err)
	}
	s, err := sessions.Create(ctx, waitingSession("s2", "+5511000000002", t1))
	if err != nil {
		t.Fatal(err)
	}
	sender := messaging.NewStub(nil)
	notifier, err := handoff.NewMessagingNotifier(handoff.MessagingConfig{Operators: []string{"+551140000001"}, ConsoleURL: "/atendimento"}, sender, nil)
	if err != nil {
		t.Fatal(err)
	}
	now := t1.Add(25 * time.Minute)
	send, reported := spawnParent(t, handoff.Props(notifier, handoff.NewQueue(table), nil, handoff.WithClock(func() time.Time { return now })))

	send(handoff.NewNotify(s, false))
	got := receive(t, reported)
	if got.SessionID != "s2" || got.Renotify || !got.Result.Success || !got.Result.Notified ||
		got.Result.QueuePosition != 2 || got.Result.OperatorPhone != "+551140000001" {
		t.Errorf("Notified = %+v, want s2 notified at position 2", got)
	}

	send(handoff.NewNotify(s, true))
	got = receive(t, reported)
	if !got.Renotify || !got.Result.Notified {
		t.Errorf("reminder Notified = %+v", got)
	}
	sends := sender.Sends()
	if len(sends) != 2 {
		t.Fatalf("operator texts = %d, want 2", len(sends))
	}
	if !strings.Contains(sends[1].Text, "Aguardando desde") || !strings.Contains(sends[1].Text, "(25 min)") {
		t.Errorf("reminder text does not say since when:\n%s", sends[1].Text)
	}
}

// positionsFunc fakes the queue.
type positionsFunc func(context.Context, domain.Session) (int, error)

func (f positionsFunc) Position(ctx context.Context, s domain.Session) (int, error) {
	return f(ctx, s)
}

// A queue that cannot be read does not silence the handoff: the notice goes
// out with an unknown position (0).
func TestChildNotifiesEvenWithoutAPosition(t *testing.T) {
	leaktest.Check(t)
	stub := handoff.NewStub(nil)
	broken := positionsFunc(func(context.Context, domain.Session) (int, error) { return 0, errors.New("table down") })
	send, reported := spawnParent(t, handoff.Props(stub, broken, nil))

	send(handoff.NewNotify(waitingSession("s1", "+5511000000001", t0), false))
	got := receive(t, reported)
	if !got.Result.Success || got.Result.Notified || got.Result.QueuePosition != 0 {
		t.Errorf("Notified = %+v, want queued with an unknown position", got)
	}
	if len(stub.Notices()) != 1 {
		t.Errorf("notices = %d, want 1", len(stub.Notices()))
	}
}

// NewNotify copies the session: the parent may change its own afterwards.
func TestNewNotifyCopiesTheSession(t *testing.T) {
	s := waitingSession("s1", "+5511000000001", t0)
	s.CadastralData["contatos"] = []any{map[string]any{"email": "a@example.com"}}
	n := handoff.NewNotify(s, false)
	s.CadastralData["nome"] = "Changed"
	s.CadastralData["contatos"].([]any)[0].(map[string]any)["email"] = "b@example.com"
	*s.HandoffAt = t1
	if n.Session.CadastralData["nome"] != "Maria Silva" ||
		n.Session.CadastralData["contatos"].([]any)[0].(map[string]any)["email"] != "a@example.com" ||
		!n.Session.HandoffAt.Equal(t0) {
		t.Errorf("the Notify shares state with the parent's session: %+v", n.Session)
	}
}
