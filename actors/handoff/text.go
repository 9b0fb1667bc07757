package handoff

import (
	"fmt"
	"strings"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/locale"
)

// Message is a notice as people read it: a subject line (the e-mail subject,
// the first line of a text message) and a body with the context an operator
// needs to decide whether to take the conversation.
type Message struct {
	Subject string
	Body    string
}

// Text renders the message as one plain text: the subject, a blank line, the
// body. The messaging notifier sends this.
func (m Message) Text() string { return m.Subject + "\n\n" + m.Body }

// Compose writes the message of n in l's language, with times on l's clock
// (UI_LANG, UI_TIMEZONE: what the console shows). l holds Catalogue (see
// NewLocale). consoleURL is the operator console's address (…/atendimento),
// linked at the end so the operator can act at once.
//
// It carries what an operator decides with: who (name and phone), what
// (service), why (the handoff reason), the summary when the conversation has
// one, and the queue position; a reminder says how long the customer has been
// waiting instead of announcing a new handoff.
func Compose(l locale.Locale, n Notice, consoleURL string) Message {
	s := n.Session
	who := s.PhoneNumber
	if name := CustomerName(s); name != "" {
		who = name + " (" + s.PhoneNumber + ")"
	}
	headline := who
	if service := string(s.ServiceIdentified); service != "" {
		headline += " — " + service
	}
	subject := l.T("handoff.subject.new", headline)
	var body strings.Builder
	if n.Renotify {
		subject = l.T("handoff.subject.renotify", headline)
		since := s.HandoffSince()
		body.WriteString(l.T("handoff.body.renotify", l.DateTime(since), l.Duration(n.At.Sub(since))))
	} else {
		body.WriteString(l.T("handoff.body.new"))
	}
	body.WriteByte('\n')
	line(&body, l.T("handoff.customer"), who)
	line(&body, l.T("handoff.service"), orDash(string(s.ServiceIdentified)))
	line(&body, l.T("handoff.reason"), ReasonText(l, s.HandoffReason))
	if n.QueuePosition > 0 {
		line(&body, l.T("handoff.position"), fmt.Sprint(n.QueuePosition))
	}
	line(&body, l.T("handoff.summary"), orDash(domain.SummaryText(s.OperationalSummary)))
	if consoleURL != "" {
		body.WriteString("\n" + l.T("handoff.console", consoleURL) + "\n")
	}
	return Message{Subject: subject, Body: body.String()}
}

func line(b *strings.Builder, label, value string) {
	b.WriteString(label)
	b.WriteString(": ")
	b.WriteString(value)
	b.WriteByte('\n')
}

func orDash(s string) string {
	if strings.TrimSpace(s) == "" {
		return "—"
	}
	return s
}

// CustomerName is the name the conversation knows the customer by, the
// first found of: the registration name (cadastral data), a name the
// qualification picked up, the name in the summary's collected data, the
// name recognised from an earlier session; "" when none. Values may be any
// scalar the model wrote (domain.DataText).
func CustomerName(s domain.Session) string {
	sources := []map[string]any{s.CadastralData, s.QualificationData}
	if o := s.OperationalSummary.Structured; o != nil {
		sources = append(sources, o.DadosColetados)
	}
	for _, data := range sources {
		for _, key := range customerNameKeys {
			if name := domain.DataText(data[key]); name != "" {
				return name
			}
		}
	}
	return strings.TrimSpace(string(s.RecognizedName))
}

// customerNameKeys are the collected-data keys that hold a person's name:
// the registrar's "nome" (prompts/REGISTRAR.md), and the spellings a model
// or an import may use.
var customerNameKeys = []string{"nome", "name", "nome_completo", "contato"}

// ReasonText explains a handoff reason to an operator in l's language; l
// holds Catalogue. A reason the catalogue lacks reads as its code.
func ReasonText(l locale.Locale, r domain.HandoffReason) string {
	if r == "" {
		return "—"
	}
	if key := "handoff.reason." + string(r); l.Has(key) {
		return l.T(key)
	}
	return string(r)
}
