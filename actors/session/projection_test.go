package session_test

import (
	"context"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/persistence"
)

func registrationAnswers(n int) string {
	switch n {
	case 1:
		return `{"s":1,"service":"Pesquisa de mercado","segment":"pesquisa","intent":"contratar","qualification_data":{"tema":"varejo"}} Ótimo! Qual é o seu nome completo?`
	case 2:
		return `{"s":2,"qualification_data":{},"cadastral_data":{"nome":"Maria Silva","email":"maria@example.com","cpf_cnpj":"529.982.247-25"}} Cadastro concluído!`
	}
	return `{"motivo_encerramento":"cadastro","pontos_chave":[],"proxima_acao":"contato","resumo_texto":"Cadastro completo."}`
}

func TestQualifiedSessionIsProjectedAndTheERPCustomerCreatedOnce(t *testing.T) {
	h := newHarness(t, session.Config{}, registrationAnswers)
	phone := "+5511900000060"
	reply := h.chat(phone, "p1", "quero uma pesquisa de mercado")
	projections := persistence.NewProjections(h.table)
	ctx := context.Background()
	waitFor(t, func() bool {
		p, err := projections.Get(ctx, reply.GetSessionId())
		return err == nil && p.Status == persistence.ProjectionPending
	}, "a PENDING projection after the service was identified")

	reply = h.chat(phone, "p2", "Maria Silva, maria@example.com, CPF 529.982.247-25")
	if reply.GetState() != string(persistence.StateCompleted) {
		t.Fatalf("state after registration = %q (reply %q)", reply.GetState(), reply.GetReply())
	}
	waitFor(t, func() bool {
		s, err := persistence.NewSessions(h.table).Active(ctx, phone)
		return err == nil && s.ERPSynced && s.ERPPayload["nome"] == "Maria Silva"
	}, "erp_synced and erp_payload on the session")
	if got := h.erp.Received(); len(got) != 1 {
		t.Errorf("the ERP received %d customers, want 1", len(got))
	}
}

func waitFor(t *testing.T, cond func() bool, what string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("waited for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
