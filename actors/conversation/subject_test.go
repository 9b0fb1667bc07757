package conversation_test

import (
	"testing"

	"github.com/intake-runtime/intake/actors/agent"
	"github.com/intake-runtime/intake/domain"
)

const held = "na verdade quero um treinamento para a equipe"

// confirming is a session asking to switch subject, interrupted in from.
func confirming(from domain.SessionState) domain.Session {
	s := sessionIn(from)
	s.State = domain.StateConfirmSubject
	s.PendingSubjectChangeText = held
	s.CadastralData = map[string]any{"nome": "Maria Souza"}
	return s
}

func TestPlainAnswersDecideBeforeTheModel(t *testing.T) {
	tests := []struct {
		burst string
		from  domain.SessionState
		want  string // yes, no, or open
	}{
		{"sim", domain.StateQualifying, "yes"},
		{"Sim!", domain.StateDataCollect, "yes"},
		{"SIM, quero falar do treinamento", domain.StateDataCollect, "yes"},
		{"pode ser", domain.StateQualifying, "yes"},
		{"isso mesmo", domain.StateQualifying, "yes"},
		{"yes", domain.StateQualifying, "yes"},
		{"👍", domain.StateQualifying, "yes"},
		{"não", domain.StateQualifying, "no"},
		{"nao", domain.StateDataCollect, "no"},
		{"Não, vamos continuar com o cadastro", domain.StateDataCollect, "no"},
		{"melhor não", domain.StateQualifying, "no"},
		{"no", domain.StateQualifying, "no"},
		{"não sei", domain.StateQualifying, "open"},
		{"talvez mais tarde", domain.StateQualifying, "open"},
		{"quanto custa o treinamento?", domain.StateDataCollect, "open"},
		{"", domain.StateQualifying, "open"},
	}
	e := newEngine(t)
	for _, tt := range tests {
		t.Run(tt.burst, func(t *testing.T) {
			s := confirming(tt.from)
			in := input(s, tt.burst)
			req, err := e.Request(in)
			if err != nil && tt.burst != "" {
				t.Fatal(err)
			}
			out := e.Apply(in, parse(t, `{"s":0,"qualification_data":{}} `+modelMsg))
			got := out.Session
			switch tt.want {
			case "yes":
				if req.Agent != agent.AgentQualifier || fact(req, "mudanca_de_assunto_pendente") != "" ||
					fact(req, "dados_de_qualificacao") != `{"assunto":"`+held+`"}` {
					t.Errorf("request agent %s, facts %v: want QUALIFIER on the held subject", req.Agent, req.Facts)
				}
				if got.State != domain.StateQualifying || got.CurrentAgent != domain.AgentQualifier ||
					got.ServiceIdentified != "" || got.Segment != "" || got.Intent != "" || got.PendingSubjectChangeText != "" ||
					len(got.QualificationData) != 1 || got.QualificationData["assunto"] != held {
					t.Errorf("after yes: %+v", got)
				}
			case "no":
				if got.State != tt.from || got.PendingSubjectChangeText != "" || got.ServiceIdentified != s.ServiceIdentified {
					t.Errorf("after no: state %s, pending %q, service %q", got.State, got.PendingSubjectChangeText, got.ServiceIdentified)
				}
				if tt.burst != "" && req.Agent != string(s.CurrentAgent) {
					t.Errorf("request agent %s, want %s", req.Agent, s.CurrentAgent)
				}
			case "open":
				if got.State != domain.StateConfirmSubject || got.PendingSubjectChangeText != held {
					t.Errorf("open answer decided: state %s, pending %q", got.State, got.PendingSubjectChangeText)
				}
				if tt.burst != "" && fact(req, "mudanca_de_assunto_pendente") != held {
					t.Errorf("the model is not told about the pending subject: %v", req.Facts)
				}
			}
			if got.CadastralData["nome"] != "Maria Souza" {
				t.Error("registration data lost")
			}
			if out.Reply != modelMsg {
				t.Errorf("reply = %q", out.Reply)
			}
		})
	}
}

func TestModelDecidesUnclearAnswers(t *testing.T) {
	e := newEngine(t)
	for _, tt := range []struct {
		confirm string
		state   domain.SessionState
		pending domain.NullString
	}{
		{`,"confirm":true`, domain.StateQualifying, ""},
		{`,"confirm":false`, domain.StateDataCollect, ""},
		{``, domain.StateConfirmSubject, held},
		{`,"confirm":"sim"`, domain.StateConfirmSubject, held},
	} {
		out := e.Apply(input(confirming(domain.StateDataCollect), "hmm, acho que pode ser o outro"),
			parse(t, `{"s":0,"qualification_data":{}`+tt.confirm+`} `+modelMsg))
		if out.Session.State != tt.state || out.Session.PendingSubjectChangeText != tt.pending || out.Illegal != "" {
			t.Errorf("confirm %q: state %s, pending %q, illegal %q", tt.confirm, out.Session.State, out.Session.PendingSubjectChangeText, out.Illegal)
		}
	}
}

func TestSecondSubjectChangeReplacesTheHeldText(t *testing.T) {
	e := newEngine(t)
	out := e.Apply(input(confirming(domain.StateQualifying), "ou melhor, um grupo focal"),
		parse(t, `{"s":6,"qualification_data":{}} Quer falar de grupo focal?`))
	if out.Session.State != domain.StateConfirmSubject || out.Session.PendingSubjectChangeText != "ou melhor, um grupo focal" {
		t.Errorf("state %s, pending %q", out.Session.State, out.Session.PendingSubjectChangeText)
	}
}

func fact(req agent.Request, name string) string {
	for _, f := range req.Facts {
		if f.Name == name {
			return f.Value
		}
	}
	return ""
}
