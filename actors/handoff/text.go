package handoff

import (
	"fmt"
	"strings"
	"time"

	"github.com/intake-runtime/intake/persistence"
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

// Compose writes the message of n. consoleURL is the operator console's
// address (…/atendimento), linked at the end so the operator can act at once.
//
// It carries what an operator decides with: who (name and phone), what
// (service), why (the handoff reason), the summary when the conversation has
// one, and the queue position; a reminder says how long the customer has been
// waiting instead of announcing a new handoff.
func Compose(n Notice, consoleURL string) Message {
	s := n.Session
	who := s.PhoneNumber
	if name := CustomerName(s); name != "" {
		who = name + " (" + s.PhoneNumber + ")"
	}
	var subject strings.Builder
	if n.Renotify {
		subject.WriteString("Still waiting for a person: ")
	} else {
		subject.WriteString("A customer is waiting for a person: ")
	}
	subject.WriteString(who)
	if service := string(s.ServiceIdentified); service != "" {
		subject.WriteString(" — " + service)
	}

	var body strings.Builder
	if n.Renotify {
		since := s.HandoffSince()
		fmt.Fprintf(&body, "Still waiting since %s (%s): nobody has taken this conversation yet.\n",
			since.Format("2006-01-02 15:04 UTC"), waited(n.At.Sub(since)))
	} else {
		body.WriteString("A conversation was handed over to the operators.\n")
	}
	line(&body, "Customer", who)
	line(&body, "Service", orDash(string(s.ServiceIdentified)))
	line(&body, "Reason", ReasonText(s.HandoffReason))
	if n.QueuePosition > 0 {
		line(&body, "Queue position", fmt.Sprint(n.QueuePosition))
	}
	line(&body, "Summary", orDash(persistence.SummaryText(s.OperationalSummary)))
	if consoleURL != "" {
		body.WriteString("\nTake it in the console: " + consoleURL + "\n")
	}
	return Message{Subject: subject.String(), Body: body.String()}
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

// waited renders a waiting time in whole minutes, or hours and minutes.
func waited(d time.Duration) string {
	d = max(d, 0).Round(time.Minute)
	if d < time.Hour {
		return fmt.Sprintf("%d min", int(d.Minutes()))
	}
	return fmt.Sprintf("%dh%02d", int(d.Hours()), int(d.Minutes())%60)
}

// CustomerName is the name the conversation knows the customer by, the
// first found of: the registration name (cadastral data), a name the
// qualification picked up, the name in the summary's collected data, the
// name recognised from an earlier session; "" when none. Values may be any
// scalar the model wrote (persistence.DataText).
func CustomerName(s persistence.Session) string {
	sources := []map[string]any{s.CadastralData, s.QualificationData}
	if o := s.OperationalSummary.Structured; o != nil {
		sources = append(sources, o.DadosColetados)
	}
	for _, data := range sources {
		for _, key := range customerNameKeys {
			if name := persistence.DataText(data[key]); name != "" {
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

// ReasonText explains a handoff reason to an operator, keeping the code so
// that it can be searched for.
func ReasonText(r persistence.HandoffReason) string {
	var why string
	switch r {
	case persistence.HandoffCustomerRequest:
		why = "the customer asked for a person"
	case persistence.HandoffDataComplete:
		why = "registration data complete"
	case persistence.HandoffValidationFailed:
		why = "registration data failed validation repeatedly"
	case persistence.HandoffAgentFailure:
		why = "the assistant could not answer"
	case persistence.HandoffOperatorTakeover:
		why = "an operator took over"
	case "":
		return "—"
	default:
		return string(r)
	}
	return why + " (" + string(r) + ")"
}
