package atendimento

import "github.com/intake-runtime/intake/locale"

// queueText is the queue page. The "js.queue." keys are also what the
// script writes when it redraws the rows, so the page and its refreshes
// read the same.
var queueText = locale.Catalogue{
	"queue.title":          {PT: "Fila de atendimento", EN: "Queue"},
	"queue.waiting":        {PT: "aguardando", EN: "waiting"},
	"queue.held":           {PT: "com operadores", EN: "with operators"},
	"queue.find_label":     {PT: "Assumir uma conversa que o bot está atendendo: número do cliente", EN: "Take over a conversation the bot holds: customer's number"},
	"queue.find_open":      {PT: "Abrir", EN: "Open"},
	"queue.caption":        {PT: "Conversas aguardando um operador e em atendimento", EN: "Conversations waiting for an operator and held by one"},
	"queue.col.position":   {PT: "Nº", EN: "#"},
	"queue.col.customer":   {PT: "Cliente", EN: "Customer"},
	"queue.col.service":    {PT: "Serviço", EN: "Service"},
	"queue.col.reason":     {PT: "Motivo", EN: "Reason"},
	"queue.col.waiting":    {PT: "Espera", EN: "Waiting"},
	"queue.col.status":     {PT: "Situação", EN: "Status"},
	"queue.col.actions":    {PT: "Ações", EN: "Actions"},
	"queue.status.yours":   {PT: "com você", EN: "yours"},
	"queue.status.with":    {PT: "com %s", EN: "with %s"},
	"queue.status.waiting": {PT: "aguardando", EN: "waiting"},
	"queue.hours.open":     {PT: "Dentro do horário de atendimento", EN: "Open now: within business hours"},
	"queue.hours.closed":   {PT: "Fora do horário de atendimento: abre %s", EN: "Closed now: opens %s"},

	"js.queue.held_mark": {PT: "em atendimento", EN: "held"},
	"js.queue.claim":     {PT: "Assumir", EN: "Claim"},
	"js.queue.open":      {PT: "Abrir", EN: "Open"},
	// The same buttons as screen readers name them, with the customer.
	"js.queue.claim_for":   {PT: "Assumir a conversa de %s", EN: "Claim the conversation of %s"},
	"js.queue.open_for":    {PT: "Abrir a conversa de %s", EN: "Open the conversation of %s"},
	"js.queue.empty":       {PT: "Ninguém aguardando.", EN: "Nobody is waiting."},
	"js.queue.unread_one":  {PT: "1 não lida", EN: "1 unread"},
	"js.queue.unread_many": {PT: "%s não lidas", EN: "%s unread"},
	"js.queue.late":        {PT: "Acima do prazo de atendimento: aguarda desde %s", EN: "Past the waiting target: waiting since %s"},
	"js.queue.alerts_off":  {PT: "Ativar alertas de novos atendimentos", EN: "Turn on alerts for new handoffs"},
	"js.queue.alerts_on":   {PT: "Alertas ativados (clique para desativar)", EN: "Alerts on (click to turn off)"},
	"js.queue.alert_title": {PT: "Novo cliente aguardando atendimento", EN: "A new customer is waiting"},
}
