package session

import (
	"testing"
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// commitOf is the whole of what a turn writes; these cases read as its
// specification, one kind of turn each.
func TestCommitOf(t *testing.T) {
	const phone = "+5511988887777"
	at := time.Date(2025, 3, 10, 12, 0, 0, 0, time.UTC)
	routedAt := at.Add(-3 * time.Second)
	open := domain.NewSession("s1", phone, "instance_a", at.Add(-time.Hour))
	open.State = domain.StateQualifying
	qualified := open
	qualified.ServiceIdentified, qualified.Segment = "Pesquisa de mercado", "pesquisa"
	_, revision := intentChanged(qualified, "")
	answer := domain.Message{MessageID: "a1", SessionID: "s1", Direction: domain.DirectionOutbound, LLMModel: "m"}
	superseded := domain.Message{MessageID: "old", SessionID: "s1", Error: domain.ErrorSuperseded}

	// customer is a customer turn of message m1 in s, with outcome out.
	customer := func(s domain.Session, out conversation.Outcome) *turn {
		return &turn{
			turns:   []*sessionpb.InboundTurn{{PhoneNumber: phone, MessageId: "m1", Content: "oi", ReceivedAt: timestamppb.New(routedAt)}},
			session: s, before: s.State, outcome: out,
		}
	}
	answered := func(s domain.Session, reply string) *turn {
		tr := customer(s, conversation.Outcome{Session: s, Reply: reply})
		tr.log, tr.answered = []domain.Message{answer}, true
		return tr
	}
	operator := func(action sessionpb.OperatorAction, messageID string, out conversation.Outcome) *turn {
		return &turn{op: &opRequest{cmd: &sessionpb.OperatorCommand{Action: action, MessageId: messageID}}, session: out.Session, before: open.State, outcome: out}
	}
	scene := func(change func(*commitScene)) commitScene {
		sc := commitScene{phone: phone, routedAt: map[string]routed{"m1": {at: routedAt}}, repliesIdle: true, now: at,
			newID: func() string { return "generated" }}
		if change != nil {
			change(&sc)
		}
		return sc
	}
	tests := []struct {
		name  string
		turn  *turn
		scene commitScene
		check func(t *testing.T, c turnCommit)
	}{
		{"the first turn creates its session", customer(open, conversation.Outcome{Session: open}), scene(func(s *commitScene) { s.create = true }),
			func(t *testing.T, c turnCommit) {
				if !c.Create || len(c.Messages) != 1 || c.Messages[0].MessageID != "m1" || c.reply != nil {
					t.Errorf("create %v, messages %+v, reply %v; want the session created with the customer's message only", c.Create, c.Messages, c.reply)
				}
			}},
		{"an ordinary reply is the model's answer, begun when no reply waits", answered(open, "olá"), scene(nil),
			func(t *testing.T, c turnCommit) {
				last := c.Messages[len(c.Messages)-1]
				if c.Create || last.MessageID != "a1" || last.CleanMessageSent != "olá" || last.OutboxStatus != domain.OutboxSending || c.reply == nil || c.reply.MessageID != "a1" {
					t.Errorf("last message %+v, reply %+v; want the answer with its text, begun", last, c.reply)
				}
				if len(c.Consumed) != 1 || c.Consumed[0] != (persistence.Consumed{MessageID: "m1", RoutedAt: routedAt}) {
					t.Errorf("consumed %+v; want m1 routed at %s", c.Consumed, routedAt)
				}
				if !c.Session.UpdatedAt.Equal(at) {
					t.Errorf("updated_at %s, want %s", c.Session.UpdatedAt, at)
				}
			}},
		{"a reply behind an unsent one waits pending", answered(open, "olá"), scene(func(s *commitScene) { s.repliesIdle = false }),
			func(t *testing.T, c turnCommit) {
				if c.reply.OutboxStatus != domain.OutboxPending {
					t.Errorf("reply status %s, want pending", c.reply.OutboxStatus)
				}
			}},
		{"a text no answer carried (the fallback) is a message of its own", customer(open, conversation.Outcome{Session: open, Reply: "desculpe"}), scene(nil),
			func(t *testing.T, c turnCommit) {
				if c.reply == nil || c.reply.MessageID != "generated" || c.reply.Content != "desculpe" || len(c.Messages) != 2 {
					t.Errorf("reply %+v in %d messages; want the generated message", c.reply, len(c.Messages))
				}
			}},
		{"a handoff stamps when the session entered the queue", customer(open, conversation.Outcome{Session: withState(open, domain.StateHandoff), Handoff: domain.HandoffCustomerRequest}), scene(nil),
			func(t *testing.T, c turnCommit) {
				if c.Session.HandoffAt == nil || !c.Session.HandoffAt.Equal(at) {
					t.Errorf("handoff_at %v, want %s", c.Session.HandoffAt, at)
				}
			}},
		{"a demand is recorded and the session closed", customer(open, conversation.Outcome{Session: withState(open, domain.StateClosed), Demand: &domain.OutOfPortfolioDemand{DemandID: "d1"}}), scene(nil),
			func(t *testing.T, c turnCommit) {
				if c.Demand == nil || c.Demand.DemandID != "d1" || c.Session.State != domain.StateClosed {
					t.Errorf("demand %+v, state %s", c.Demand, c.Session.State)
				}
			}},
		{"a projected session records its changed intent", answered(qualified, "ok"), scene(nil),
			func(t *testing.T, c turnCommit) {
				if !c.Project || c.intent != revision {
					t.Errorf("project %v, intent %q; want the intent %q recorded", c.Project, c.intent, revision)
				}
			}},
		{"an unchanged intent is not written again", answered(qualified, "ok"), scene(func(s *commitScene) { s.intent = revision }),
			func(t *testing.T, c turnCommit) {
				if c.Project {
					t.Error("the commit records an intent unchanged since the last commit")
				}
			}},
		{"a session not projected records no intent", answered(open, "ok"), scene(nil),
			func(t *testing.T, c turnCommit) {
				if c.Project || c.intent != "" {
					t.Errorf("project %v, intent %q", c.Project, c.intent)
				}
			}},
		{"superseded answers are logged last", answered(open, "ok"), scene(func(s *commitScene) { s.superseded = []domain.Message{superseded} }),
			func(t *testing.T, c turnCommit) {
				if last := c.Messages[len(c.Messages)-1]; last.MessageID != "old" || c.reply.MessageID != "a1" {
					t.Errorf("last message %s, reply %s; want the superseded one logged, the answer sent", last.MessageID, c.reply.MessageID)
				}
			}},
		{"messages still buffered are written in the marker", answered(open, "ok"), scene(func(s *commitScene) { s.pending = []string{"m2"} }),
			func(t *testing.T, c turnCommit) {
				if !c.marker || len(c.Pending) != 1 || c.Pending[0] != "m2" {
					t.Errorf("marker %v, pending %v", c.marker, c.Pending)
				}
			}},
		{"a marker written before and nothing pending is deleted", answered(open, "ok"), scene(func(s *commitScene) { s.markerWritten = true }),
			func(t *testing.T, c turnCommit) {
				if c.marker || !c.MarkerWritten || len(c.Pending) != 0 {
					t.Errorf("marker %v, marker written %v, pending %v; want the marker deleted", c.marker, c.MarkerWritten, c.Pending)
				}
			}},
		{"an older release's buffer is deleted", answered(open, "ok"), scene(func(s *commitScene) { s.legacyBuffer = true }),
			func(t *testing.T, c turnCommit) {
				if !c.DropBuffer {
					t.Error("the legacy buffer is kept")
				}
			}},
		{"an operator's message from their phone is consumed and projects nothing",
			withLog(operator(sessionpb.OperatorAction_OPERATOR_ACTION_SEND, "op1", conversation.Outcome{Session: qualified}), domain.Message{MessageID: "sent", OutboxStatus: domain.OutboxPending}),
			scene(func(s *commitScene) { s.routedAt = nil }),
			func(t *testing.T, c turnCommit) {
				if len(c.Consumed) != 1 || c.Consumed[0] != (persistence.Consumed{MessageID: "op1", RoutedAt: at}) || c.Project {
					t.Errorf("consumed %+v, project %v; want op1 consumed now, no intent", c.Consumed, c.Project)
				}
				if c.reply == nil || c.reply.MessageID != "sent" || len(c.Messages) != 1 {
					t.Errorf("reply %+v in %d messages; want the operator's message", c.reply, len(c.Messages))
				}
			}},
		{"a reset closes the session, records its intent and resets the pointer",
			operator(sessionpb.OperatorAction_OPERATOR_ACTION_RESET, "", conversation.Outcome{Session: withState(qualified, domain.StateClosed), Project: true, Reset: true}),
			scene(nil),
			func(t *testing.T, c turnCommit) {
				if !c.Reset || !c.Project || c.Session.State != domain.StateClosed || len(c.Messages) != 0 || len(c.Consumed) != 0 {
					t.Errorf("reset %v, project %v, state %s, %d messages, %d consumed", c.Reset, c.Project, c.Session.State, len(c.Messages), len(c.Consumed))
				}
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.check(t, commitOf(tt.turn, tt.scene))
		})
	}
}

func withState(s domain.Session, state domain.SessionState) domain.Session {
	s.State = state
	return s
}

// withLog is an operator turn whose command logged m, as commitOp does.
func withLog(t *turn, m domain.Message) *turn {
	t.log, t.reply = append(t.log, m), &m
	return t
}
