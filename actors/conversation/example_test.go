package conversation_test

import (
	"fmt"
	"time"

	"github.com/intake-runtime/intake/actors/agent"
	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/conversation/content"
)

// One customer turn: build the request, let the model answer, apply it.
func ExampleEngine_Apply() {
	store, _ := content.Open("") // embedded prompts, catalogue and knowledge
	engine, _ := conversation.New(conversation.Config{}, store)
	now := time.Date(2026, 3, 10, 13, 30, 0, 0, time.UTC)

	session := engine.NewSession(nil, "s-1", "+5511987654321", "instance_a", now)
	in := conversation.Input{Session: session, Customer: []string{"Quero avaliar o atendimento das minhas lojas"}, Now: now}
	req, _ := engine.Request(in)
	fmt.Println("agent:", req.Agent)

	// The model's raw answer: a JSON head, then the customer text.
	answer, _ := agent.Parse(`{"s":1,"qualification_data":{"porte":"12 lojas"},"service":"cliente oculto","intent":"orcamento"} Ótimo! Vou pedir alguns dados.`)
	out := engine.Apply(in, answer)
	fmt.Println(out.Session.State, out.Session.CurrentAgent, out.Session.ServiceIdentified)
	fmt.Println(out.Reply)
	// Output:
	// agent: TRIAGE
	// DATA_COLLECT REGISTRAR Cliente Oculto
	// Ótimo! Vou pedir alguns dados.
}
