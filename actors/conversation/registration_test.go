package conversation_test

import (
	"reflect"
	"testing"

	"github.com/intake-runtime/intake/domain"
)

func TestRegistrationValidation(t *testing.T) {
	tests := []struct {
		name      string
		cadastral string
		reply     string
		stored    map[string]any
	}{
		{
			name:      "valid CPF, e-mail and phone are normalised",
			cadastral: `{"nome":"Maria Souza","email":"MARIA@Exemplo.com.br","cpf_cnpj":"529.982.247-25","telefone":"(11) 98765-4321","estado":"sp","cep":"13083 970","cidade":"Campinas"}`,
			reply:     modelMsg,
			stored: map[string]any{"nome": "Maria Souza", "email": "maria@exemplo.com.br", "cpf_cnpj": "52998224725",
				"telefone": "+5511987654321", "estado": "SP", "cep": "13083-970", "cidade": "Campinas"},
		},
		{
			name:      "valid CNPJ written as a number",
			cadastral: `{"nome":"Padaria Sol Ltda","email":"contato@padariasol.com.br","cpf_cnpj":11222333000181}`,
			reply:     modelMsg,
			stored:    map[string]any{"nome": "Padaria Sol Ltda", "email": "contato@padariasol.com.br", "cpf_cnpj": "11222333000181"},
		},
		{
			name:      "valid alphanumeric CNPJ, any case",
			cadastral: `{"nome":"Nova Empresa Ltda","email":"contato@novaempresa.com.br","cpf_cnpj":"12.abc.345/01DE-35"}`,
			reply:     modelMsg,
			stored:    map[string]any{"nome": "Nova Empresa Ltda", "email": "contato@novaempresa.com.br", "cpf_cnpj": "12ABC34501DE35"},
		},
		{
			// An invalid document or e-mail is never stored: the message
			// log keeps what the customer typed. The retry names the
			// document by its length.
			name:      "bad check digit",
			cadastral: `{"nome":"Maria Souza","email":"maria@exemplo.com","cpf_cnpj":"529.982.247-26"}`,
			reply:     "RETRY: o CPF",
			stored:    map[string]any{"nome": "Maria Souza", "email": "maria@exemplo.com"},
		},
		{
			name:      "repeated digits and bad e-mail",
			cadastral: `{"nome":"Maria Souza","email":"maria@exemplo","cpf_cnpj":"111.111.111-11"}`,
			reply:     "RETRY: o CPF e o e-mail",
			stored:    map[string]any{"nome": "Maria Souza"},
		},
		{
			name:      "bad CNPJ check digit",
			cadastral: `{"nome":"Nova Empresa Ltda","email":"contato@novaempresa.com.br","cpf_cnpj":"12.ABC.345/01DE-36"}`,
			reply:     "RETRY: o CNPJ",
			stored:    map[string]any{"nome": "Nova Empresa Ltda", "email": "contato@novaempresa.com.br"},
		},
		{
			name:      "everything missing or wrong",
			cadastral: `{"nome":"","email":null,"telefone":"123"}`,
			reply:     "RETRY: o nome, o CPF/CNPJ, o e-mail e o telefone",
			stored:    map[string]any{"telefone": "123"},
		},
	}
	e := newEngine(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := input(sessionIn(domain.StateDataCollect), "meus dados")
			out := e.Apply(in, parse(t, `{"s":2,"qualification_data":{},"cadastral_data":`+tt.cadastral+`} Cadastro concluído!`))
			if tt.reply == modelMsg {
				tt.reply = "Cadastro concluído!"
			}
			if out.Reply != tt.reply {
				t.Errorf("reply = %q, want %q", out.Reply, tt.reply)
			}
			if !reflect.DeepEqual(out.Session.CadastralData, tt.stored) {
				t.Errorf("cadastral_data = %#v\nwant %#v", out.Session.CadastralData, tt.stored)
			}
			valid := tt.reply == "Cadastro concluído!"
			if out.Project != valid || (out.Session.State == domain.StateCompleted) != valid {
				t.Errorf("project %v, state %s; valid = %v", out.Project, out.Session.State, valid)
			}
			if !valid && (out.Session.RetryCount != 1 || out.Handoff != "" || out.Session.State != domain.StateDataCollect) {
				t.Errorf("retry_count %d, handoff %q, state %s; want 1, none, DATA_COLLECT", out.Session.RetryCount, out.Handoff, out.Session.State)
			}
		})
	}
}

func TestThirdValidationFailureHandsOff(t *testing.T) {
	e := newEngine(t)
	bad := `{"s":2,"qualification_data":{},"cadastral_data":{"nome":"Maria","email":"maria@exemplo.com","cpf_cnpj":"123"}} Tudo certo!`
	s := sessionIn(domain.StateDataCollect)
	var replies []string
	for range 3 {
		out := e.Apply(input(s, "meus dados"), parse(t, bad))
		replies = append(replies, out.Reply)
		s = out.Session
		if len(replies) < 3 && (out.Handoff != "" || out.Summarize) {
			t.Fatalf("attempt %d handed off early", len(replies))
		}
		if len(replies) == 3 {
			if out.Handoff != domain.HandoffValidationFailed || !out.Summarize || out.Project {
				t.Errorf("third failure: handoff %q, summarize %v, project %v", out.Handoff, out.Summarize, out.Project)
			}
		}
	}
	want := []string{"RETRY: o CPF/CNPJ", "RETRY: o CPF/CNPJ", cfg.ValidationHandoffText}
	if !reflect.DeepEqual(replies, want) {
		t.Errorf("replies = %q, want %q", replies, want)
	}
	if s.State != domain.StateHandoff || s.HandoffReason != domain.HandoffValidationFailed || s.RetryCount != 3 {
		t.Errorf("state %s, reason %s, retry_count %d", s.State, s.HandoffReason, s.RetryCount)
	}
}

func TestSuccessResetsRetryCountAndCorrectionOnlyProjects(t *testing.T) {
	e := newEngine(t)
	s := sessionIn(domain.StateDataCollect)
	s.RetryCount = 2
	good := `{"s":2,"qualification_data":{},"cadastral_data":{"nome":"Maria Souza","email":"maria@exemplo.com","cpf_cnpj":"52998224725"}} Obrigado!`
	out := e.Apply(input(s, "meus dados"), parse(t, good))
	if out.Session.RetryCount != 0 || out.Handoff != domain.HandoffDataComplete {
		t.Fatalf("retry_count %d, handoff %q", out.Session.RetryCount, out.Handoff)
	}
	// Later the customer corrects the e-mail: only the projection reruns.
	fix := `{"s":2,"qualification_data":{},"cadastral_data":{"email":"maria.souza@exemplo.com","cpf_cnpj":null}} Corrigido!`
	out = e.Apply(input(out.Session, "meu e-mail mudou"), parse(t, fix))
	if !out.Project || out.Handoff != "" || out.Summarize || out.Session.State != domain.StateCompleted {
		t.Errorf("correction: project %v, handoff %q, summarize %v, state %s", out.Project, out.Handoff, out.Summarize, out.Session.State)
	}
	if out.Session.CadastralData["email"] != "maria.souza@exemplo.com" || out.Session.CadastralData["cpf_cnpj"] != "52998224725" {
		t.Errorf("cadastral_data = %v", out.Session.CadastralData)
	}
}

func TestMergeKeepsCollectedValues(t *testing.T) {
	e := newEngine(t)
	s := sessionIn(domain.StateQualifying)
	s.QualificationData = map[string]any{"empresa": "Padaria Sol", "porte": "12 lojas", "prazo": "março"}
	raw := `{"s":0,"qualification_data":{"empresa":null,"porte":"","prazo":"  abril ","lojas":12,"nota":4.5,"canais":["loja","site"],"  ":"x"}} Ok.`
	out := e.Apply(input(s, "mudou o prazo"), parse(t, raw))
	want := map[string]any{"empresa": "Padaria Sol", "porte": "12 lojas", "prazo": "abril",
		"lojas": int64(12), "nota": 4.5, "canais": []any{"loja", "site"}}
	if !reflect.DeepEqual(out.Session.QualificationData, want) {
		t.Errorf("qualification_data = %#v\nwant %#v", out.Session.QualificationData, want)
	}
	if s.QualificationData["prazo"] != "março" {
		t.Error("Apply changed the input's map")
	}
}
