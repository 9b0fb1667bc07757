package conversation_test

import (
	"encoding/json"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/intake-runtime/intake/domain"
)

// summarized is a session handed off after registration of Cliente Oculto.
func summarized() domain.Session {
	s := sessionIn(domain.StateCompleted)
	s.QualificationData = map[string]any{"assunto": "avaliar o atendimento das lojas", "porte": int64(12)}
	return s
}

func TestApplySummary(t *testing.T) {
	fallback := domain.OperationalSummary{
		MotivoEncerramento:  "Cadastro concluído.",
		ServicoIdentificado: "Cliente Oculto",
		Segmento:            "pesquisa",
		PontosChave:         []string{"Serviço: Cliente Oculto", "Intenção: orcamento", "assunto: avaliar o atendimento das lojas", "porte: 12"},
		DadosColetados: map[string]any{"assunto": "avaliar o atendimento das lojas", "porte": int64(12),
			"nome": "Maria Souza", "email": "maria@exemplo.com", "cpf_cnpj": "52998224725"},
		ProximaAcao: "Enviar ao cliente a proposta de Cliente Oculto.",
		ResumoTexto: "Conversa com Maria Souza (+5511987654321) pelo WhatsApp. Cadastro concluído. Serviço identificado: Cliente Oculto. Próxima ação: Enviar ao cliente a proposta de Cliente Oculto.",
	}
	with := func(change func(*domain.OperationalSummary)) domain.OperationalSummary {
		o := fallback
		change(&o)
		return o
	}
	const object = `{"motivo_encerramento":"Cliente concluiu o cadastro","servico_identificado":"Grupo Focal","segmento":"treinamento",` +
		`"pontos_chave":["12 lojas em SP", 3, "", {"x":1}],"dados_coletados":{"inventado":"sim"},` +
		`"proxima_acao":"Enviar proposta","resumo_texto":"Maria quer avaliar o atendimento."}`
	fromModel := with(func(o *domain.OperationalSummary) {
		o.MotivoEncerramento = "Cliente concluiu o cadastro"
		o.PontosChave = []string{"12 lojas em SP", "3"}
		o.ProximaAcao = "Enviar proposta"
		o.ResumoTexto = "Maria quer avaliar o atendimento."
	})
	tests := []struct {
		name   string
		answer string
		ok     bool
		want   domain.OperationalSummary
	}{
		{"object: the session's facts win over the model's", object, true, fromModel},
		{"fenced object", "```json\n" + object + "\n```", true, fromModel},
		{"object then prose", `{"motivo_encerramento":"Cadastro feito"} Maria quer avaliar as lojas.`, true, with(func(o *domain.OperationalSummary) {
			o.MotivoEncerramento = "Cadastro feito"
			o.ResumoTexto = "Maria quer avaliar as lojas."
		})},
		{"points as one text", `{"pontos_chave":"- primeiro\n- segundo\n"}`, true, with(func(o *domain.OperationalSummary) {
			o.PontosChave = []string{"primeiro", "segundo"}
		})},
		{"legacy string", "Maria concluiu o cadastro para Cliente Oculto e aguarda a proposta.", true, with(func(o *domain.OperationalSummary) {
			o.ResumoTexto = "Maria concluiu o cadastro para Cliente Oculto e aguarda a proposta."
		})},
		{"null", "null", true, fallback},
		{"empty", "  ", true, fallback},
		{"array", `["a","b"]`, true, fallback},
		{"broken object", `{"motivo_encerramento": "Cadastro`, true, fallback},
		{"garbage", "\x00\x01\x02 ���", true, fallback},
		{"symbols", "#### ---- !!!! ????", true, fallback},
		{"call failed", object, false, fallback},
	}
	e := newEngine(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := summarized()
			s := e.ApplySummary(in, tt.answer, tt.ok)
			got := s.OperationalSummary.Structured
			if got == nil {
				t.Fatal("no structured summary")
			}
			if !reflect.DeepEqual(*got, tt.want) {
				t.Errorf("summary =\n%#v\nwant\n%#v", *got, tt.want)
			}
			wantSevenKeys(t, s)
			if !reflect.DeepEqual(in, summarized()) {
				t.Error("ApplySummary changed its input")
			}
		})
	}
}

func TestSummaryFallbackByReason(t *testing.T) {
	tests := []struct {
		state  domain.SessionState
		reason domain.HandoffReason
		motivo string
		next   string
	}{
		{domain.StateHandoff, domain.HandoffCustomerRequest, "O cliente pediu para falar com um atendente.", "Assumir a conversa e dar continuidade ao atendimento."},
		{domain.StateHandoff, domain.HandoffValidationFailed, "Os dados cadastrais não passaram na validação depois de várias tentativas.", "Conferir os dados cadastrais com o cliente e concluir o cadastro."},
		{domain.StateHandoff, domain.HandoffAgentFailure, "O assistente virtual não conseguiu responder ao cliente.", "Assumir a conversa e dar continuidade ao atendimento."},
		{domain.StateHuman, domain.HandoffOperatorTakeover, "Um atendente assumiu a conversa.", "Assumir a conversa e dar continuidade ao atendimento."},
		{domain.StateClosed, domain.HandoffDataComplete, "Conversa encerrada.", "Nenhuma ação pendente."},
		{domain.StateQualifying, "", "Conversa em andamento.", "Acompanhar a conversa."},
	}
	e := newEngine(t)
	for _, tt := range tests {
		s := sessionIn(tt.state)
		s.HandoffReason = tt.reason
		s.PendingSubjectChangeText = "treinamento"
		got := e.ApplySummary(s, "", false).OperationalSummary.Structured
		if got.MotivoEncerramento != tt.motivo || got.ProximaAcao != tt.next {
			t.Errorf("%s/%s: motivo %q, próxima ação %q", tt.state, tt.reason, got.MotivoEncerramento, got.ProximaAcao)
		}
		if got.PontosChave[len(got.PontosChave)-1] != "Mudança de assunto pendente: treinamento" {
			t.Errorf("pontos_chave = %q", got.PontosChave)
		}
	}
}

func TestSummaryTakesModelValuesTheSessionLacks(t *testing.T) {
	e := newEngine(t)
	s := sessionIn(domain.StateHandoff)
	got := e.ApplySummary(s, `{"servico_identificado":"grupo focal","segmento":"Pesquisa de mercado"}`, true).OperationalSummary.Structured
	if got.ServicoIdentificado != "Grupo Focal" || got.Segmento != "pesquisa" {
		t.Errorf("service %q, segment %q: want canonical catalogue values", got.ServicoIdentificado, got.Segmento)
	}
	got = e.ApplySummary(s, `{"servico_identificado":"Aplicativo","segmento":"esportes"}`, true).OperationalSummary.Structured
	if got.ServicoIdentificado != "" || got.Segmento != "" {
		t.Errorf("unknown values kept: %q, %q", got.ServicoIdentificado, got.Segmento)
	}
}

func TestSummaryCapsRunawayAnswers(t *testing.T) {
	e := newEngine(t)
	points := make([]string, 50)
	for i := range points {
		points[i] = `"ponto"`
	}
	answer := `{"pontos_chave":[` + strings.Join(points, ",") + `],"resumo_texto":"` + strings.Repeat("a", 5000) + `"}`
	got := e.ApplySummary(sessionIn(domain.StateHandoff), answer, true).OperationalSummary.Structured
	if len(got.PontosChave) > 12 || len([]rune(got.ResumoTexto)) > 2001 {
		t.Errorf("%d points, %d runes of text", len(got.PontosChave), len([]rune(got.ResumoTexto)))
	}
}

// wantSevenKeys checks the stored shape: exactly the spec's keys.
func wantSevenKeys(t *testing.T, s domain.Session) {
	t.Helper()
	data, err := json.Marshal(s.OperationalSummary)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	want := []string{"dados_coletados", "motivo_encerramento", "pontos_chave", "proxima_acao", "resumo_texto", "segmento", "servico_identificado"}
	if !reflect.DeepEqual(keys, want) {
		t.Errorf("keys = %v", keys)
	}
	if _, ok := m["pontos_chave"].([]any); !ok {
		t.Errorf("pontos_chave = %#v, want a list", m["pontos_chave"])
	}
	if _, ok := m["dados_coletados"].(map[string]any); !ok {
		t.Errorf("dados_coletados = %#v, want an object", m["dados_coletados"])
	}
}
