package session_test

import (
	"context"
	"testing"

	"github.com/intake-runtime/intake/actors/projection"
	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

func subjectAnswers(n int) string {
	switch n {
	case 1:
		return `{"s":1,"service":"Pesquisa de mercado","segment":"pesquisa","intent":"contratar","qualification_data":{"tema":"varejo"}} Ótimo! Qual é o seu nome completo?`
	case 2:
		return `{"s":6,"qualification_data":{},"cadastral_data":{}} Quer deixar a pesquisa de lado e tratar do treinamento?`
	}
	return `{"s":0,"qualification_data":{}} Certo! Para quantas pessoas seria o treinamento?`
}

// A confirmed subject change clears the service; the deal follows: back to
// the first stage, no service requested, by the same intent path.
func TestConfirmedSubjectChangeMovesTheDeal(t *testing.T) {
	h := newHarness(t, session.Config{}, subjectAnswers)
	phone := "+5511900000083"
	ctx := context.Background()
	id := h.chat(phone, "s1", "quero uma pesquisa de mercado").GetSessionId()
	projections := persistence.NewProjections(h.table)
	if p, err := projections.Get(ctx, id); err != nil || p.Desired.Stage != projection.StageQualified {
		t.Fatalf("projection with a service = %+v, %v; want stage %s", p.Desired, err, projection.StageQualified)
	}
	h.chat(phone, "s2", "na verdade quero um treinamento de vendas")
	if reply := h.chat(phone, "s3", "sim"); reply.GetState() != string(domain.StateQualifying) {
		t.Fatalf("after the confirmation the state is %q, want QUALIFYING", reply.GetState())
	}
	p, err := projections.Get(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	props, _ := p.Desired.Deal["properties"].(map[string]any)
	if p.Desired.Stage != projection.StageNew || props["servico_solicitado"] != "" || p.Status != persistence.ProjectionPending {
		t.Errorf("projection after the subject change = stage %q, servico_solicitado %v, status %s; want %q, empty, PENDING",
			p.Desired.Stage, props["servico_solicitado"], p.Status, projection.StageNew)
	}
}
