package conversation_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/intake-runtime/intake/actors/agent"
	"github.com/intake-runtime/intake/domain"
)

// The choices a model's answer offers travel with its text; a configured
// text (a fallback, a validation retry) offers none, whatever the refused
// or overruled answer held.
func TestOutcomeCarriesTheAnswersOptions(t *testing.T) {
	yesNo := []string{"Sim", "Não"}
	tests := []struct {
		name  string
		state domain.SessionState
		raw   string
		// wantReply is the reply, or its beginning.
		wantReply string
		want      []string
	}{
		{"the text stays", domain.StateQualifying, `{"s":0,"options":["Sim","Não"]} Confirma?`, "Confirma?", yesNo},
		{"a subject change to confirm", domain.StateDataCollect, `{"s":6,"options":["Sim","Não"]} Quer mudar de assunto?`, "Quer mudar de assunto?", yesNo},
		{"no options", domain.StateQualifying, `{"s":0} Conte mais.`, "Conte mais.", nil},
		{"refused answer", domain.StateQualifying, `{"s":2,"options":["Sim","Não"]} Cadastro feito.`, "FALLBACK", nil},
		{"invalid registration", domain.StateDataCollect, `{"s":2,"options":["Sim"],"cadastral_data":{"nome":"Ana","email":"x","cpf_cnpj":"1"}} Pronto!`, "RETRY: ", nil},
	}
	e := newEngine(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := e.Apply(input(sessionIn(tt.state), burst), parse(t, tt.raw))
			if !strings.HasPrefix(out.Reply, tt.wantReply) || !reflect.DeepEqual(out.Options, tt.want) {
				t.Errorf("Apply = (%q, %q), want (%q, %q)", out.Reply, out.Options, tt.wantReply, tt.want)
			}
		})
	}
}

// The model's history shows an earlier reply's options numbered, as the
// customer may have received them, so an answer "2" can be read.
func TestRequestHistoryShowsOptionsNumbered(t *testing.T) {
	e := newEngine(t)
	in := input(sessionIn(domain.StateQualifying), "2")
	in.History = []domain.Message{{
		Direction: domain.DirectionOutbound, CleanMessageSent: "Confirma?", Options: []string{"Sim", "Não"},
	}}
	req, err := e.Request(in)
	if err != nil {
		t.Fatal(err)
	}
	want := agent.Turn{Role: agent.RoleAssistant, Text: "Confirma?\n\n1. Sim\n2. Não"}
	if len(req.History) == 0 || req.History[0] != want {
		t.Errorf("history = %+v, want it to start with %+v", req.History, want)
	}
}
