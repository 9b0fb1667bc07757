package conversation

import (
	"strings"

	"github.com/intake-runtime/intake/domain"
)

// register is s=2: the registrar says the registration data is complete. The
// merged cadastral_data is checked here, never trusted: a valid set is stored
// normalised (document without punctuation, lower-case e-mail, E.164 phone),
// the session becomes COMPLETED and the projection runs; from DATA_COLLECT
// that is also the DATA_COMPLETE handoff, while in COMPLETED it is a
// correction that only updates the projection. A set with a missing or
// invalid field, or a document or e-mail this answer reported and
// collectCadastral refused, is retried (transition.retry); what is missing
// or refused is not stored, an invalid phone is kept as typed.
func register(t *transition) {
	s := &t.out.Session
	if invalid := normalizeRegistration(s.CadastralData, t.refusedFields); len(invalid) > 0 {
		t.retry(invalid)
		return
	}
	s.RetryCount = 0
	if s.State != domain.StateCompleted {
		s.HandoffReason = domain.HandoffDataComplete
		t.out.Handoff = domain.HandoffDataComplete
		t.out.Summarize = true
	}
	t.moveTo(domain.StateCompleted, domain.AgentRegistrar)
	t.out.Project = true
	reply(t)
}

// normalizeRegistration validates the required fields of data (name,
// e-mail, CPF or CNPJ) and the optional phone, rewriting valid values in their
// normal form. refused holds the labels of the fields this answer reported
// and collectCadastral refused: they are invalid even when data still holds
// an earlier valid value. It returns the labels of the invalid or missing
// fields, in the words the customer reads.
func normalizeRegistration(data map[string]any, refused map[string]string) []string {
	var invalid []string
	if domain.DataText(data[KeyName]) == "" {
		invalid = append(invalid, nameLabel)
	}
	if label, ok := refused[KeyDocument]; ok {
		invalid = append(invalid, label)
	} else if doc, _, ok := NormalizeDocument(domain.DataText(data[KeyDocument])); ok {
		data[KeyDocument] = doc
	} else {
		invalid = append(invalid, anyDocumentLabel)
	}
	if label, ok := refused[KeyEmail]; ok {
		invalid = append(invalid, label)
	} else if email, ok := NormalizeEmail(domain.DataText(data[KeyEmail])); ok {
		data[KeyEmail] = email
	} else {
		invalid = append(invalid, emailLabel)
	}
	if phone := domain.DataText(data[keyPhone]); phone != "" {
		if normal, ok := NormalizePhone(phone); ok {
			data[keyPhone] = normal
		} else {
			invalid = append(invalid, phoneLabel)
		}
	}
	normalizeAddress(data)
	return invalid
}

// normalizeAddress tidies the optional address fields without judging them:
// a state written as a two-letter code is upper-cased, an eight-digit CEP
// gets its hyphen.
func normalizeAddress(data map[string]any) {
	if uf := domain.DataText(data[keyState]); len(uf) == 2 {
		data[keyState] = strings.ToUpper(uf)
	}
	if cep := domain.DataText(data[keyZip]); cep != "" {
		digits := strings.Map(func(r rune) rune {
			if r >= '0' && r <= '9' {
				return r
			}
			if r == '-' || r == '.' || r == ' ' {
				return -1
			}
			return 'x'
		}, cep)
		if len(digits) == 8 && !strings.Contains(digits, "x") {
			data[keyZip] = digits[:5] + "-" + digits[5:]
		}
	}
}

// joinPortuguese lists items as Portuguese prose: "a", "a e b", "a, b e c".
func joinPortuguese(items []string) string {
	if len(items) <= 1 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " e " + items[len(items)-1]
}
