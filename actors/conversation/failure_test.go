package conversation_test

import (
	"errors"
	"testing"

	"github.com/intake-runtime/intake/domain"
)

func TestFailure(t *testing.T) {
	e := newEngine(t)
	cause := errors.New("model timed out")
	for _, state := range states {
		in := input(sessionIn(state), burst)
		out := e.Failure(in, cause)
		if out.Illegal != cause.Error() {
			t.Errorf("%s: illegal = %q", state, out.Illegal)
		}
		switch state {
		case domain.StateHandoff, domain.StateHuman, domain.StateClosed:
			if out.Reply != "" || out.Handoff != "" || out.Session.State != state {
				t.Errorf("%s: a silent state answered: %+v", state, out)
			}
		default:
			if out.Reply != cfg.FallbackText || out.Handoff != domain.HandoffAgentFailure || !out.Summarize ||
				out.Session.State != domain.StateHandoff || out.Session.HandoffReason != domain.HandoffAgentFailure {
				t.Errorf("%s: %+v", state, out)
			}
			if state == domain.StateConfirmSubject && out.Session.PendingSubjectChangeText == "" {
				t.Error("the pending subject was hidden from the operator")
			}
		}
	}
}

// TestRefusedAnswers covers answers that are legal by code but unusable.
func TestRefusedAnswers(t *testing.T) {
	tests := []struct {
		name  string
		state domain.SessionState
		raw   string
	}{
		{"no text to send", domain.StateQualifying, `{"s":0,"qualification_data":{"a":"b"}}`},
		{"service outside the catalogue", domain.StateQualifying, `{"s":1,"qualification_data":{},"service":"Desenvolvimento de Apps"} Ótimo!`},
		{"service missing", domain.StateNew, `{"s":1,"qualification_data":{}} Ótimo!`},
		{"unknown code", domain.StateDataCollect, `{"s":7,"qualification_data":{}} Oi`},
	}
	e := newEngine(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := e.Apply(input(sessionIn(tt.state), burst), parse(t, tt.raw))
			if out.Illegal == "" || out.Reply != cfg.FallbackText || out.Handoff != domain.HandoffAgentFailure {
				t.Errorf("illegal %q, reply %q, handoff %q", out.Illegal, out.Reply, out.Handoff)
			}
			if len(out.Session.QualificationData) != len(sessionIn(tt.state).QualificationData) {
				t.Error("a refused answer's data was merged")
			}
		})
	}
}

func TestServiceMatchingIgnoresCaseAndAccents(t *testing.T) {
	e := newEngine(t)
	for _, name := range []string{"PESQUISA DE SATISFACAO DE CLIENTES", "nps", "Pesquisa de satisfação"} {
		out := e.Apply(input(sessionIn(domain.StateQualifying), burst),
			parse(t, `{"s":1,"qualification_data":{},"service":"`+name+`","intent":"comprar"} Ótimo!`))
		if out.Session.ServiceIdentified != "Pesquisa de Satisfação de Clientes" || out.Session.Segment != "pesquisa" {
			t.Errorf("%q: service %q, segment %q", name, out.Session.ServiceIdentified, out.Session.Segment)
		}
		if out.Session.Intent != "" {
			t.Errorf("%q: unknown intent stored as %q", name, out.Session.Intent)
		}
	}
}
