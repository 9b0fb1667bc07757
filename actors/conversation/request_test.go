package conversation_test

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/agent"
	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/conversation/content"
	"github.com/intake-runtime/intake/domain"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// render shows a request as the model receives it: the system prompt every
// adapter sends, then the conversation.
func render(req agent.Request) string {
	var b strings.Builder
	b.WriteString("agent: " + req.Agent + "\n\n===== system =====\n")
	b.WriteString(req.SystemPrompt())
	b.WriteString("\n\n===== history =====\n")
	for _, turn := range req.History {
		b.WriteString("[" + turn.Role + "] " + turn.Text + "\n")
	}
	return b.String()
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the golden file; run go test -update and review the diff\n--- got ---\n%s", path, got)
	}
}

// logged builds a message log entry.
// logged is a message of the log as the session actor writes it: outbound
// messages that reached the customer carry their text in clean_message_sent.
func logged(dir domain.Direction, text string, minute int) domain.Message {
	m := domain.Message{
		MessageID: "m" + text[:3], SessionID: "sess-1", PhoneNumber: phone, Content: text,
		Timestamp: now.Add(time.Duration(minute-60) * time.Minute), Direction: dir, MessageType: domain.MessageText,
	}
	if dir == domain.DirectionOutbound {
		m.CleanMessageSent = text
	}
	return m
}

func TestRequestGolden(t *testing.T) {
	history := []domain.Message{
		logged(domain.DirectionInbound, "Oi, vocês fazem pesquisa com clientes?", 1),
		logged(domain.DirectionOutbound, "Olá, Maria! Fazemos sim. A pesquisa seria com seus clientes atuais?", 2),
		func() domain.Message {
			m := logged(domain.DirectionOutbound, "Resposta que nunca foi enviada", 3)
			m.Error = domain.ErrorSuperseded
			return m
		}(),
		func() domain.Message {
			m := logged(domain.DirectionOutbound, "Cadastro concluído!", 3)
			m.CleanMessageSent, m.Error = "", "refused: action code s=2 is not allowed in state QUALIFYING"
			return m
		}(),
		func() domain.Message {
			m := logged(domain.DirectionSystem, `{"s":5,"packages":["empresa"]}`, 3)
			m.MessageType = domain.MessageSystem
			return m
		}(),
		logged(domain.DirectionInbound, "Sim, com os clientes das nossas 12 lojas", 4),
	}
	tests := []struct {
		name string
		in   func() conversation.Input
	}{
		{"triage_first_message", func() conversation.Input {
			return input(sessionIn(domain.StateNew), "Oi, bom dia!", "Vocês fazem pesquisa com clientes?")
		}},
		{"qualifier_with_history", func() conversation.Input {
			in := input(sessionIn(domain.StateQualifying), "Queremos saber se o atendimento está bom")
			in.History = history
			return in
		}},
		{"registrar_with_packages", func() conversation.Input {
			s := sessionIn(domain.StateDataCollect)
			s.CollectedPackages = []string{"cliente-oculto"}
			s.CadastralData = map[string]any{"nome": "Maria Souza", "email": "maria@exemplo"}
			s.RetryCount = 1
			s.RecognizedName = "Maria Souza"
			in := input(s, "Quanto custa? E o prazo?")
			in.History = history
			in.Packages = []string{"precos-prazos", "cliente-oculto"}
			return in
		}},
		{"confirm_subject_open", func() conversation.Input {
			in := input(confirming(domain.StateDataCollect), "hmm, o treinamento seria para quantas pessoas?")
			in.History = history
			return in
		}},
	}
	e := newEngine(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, err := e.Request(tt.in())
			if err != nil {
				t.Fatal(err)
			}
			golden(t, "request_"+tt.name, render(req))
		})
	}
	t.Run("summarizer", func(t *testing.T) {
		s := sessionIn(domain.StateHandoff)
		s.ServiceIdentified, s.Segment = "Cliente Oculto", "pesquisa"
		s.QualificationData = map[string]any{"assunto": "avaliar o atendimento das lojas", "porte": "12 lojas"}
		req, err := e.SummaryRequest(s, history)
		if err != nil {
			t.Fatal(err)
		}
		golden(t, "request_summarizer", render(req))
	})
}

func TestRequestUsesPromptOverrides(t *testing.T) {
	store, err := content.Open("")
	if err != nil {
		t.Fatal(err)
	}
	e, err := conversation.New(cfg, store)
	if err != nil {
		t.Fatal(err)
	}
	instructions := func() string {
		t.Helper()
		req, err := e.Request(input(sessionIn(domain.StateNew), "oi"))
		if err != nil {
			t.Fatal(err)
		}
		return req.Instructions
	}
	original := instructions() // rendered once and kept: the override must still reach the next turn
	store.SetPromptOverride("TRIAGE", "Prompt versão 7")
	if got := instructions(); !strings.HasPrefix(got, "Prompt versão 7\n\n## Catálogo de serviços") {
		t.Errorf("instructions = %.80q", got)
	}
	store.SetPromptOverride("TRIAGE", "")
	if got := instructions(); got != original {
		t.Errorf("after the override was removed, instructions = %.80q", got)
	}
}

func TestRequestErrors(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "prompts"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, agent := range []string{"QUALIFIER", "SUMMARIZER"} {
		if err := os.WriteFile(filepath.Join(dir, "prompts", agent+".md"), []byte("  \n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	store, err := content.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	e, err := conversation.New(cfg, store)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Request(input(sessionIn(domain.StateQualifying), "oi")); err == nil {
		t.Error("a blank prompt was accepted")
	}
	if _, err := e.SummaryRequest(sessionIn(domain.StateClosed), nil); err == nil {
		t.Error("a blank SUMMARIZER prompt was accepted")
	}
	if _, err := e.Request(input(sessionIn(domain.StateNew))); !errors.Is(err, agent.ErrBadRequest) {
		t.Errorf("empty conversation: %v, want agent.ErrBadRequest", err)
	}
}
