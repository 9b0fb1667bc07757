package agent_test

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/intake-runtime/intake/actors/agent"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func validRequest() agent.Request {
	return agent.Request{
		Agent:        agent.AgentTriage,
		Instructions: "Você é o agente de triagem.",
		History:      []agent.Turn{{Role: agent.RoleUser, Text: "Oi"}},
	}
}

func TestRequestValidate(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(*agent.Request)
		ok     bool
	}{
		{"valid", func(*agent.Request) {}, true},
		{"every agent", func(r *agent.Request) { r.Agent = agent.AgentSummarizer }, true},
		{"empty turn text is sent as is", func(r *agent.Request) { r.History = []agent.Turn{{Role: agent.RoleUser}} }, true},
		{"unknown agent", func(r *agent.Request) { r.Agent = "triage" }, false},
		{"no instructions", func(r *agent.Request) { r.Instructions = " \n" }, false},
		{"no history", func(r *agent.Request) { r.History = nil }, false},
		{"system role", func(r *agent.Request) { r.History = []agent.Turn{{Role: "system", Text: "x"}} }, false},
		{"package without ID", func(r *agent.Request) { r.Packages = []agent.Package{{Content: "x"}} }, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := validRequest()
			tt.mutate(&req)
			err := req.Validate()
			if tt.ok && err != nil {
				t.Fatalf("Validate() = %v", err)
			}
			if !tt.ok && !errors.Is(err, agent.ErrBadRequest) {
				t.Fatalf("Validate() = %v, want ErrBadRequest", err)
			}
		})
	}
}

func TestSystemPromptGolden(t *testing.T) {
	tests := []struct {
		name string
		req  agent.Request
	}{
		{"prompt_only", agent.Request{Instructions: "\nVocê é o agente de triagem.\n\n"}},
		{"prompt_packages_facts", agent.Request{
			Instructions: "Você é o agente de qualificação.\n",
			Packages: []agent.Package{
				{ID: "pesquisa-varejo", Content: "Pesquisas de varejo: prazo de 30 dias.\n"},
				{ID: "precos", Content: "Preços sob consulta."},
			},
			Facts: []agent.Fact{
				{Name: "state", Value: "QUALIFYING"},
				{Name: "service", Value: "Pesquisa de mercado"},
				{Name: "qualification_data", Value: "tema=varejo; porte=médio"},
			},
		}},
		{"prompt_facts", agent.Request{
			Instructions: "Você é o agente de cadastro.",
			Facts:        []agent.Fact{{Name: "state", Value: "DATA_COLLECT"}},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.req.SystemPrompt()
			golden := filepath.Join("testdata", tt.name+".golden")
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("SystemPrompt() differs from %s (run with -update to accept):\n%s", golden, got)
			}
		})
	}
}
