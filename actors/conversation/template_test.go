package conversation_test

import (
	"slices"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/domain"
)

// A template goes out after the window closed, only from the operator
// holding the conversation and only with a template named; the logged
// message carries the template for the outbox and the filled body to read.
func TestOperateTemplate(t *testing.T) {
	old := customerWrote(30 * time.Hour)
	cmd := func(operator, name string) *sessionpb.OperatorCommand {
		s := sessionIn(domain.StateHuman)
		return &sessionpb.OperatorCommand{SessionId: s.SessionID, OperatorPhone: operator,
			Action: sessionpb.OperatorAction_OPERATOR_ACTION_TEMPLATE, Text: "Olá Maria",
			Template: name, TemplateLanguage: "pt_BR", TemplateParams: []string{"Maria"}}
	}
	for name, tc := range map[string]struct {
		cmd  *sessionpb.OperatorCommand
		want conversation.Refusal
	}{
		"another operator": {cmd(other, "retomar"), conversation.RefusedNotAssigned},
		"no template":      {cmd(holder, " "), conversation.RefusedNoTemplate},
	} {
		if _, _, r := conversation.Operate(sessionIn(domain.StateHuman), old, tc.cmd, now); r == nil || r.Code != tc.want {
			t.Errorf("%s: refusal %+v, want %s", name, r, tc.want)
		}
	}
	outcome, m, r := conversation.Operate(sessionIn(domain.StateHuman), old, cmd(holder, "retomar"), now)
	if r != nil || m == nil {
		t.Fatalf("refused %+v", r)
	}
	if outcome.Session.State != domain.StateHuman || outcome.Project {
		t.Errorf("outcome %+v: a template changes nothing", outcome)
	}
	if m.Content != "Olá Maria" || m.OperatorPhone != holder || m.Template == nil ||
		m.Template.Name != "retomar" || m.Template.Language != "pt_BR" || !slices.Equal(m.Template.Params, []string{"Maria"}) {
		t.Errorf("message %+v template %+v", m, m.Template)
	}
}

// A transfer moves a held conversation to another operator; only its holder
// may, and only to someone else.
func TestOperateTransfer(t *testing.T) {
	transfer := func(from, to string) *sessionpb.OperatorCommand {
		return &sessionpb.OperatorCommand{SessionId: sessionIn(domain.StateHuman).SessionID, OperatorPhone: from,
			Action: sessionpb.OperatorAction_OPERATOR_ACTION_TRANSFER, ToOperator: to}
	}
	for name, tc := range map[string]struct {
		cmd  *sessionpb.OperatorCommand
		want conversation.Refusal
	}{
		"not the holder": {transfer(other, "+5511900000002"), conversation.RefusedNotAssigned},
		"to nobody":      {transfer(holder, ""), conversation.RefusedNoOperator},
		"to oneself":     {transfer(holder, holder), conversation.RefusedNoOperator},
	} {
		if _, _, r := conversation.Operate(sessionIn(domain.StateHuman), nil, tc.cmd, now); r == nil || r.Code != tc.want {
			t.Errorf("%s: refusal %+v, want %s", name, r, tc.want)
		}
	}
	outcome, m, r := conversation.Operate(sessionIn(domain.StateHuman), nil, transfer(holder, other), now)
	if r != nil || m != nil || outcome.Session.State != domain.StateHuman || string(outcome.Session.AssignedTo) != other || !outcome.Project {
		t.Errorf("transfer: %+v %+v %+v", outcome, m, r)
	}
}
