package atendimento

import "github.com/intake-runtime/intake/locale"

// errorText is the messages of the console's JSON errors, which the page
// shows as they come. Keys "error.<code>" of the operator commands'
// refusals (conversation.Refusal) replace the session actor's English
// message (see refusal).
var errorText = locale.Catalogue{
	"error.login_unavailable":   {PT: "não foi possível verificar o login; tente de novo", EN: "the login could not be checked; try again"},
	"error.session_not_stored":  {PT: "não foi possível guardar a sessão; entre de novo", EN: "the session could not be stored; log in again"},
	"error.session_not_ended":   {PT: "não foi possível encerrar a sessão; tente de novo", EN: "the session could not be ended; try again"},
	"error.session_not_read":    {PT: "não foi possível ler a sessão; tente de novo", EN: "the session could not be read; try again"},
	"error.unauthorized":        {PT: "entre no console de novo", EN: "log in to the console again"},
	"error.not_json":            {PT: "envie JSON (Content-Type: application/json)", EN: "send JSON (Content-Type: application/json)"},
	"error.unknown_action":      {PT: "ação desconhecida", EN: "unknown action"},
	"error.bad_body":            {PT: `o corpo deve ser {"text": "…"}`, EN: `the body must be {"text": "…"}`},
	"error.no_answer":           {PT: "a conversa não respondeu; tente de novo", EN: "the conversation did not answer; try again"},
	"error.queue_unavailable":   {PT: "não foi possível ler a fila; tente de novo", EN: "the queue could not be read; try again"},
	"error.conversation_unread": {PT: "não foi possível ler a conversa; tente de novo", EN: "the conversation could not be read; try again"},
	"error.bad_customer_phone":  {PT: "número inválido: digite o número do cliente com DDD, por exemplo (11) 98888-7777", EN: "not a phone number: type the customer's number with its area code, e.g. (11) 98888-7777"},
	"error.no_open":             {PT: "este número não tem conversa aberta", EN: "this number has no open conversation"},
	"error.confirm_takeover":    {PT: "o bot está atendendo esta conversa: confirme para assumir (o bot para na hora)", EN: "the bot is answering this conversation: confirm to take it over (the bot stops at once)"},

	"error.not_found":       {PT: "conversa não encontrada", EN: "no such conversation"},
	"error.stale_session":   {PT: "esta conversa já terminou; abra a conversa atual do cliente", EN: "this conversation has ended; open the customer's current one"},
	"error.already_claimed": {PT: "outro operador já assumiu esta conversa", EN: "another operator already claimed this conversation"},
	"error.not_assigned":    {PT: "esta conversa não está com você", EN: "this conversation is not yours"},
	"error.invalid_state":   {PT: "a conversa não permite isso no estado atual", EN: "the conversation does not allow this in its current state"},
	"error.window_closed":   {PT: "A última mensagem do cliente tem mais de 24 horas: fora da janela de atendimento a plataforma só aceita mensagens de modelo aprovadas. Texto livre é recusado até o cliente escrever de novo.", EN: "The customer's last message is more than 24 hours old: the messaging platform only accepts approved template messages outside the customer-service window. Free text is refused until the customer writes again."},
	"error.empty_text":      {PT: "a mensagem está vazia", EN: "the message is empty"},
	"error.text_too_long":   {PT: "a mensagem passa dos 4096 caracteres da plataforma", EN: "the message is longer than the platform's 4096 characters"},
	"error.duplicate":       {PT: "esta mensagem já foi encaminhada", EN: "this message was already forwarded"},
	"error.failed":          {PT: "não foi possível concluir a ação; tente de novo", EN: "the action could not be carried out; try again"},
}
