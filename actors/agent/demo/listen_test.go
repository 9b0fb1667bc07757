package demo_test

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/intake-runtime/intake/domain"
)

// A price or duration question is answered from the knowledge (fetched with
// s=5 first, as a real model does) before any data is asked for.
func TestDemoAnswersPriceAndDurationFromTheKnowledge(t *testing.T) {
	tests := []struct {
		name string
		// before are the customer's messages first.
		before []string
		ask    string
		state  domain.SessionState
		// want are phrases the reply holds, in order.
		want    []string
		options bool
	}{
		{"price, no service yet", nil, "Quanto custa?", domain.StateQualifying,
			[]string{"Não informamos preço fechado", "Para qual serviço seria?"}, true},
		{"duration, no service yet", []string{"Oi"}, "Quanto tempo leva?", domain.StateQualifying,
			[]string{"Prazos típicos", "Para qual serviço seria?"}, true},
		{"price of a named service", nil, "Quanto custa o cliente oculto?", domain.StateDataCollect,
			[]string{"Cliente Oculto: a partir de R$ 350", "nome completo"}, false},
		{"duration while registering", []string{"Quero um grupo focal", "Maria Souza"}, "Qual o prazo?", domain.StateDataCollect,
			[]string{"grupo focal de 2 a 4 semanas", "CPF"}, false},
		{"price while registering", []string{"Quero um grupo focal"}, "e quanto custa?", domain.StateDataCollect,
			[]string{"Grupo Focal: a partir de R$ 9.000", "nome completo"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newChat(t)
			for _, s := range tt.before {
				c.say(s)
			}
			c.enriched = nil
			out := c.expect(tt.ask, tt.state)
			if !slices.Contains(c.enriched, "precos-prazos") {
				t.Errorf("enriched with %q, want the prices and terms package", c.enriched)
			}
			at := 0
			for _, w := range tt.want {
				i := strings.Index(out.Reply[at:], w)
				if i < 0 {
					t.Fatalf("reply %q lacks %q (in order)", out.Reply, w)
				}
				at += i
			}
			if got := len(out.Options) > 0; got != tt.options {
				t.Errorf("options %q, want some: %v", out.Options, tt.options)
			}
		})
	}
}

// "prefiro X" while registering another service is a subject change,
// confirmed with yes/no options; the tap "Sim" moves to X and keeps the data.
func TestDemoTakesPrefiroAsAChangeOfService(t *testing.T) {
	c := newChat(t)
	c.expect("Quero uma pesquisa de satisfação", domain.StateDataCollect)
	c.expect("Maria Souza", domain.StateDataCollect)
	out := c.expect("Pensando bem, prefiro cliente oculto", domain.StateConfirmSubject)
	if !slices.Equal(out.Options, []string{"Sim", "Não"}) || !strings.Contains(out.Reply, "Cliente Oculto") {
		t.Fatalf("confirmation = %q %q, want the new service asked with Sim/Não", out.Reply, out.Options)
	}
	out = c.expect("hmm, como assim?", domain.StateConfirmSubject)
	if !slices.Equal(out.Options, []string{"Sim", "Não"}) {
		t.Errorf("asked again = %q %q, want Sim/Não", out.Reply, out.Options)
	}
	out = c.expect("Sim", domain.StateDataCollect)
	if c.session.ServiceIdentified != "Cliente Oculto" || domain.DataText(c.session.CadastralData["nome"]) != "Maria Souza" {
		t.Errorf("service %q, data %v: want Cliente Oculto with the name kept", c.session.ServiceIdentified, c.session.CadastralData)
	}
	if strings.Contains(out.Reply, "nome completo") || !strings.Contains(out.Reply, "CPF") {
		t.Errorf("reply %q, want the next missing field (the name is known)", out.Reply)
	}

	c = newChat(t)
	c.expect("Quero uma pesquisa de satisfação", domain.StateDataCollect)
	c.expect("prefiro grupo focal", domain.StateConfirmSubject)
	c.expect("Não", domain.StateDataCollect)
	if c.session.ServiceIdentified != "Pesquisa de Satisfação de Clientes" {
		t.Errorf("service %q after Não, want the first one kept", c.session.ServiceIdentified)
	}
}

// With nothing identified the greeting offers the services as options that
// fit a list row, and a tap (the option's title) identifies the service.
func TestDemoOffersTheServicesAsOptions(t *testing.T) {
	c := newChat(t)
	out := c.expect("Oi, bom dia", domain.StateQualifying)
	if len(out.Options) != 7 {
		t.Fatalf("options %q, want the 7 services", out.Options)
	}
	for _, o := range out.Options {
		if utf8.RuneCountInString(o) > 24 {
			t.Errorf("option %q is longer than a list row", o)
		}
	}
	if !slices.Contains(out.Options, "Pesquisa de satisfação") || !slices.Contains(out.Options, "Cliente Oculto") {
		t.Errorf("options %q, want short names and aliases", out.Options)
	}
	c.expect("Pesquisa de satisfação", domain.StateDataCollect)
	if c.session.ServiceIdentified != "Pesquisa de Satisfação de Clientes" {
		t.Errorf("tap identified %q", c.session.ServiceIdentified)
	}
}
