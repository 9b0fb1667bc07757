package messaging

import (
	"context"
	"errors"
	"strings"

	"github.com/intake-runtime/intake/domain"
)

// TemplateSender sends approved template messages, the only kind the
// platform takes once a customer's 24-hour window has closed. The platform's
// client and Stub implement it; a Sender without it fails template replies
// for good.
type TemplateSender interface {
	SendTemplate(ctx context.Context, to string, t domain.TemplateSend) (domain.AdapterResult, error)
}

// ErrNoTemplate is a template send without a template name or language.
var ErrNoTemplate = errors.New("messaging: template name and language are required")

// errNoTemplates is a template reply given to a Sender that sends none.
var errNoTemplates = errors.New("messaging: this platform client sends no templates")

// CheckTemplate validates SendTemplate's arguments and returns the recipient
// as digits.
func CheckTemplate(to string, t domain.TemplateSend) (string, error) {
	if strings.TrimSpace(t.Name) == "" || strings.TrimSpace(t.Language) == "" {
		return "", ErrNoTemplate
	}
	return CheckSend(to, t.Name)
}

// Deliver sends a committed reply to its recipient (the number the platform
// last gave for the conversation): its template when it has one; its text
// with its options as buttons or a list when interactive is set and s and
// the options allow (see OptionsForm); otherwise its text, the options
// numbered under it (domain.WithOptions).
func Deliver(ctx context.Context, s Sender, m domain.Message, interactive bool) (domain.AdapterResult, error) {
	if os, ok := interactiveSender(s, m, interactive); ok {
		return os.SendOptions(ctx, m.Recipient(), m.Content, m.Options)
	}
	if m.Template == nil {
		return s.Send(ctx, m.Recipient(), domain.WithOptions(m.Content, m.Options))
	}
	ts, ok := s.(TemplateSender)
	if !ok {
		return notSent(domain.ErrorKindPermanent, errNoTemplates), errNoTemplates
	}
	return ts.SendTemplate(ctx, m.Recipient(), *m.Template)
}
