package conversation_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/domain"
)

const (
	holder = "+5511900000000" // the operator sessionIn(HUMAN) is assigned to
	other  = "+5511900000001"
)

// customerWrote is a log whose last customer message is ago before now.
func customerWrote(ago time.Duration) []domain.Message {
	return []domain.Message{
		{Direction: domain.DirectionInbound, Timestamp: now.Add(-ago)},
		{Direction: domain.DirectionOutbound, Timestamp: now.Add(-ago / 2)},
	}
}

// Every operator action in every situation that decides it: the refusal, or
// the state, holder and side effects it commits.
func TestOperate(t *testing.T) {
	const (
		claim   = sessionpb.OperatorAction_OPERATOR_ACTION_CLAIM
		send    = sessionpb.OperatorAction_OPERATOR_ACTION_SEND
		release = sessionpb.OperatorAction_OPERATOR_ACTION_RELEASE
		closeIt = sessionpb.OperatorAction_OPERATOR_ACTION_CLOSE
		reset   = sessionpb.OperatorAction_OPERATOR_ACTION_RESET
	)
	recent := customerWrote(time.Hour)
	tests := []struct {
		name     string
		state    domain.SessionState
		action   sessionpb.OperatorAction
		operator string
		text     string
		history  []domain.Message
		session  string // the command's session ID; "" is the session's own

		refused   conversation.Refusal
		wantState domain.SessionState
		wantHeld  string
		project   bool
		summarize bool
		message   string
		// reason, when set, is the handoff reason the claim leaves.
		reason domain.HandoffReason
	}{
		{name: "claim waiting", state: domain.StateHandoff, action: claim, operator: other,
			wantState: domain.StateHuman, wantHeld: other, project: true},
		{name: "claim held by oneself", state: domain.StateHuman, action: claim, operator: holder,
			wantState: domain.StateHuman, wantHeld: holder},
		{name: "claim held by another", state: domain.StateHuman, action: claim, operator: other, refused: conversation.RefusedClaimed},
		{name: "take over from the bot", state: domain.StateQualifying, action: claim, operator: other,
			wantState: domain.StateHuman, wantHeld: other, project: true, summarize: true, reason: domain.HandoffOperatorTakeover},
		{name: "claim registered", state: domain.StateCompleted, action: claim, operator: other,
			wantState: domain.StateHuman, wantHeld: other, project: true, reason: domain.HandoffDataComplete},
		{name: "claim closed", state: domain.StateClosed, action: claim, operator: other, refused: conversation.RefusedState},
		{name: "claim a session left", state: domain.StateHandoff, action: claim, operator: other, session: "sess-0", refused: conversation.RefusedStale},
		{name: "send", state: domain.StateHuman, action: send, operator: holder, text: " Olá! ", history: recent,
			wantState: domain.StateHuman, wantHeld: holder, message: "Olá!"},
		{name: "send at the window's end", state: domain.StateHuman, action: send, operator: holder, text: "Olá", history: customerWrote(conversation.CustomerServiceWindow),
			wantState: domain.StateHuman, wantHeld: holder, message: "Olá"},
		{name: "send after the window", state: domain.StateHuman, action: send, operator: holder, text: "Olá", history: customerWrote(conversation.CustomerServiceWindow + time.Second),
			refused: conversation.RefusedWindowClosed},
		{name: "send to a customer who never wrote", state: domain.StateHuman, action: send, operator: holder, text: "Olá", refused: conversation.RefusedWindowClosed},
		{name: "send blank", state: domain.StateHuman, action: send, operator: holder, text: "  ", history: recent, refused: conversation.RefusedEmptyText},
		{name: "send unclaimed", state: domain.StateHandoff, action: send, operator: holder, text: "Olá", history: recent, refused: conversation.RefusedNotAssigned},
		{name: "send held by another", state: domain.StateHuman, action: send, operator: other, text: "Olá", history: recent, refused: conversation.RefusedNotAssigned},
		{name: "release", state: domain.StateHuman, action: release, operator: holder,
			wantState: domain.StateHandoff, project: true},
		{name: "release held by another", state: domain.StateHuman, action: release, operator: other, refused: conversation.RefusedNotAssigned},
		{name: "close", state: domain.StateHuman, action: closeIt, operator: holder,
			wantState: domain.StateClosed, wantHeld: holder, project: true, summarize: true},
		{name: "close unclaimed", state: domain.StateHandoff, action: closeIt, operator: holder, refused: conversation.RefusedNotAssigned},
		{name: "reset a held session, naming no session or operator", state: domain.StateHuman, action: reset, session: "any",
			wantState: domain.StateClosed, wantHeld: holder, project: true},
		{name: "reset the bot's session", state: domain.StateQualifying, action: reset,
			wantState: domain.StateClosed, project: true},
		{name: "unknown action", state: domain.StateHuman, action: sessionpb.OperatorAction(99), operator: holder, refused: conversation.RefusedState},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := sessionIn(tt.state)
			cmd := &sessionpb.OperatorCommand{SessionId: s.SessionID, OperatorPhone: tt.operator, Action: tt.action, Text: tt.text}
			if tt.session != "" {
				cmd.SessionId = tt.session
			}
			out, msg, refused := conversation.Operate(s, tt.history, cmd, now)
			if tt.refused != "" {
				if refused == nil || refused.Code != tt.refused || refused.Message == "" || msg != nil {
					t.Fatalf("= %+v, message %+v; want refused %s with an explanation", refused, msg, tt.refused)
				}
				return
			}
			if refused != nil {
				t.Fatalf("refused %+v", refused)
			}
			got := out.Session
			if got.State != tt.wantState || string(got.AssignedTo) != tt.wantHeld || out.Project != tt.project || out.Summarize != tt.summarize {
				t.Errorf("= state %s held by %q project %v summarize %v; want %s, %q, %v, %v",
					got.State, got.AssignedTo, out.Project, out.Summarize, tt.wantState, tt.wantHeld, tt.project, tt.summarize)
			}
			if out.Reset != (tt.action == reset) {
				t.Errorf("reset %v; only RESET resets the pointer", out.Reset)
			}
			if tt.state != domain.StateClosed && tt.wantState == domain.StateClosed && (got.ClosedAt == nil || !got.ClosedAt.Equal(now)) {
				t.Errorf("closed_at = %v, want %v", got.ClosedAt, now)
			}
			if tt.reason != "" && got.HandoffReason != tt.reason {
				t.Errorf("handoff reason %q, want %q", got.HandoffReason, tt.reason)
			}
			if tt.reason == domain.HandoffOperatorTakeover && (got.HandoffAt == nil || !got.HandoffAt.Equal(now)) {
				t.Errorf("handoff_at = %v, want the takeover's time %v", got.HandoffAt, now)
			}
			if tt.wantState == domain.StateClosed && (got.ClosedAt == nil || !got.ClosedAt.Equal(now)) {
				t.Errorf("closed_at = %v, want %v", got.ClosedAt, now)
			}
			switch {
			case tt.message == "" && msg != nil:
				t.Errorf("message %+v, want none", msg)
			case tt.message != "" && (msg == nil || msg.Content != tt.message || msg.CleanMessageSent != tt.message ||
				msg.OperatorPhone != tt.operator || msg.Direction != domain.DirectionOutbound || msg.MessageID == "" || !msg.Timestamp.Equal(now)):
				t.Errorf("message %+v, want %q from %s at %v", msg, tt.message, tt.operator, now)
			}
		})
	}
}

// TestClaimableAndHeldBy: a conversation may be claimed while it waits for a
// person (HANDOFF, COMPLETED with DATA_COMPLETE, or HUMAN with no one holding
// it) and no one holds it; the bot's other open conversations are taken over;
// an operator holds it only in HUMAN, assigned to them.
func TestClaimableAndHeldBy(t *testing.T) {
	for _, state := range domain.States() {
		waiting := state == domain.StateHandoff || state == domain.StateHuman || state == domain.StateCompleted
		s := sessionIn(state)
		s.AssignedTo = ""
		if got := conversation.Claimable(s); got != waiting {
			t.Errorf("%s, unassigned: Claimable = %v, want %v", state, got, waiting)
		}
		bot := !waiting && state != domain.StateClosed
		if got := conversation.TakeOver(s); got != bot {
			t.Errorf("%s: TakeOver = %v, want %v", state, got, bot)
		}
		s.AssignedTo = holder
		if conversation.Claimable(s) {
			t.Errorf("%s, held: claimable", state)
		}
		if got, want := conversation.HeldBy(s, holder), state == domain.StateHuman; got != want {
			t.Errorf("%s: HeldBy(holder) = %v, want %v", state, got, want)
		}
		if conversation.HeldBy(s, other) {
			t.Errorf("%s: held by an operator it is not assigned to", state)
		}
	}
}

// TestOperatorAction: the commands go by the names of the console's URLs
// and the fixtures, each naming its own action, and by no other.
func TestOperatorAction(t *testing.T) {
	want := []string{"claim", "send", "release", "close"}
	if names := conversation.OperatorActionNames(); !slices.Equal(names, want) {
		t.Errorf("names = %v, want %v", names, want)
	}
	for _, name := range want {
		if got, ok := conversation.OperatorAction(name); !ok || got.String() != "OPERATOR_ACTION_"+strings.ToUpper(name) {
			t.Errorf("%s = %v, %v", name, got, ok)
		}
	}
	for _, name := range []string{"grab", "CLAIM", ""} {
		if got, ok := conversation.OperatorAction(name); ok {
			t.Errorf("%q names %v", name, got)
		}
	}
}

func TestWindowAt(t *testing.T) {
	tests := []struct {
		name      string
		history   []domain.Message
		open      bool
		since     time.Duration
		remaining time.Duration
	}{
		{name: "customer never wrote", history: []domain.Message{{Direction: domain.DirectionOutbound, Timestamp: now}}},
		{name: "an hour ago", history: customerWrote(time.Hour), open: true, since: time.Hour, remaining: 23 * time.Hour},
		{name: "at the end", history: customerWrote(24 * time.Hour), open: true, since: 24 * time.Hour},
		{name: "after it", history: customerWrote(24*time.Hour + time.Second), since: 24*time.Hour + time.Second},
		{name: "clock behind the log", history: customerWrote(-time.Minute), open: true, remaining: 24 * time.Hour},
		{name: "the last customer message counts", history: append(customerWrote(48*time.Hour), customerWrote(time.Minute)...),
			open: true, since: time.Minute, remaining: 24*time.Hour - time.Minute},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := conversation.WindowAt(tt.history, now)
			if w.Open != tt.open || w.Since != tt.since || w.Remaining != tt.remaining {
				t.Errorf("= %+v, want open %v since %v remaining %v", w, tt.open, tt.since, tt.remaining)
			}
			if (w.LastInbound == nil) != (tt.name == "customer never wrote") {
				t.Errorf("last inbound = %v", w.LastInbound)
			}
		})
	}
}
