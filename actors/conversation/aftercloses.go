package conversation

import (
	"strconv"
	"strings"
	"time"

	"github.com/intake-runtime/intake/domain"
)

// CSATWindow bounds how long after an operator's close the satisfaction
// question waits for its answer, and the comment after it: the platform's
// own 24-hour window, past which the thanks could not be sent anyway.
const CSATWindow = CustomerServiceWindow

// The satisfaction question's defaults, in the business's voice: pt-BR,
// since customers are Brazilian.
const (
	DefaultCSATQuestion = "Antes de ir: de 1 a 5, como você avalia o nosso atendimento? (1 = muito insatisfeito, 5 = muito satisfeito)"
	DefaultCSATThanks   = "Obrigado pela avaliação! Se quiser, escreva um comentário: ele vai direto para quem te atendeu."
)

// CSATOptions are the choices of the satisfaction question, worst first:
// option n is score n. They are words, not digits, so the numbered-text
// fallback (MESSAGING_INTERACTIVE=false) reads "5. Excelente" rather than
// "5. 5"; a tap comes back as the title, and a typed digit is the score.
var CSATOptions = []string{"Muito ruim", "Ruim", "Regular", "Bom", "Excelente"}

// AfterClose is where a customer's turn goes once an operator closed the
// conversation (Engine.AfterClose).
type AfterClose int

// The routes of a turn after an operator's close, in the order they are
// tried:
//
//	route       when                                         then
//	Rate        the question waits (asked, no answer, within  score stored on the closed session,
//	            CSATWindow) and the turn is one score 1–5     thanks sent; stays CLOSED
//	Comment     scored, no comment yet, within CSATWindow     a note for the operator; no reply
//	Reopen      within ReopenWindow of the close              HUMAN, held by who closed it; no reply
//	StartNew    anything else                                 a new session (the spec's behaviour)
//
// A score always rates, even inside the reopen window: the customer answers
// the question just asked. The comment comes before the reopen too, since
// the thanks invites it; the next message after it reopens.
const (
	StartNew AfterClose = iota
	Rate
	Comment
	Reopen
)

// AfterClose routes the turn of customer texts on s, the phone's closed
// session, at now.
func (e *Engine) AfterClose(s domain.Session, customer []string, now time.Time) AfterClose {
	if s.State != domain.StateClosed || s.ClosedBy == "" || s.ClosedAt == nil {
		return StartNew
	}
	since := now.Sub(*s.ClosedAt)
	_, scored := Score(customer)
	switch {
	case s.CSATAskedAt != nil && s.CSATAnsweredAt == nil && since <= CSATWindow && scored:
		return Rate
	case s.CSATAnsweredAt != nil && s.CSATCommentAt == nil && now.Sub(*s.CSATAnsweredAt) <= CSATWindow:
		return Comment
	case e.cfg.ReopenWindow > 0 && since <= e.cfg.ReopenWindow:
		return Reopen
	}
	return StartNew
}

// Score reads a turn as a satisfaction score: exactly one message holding
// one digit 1–5 or one option's title (a tap, or the word typed), whatever
// case, spaces or punctuation surround it ("5", " 4. ", "excelente!").
func Score(customer []string) (int, bool) {
	if len(customer) != 1 {
		return 0, false
	}
	text := strings.Trim(customer[0], " \t\n.!*")
	if n, err := strconv.Atoi(text); err == nil {
		return n, n >= 1 && n <= len(CSATOptions)
	}
	for i, title := range CSATOptions {
		if strings.EqualFold(text, title) {
			return i + 1, true
		}
	}
	return 0, false
}

// ResumeClosed is the outcome of a turn routed to the closed session
// (AfterClose other than StartNew). Nothing of it calls the model.
func (e *Engine) ResumeClosed(route AfterClose, in Input) Outcome {
	s, at := in.Session, in.Now.UTC()
	switch route {
	case Rate:
		score, _ := Score(in.Customer)
		s.CSATScore, s.CSATAnsweredAt = score, &at
		return Outcome{Session: s, Reply: e.cfg.CSATThanks}
	case Comment:
		s.CSATCommentAt = &at
		return Outcome{Session: s, Note: strings.Join(in.Customer, "\n")}
	case Reopen:
		s.State, s.AssignedTo, s.ClosedAt, s.ClosedBy = domain.StateHuman, s.ClosedBy, nil, ""
		return Outcome{Session: s, Project: true, Reopened: true}
	}
	return Outcome{Session: s}
}

// Closing is what an operator's close sends the customer, in the close's own
// commit: the business's farewell, then the satisfaction question when
// CSAT_ENABLED, as a choice of the five scores. s is the session closed; the
// one returned records that the question was asked (a new question forgets
// the answer to an earlier close). Nothing is sent when the platform's
// window is closed (a free text would be refused).
func (e *Engine) Closing(s domain.Session, history []domain.Message, now time.Time) (domain.Session, []*domain.Message) {
	var out []*domain.Message
	if m := e.Farewell(history, now); m != nil {
		out = append(out, m)
	}
	if !e.cfg.CSATEnabled || !WindowAt(history, now).Open {
		return s, out
	}
	q := operatorMessage("", e.cfg.CSATQuestion, now)
	q.Options = CSATOptions
	at := now.UTC()
	s.CSATAskedAt, s.CSATScore, s.CSATAnsweredAt, s.CSATCommentAt = &at, 0, nil, nil
	return s, append(out, q)
}
