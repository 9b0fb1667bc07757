package conversation_test

import (
	"reflect"
	"testing"

	"github.com/intake-runtime/intake/domain"
)

// The CPF/CNPJ and the e-mail are checked the moment the model reports them,
// whatever s: the customer hears what is wrong in the same turn.
func TestDocumentAndEmailAreCheckedAsSoonAsGiven(t *testing.T) {
	completed := sessionIn(domain.StateCompleted)
	tests := []struct {
		name    string
		session domain.Session
		answer  string
		state   domain.SessionState
		reply   string
		retries int
		handoff domain.HandoffReason
		stored  map[string]any
	}{
		{
			name:    "an invalid CPF while collecting (s=0)",
			session: sessionIn(domain.StateDataCollect),
			answer:  `{"s":0,"cadastral_data":{"nome":"Maria Souza","cpf_cnpj":"123.456.789-00"}} Obrigado! Qual é o seu e-mail?`,
			state:   domain.StateDataCollect, reply: "RETRY: o CPF", retries: 1,
			stored: map[string]any{"nome": "Maria Souza"},
		},
		{
			name:    "an invalid e-mail while collecting (s=0)",
			session: sessionIn(domain.StateDataCollect),
			answer:  `{"s":0,"cadastral_data":{"email":"maria@exemplo"}} Obrigado! E o seu CPF?`,
			state:   domain.StateDataCollect, reply: "RETRY: o e-mail", retries: 1,
			stored: map[string]any{},
		},
		{
			name:    "valid values are stored normalised and the model's text sent",
			session: sessionIn(domain.StateDataCollect),
			answer:  `{"s":0,"cadastral_data":{"cpf_cnpj":"12.abc.345/01de-35","email":" Contato@Nova.com.br"}} Obrigado! Em que cidade?`,
			state:   domain.StateDataCollect, reply: "Obrigado! Em que cidade?",
			stored: map[string]any{"cpf_cnpj": "12ABC34501DE35", "email": "contato@nova.com.br"},
		},
		{
			name:    "a wrong correction keeps the valid document collected before",
			session: completed,
			answer:  `{"s":0,"cadastral_data":{"cpf_cnpj":"11.222.333/0001-80"}} Anotado!`,
			state:   domain.StateCompleted, reply: "RETRY: o CNPJ", retries: 1,
			stored: completed.CadastralData,
		},
		{
			name:    "a wrong correction declared complete (s=2) does not project",
			session: completed,
			answer:  `{"s":2,"cadastral_data":{"nome":"Maria Souza","email":"maria@exemplo.com","cpf_cnpj":"11.222.333/0001-80"}} Atualizei!`,
			state:   domain.StateCompleted, reply: "RETRY: o CNPJ", retries: 1,
			stored: completed.CadastralData,
		},
		{
			name:    "a service identified with an invalid CPF (s=1)",
			session: sessionIn(domain.StateQualifying),
			answer:  `{"s":1,"service":"Cliente Oculto","cadastral_data":{"cpf_cnpj":"529.982.247-26"}} Ótimo! Qual é o seu nome?`,
			state:   domain.StateDataCollect, reply: "RETRY: o CPF", retries: 1,
			stored: map[string]any{},
		},
		{
			// A person takes over: the customer hears the model's text,
			// the invalid value is dropped, no strike is counted.
			name:    "a handoff on request (s=3)",
			session: sessionIn(domain.StateDataCollect),
			answer:  `{"s":3,"cadastral_data":{"cpf_cnpj":"123"}} Vou transferir você para um atendente.`,
			state:   domain.StateHandoff, reply: "Vou transferir você para um atendente.",
			handoff: domain.HandoffCustomerRequest, stored: map[string]any{},
		},
		{
			// The confirmation question comes first.
			name:    "a subject change (s=6)",
			session: sessionIn(domain.StateDataCollect),
			answer:  `{"s":6,"cadastral_data":{"email":"maria@"}} Quer deixar o assunto atual e tratar do novo?`,
			state:   domain.StateConfirmSubject, reply: "Quer deixar o assunto atual e tratar do novo?",
			stored: map[string]any{},
		},
	}
	e := newEngine(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := e.Apply(input(tt.session, "meus dados"), parse(t, tt.answer))
			if out.Illegal != "" {
				t.Fatalf("refused: %s", out.Illegal)
			}
			s := out.Session
			if s.State != tt.state || out.Reply != tt.reply || s.RetryCount != tt.retries || out.Handoff != tt.handoff {
				t.Errorf("state %s, reply %q, retry_count %d, handoff %q; want %s, %q, %d, %q",
					s.State, out.Reply, s.RetryCount, out.Handoff, tt.state, tt.reply, tt.retries, tt.handoff)
			}
			if out.Project {
				t.Error("projected")
			}
			if !reflect.DeepEqual(s.CadastralData, tt.stored) {
				t.Errorf("cadastral_data = %#v\nwant %#v", s.CadastralData, tt.stored)
			}
		})
	}
}

// A knowledge request (s=5) sends nothing: the answer after the injection
// reports the data again and is checked then, so nothing is counted twice.
func TestKnowledgeRequestDefersTheCheck(t *testing.T) {
	e := newEngine(t)
	out := e.Apply(input(sessionIn(domain.StateDataCollect), "meu CPF é 123"),
		parse(t, `{"s":5,"packages":["privacidade"],"cadastral_data":{"cpf_cnpj":"123"}}`))
	if out.Reply != "" || out.Session.RetryCount != 0 || out.Session.CadastralData["cpf_cnpj"] != nil {
		t.Errorf("reply %q, retry_count %d, cadastral_data %v", out.Reply, out.Session.RetryCount, out.Session.CadastralData)
	}
}

// Strikes count whatever the turn and the code that carried them: two wrong
// CPFs while collecting and a wrong e-mail declared complete are three, and
// a person takes over (VALIDATION_FAILED).
func TestThirdStrikeAsSoonAsGivenHandsOff(t *testing.T) {
	e := newEngine(t)
	s := sessionIn(domain.StateDataCollect)
	answers := []string{
		`{"s":0,"cadastral_data":{"nome":"Maria Souza","cpf_cnpj":"123.456.789-00"}} Qual é o seu e-mail?`,
		`{"s":0,"cadastral_data":{"cpf_cnpj":"123.456.789-01"}} Qual é o seu e-mail?`,
		`{"s":2,"cadastral_data":{"cpf_cnpj":"529.982.247-25","email":"maria@"}} Cadastro concluído!`,
	}
	var replies []string
	var last domain.HandoffReason
	for _, a := range answers {
		out := e.Apply(input(s, "meus dados"), parse(t, a))
		replies = append(replies, out.Reply)
		s, last = out.Session, out.Handoff
		if len(replies) == 3 && (!out.Summarize || out.Project) {
			t.Errorf("third strike: summarize %v, project %v", out.Summarize, out.Project)
		}
	}
	want := []string{"RETRY: o CPF", "RETRY: o CPF", cfg.ValidationHandoffText}
	if !reflect.DeepEqual(replies, want) {
		t.Errorf("replies = %q, want %q", replies, want)
	}
	if s.State != domain.StateHandoff || last != domain.HandoffValidationFailed || s.RetryCount != 3 {
		t.Errorf("state %s, handoff %q, retry_count %d; want HANDOFF, VALIDATION_FAILED, 3", s.State, last, s.RetryCount)
	}
	if s.CadastralData["cpf_cnpj"] != "52998224725" || s.CadastralData["email"] != nil {
		t.Errorf("cadastral_data = %v: the valid CPF kept, the invalid e-mail not", s.CadastralData)
	}
}
