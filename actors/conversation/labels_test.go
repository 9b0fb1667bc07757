package conversation_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/domain"
)

// Any operator labels an open conversation, holder or not, and nothing but
// its labels changes; a closed one keeps the labels it had.
func TestOperateLabel(t *testing.T) {
	tests := []struct {
		name    string
		state   domain.SessionState
		labels  []string
		label   string
		remove  bool
		want    []string
		refused conversation.Refusal
	}{
		{name: "added by someone who does not hold it", state: domain.StateHuman, label: " urgente ", want: []string{"urgente"}},
		{name: "added while the bot answers", state: domain.StateQualifying, label: "vip", want: []string{"vip"}},
		{name: "added while it waits", state: domain.StateHandoff, labels: []string{"vip"}, label: "retorno  amanhã", want: []string{"vip", "retorno amanhã"}},
		{name: "the same label in another case", state: domain.StateHuman, labels: []string{"Urgente"}, label: "URGENTE", want: []string{"Urgente"}},
		{name: "removed in any case", state: domain.StateHuman, labels: []string{"Urgente", "vip"}, label: "urgente", remove: true, want: []string{"vip"}},
		{name: "empty", state: domain.StateHuman, label: "  ", refused: conversation.RefusedLabelEmpty},
		{name: "too long", state: domain.StateHuman, label: strings.Repeat("a", 31), refused: conversation.RefusedLabelTooLong},
		{name: "one too many", state: domain.StateHuman, labels: strings.Fields("a b c d e f g h i j"), label: "k", refused: conversation.RefusedTooManyLabels},
		{name: "closed", state: domain.StateClosed, label: "urgente", refused: conversation.RefusedState},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := sessionIn(tt.state)
			s.Labels = tt.labels
			cmd := &sessionpb.OperatorCommand{SessionId: s.SessionID, OperatorPhone: other,
				Action: sessionpb.OperatorAction_OPERATOR_ACTION_LABEL, Label: tt.label, RemoveLabel: tt.remove}
			out, msg, refused := conversation.Operate(s, nil, cmd, now)
			if tt.refused != "" {
				if refused == nil || refused.Code != tt.refused || refused.Message == "" {
					t.Fatalf("refused %+v, want %s with a reason", refused, tt.refused)
				}
				return
			}
			if refused != nil || msg != nil {
				t.Fatalf("refused %+v, message %+v; want neither", refused, msg)
			}
			if !slices.Equal(out.Session.Labels, tt.want) {
				t.Errorf("labels = %q, want %q", out.Session.Labels, tt.want)
			}
			if out.Session.State != s.State || out.Session.AssignedTo != s.AssignedTo || out.Project || out.Summarize || out.Reset {
				t.Errorf("a label changed more than the labels: %+v", out)
			}
			if !slices.Equal(s.Labels, tt.labels) {
				t.Errorf("the loaded session's labels changed to %q", s.Labels)
			}
		})
	}
}
