package handoff_test

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/domain"
)

// With notifications off, a handoff is queued and nobody is told: the result
// says so rather than claiming a notification.
func ExampleStub() {
	at := time.Date(2025, 3, 14, 12, 0, 0, 0, time.UTC)
	s := domain.NewSession("sess-1", "+5511999990000", "instance_a", at)
	s.State, s.HandoffReason = domain.StateHandoff, domain.HandoffCustomerRequest

	res, _ := handoff.NewStub(nil).Notify(context.Background(), handoff.Notice{Session: s, QueuePosition: 1, At: at})
	res.MockID = "stub-…" // a fresh UUID each time
	out, _ := json.Marshal(res)
	fmt.Println(string(out))
	// Output:
	// {"success":true,"mock_id":"stub-…","detail":"queued at position 1; notifications are off, nobody was told","error_kind":null,"notified":false,"operator_phone":null,"queue_position":1}
}

func ExampleCompose() {
	at := time.Date(2025, 3, 14, 12, 0, 0, 0, time.UTC)
	s := domain.NewSession("sess-1", "+5511999990000", "instance_a", at)
	s.State, s.HandoffReason, s.HandoffAt = domain.StateHandoff, domain.HandoffDataComplete, &at
	s.ServiceIdentified = "Cliente oculto"
	s.CadastralData = map[string]any{"nome": "João Souza"}

	// UI_LANG and UI_TIMEZONE unset: Portuguese, on São Paulo's clock.
	l, err := handoff.NewLocale("", nil)
	if err != nil {
		panic(err)
	}
	m := handoff.Compose(l, handoff.Notice{Session: s, QueuePosition: 2, Renotify: true, At: at.Add(25 * time.Minute)},
		"https://intake.example/atendimento")
	fmt.Println(m.Subject)
	fmt.Print(m.Body)
	// Output:
	// Ainda aguardando um operador: João Souza (+5511999990000) — Cliente oculto
	// Aguardando desde 14/03/2025 09:00 (25 min): ninguém assumiu esta conversa ainda.
	// Cliente: João Souza (+5511999990000)
	// Serviço: Cliente oculto
	// Motivo: cadastro completo
	// Posição na fila: 2
	// Resumo: —
	//
	// Assuma no console: https://intake.example/atendimento
}
