package handoff_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/domain"
)

const (
	opA = "+5511900000901"
	opB = "+5511900000902"
	opC = "+5511900000903"
)

// heldList is a fixed handoff index.
type heldList []domain.Session

func (h heldList) List(context.Context) ([]domain.Session, error) { return h, nil }

// awayOf is who set themselves away; err fails the read.
type awayOf struct {
	away map[string]bool
	err  error
}

func (a awayOf) Away(context.Context) (map[string]bool, error) { return a.away, a.err }

// holding is n conversations in HUMAN held by operator.
func holding(operator string, n int) heldList {
	var out heldList
	for i := range n {
		s := waitingSession(fmt.Sprintf("held-%s-%d", operator, i), "+551190000"+fmt.Sprint(1000+i), t0)
		s.State, s.AssignedTo = domain.StateHuman, domain.NullString(operator)
		out = append(out, s)
	}
	return out
}

func newAssigner(t *testing.T, held heldList, away awayOf, maxOpen int) *handoff.Assigner {
	t.Helper()
	a, err := handoff.NewAssigner(handoff.AssignerConfig{Operators: handoff.Operators{opA, opB, opC}, Availability: away,
		Held: held, MaxOpen: maxOpen, Now: func() time.Time { return t1 }}, messaging.NewStub(zap.NewNop()), zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestAssignerChoosesTheAvailableOperatorWithTheFewestOpen(t *testing.T) {
	passedA := waitingSession("s-passed", "+5511988887777", t0)
	passedA.AssignmentPassed = []string{opA}
	for _, tc := range []struct {
		name    string
		held    heldList
		away    awayOf
		maxOpen int
		session domain.Session
		want    string
		wantErr bool
	}{
		{name: "all free: the first in phone order", want: opA},
		{name: "the fewest open", held: append(holding(opA, 2), holding(opB, 1)...), want: opC},
		{name: "away gets none", held: holding(opC, 1), away: awayOf{away: map[string]bool{opA: true, opB: true}}, want: opC},
		{name: "at the cap gets none", held: append(append(holding(opA, 2), holding(opB, 2)...), holding(opC, 2)...), maxOpen: 2, want: ""},
		{name: "a waiting conversation is nobody's", held: heldList{waitingSession("w", "+5511977776666", t0)}, want: opA},
		{name: "an operator it lapsed with is passed over", session: passedA, want: opB},
		{name: "availability unread: nobody, with the error", away: awayOf{err: errors.New("table down")}, wantErr: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.session
			if s.SessionID == "" {
				s = waitingSession("s-new", "+5511988887777", t0)
			}
			got, err := newAssigner(t, tc.held, tc.away, tc.maxOpen).Choose(context.Background(), s)
			if got != tc.want || (err != nil) != tc.wantErr {
				t.Errorf("Choose = %q, %v; want %q (error %v)", got, err, tc.want, tc.wantErr)
			}
		})
	}
}

// Choices the index does not show yet count for their operator: six
// handoffs chosen before any commit is visible spread 2-2-2.
func TestAssignerCountsItsOwnChoicesUntilTheIndexShowsThem(t *testing.T) {
	a := newAssigner(t, nil, awayOf{}, 0)
	per := map[string]int{}
	for i := range 6 {
		op, err := a.Choose(context.Background(), waitingSession(fmt.Sprint("s", i), "+5511988887777", t0))
		if err != nil {
			t.Fatal(err)
		}
		per[op]++
	}
	if want := map[string]int{opA: 2, opB: 2, opC: 2}; fmt.Sprint(per) != fmt.Sprint(want) {
		t.Errorf("per operator = %v, want %v", per, want)
	}
}

func TestAssignerTellsTheOperatorOnTheirPhone(t *testing.T) {
	sender := messaging.NewStub(zap.NewNop())
	a, err := handoff.NewAssigner(handoff.AssignerConfig{Operators: handoff.Operators{opA}, Held: heldList{},
		ConsoleURL: "https://example.test/atendimento"}, sender, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	a.Tell(context.Background(), opA, waitingSession("s-1", "+5511988887777", t0))
	sends := sender.Sends()
	if len(sends) != 1 || "+"+sends[0].To != opA {
		t.Fatalf("sends = %+v, want one to %s", sends, opA)
	}
	for _, part := range []string{"Maria Silva", "atribuída a você", "https://example.test/atendimento/conversations/5511988887777/s-1"} {
		if !strings.Contains(sends[0].Text, part) {
			t.Errorf("notice %q lacks %q", sends[0].Text, part)
		}
	}
}
