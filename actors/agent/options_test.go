package agent_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/intake-runtime/intake/actors/agent"
)

func TestOptions(t *testing.T) {
	many := make([]string, agent.MaxOptions+5)
	for i := range many {
		many[i] = fmt.Sprintf("%q", fmt.Sprintf("Opção %d", i+1))
	}
	var firstMax []string
	for i := range agent.MaxOptions {
		firstMax = append(firstMax, fmt.Sprintf("Opção %d", i+1))
	}
	tests := []struct {
		name string
		raw  string
		want []string
	}{
		{"none", `{"s":0} Olá`, nil},
		{"yes and no", `{"s":0,"options":["Sim","Não"]} Confirma?`, []string{"Sim", "Não"}},
		{"not an array", `{"s":0,"options":"Sim, Não"} Confirma?`, nil},
		{"null", `{"s":0,"options":null} Confirma?`, nil},
		{"empty array", `{"s":0,"options":[]} Confirma?`, nil},
		{"non-strings ignored", `{"s":0,"options":[1,"Sim",null,{"t":"x"},["Não"],true,"Não"]} Confirma?`, []string{"Sim", "Não"}},
		{"trimmed, inner whitespace collapsed", `{"s":0,"options":["  Sim  ","Pesquisa\nde   mercado"]} Qual?`, []string{"Sim", "Pesquisa de mercado"}},
		{"blank left out", `{"s":0,"options":["", "  ", "\n", "Sim"]} Confirma?`, []string{"Sim"}},
		{"repeats left out, case-insensitive", `{"s":0,"options":["Sim","sim","SIM ","Não"]} Confirma?`, []string{"Sim", "Não"}},
		{"too long left out", `{"s":0,"options":["` + strings.Repeat("a", agent.MaxOptionRunes+1) + `","` + strings.Repeat("é", agent.MaxOptionRunes) + `"]} Qual?`, []string{strings.Repeat("é", agent.MaxOptionRunes)}},
		{"at most MaxOptions", `{"s":0,"options":[` + strings.Join(many, ",") + `]} Qual?`, firstMax},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := agent.Parse(tt.raw)
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			if got := p.Options(); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Options() = %q, want %q", got, tt.want)
			}
		})
	}
}
