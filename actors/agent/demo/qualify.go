package demo

import (
	"strings"

	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/conversation/content"
)

// qualify answers for TRIAGE and QUALIFIER: a pending subject change asked
// again (s=0 with yes/no options), a person (s=3), a price or duration
// question answered from the knowledge (s=5 to fetch it first), a catalogue
// service (s=1), a goodbye (s=9), a request for something else (s=4), or a
// greeting that offers the services as options (s=0).
func qualify(t turn, c content.Catalogue) string {
	subject := map[string]any{}
	if t.text != "" {
		subject[conversation.KeySubject] = t.text
	}
	svc, found := findService(c, t.folded)
	if !found {
		// After a confirmed subject change the customer's "Sim" names
		// nothing: the held request, now the subject, does.
		held, _ := t.data(conversation.FactQualification)[conversation.KeySubject].(string)
		if svc, found = findService(c, content.Fold(held)); found {
			subject = map[string]any{}
		}
	}
	if t.confirming() {
		return answer(map[string]any{"s": 0, "qualification_data": map[string]any{}, "options": yesNo},
			"Só para confirmar: você quer mesmo trocar de assunto?")
	}
	if has(t.folded, personWords...) {
		return answer(map[string]any{"s": 3, "qualification_data": subject},
			"Claro! Vou transferir você para um atendente. Aguarde um momento, por favor.")
	}
	if q := asks(t.folded); q != noQuestion {
		var about *content.Service
		if found {
			about = &svc
		}
		info, need := consult(t, c, about, q)
		switch {
		case len(need) > 0:
			return answer(map[string]any{"s": 5, "qualification_data": subject, "packages": need}, "")
		case !found:
			return answer(map[string]any{"s": 0, "qualification_data": subject, "options": serviceOptions(c)},
				info+" Para qual serviço seria?")
		}
		return identified(t, c, svc, subject, info+" ")
	}
	switch {
	case found:
		return identified(t, c, svc, subject, "Perfeito, o nosso serviço "+svc.Name+" atende isso. ")
	case has(t.folded, goodbyeWords...):
		return answer(map[string]any{"s": 9, "qualification_data": subject}, "Obrigado pelo contato! Até logo.")
	case has(t.folded, requestWords...):
		return answer(map[string]any{"s": 4, "qualification_data": subject, "service_requested": t.text, "segment": nil},
			"Obrigado pelo contato! No momento não oferecemos esse serviço. Trabalhamos com: "+serviceList(c)+".")
	}
	greeting := "Olá"
	if name := t.firstName(); name != "" {
		greeting += ", " + name
	}
	return answer(map[string]any{"s": 0, "qualification_data": subject, "options": serviceOptions(c)},
		greeting+"! Sou o assistente virtual. Com qual destes serviços posso ajudar?")
}

// identified is the s=1 answer for svc: lead, then the first registration
// question still open.
func identified(t turn, c content.Catalogue, svc content.Service, subject map[string]any, lead string) string {
	fields := map[string]any{"s": 1, "qualification_data": subject, "service": svc.Name, "segment": svc.Segment}
	if intent := intentOf(c, t.folded); intent != "" {
		fields["intent"] = intent
	}
	text := lead + "Para preparar a proposta, preciso de alguns dados."
	if f, ok := nextField(t, t.data(conversation.FactCadastral)); ok {
		text += " " + f.question
	}
	return answer(fields, text)
}

// serviceList names the catalogue's services.
func serviceList(c content.Catalogue) string {
	names := make([]string, 0, len(c.Services))
	for _, s := range c.Services {
		names = append(names, s.Name)
	}
	return strings.Join(names, "; ")
}
