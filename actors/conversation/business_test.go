package conversation_test

import (
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/conversation/content"
	"github.com/intake-runtime/intake/domain"
)

// The business setting reaches the agents' instructions, rendered again
// when the owner saves it, though the content did not change.
func TestBusinessReachesTheInstructions(t *testing.T) {
	store, err := content.Open("")
	if err != nil {
		t.Fatal(err)
	}
	business := conversation.NewBusiness()
	c := cfg
	c.Business = business
	e, err := conversation.New(c, store)
	if err != nil {
		t.Fatal(err)
	}
	instructions := func(agent string, s domain.Session) string {
		t.Helper()
		req, err := e.Request(input(s, "oi"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(req.Instructions, store.Prompt(agent)) {
			t.Fatalf("%s: instructions do not start with the prompt", agent)
		}
		return req.Instructions
	}
	seeded := instructions("TRIAGE", sessionIn(domain.StateNew))
	if !strings.Contains(seeded, "## Empresa") || !strings.Contains(seeded, conversation.DefaultGreeting) || strings.Contains(seeded, "em nome de") {
		t.Errorf("seeded instructions lack the default greeting or name a business:\n%s", seeded)
	}

	business.Set(conversation.BusinessText{Name: "Padaria Pão Quente", Greeting: "Bom dia! Aqui é a Padaria Pão Quente.", Farewell: "Até logo!"})
	got := instructions("TRIAGE", sessionIn(domain.StateNew))
	for _, want := range []string{"Você atende em nome de Padaria Pão Quente.", `"Bom dia! Aqui é a Padaria Pão Quente."`, "## Catálogo de serviços"} {
		if !strings.Contains(got, want) {
			t.Errorf("after the edit the instructions lack %q", want)
		}
	}
	if strings.Contains(got, conversation.DefaultGreeting) {
		t.Error("the cached instructions kept the old greeting")
	}

	business.Set(conversation.BusinessText{})
	if got := instructions("TRIAGE", sessionIn(domain.StateNew)); strings.Contains(got, "## Empresa") {
		t.Error("a blank business still has a section")
	}
}

// The farewell is an outbound text while the platform's window is open;
// blank, or past the window, nothing is sent.
func TestFarewell(t *testing.T) {
	inbound := []domain.Message{{Direction: domain.DirectionInbound, Timestamp: now.Add(-time.Hour), Content: "obrigado"}}
	for _, c := range []struct {
		name     string
		farewell string
		history  []domain.Message
		at       time.Time
		want     string
	}{
		{"window open", "Até logo!", inbound, now, "Até logo!"},
		{"blank farewell", "  ", inbound, now, ""},
		{"window closed a day later", "Até logo!", inbound, now.Add(24 * time.Hour), ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			store, _ := content.Open("")
			conf := cfg
			conf.Business = conversation.NewBusiness()
			conf.Business.Set(conversation.BusinessText{Farewell: c.farewell})
			e, err := conversation.New(conf, store)
			if err != nil {
				t.Fatal(err)
			}
			m := e.Farewell(c.history, c.at)
			switch {
			case c.want == "" && m != nil:
				t.Errorf("Farewell = %+v, want none", m)
			case c.want != "" && (m == nil || m.Content != c.want || m.Direction != domain.DirectionOutbound || m.MessageID == ""):
				t.Errorf("Farewell = %+v, want outbound %q", m, c.want)
			}
		})
	}
}
