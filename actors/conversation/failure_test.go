package conversation_test

import (
	"errors"
	"testing"

	"github.com/intake-runtime/intake/persistence"
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
		case persistence.StateHandoff, persistence.StateHuman, persistence.StateClosed:
			if out.Reply != "" || out.Handoff != "" || out.Session.State != state {
				t.Errorf("%s: a silent state answered: %+v", state, out)
			}
		default:
			if out.Reply != cfg.FallbackText || out.Handoff != persistence.HandoffAgentFailure || !out.Summarize ||
				out.Session.State != persistence.StateHandoff || out.Session.HandoffReason != persistence.HandoffAgentFailure {
				t.Errorf("%s: %+v", state, out)
			}
			if state == persistence.StateConfirmSubject && out.Session.PendingSubjectChangeText == "" {
				t.Error("the pending subject was hidden from the operator")
			}
		}
	}
}

// TestRefusedAnswers covers answers that are legal by code but unusable.
func TestRefusedAnswers(t *testing.T) {
	tests := []struct {
		name  string
		state persistence.SessionState
		raw   string
	}{
		{"no text to send", persistence.StateQualifying, `{"s":0,"qualification_data":{"a":"b"}}`},
		{"service outside the catalogue", persistence.StateQualifying, `{"s":1,"qualification_data":{},"service":"Desenvolvimento de Apps"} Ótimo!`},
		{"service missing", persistence.StateNew, `{"s":1,"qualification_data":{}} Ótimo!`},
		{"unknown code", persistence.StateDataCollect, `{"s":7,"qualification_data":{}} Oi`},
	}
	e := newEngine(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := e.Apply(input(sessionIn(tt.state), burst), parse(t, tt.raw))
			if out.Illegal == "" || out.Reply != cfg.FallbackText || out.Handoff != persistence.HandoffAgentFailure {
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
		out := e.Apply(input(sessionIn(persistence.StateQualifying), burst),
			parse(t, `{"s":1,"qualification_data":{},"service":"`+name+`","intent":"comprar"} Ótimo!`))
		if out.Session.ServiceIdentified != "Pesquisa de Satisfação de Clientes" || out.Session.Segment != "pesquisa" {
			t.Errorf("%q: service %q, segment %q", name, out.Session.ServiceIdentified, out.Session.Segment)
		}
		if out.Session.Intent != "" {
			t.Errorf("%q: unknown intent stored as %q", name, out.Session.Intent)
		}
	}
}
