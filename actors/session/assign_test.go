package session_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/businesshours"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/leaktest"
	"github.com/intake-runtime/intake/internal/llmtest"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
)

// The three operators of the assignment tests, in phone order.
const (
	ana   = "+5511900000901"
	bruno = "+5511900000902"
	carla = "+5511900000903"
)

// awaySet is who set themselves away.
type awaySet map[string]bool

func (a awaySet) Away(context.Context) (map[string]bool, error) { return a, nil }

// newRoundRobin is a harness with ASSIGNMENT=round_robin over the three
// operators, those in away set away; every conversation asks for a person.
func newRoundRobin(t *testing.T, cfg session.Config, away awaySet) *harness {
	cfg.RoundRobin = true
	return newAssigning(t, cfg, memory.New(), away)
}

// newAssigning is a harness over table whose handoff child has an assigner
// (used when cfg.RoundRobin) over the three operators and away.
func newAssigning(t *testing.T, cfg session.Config, table persistence.Table, away handoff.Availability) *harness {
	leaktest.Check(t)
	h := &harness{t: t, table: table, sender: messaging.NewStub(zap.NewNop()), notices: handoff.NewStub(zap.NewNop()), cfg: cfg,
		model: llmtest.NewServer(t, func(int) string { return personAnswers(1) })}
	h.core, h.logs = observer.New(zap.InfoLevel)
	assigner, err := handoff.NewAssigner(handoff.AssignerConfig{
		Operators:    handoff.Operators{ana, bruno, carla},
		Availability: away,
		Held:         persistence.NewHandoffQueue(h.table),
		ConsoleURL:   "https://example.test/atendimento",
		Now:          h.now,
	}, h.sender, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	h.handoffOpts = []handoff.Option{handoff.WithAssigner(assigner)}
	h.start()
	return h
}

// assignedTo waits until the active sessions of phones are all held, and
// returns who holds each.
func (h *harness) assignedTo(phones ...string) map[string]string {
	h.t.Helper()
	sessions := persistence.NewSessions(h.table)
	deadline := time.Now().Add(10 * time.Second)
	for {
		held := map[string]string{}
		for _, p := range phones {
			if s, err := sessions.Active(context.Background(), p); err == nil && s.State == domain.StateHuman {
				held[p] = string(s.AssignedTo)
			}
		}
		if len(held) == len(phones) || time.Now().After(deadline) {
			return held
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// perOperator counts the conversations each operator holds.
func perOperator(held map[string]string) map[string]int {
	n := map[string]int{}
	for _, op := range held {
		n[op]++
	}
	return n
}

// told counts the assignment notices each operator received on their phone.
func (h *harness) told() map[string]int {
	n := map[string]int{}
	for _, s := range h.sender.Sends() {
		if strings.Contains(s.Text, "atribuída a você") {
			n["+"+s.To]++
		}
	}
	return n
}

// handoffs hands n conversations off, one after another.
func handoffs(t *testing.T, h *harness, first, n int) []string {
	var phones []string
	for i := range n {
		phone := fmt.Sprintf("+55119000007%02d", first+i)
		if reply := h.chat(phone, "h"+phone, "quero falar com uma pessoa"); reply.GetState() != string(domain.StateHandoff) {
			t.Fatalf("%s: after s=3 the state is %q, want HANDOFF", phone, reply.GetState())
		}
		phones = append(phones, phone)
	}
	return phones
}

func TestRoundRobinSpreadsHandoffsOverTheAvailableOperators(t *testing.T) {
	for _, tc := range []struct {
		name     string
		away     awaySet
		handoffs int
		want     map[string]int
	}{
		{"three available, six handoffs: 2-2-2", nil, 6, map[string]int{ana: 2, bruno: 2, carla: 2}},
		{"an away operator gets none", awaySet{bruno: true}, 4, map[string]int{ana: 2, carla: 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newRoundRobin(t, session.Config{}, tc.away)
			phones := handoffs(t, h, 0, tc.handoffs)
			held := h.assignedTo(phones...)
			if got := perOperator(held); fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Errorf("conversations per operator = %v, want %v", got, tc.want)
			}
			deadline := time.Now().Add(5 * time.Second)
			for fmt.Sprint(h.told()) != fmt.Sprint(tc.want) && time.Now().Before(deadline) {
				time.Sleep(10 * time.Millisecond)
			}
			if got := h.told(); fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Errorf("assignment notices per operator = %v, want %v", got, tc.want)
			}
			if n := len(h.notices.Notices()); n != 0 {
				t.Errorf("every operator was told %d times, want none: each conversation went to one", n)
			}
		})
	}
}

func TestRoundRobinStopsAtTheMostOpenConversations(t *testing.T) {
	h := newRoundRobin(t, session.Config{}, awaySet{bruno: true, carla: true})
	phones := handoffs(t, h, 10, handoff.DefaultMaxOpen+1)
	time.Sleep(300 * time.Millisecond)
	held := h.assignedTo(phones[:handoff.DefaultMaxOpen]...)
	if n := perOperator(held)[ana]; n != handoff.DefaultMaxOpen {
		t.Errorf("ana holds %d, want ASSIGNMENT_MAX_OPEN = %d", n, handoff.DefaultMaxOpen)
	}
	s, err := persistence.NewSessions(h.table).Active(context.Background(), phones[handoff.DefaultMaxOpen])
	if err != nil || s.State != domain.StateHandoff || s.AssignedTo != "" {
		t.Errorf("the sixth conversation: %s assigned to %q (%v), want waiting in the shared queue", s.State, s.AssignedTo, err)
	}
	if n := len(h.notices.Notices()); n != 1 {
		t.Errorf("operators were told of the unassigned one %d times, want 1", n)
	}
}

// An assignment nobody takes up returns to the queue after HANDOFF_SLA of
// the virtual clock, across a restart, and goes to the next operator; the
// next one's first message takes it up, and it stays.
func TestAnAssignmentNotTakenUpGoesToTheNextOperator(t *testing.T) {
	h := newRoundRobin(t, session.Config{AssignmentSLA: time.Hour}, nil)
	phone := "+5511900000720"
	id := handedOff(t, h, phone)
	if held := h.assignedTo(phone); held[phone] != ana {
		t.Fatalf("assigned to %q, want ana", held[phone])
	}

	h.stop()
	h.shift.Add(int64(time.Hour + time.Second))
	h.start()
	if _, err := h.sup.Recover(context.Background()); err != nil {
		t.Fatal(err)
	}
	sessions := persistence.NewSessions(h.table)
	deadline := time.Now().Add(10 * time.Second)
	s, _ := sessions.Active(context.Background(), phone)
	for string(s.AssignedTo) != bruno && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
		s, _ = sessions.Active(context.Background(), phone)
	}
	if s.AssignedTo != bruno || s.AssignedAt == nil || len(s.AssignmentPassed) != 1 || s.AssignmentPassed[0] != ana {
		t.Fatalf("after HANDOFF_SLA: assigned to %q, passed %v; want bruno, ana passed over", s.AssignedTo, s.AssignmentPassed)
	}

	if res := h.operate(sessionpb.OperatorAction_OPERATOR_ACTION_SEND, phone, id, bruno, "Olá, sou o Bruno."); !res.GetOk() {
		t.Fatalf("bruno's first message: %v", res)
	}
	h.stop()
	h.shift.Add(int64(2 * time.Hour))
	h.start()
	if _, err := h.sup.Recover(context.Background()); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	s, _ = sessions.Active(context.Background(), phone)
	if s.AssignedTo != bruno || s.AssignedAt != nil || s.State != domain.StateHuman {
		t.Errorf("after bruno wrote: %s assigned to %q (pending %v), want his for good", s.State, s.AssignedTo, s.AssignedAt)
	}
}

// An operator who releases an assigned conversation is passed over: it goes
// to the next one.
func TestAReleasedAssignmentGoesToTheNextOperator(t *testing.T) {
	h := newRoundRobin(t, session.Config{}, nil)
	phone := "+5511900000723"
	id := handedOff(t, h, phone)
	h.assignedTo(phone)
	if res := h.operate(sessionpb.OperatorAction_OPERATOR_ACTION_RELEASE, phone, id, ana, ""); !res.GetOk() {
		t.Fatalf("ana's release: %v", res)
	}
	sessions := persistence.NewSessions(h.table)
	deadline := time.Now().Add(5 * time.Second)
	s, _ := sessions.Active(context.Background(), phone)
	for string(s.AssignedTo) != bruno && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
		s, _ = sessions.Active(context.Background(), phone)
	}
	if s.AssignedTo != bruno {
		t.Errorf("after ana's release: assigned to %q, want bruno", s.AssignedTo)
	}
}

func TestAClaimTakesTheAssignmentUp(t *testing.T) {
	h := newRoundRobin(t, session.Config{AssignmentSLA: 200 * time.Millisecond}, nil)
	phone := "+5511900000721"
	id := handedOff(t, h, phone)
	h.assignedTo(phone)
	if res := h.operate(sessionpb.OperatorAction_OPERATOR_ACTION_CLAIM, phone, id, ana, ""); !res.GetOk() {
		t.Fatalf("ana's claim: %v", res)
	}
	time.Sleep(500 * time.Millisecond)
	s, _ := persistence.NewSessions(h.table).Active(context.Background(), phone)
	if s.AssignedTo != ana || s.AssignedAt != nil {
		t.Errorf("after ana's claim: assigned to %q (pending %v), want hers", s.AssignedTo, s.AssignedAt)
	}
}

// Closed at 23:00: nobody is assigned until the opening, when the first
// operator is.
func TestNoAssignmentWhileClosed(t *testing.T) {
	zone, _ := time.LoadLocation("America/Sao_Paulo")
	hours, err := businesshours.Parse("mon-fri 08:00-18:00", zone)
	if err != nil {
		t.Fatal(err)
	}
	h := newRoundRobin(t, session.Config{Hours: businesshours.NewLive(businesshours.Schedule{Hours: hours}), RenotifyAfter: time.Hour}, nil)
	h.shift.Store(int64(time.Until(time.Date(2026, 11, 24, 23, 0, 0, 0, zone))))
	phone := "+5511900000722"
	handedOff(t, h, phone)
	time.Sleep(300 * time.Millisecond)
	sessions := persistence.NewSessions(h.table)
	if s, _ := sessions.Active(context.Background(), phone); s.State != domain.StateHandoff || s.AssignedTo != "" {
		t.Fatalf("at 23:00: %s assigned to %q, want waiting", s.State, s.AssignedTo)
	}

	h.stop()
	opening := time.Date(2026, 11, 25, 8, 0, 0, 0, zone)
	h.shift.Store(int64(time.Until(opening.Add(-300 * time.Millisecond))))
	h.start()
	if _, err := h.sup.Recover(context.Background()); err != nil {
		t.Fatal(err)
	}
	if held := h.assignedTo(phone); held[phone] != ana {
		t.Errorf("at the opening: assigned to %q, want ana", held[phone])
	}
	if n := len(h.notices.Notices()); n != 0 {
		t.Errorf("every operator was told %d times, want none", n)
	}
}
