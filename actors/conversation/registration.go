package conversation

import (
	"strings"

	"github.com/intake-runtime/intake/domain"
)

// register is s=2: the registrar says the registration data is complete. The
// merged cadastral_data is checked here, never trusted: a valid set is stored
// normalised (document digits, lower-case e-mail, E.164 phone), the session
// becomes COMPLETED and the projection runs; from DATA_COLLECT that is also
// the DATA_COMPLETE handoff, while in COMPLETED it is a correction that only
// updates the projection. An invalid set is kept as typed (an operator may
// need it), retry_count grows, and the configured retry text names what was
// invalid (the model's text may claim success); at MaxValidationFailures a
// person takes over (VALIDATION_FAILED).
func register(t *transition) {
	s := &t.out.Session
	invalid := normalizeRegistration(s.CadastralData)
	if len(invalid) > 0 {
		s.RetryCount++
		if s.RetryCount >= t.e.cfg.MaxValidationFailures {
			t.out.handOff(domain.HandoffValidationFailed)
			t.out.Reply = t.e.cfg.ValidationHandoffText
			return
		}
		t.out.Reply = strings.ReplaceAll(t.e.cfg.RetryText, "{campos}", joinPortuguese(invalid))
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
// normal form. It returns the labels of the invalid or missing fields, in the
// words the customer reads.
func normalizeRegistration(data map[string]any) []string {
	var invalid []string
	if domain.DataText(data[KeyName]) == "" {
		invalid = append(invalid, "o nome")
	}
	if doc, _, ok := NormalizeDocument(domain.DataText(data[KeyDocument])); ok {
		data[KeyDocument] = doc
	} else {
		invalid = append(invalid, "o CPF/CNPJ")
	}
	if email, ok := NormalizeEmail(domain.DataText(data[KeyEmail])); ok {
		data[KeyEmail] = email
	} else {
		invalid = append(invalid, "o e-mail")
	}
	if phone := domain.DataText(data[keyPhone]); phone != "" {
		if normal, ok := NormalizePhone(phone); ok {
			data[keyPhone] = normal
		} else {
			invalid = append(invalid, "o telefone")
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
