package handoff

import (
	"time"

	"github.com/intake-runtime/intake/locale"
)

// Catalogue is every text this package writes for operators, in the
// console's languages: the handoff notice (e-mail and messaging, first
// notice and reminders), the handoff reasons, and the answers to an
// operator's message that could not be forwarded. The console merges it
// into its own, so a reason reads the same on the page and in the notice.
var Catalogue = locale.Catalogue{
	"handoff.subject.new":      {PT: "Cliente aguardando um operador: %s", EN: "A customer is waiting for a person: %s"},
	"handoff.subject.renotify": {PT: "Ainda aguardando um operador: %s", EN: "Still waiting for a person: %s"},
	"handoff.body.new":         {PT: "Uma conversa foi passada para os operadores.", EN: "A conversation was handed over to the operators."},
	// Since when (a date and time in UI_TIMEZONE), and for how long.
	"handoff.body.renotify": {PT: "Aguardando desde %s (%s): ninguém assumiu esta conversa ainda.", EN: "Still waiting since %s (%s): nobody has taken this conversation yet."},
	"handoff.customer":      {PT: "Cliente", EN: "Customer"},
	"handoff.service":       {PT: "Serviço", EN: "Service"},
	"handoff.reason":        {PT: "Motivo", EN: "Reason"},
	"handoff.position":      {PT: "Posição na fila", EN: "Queue position"},
	"handoff.summary":       {PT: "Resumo", EN: "Summary"},
	"handoff.console":       {PT: "Assuma no console: %s", EN: "Take it in the console: %s"},

	// The operator a customer came back to after their close (REOPEN_WINDOW):
	// who, and the console's address.
	"handoff.reopened": {PT: "Intake: %s voltou a escrever depois que você encerrou a conversa, que está de novo com você. Abra: %s", EN: "Intake: %s wrote again after you closed the conversation, which is back with you. Open: %s"},

	// The handoff reasons, by code (domain.HandoffReason), in words: the
	// code stays in the API and the logs, where it is searched for.
	"handoff.reason.CUSTOMER_REQUEST":  {PT: "o cliente pediu uma pessoa", EN: "the customer asked for a person"},
	"handoff.reason.DATA_COMPLETE":     {PT: "cadastro completo", EN: "registration data complete"},
	"handoff.reason.VALIDATION_FAILED": {PT: "os dados do cadastro falharam na validação repetidas vezes", EN: "registration data failed validation repeatedly"},
	"handoff.reason.AGENT_FAILURE":     {PT: "o assistente não conseguiu responder", EN: "the assistant could not answer"},
	"handoff.reason.OPERATOR_TAKEOVER": {PT: "um operador assumiu a conversa", EN: "an operator took over"},

	// What an operator who wrote from their own phone is told when the
	// message did not reach a customer.
	"handoff.reply.holds_none":    {PT: "Você não está com nenhuma conversa, então sua mensagem não foi encaminhada. Assuma uma no console primeiro: %s", EN: "You hold no conversation, so your message was not forwarded. Claim one in the console first: %s"},
	"handoff.reply.holds_several": {PT: "Você está com %d conversas, então sua mensagem não foi encaminhada: responda pelo console, onde você escolhe o cliente: %s", EN: "You hold %d conversations, so your message was not forwarded: answer from the console, where you pick the customer: %s"},
	"handoff.reply.refused":       {PT: "Sua mensagem não foi encaminhada ao cliente: %s", EN: "Your message was not forwarded to the customer: %s"},

	// What the operator automatic assignment chose is told on their phone:
	// the customer, and the conversation's page, where a claim or a first
	// message takes it up before HANDOFF_SLA gives it to the next one.
	"handoff.assigned.notice": {PT: "Intake: a conversa com %s foi atribuída a você. Assuma ou responda: %s", EN: "Intake: the conversation with %s was assigned to you. Claim or answer it: %s"},
}

// NewLocale is the locale of this package's texts for UI_LANG and
// UI_TIMEZONE; an empty lang and a nil zone are the defaults (pt-BR,
// America/Sao_Paulo), as on the console.
func NewLocale(lang locale.Lang, zone *time.Location) (locale.Locale, error) {
	return locale.New(lang, zone, Catalogue)
}
