package demo

import (
	"strings"

	"github.com/intake-runtime/intake/actors/conversation/content"
)

// qualify answers for TRIAGE and QUALIFIER: a person (s=3), a catalogue
// service (s=1), a goodbye (s=9), a request for something else (s=4), or a
// greeting that lists the services (s=0).
func qualify(t turn, c content.Catalogue) string {
	subject := map[string]any{}
	if t.text != "" {
		subject["assunto"] = t.text
	}
	switch svc, found := findService(c, t.folded); {
	case has(t.folded, personWords...):
		return answer(map[string]any{"s": 3, "qualification_data": subject},
			"Claro! Vou transferir você para um atendente. Aguarde um momento, por favor.")
	case found:
		fields := map[string]any{"s": 1, "qualification_data": subject, "service": svc.Name, "segment": svc.Segment}
		if intent := intentOf(c, t.folded); intent != "" {
			fields["intent"] = intent
		}
		return answer(fields, "Perfeito, o nosso serviço "+svc.Name+" atende isso. Para preparar a proposta, preciso de alguns dados. "+askFor[0].question)
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
	return answer(map[string]any{"s": 0, "qualification_data": subject},
		greeting+"! Sou o assistente virtual. Com qual destes serviços posso ajudar? "+serviceList(c)+".")
}

// serviceList names the catalogue's services.
func serviceList(c content.Catalogue) string {
	names := make([]string, 0, len(c.Services))
	for _, s := range c.Services {
		names = append(names, s.Name)
	}
	return strings.Join(names, "; ")
}
