package demo_test

import (
	"context"
	"testing"

	"github.com/intake-runtime/intake/actors/agent"
	"github.com/intake-runtime/intake/actors/agent/demo"
	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/conversation/content"
)

// FuzzDemoAnswersAnyText: whatever the customer writes, and whatever the
// agent asked before, every agent of the demo model answers something the
// contract's parser accepts, with text where the rules need it.
func FuzzDemoAnswersAnyText(f *testing.F) {
	for _, s := range []string{"Oi", ".", "Maria Souza", "123.456.789-00", "moro em Campinas", "meu nome é , e", "a@b.co", "+55 11 91234-5678", "tchau", ""} {
		f.Add(s, "Qual é o seu nome completo?")
	}
	store, err := content.Open("")
	if err != nil {
		f.Fatal(err)
	}
	m := demo.New(store.Catalogue)
	f.Fuzz(func(t *testing.T, text, asked string) {
		history := []agent.Turn{{Role: agent.RoleAssistant, Text: asked}, {Role: agent.RoleUser, Text: text}}
		for _, a := range []string{agent.AgentTriage, agent.AgentQualifier, agent.AgentRegistrar, agent.AgentSummarizer} {
			req := agent.Request{Agent: a, Instructions: "x", History: history,
				Facts: []agent.Fact{{Name: conversation.FactCadastral, Value: `{"nome":"Ana"}`}, {Name: conversation.FactState, Value: "DATA_COLLECT"}}}
			res, err := m.Call(context.Background(), req)
			if err != nil {
				t.Fatalf("%s: %v", a, err)
			}
			if a == agent.AgentSummarizer {
				continue // a JSON object, read by ApplySummary
			}
			p, err := agent.Parse(res.RawResponse)
			if err != nil {
				t.Fatalf("%s answered %q: %v", a, res.RawResponse, err)
			}
			if err := p.Validate(); err != nil {
				t.Fatalf("%s answered %q: %v", a, res.RawResponse, err)
			}
		}
	})
}
