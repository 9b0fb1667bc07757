package conversation

import (
	"maps"
	"strings"

	"github.com/intake-runtime/intake/domain"
)

// The CPF/CNPJ and the e-mail are checked the moment the model reports them,
// whatever its action code: a customer who types a wrong CPF hears so in the
// same turn, not after giving the e-mail and the city (which is how a bot
// that does not listen reads). A valid value is stored in its normal form; an
// invalid one is never stored (the message log keeps what the customer
// typed), a value collected earlier stays, and the turn answers with the
// retry text naming it, counting in retry_count towards the
// VALIDATION_FAILED handoff. retry_count returns to zero only when the
// registration completes (s=2), so three wrong values in a row, in whatever
// turns, are three strikes.

// checkedFields are the fields checked as soon as given, in the order the
// retry text names them.
var checkedFields = []string{KeyDocument, KeyEmail}

// collectCadastral merges the model's cadastral_data into data: texts only
// (a number becomes its digits), sanitized, blank values ignored, the
// document and the e-mail checked and normalised. It returns the label of
// every reported value refused, by key.
func collectCadastral(data map[string]any, from any) map[string]string {
	reported := map[string]any{}
	m, _ := from.(map[string]any)
	for k, v := range m {
		if k = sanitize(k); k == "" {
			continue
		}
		if s := sanitize(domain.DataText(v)); s != "" {
			reported[k] = s
		}
	}
	refused := map[string]string{}
	if doc, ok := reported[KeyDocument].(string); ok {
		if normal, _, valid := NormalizeDocument(doc); valid {
			reported[KeyDocument] = normal
		} else {
			refused[KeyDocument] = documentLabel(doc)
			delete(reported, KeyDocument)
		}
	}
	if email, ok := reported[KeyEmail].(string); ok {
		if normal, valid := NormalizeEmail(email); valid {
			reported[KeyEmail] = normal
		} else {
			refused[KeyEmail] = emailLabel
			delete(reported, KeyEmail)
		}
	}
	maps.Copy(data, reported)
	return refused
}

// The labels of registration fields in the retry text.
const (
	nameLabel        = "o nome"
	anyDocumentLabel = "o CPF/CNPJ"
	emailLabel       = "o e-mail"
	phoneLabel       = "o telefone"
)

// documentLabel names a refused document as the customer wrote it: eleven
// digits are a CPF, fourteen characters a CNPJ, anything else either.
func documentLabel(typed string) string {
	switch doc := domain.DocumentDigits(typed); {
	case len(doc) == 11 && strings.Trim(doc, "0123456789") == "":
		return "o CPF"
	case len(doc) == 14:
		return "o CNPJ"
	}
	return anyDocumentLabel
}

// retryAfterRefusal answers a turn that reported a refused value with the
// retry text, when the bot is still the one talking and waits for the
// customer's next message: not when the step handed the conversation to a
// person, closed it, asks the customer to confirm a subject change (that
// question comes first), or asks the model again for knowledge (the answer
// after it reports the data again and is checked then). register answers
// refusals itself.
func (t *transition) retryAfterRefusal() {
	if len(t.refusedFields) == 0 || t.retried || t.out.Reply == "" || len(t.out.Enrich) > 0 {
		return
	}
	switch t.out.Session.State {
	case domain.StateNew, domain.StateQualifying, domain.StateDataCollect, domain.StateCompleted:
		t.retry(t.refusedLabels())
	}
}

// refusedLabels are the labels of the refused fields, in checkedFields order.
func (t *transition) refusedLabels() []string {
	var labels []string
	for _, k := range checkedFields {
		if l, ok := t.refusedFields[k]; ok {
			labels = append(labels, l)
		}
	}
	return labels
}

// retry counts a failed validation and asks again with the retry text naming
// invalid (the model's text may claim success, so it is never used then); at
// MaxValidationFailures a person takes over (VALIDATION_FAILED).
func (t *transition) retry(invalid []string) {
	t.retried = true
	s := &t.out.Session
	s.RetryCount++
	if s.RetryCount >= t.e.cfg.MaxValidationFailures {
		t.out.handOff(domain.HandoffValidationFailed)
		t.out.Reply = t.e.cfg.ValidationHandoffText
		return
	}
	t.out.Reply = strings.ReplaceAll(t.e.cfg.RetryText, "{campos}", joinPortuguese(invalid))
}
