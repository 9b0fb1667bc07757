package openai_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/intake-runtime/intake/actors/agent"
	"github.com/intake-runtime/intake/actors/agent/openai"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func TestBuildRequestGolden(t *testing.T) {
	tests := []struct {
		name   string
		model  string
		effort string
		req    agent.Request
	}{
		{
			name:  "minimal",
			model: "gpt-4.1-mini",
			req: agent.Request{
				Agent:        agent.AgentTriage,
				Instructions: "Você é o agente de triagem.\nResponda com um objeto JSON seguido do texto.\n",
				History:      []agent.Turn{{Role: agent.RoleUser, Text: "Oi"}},
			},
		},
		{
			name:   "full",
			model:  "gpt-5-mini",
			effort: "low",
			req: agent.Request{
				Agent:        agent.AgentQualifier,
				Instructions: "Você é o agente de qualificação.",
				History: []agent.Turn{
					{Role: agent.RoleUser, Text: "Oi\npreciso de uma pesquisa de mercado"},
					{Role: agent.RoleAssistant, Text: "Ótimo! Qual é o tema?"},
					{Role: agent.RoleUser, Text: `varejo, com "aspas" & <tags>`},
				},
				Packages: []agent.Package{
					{ID: "pesquisa-varejo", Content: "Pesquisas de varejo: prazo de 30 dias.\n"},
					{ID: "precos", Content: "Preços sob consulta."},
				},
				Facts: []agent.Fact{
					{Name: "state", Value: "QUALIFYING"},
					{Name: "service", Value: "Pesquisa de mercado"},
					{Name: "qualification_data", Value: "tema=varejo"},
				},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body, err := json.Marshal(openai.BuildRequest(tt.model, tt.effort, tt.req))
			if err != nil {
				t.Fatal(err)
			}
			var got bytes.Buffer
			if err := json.Indent(&got, body, "", "  "); err != nil {
				t.Fatal(err)
			}
			got.WriteString("\n")
			golden := filepath.Join("testdata", tt.name+".golden")
			if *update {
				if err := os.WriteFile(golden, got.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if !bytes.Equal(got.Bytes(), want) {
				t.Errorf("request body differs from %s (run with -update to accept):\n%s", golden, got.Bytes())
			}
		})
	}
}
