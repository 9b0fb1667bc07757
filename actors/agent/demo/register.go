package demo

import (
	"maps"
	"strings"

	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/domain"
)

// register answers for the REGISTRAR: a person (s=3), a goodbye (s=9), the
// next missing field (s=0), or the data complete (s=2) for the rules to
// validate. After completion it answers questions with s=0 and corrections
// with s=2.
func register(t turn) string {
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
	switch {
	case has(t.folded, personWords...):
		return answer(map[string]any{"s": 3, "cadastral_data": got},
			"Claro! Vou transferir você para um atendente. Aguarde um momento, por favor.")
	case has(t.folded, goodbyeWords...):
		return answer(map[string]any{"s": 9, "cadastral_data": got}, thanks+" pelo contato! Até logo.")
	case t.facts[conversation.FactState] == string(domain.StateCompleted):
		if len(got) > 0 {
			return answer(map[string]any{"s": 2, "cadastral_data": data}, thanks+"! Atualizei o seu cadastro.")
		}
		return answer(map[string]any{"s": 0, "cadastral_data": got},
			"O seu cadastro está concluído e um consultor vai entrar em contato em breve. Se quiser falar com uma pessoa agora, é só pedir.")
	}
	for _, f := range askFor {
		if _, ok := data[f.key]; ok {
			continue
		}
		if f.key == conversation.KeyCity && strings.Contains(t.asked, f.cue) {
			break // asked once; the customer preferred not to say
		}
		return answer(map[string]any{"s": 0, "cadastral_data": got}, thanks+"! "+f.question)
	}
	if len(got) == 0 && t.facts[conversation.FactRetries] != "" {
		return answer(map[string]any{"s": 0, "cadastral_data": got},
			"Pode me enviar de novo o dado que não consegui validar? Por exemplo, o CPF ou o CNPJ com todos os dígitos.")
	}
	service := t.facts[conversation.FactService]
	text := "Cadastro concluído! Um consultor vai entrar em contato em breve com a proposta"
	if service != "" {
		text += " de " + service
	}
	return answer(map[string]any{"s": 2, "cadastral_data": data}, thanks+"! "+text+".")
}
