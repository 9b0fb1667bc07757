package session_test

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/persistence"
)

// label adds (or removes) a label as operator, through the conversation.
func (h *harness) label(phone, sessionID, operator, label string, remove bool) *sessionpb.OperatorResult {
	h.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	res, err := h.sup.Operate(ctx, &sessionpb.OperatorCommand{PhoneNumber: phone, SessionId: sessionID, OperatorPhone: operator,
		Action: sessionpb.OperatorAction_OPERATOR_ACTION_LABEL, Label: label, RemoveLabel: remove})
	if err != nil {
		h.t.Fatalf("label %q: %v", label, err)
	}
	return res
}

// Operators who label a conversation at the same moment, while another
// claims it, each keep their label: the commands run one after another in
// the conversation, each on the snapshot the previous one committed, so no
// label is lost to a concurrent write.
func TestOperatorsLabellingAtOnceKeepEveryLabel(t *testing.T) {
	h := newHarness(t, session.Config{}, personAnswers)
	phone := "+5511900000050"
	id := handedOff(t, h, phone)
	labels := []string{"urgente", "retorno amanhã", "vip", "boleto", "nota fiscal"}
	var wg sync.WaitGroup
	for i, l := range labels {
		wg.Go(func() {
			operator := "+55119000098" + string(rune('0'+i))
			if res := h.label(phone, id, operator, l, false); !res.GetOk() || !slices.Contains(res.GetLabels(), l) {
				t.Errorf("label %q: %+v", l, res)
			}
		})
	}
	wg.Go(func() { h.operate(sessionpb.OperatorAction_OPERATOR_ACTION_CLAIM, phone, id, "+5511900000989", "") })
	wg.Wait()

	stored, err := persistence.NewSessions(h.table).Get(context.Background(), phone, id)
	if err != nil {
		t.Fatal(err)
	}
	if got := slices.Sorted(slices.Values(stored.Labels)); !slices.Equal(got, slices.Sorted(slices.Values(labels))) {
		t.Errorf("stored labels = %q, want all of %q", stored.Labels, labels)
	}
	if stored.AssignedTo != "+5511900000989" {
		t.Errorf("the claim among the labels was lost: assigned_to %q", stored.AssignedTo)
	}

	res := h.label(phone, id, "+5511900000981", "URGENTE", true)
	if !res.GetOk() || slices.Contains(res.GetLabels(), "urgente") || len(res.GetLabels()) != len(labels)-1 {
		t.Errorf("remove: %+v", res)
	}
	if res := h.label(phone, id, "+5511900000981", " ", false); res.GetOk() || res.GetCode() != "label_empty" {
		t.Errorf("empty label: %+v, want label_empty", res)
	}
}
