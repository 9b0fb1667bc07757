package runtime

import (
	"github.com/intake-runtime/intake/http/atendimento"
	"github.com/intake-runtime/intake/runtime/config"
)

// consoleTemplates are MESSAGING_TEMPLATES as the operator console offers
// them.
func consoleTemplates(list []config.MessagingTemplate) []atendimento.Template {
	out := make([]atendimento.Template, len(list))
	for i, t := range list {
		out[i] = atendimento.Template{Name: t.Name, Language: t.Language, Body: t.Body}
	}
	return out
}
