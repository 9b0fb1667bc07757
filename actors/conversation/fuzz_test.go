package conversation_test

import (
	"testing"

	"github.com/intake-runtime/intake/actors/agent"
	"github.com/intake-runtime/intake/domain"
)

// FuzzApply feeds arbitrary model answers and customer texts to every state.
// Whatever the model writes, the customer receives its text only from a legal
// answer, a configured text, or nothing.
func FuzzApply(f *testing.F) {
	for _, raw := range legalAnswer {
		f.Add(raw, burst, uint8(1))
	}
	f.Add(`{"s":6,"qualification_data":{"a":null}} Mudar?`, "sim", uint8(4))
	f.Add(`{"s":0,"confirm":true} ok`, "talvez", uint8(4))
	f.Add(`{"s":2,"cadastral_data":{"cpf_cnpj":[1,2],"email":{"a":1}}} ok`, "dados", uint8(2))
	f.Add(`{"s":5,"packages":[1,null,"../x"]}`, "", uint8(0))
	e := newEngine(f)
	configured := map[string]bool{"": true, cfg.FallbackText: true, cfg.ValidationHandoffText: true, cfg.EnrichmentFallbackText: true}
	f.Fuzz(func(t *testing.T, raw, customer string, state uint8) {
		answer, err := agent.Parse(raw)
		if err != nil {
			return
		}
		s := sessionIn(states[int(state)%len(states)])
		out := e.Apply(input(s, customer), answer)
		if out.Reply != answer.Message && !configured[out.Reply] && !isRetryText(out.Reply) {
			t.Fatalf("reply %q is neither the answer's text nor a configured one", out.Reply)
		}
		if out.Illegal != "" && out.Reply == answer.Message && answer.Message != "" && !configured[out.Reply] {
			t.Fatalf("a refused answer reached the customer: %q", out.Reply)
		}
		if out.Session.QualificationData == nil || out.Session.CadastralData == nil {
			t.Fatal("data maps lost")
		}
	})
}

func isRetryText(s string) bool { return len(s) > 7 && s[:7] == "RETRY: " }

// FuzzApplySummary checks that any SUMMARIZER answer yields the normalized
// seven-key summary.
func FuzzApplySummary(f *testing.F) {
	f.Add(`{"motivo_encerramento":"x","pontos_chave":["a"],"resumo_texto":"y"}`, true)
	f.Add("```json\n{\"pontos_chave\":\"a\\nb\"}\n```", true)
	f.Add("Maria concluiu o cadastro e aguarda a proposta.", true)
	f.Add("null", true)
	f.Add(`{"dados_coletados":[1],"servico_identificado":{"a":1}}`, true)
	f.Add("\x00garbage{", false)
	e := newEngine(f)
	f.Fuzz(func(t *testing.T, answer string, ok bool) {
		s := e.ApplySummary(sessionIn(domain.StateHandoff), answer, ok)
		got := s.OperationalSummary.Structured
		if got == nil || got.PontosChave == nil || got.DadosColetados == nil || got.MotivoEncerramento == "" ||
			got.ProximaAcao == "" || got.ResumoTexto == "" {
			t.Fatalf("summary not normalized: %+v", got)
		}
		wantSevenKeys(t, s)
	})
}
