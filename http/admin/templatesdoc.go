package admin

import (
	"github.com/intake-runtime/intake/http/atendimento"
	"github.com/intake-runtime/intake/settings"
)

// TemplatesDoc is the settings document of the approved message templates
// the console offers once a customer's 24-hour window closed: a JSON list
// as MESSAGING_TEMPLATES writes it, which seeds it.
const TemplatesDoc = "templates"

// RegisterTemplates makes the templates a setting: a saved list passes
// the environment variable's rule and is the console's list at once, on
// every node; "" (nothing saved) is the seed.
func RegisterTemplates(live *settings.Live, list *atendimento.TemplateList) {
	live.Register(TemplatesDoc, settings.Doc{
		Check: func(_, text string) error {
			_, err := atendimento.ParseTemplates(text)
			return err
		},
		Apply: func(_, text string) {
			if text == "" {
				list.Set(nil)
				return
			}
			parsed, _ := atendimento.ParseTemplates(text) // checked before
			list.Set(parsed)
		},
	})
}
