package demo_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/agent"
	"github.com/intake-runtime/intake/actors/agent/demo"
	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/conversation/content"
	"github.com/intake-runtime/intake/domain"
)

// chat drives the real conversation rules with the demo model, the way the
// session actor does: request, call, parse, apply, and a summary when asked.
type chat struct {
	t       *testing.T
	engine  *conversation.Engine
	model   *demo.Model
	session domain.Session
	log     []domain.Message
	now     time.Time
	// enriched lists the knowledge packages the model asked for.
	enriched []string
}

func newChat(t *testing.T) *chat {
	t.Helper()
	store, err := content.Open("")
	if err != nil {
		t.Fatal(err)
	}
	engine, err := conversation.New(conversation.Config{}, store)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 3, 10, 13, 30, 0, 0, time.UTC)
	return &chat{t: t, engine: engine, model: demo.New(store.Catalogue), now: now,
		session: engine.NewSession(nil, "s-1", "+5511987654321", "instance_a", now)}
}

// say sends one customer message and returns the outcome.
func (c *chat) say(text string) conversation.Outcome {
	c.t.Helper()
	in := conversation.Input{Session: c.session, History: c.log, Customer: []string{text}, Now: c.now}
	var out conversation.Outcome
	for {
		req, err := c.engine.Request(in)
		if err != nil {
			c.t.Fatal(err)
		}
		res, err := c.model.Call(context.Background(), req)
		if err != nil {
			c.t.Fatal(err)
		}
		if res.Model != demo.ModelName || res.TokensInput == 0 || res.TokensOutput == 0 {
			c.t.Errorf("result %+v: want model %q and estimated tokens", res, demo.ModelName)
		}
		parsed, err := agent.Parse(res.RawResponse)
		if err != nil {
			c.t.Fatalf("%q: %v", res.RawResponse, err)
		}
		out = c.engine.Apply(in, parsed)
		if out.Illegal != "" {
			c.t.Fatalf("%q refused: %s", res.RawResponse, out.Illegal)
		}
		if len(out.Enrich) == 0 {
			break
		}
		// The knowledge the model asked for, injected as the session actor does.
		c.enriched = append(c.enriched, out.Enrich...)
		in.Session, in.Packages = out.Session, append(slices.Clone(in.Packages), out.Enrich...)
	}
	c.log = append(c.log,
		domain.Message{Direction: domain.DirectionInbound, Content: text},
		domain.Message{Direction: domain.DirectionOutbound, CleanMessageSent: out.Reply, Options: out.Options})
	if out.Summarize {
		sreq, err := c.engine.SummaryRequest(out.Session, c.log)
		if err != nil {
			c.t.Fatal(err)
		}
		sres, err := c.model.Call(context.Background(), sreq)
		if err != nil {
			c.t.Fatal(err)
		}
		out.Session = c.engine.ApplySummary(out.Session, sres.RawResponse, true)
	}
	c.session = out.Session
	return out
}

func (c *chat) expect(text string, state domain.SessionState) conversation.Outcome {
	c.t.Helper()
	out := c.say(text)
	if out.Session.State != state {
		c.t.Fatalf("after %q: state %s, want %s (reply %q)", text, out.Session.State, state, out.Reply)
	}
	return out
}

func TestDemoCompletesARegistrationAfterAnInvalidCPF(t *testing.T) {
	c := newChat(t)
	c.expect("Oi, bom dia", domain.StateQualifying)
	out := c.expect("Quero uma pesquisa de satisfação com os meus clientes", domain.StateDataCollect)
	if c.session.ServiceIdentified != "Pesquisa de Satisfação de Clientes" || c.session.Segment != "pesquisa" {
		t.Fatalf("service %q segment %q", c.session.ServiceIdentified, c.session.Segment)
	}
	if out.Reply == "" {
		t.Fatal("no reply to the service")
	}
	c.expect("Maria Souza", domain.StateDataCollect)
	// The CPF's check digits are wrong: the customer hears it at once.
	out = c.expect("123.456.789-00", domain.StateDataCollect)
	if c.session.RetryCount != 1 || !strings.Contains(out.Reply, "CPF") || c.session.CadastralData["cpf_cnpj"] != nil {
		t.Fatalf("retry_count %d, reply %q, cpf_cnpj %v after an invalid CPF", c.session.RetryCount, out.Reply, c.session.CadastralData["cpf_cnpj"])
	}
	c.expect("maria@padariasol.com.br", domain.StateDataCollect)
	out = c.expect("moro em Campinas", domain.StateDataCollect) // still no valid CPF
	if c.session.RetryCount != 1 || out.Project {
		t.Fatalf("retry_count %d, project %t without a valid CPF", c.session.RetryCount, out.Project)
	}
	out = c.expect("Desculpe, o certo é 529.982.247-25", domain.StateCompleted)
	if !out.Project || out.Handoff != domain.HandoffDataComplete {
		t.Fatalf("project %t handoff %q, want a projection and DATA_COMPLETE", out.Project, out.Handoff)
	}
	want := map[string]string{"nome": "Maria Souza", "email": "maria@padariasol.com.br", "cpf_cnpj": "52998224725", "cidade": "Campinas"}
	for k, v := range want {
		if got := domain.DataText(c.session.CadastralData[k]); got != v {
			t.Errorf("cadastral_data[%s] = %q, want %q", k, got, v)
		}
	}
	if sum := c.session.OperationalSummary.Structured; sum == nil || sum.ResumoTexto == "" {
		t.Errorf("operational summary %+v, want the demo's", sum)
	}
}

// A company with one of the new alphanumeric CNPJs registers like any
// other, its document stored upper-case without punctuation.
func TestDemoRegistersAnAlphanumericCNPJ(t *testing.T) {
	c := newChat(t)
	c.expect("Vocês fazem cliente oculto?", domain.StateDataCollect)
	c.expect("Meu nome é Ana Lima, CNPJ 12.abc.345/01DE-35, ana@novaempresa.com.br, moro em Recife", domain.StateCompleted)
	if got := domain.DataText(c.session.CadastralData["cpf_cnpj"]); got != "12ABC34501DE35" {
		t.Errorf("cpf_cnpj = %q, want 12ABC34501DE35", got)
	}
}

func TestDemoPaths(t *testing.T) {
	tests := []struct {
		name    string
		says    []string
		state   domain.SessionState
		handoff domain.HandoffReason
	}{
		{"a person, first thing", []string{"Quero falar com um atendente"}, domain.StateHandoff, domain.HandoffCustomerRequest},
		{"a person while registering", []string{"preciso de um grupo focal", "Prefiro falar com uma pessoa"}, domain.StateHandoff, domain.HandoffCustomerRequest},
		{"out of portfolio", []string{"Olá", "Preciso de um aplicativo de delivery"}, domain.StateClosed, ""},
		{"goodbye", []string{"Olá", "tchau"}, domain.StateClosed, ""},
		{"all data in one message", []string{"Vocês fazem cliente oculto?",
			"Meu nome é João Lima, CPF 529.982.247-25, joao@exemplo.com.br, moro em Recife"}, domain.StateCompleted, domain.HandoffDataComplete},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newChat(t)
			var out conversation.Outcome
			for _, s := range tt.says {
				out = c.say(s)
			}
			if c.session.State != tt.state || out.Handoff != tt.handoff {
				t.Errorf("state %s handoff %q, want %s %q (reply %q)", c.session.State, out.Handoff, tt.state, tt.handoff, out.Reply)
			}
		})
	}
}

func TestDemoOutOfPortfolioRecordsTheDemand(t *testing.T) {
	c := newChat(t)
	out := c.say("Preciso de um aplicativo de delivery")
	if out.Demand == nil || out.Demand.ServiceRequested != "Preciso de um aplicativo de delivery" {
		t.Fatalf("demand %+v", out.Demand)
	}
}

func TestDemoRefusesWhatEveryModelRefuses(t *testing.T) {
	m := demo.New(func() content.Catalogue { return content.Catalogue{} })
	if _, err := m.Call(context.Background(), agent.Request{Agent: "NOBODY"}); !errors.Is(err, agent.ErrBadRequest) {
		t.Errorf("invalid request: %v, want ErrBadRequest", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	req := agent.Request{Agent: agent.AgentTriage, Instructions: "x", History: []agent.Turn{{Role: agent.RoleUser, Text: "oi"}}}
	if _, err := m.Call(ctx, req); !errors.Is(err, context.Canceled) {
		t.Errorf("done ctx: %v", err)
	}
}
