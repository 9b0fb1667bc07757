package demo

import (
	"maps"
	"strings"

	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/conversation/content"
	"github.com/intake-runtime/intake/domain"
)

// register answers for the REGISTRAR: a person (s=3), a goodbye (s=9), a
// pending subject change asked again (s=0 with yes/no options), a price or
// duration question answered from the knowledge before the next question
// (s=5 to fetch it first), "prefiro X" naming another catalogue service (s=6,
// confirmed with yes/no options), the next missing field (s=0), or the data
// complete (s=2) for the rules to validate. After completion it answers
// questions with s=0 and corrections with s=2.
func register(t turn, c content.Catalogue) string {
	got := extract(t.text, t.asked)
	data := t.data(conversation.FactCadastral)
	maps.Copy(data, got)
	name := t.firstName()
	if n, _ := got[conversation.KeyName].(string); len(strings.Fields(n)) > 0 {
		name = strings.Fields(n)[0]
	}
	thanks := "Obrigado"
	if name != "" {
		thanks += ", " + name
	}
	state := t.facts[conversation.FactState]
	current := t.facts[conversation.FactService]
	switch {
	case has(t.folded, personWords...):
		return answer(map[string]any{"s": 3, "cadastral_data": got},
			"Claro! Vou transferir você para um atendente. Aguarde um momento, por favor.")
	case has(t.folded, goodbyeWords...):
		return answer(map[string]any{"s": 9, "cadastral_data": got}, thanks+" pelo contato! Até logo.")
	case t.confirming():
		return answer(map[string]any{"s": 0, "cadastral_data": got, "options": yesNo},
			"Só para confirmar: você quer mesmo trocar de assunto?")
	}
	if q := asks(t.folded); q != noQuestion && len(got) == 0 {
		var about *content.Service
		if svc, ok := c.Service(current); ok {
			about = &svc
		}
		info, need := consult(t, c, about, q)
		switch {
		case len(need) > 0:
			return answer(map[string]any{"s": 5, "cadastral_data": got, "packages": need}, "")
		case state == string(domain.StateCompleted):
			return answer(map[string]any{"s": 0, "cadastral_data": got}, info+" O consultor confirma tudo na proposta.")
		}
		if f, ok := nextField(t, data); ok {
			info += " " + f.question
		}
		return answer(map[string]any{"s": 0, "cadastral_data": got}, info)
	}
	if svc, ok := findService(c, t.folded); ok && has(t.folded, "prefiro") && svc.Name != current && state == string(domain.StateDataCollect) {
		return answer(map[string]any{"s": 6, "cadastral_data": got, "options": yesNo},
			"Você prefere "+svc.Name+" em vez de "+current+"? Se sim, troco o serviço e seguimos com o seu cadastro.")
	}
	if state == string(domain.StateCompleted) {
		if len(got) > 0 {
			return answer(map[string]any{"s": 2, "cadastral_data": data}, thanks+"! Atualizei o seu cadastro.")
		}
		return answer(map[string]any{"s": 0, "cadastral_data": got},
			"O seu cadastro está concluído e um consultor vai entrar em contato em breve. Se quiser falar com uma pessoa agora, é só pedir.")
	}
	if f, ok := nextField(t, data); ok {
		return answer(map[string]any{"s": 0, "cadastral_data": got}, thanks+"! "+f.question)
	}
	if len(got) == 0 && t.facts[conversation.FactRetries] != "" {
		return answer(map[string]any{"s": 0, "cadastral_data": got},
			"Pode me enviar de novo o dado que não consegui validar? Por exemplo, o CPF ou o CNPJ com todos os dígitos.")
	}
	text := "Cadastro concluído! Um consultor vai entrar em contato em breve com a proposta"
	if current != "" {
		text += " de " + current
	}
	return answer(map[string]any{"s": 2, "cadastral_data": data}, thanks+"! "+text+".")
}

// nextField is the first field of askFor data lacks, the city counting as
// answered once asked (the customer may prefer not to say).
func nextField(t turn, data map[string]any) (field, bool) {
	for _, f := range askFor {
		if _, ok := data[f.key]; ok {
			continue
		}
		if f.key == conversation.KeyCity && strings.Contains(t.asked, f.cue) {
			return field{}, false
		}
		return f, true
	}
	return field{}, false
}
