package admin

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/businesshours"
	"github.com/intake-runtime/intake/settings"
)

// BusinessDoc is the settings document of the business: its name, the
// agents' greeting and the farewell of a closed conversation, as the JSON
// of conversation.BusinessText ({"name", "greeting", "farewell"}). The
// empty document is the seed: no name, the default greeting and farewell.
const BusinessDoc = "business"

// Bounds of the business texts: a name fits a line, a greeting or a
// farewell one WhatsApp paragraph.
const (
	maxBusinessName = 80
	maxBusinessText = 1000
)

// parseBusiness reads a business document; the reason of a refusal is for
// the owner, in Portuguese like the pages.
func parseBusiness(text string) (conversation.BusinessText, error) {
	var b conversation.BusinessText
	if err := json.Unmarshal([]byte(text), &b); err != nil {
		return b, errors.New("o documento da empresa não é um JSON válido")
	}
	b.Name, b.Greeting, b.Farewell = strings.TrimSpace(b.Name), strings.TrimSpace(b.Greeting), strings.TrimSpace(b.Farewell)
	switch {
	case utf8.RuneCountInString(b.Name) > maxBusinessName:
		return b, fmt.Errorf("o nome passa de %d caracteres", maxBusinessName)
	case strings.ContainsAny(b.Name, "\r\n"):
		return b, errors.New("o nome deve caber numa linha")
	case utf8.RuneCountInString(b.Greeting) > maxBusinessText:
		return b, fmt.Errorf("a saudação passa de %d caracteres", maxBusinessText)
	case utf8.RuneCountInString(b.Farewell) > maxBusinessText:
		return b, fmt.Errorf("a despedida passa de %d caracteres", maxBusinessText)
	}
	return b, nil
}

// RegisterBusiness makes the business a setting applied to business, which
// the engine reads for the agents' instructions and the operators' close.
func RegisterBusiness(s *settings.Live, business *conversation.Business) {
	s.Register(BusinessDoc, settings.Doc{
		Check: func(_, text string) error {
			_, err := parseBusiness(text)
			return err
		},
		Apply: func(_, text string) {
			if text == "" {
				business.Set(conversation.SeedBusiness())
				return
			}
			if b, err := parseBusiness(text); err == nil {
				business.Set(b)
			}
		},
	})
}

// RegisterBusinessSettings registers the business and its hours (see
// RegisterBusiness and RegisterHours): what the owner runs the business
// with, beside the agents' prompts.
func RegisterBusinessSettings(s *settings.Live, business *conversation.Business, hours *businesshours.Live, zone *time.Location) {
	RegisterBusiness(s, business)
	RegisterHours(s, hours, zone)
}
