package session

import (
	"testing"
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/domain"
)

// The handoff's wait ends at the first message an operator sends the
// customer after the handoff; later ones, the bot's, and those of a
// conversation never handed off do not end it.
func TestFirstOperatorReplyEndsTheHandoffWait(t *testing.T) {
	handedOff := time.Date(2026, 3, 14, 12, 0, 0, 0, time.UTC)
	inHandoff := domain.Session{HandoffAt: &handedOff}
	operator := func(at time.Time) domain.Message {
		return domain.Message{Direction: domain.DirectionOutbound, OperatorPhone: "+5511900000001", Timestamp: at}
	}
	bot := domain.Message{Direction: domain.DirectionOutbound, Timestamp: handedOff.Add(time.Minute)}
	tests := []struct {
		name    string
		history []domain.Message
		session domain.Session
		reply   domain.Message
		first   bool
	}{
		{"the first operator message", []domain.Message{bot}, inHandoff, operator(handedOff.Add(5 * time.Minute)), true},
		{"an operator message before this handoff does not count", []domain.Message{operator(handedOff.Add(-time.Hour))}, inHandoff, operator(handedOff.Add(time.Minute)), true},
		{"a second operator message", []domain.Message{operator(handedOff.Add(time.Minute))}, inHandoff, operator(handedOff.Add(2 * time.Minute)), false},
		{"a farewell is no operator message", nil, inHandoff, bot, false},
		{"never handed off", nil, domain.Session{}, operator(handedOff), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			since, first := firstOperatorReply(tt.history, tt.session, tt.reply)
			if first != tt.first || (first && !since.Equal(handedOff)) {
				t.Errorf("firstOperatorReply = %v, %t; want %t since the handoff", since, first, tt.first)
			}
		})
	}
}

// A reply's wait begins at the earliest acceptance among the messages its
// turn answers; a turn whose messages carry none is not measured.
func TestReplyClockStartsAtTheEarliestAcceptance(t *testing.T) {
	t0 := time.Date(2026, 3, 14, 12, 0, 0, 0, time.UTC)
	turn := func(at *time.Time) *sessionpb.InboundTurn {
		if at == nil {
			return &sessionpb.InboundTurn{}
		}
		return &sessionpb.InboundTurn{AcceptedAt: timestamppb.New(*at)}
	}
	later, earlier := t0.Add(2*time.Second), t0
	var clock replyClock
	clock.start(&domain.Message{MessageID: "r1"}, []*sessionpb.InboundTurn{turn(&later), turn(nil), turn(&earlier)})
	clock.start(&domain.Message{MessageID: "r2"}, []*sessionpb.InboundTurn{turn(nil)})
	if got := clock.stop("r1"); !got.Equal(earlier) {
		t.Errorf("r1 began %v, want %v", got, earlier)
	}
	if got := clock.stop("r2"); !got.IsZero() {
		t.Errorf("r2 began %v, want unmeasured", got)
	}
	if len(clock) != 0 {
		t.Errorf("clock keeps %d replies after their sends", len(clock))
	}
}
