package atendimento

import "github.com/intake-runtime/intake/locale"

// conversationText is the conversation page. Texts the script writes too
// (its redraws, its confirmations) are "js.conversation." keys, which the
// template reads as well.
var conversationText = locale.Catalogue{
	"conversation.title":   {PT: "Conversa", EN: "Conversation"},
	"conversation.back":    {PT: "← Fila", EN: "← Queue"},
	"conversation.phone":   {PT: "Telefone", EN: "Phone"},
	"conversation.service": {PT: "Serviço", EN: "Service"},
	"conversation.reason":  {PT: "Motivo", EN: "Reason"},
	"conversation.status":  {PT: "Situação", EN: "Status"},
	"conversation.summary": {PT: "Resumo", EN: "Summary"},
	// The customer's satisfaction score after the close, out of 5.
	"conversation.csat":        {PT: "Avaliação", EN: "Rating"},
	"conversation.csat_value":  {PT: "%d de 5", EN: "%d of 5"},
	"conversation.actions":     {PT: "Ações da conversa", EN: "Conversation actions"},
	"conversation.claim":       {PT: "Assumir", EN: "Claim"},
	"conversation.takeover":    {PT: "Assumir no lugar do bot", EN: "Take over from the bot"},
	"conversation.release":     {PT: "Devolver à fila", EN: "Release to queue"},
	"conversation.close":       {PT: "Encerrar conversa", EN: "Close conversation"},
	"conversation.takeover_q":  {PT: "O bot está atendendo este cliente. Assumir? O bot para na hora, um resumo é escrito e a conversa fica com você.", EN: "The bot is answering this customer. Take over? The bot stops at once, a summary is written, and the conversation is yours."},
	"conversation.takeover_ok": {PT: "Confirmar", EN: "Confirm takeover"},
	"conversation.cancel":      {PT: "Cancelar", EN: "Cancel"},
	"conversation.messages":    {PT: "Mensagens", EN: "Messages"},
	"conversation.reply":       {PT: "Mensagem para o cliente", EN: "Message to the customer"},
	"conversation.send":        {PT: "Enviar", EN: "Send"},
	"conversation.send_hint":   {PT: "Ctrl+Enter envia.", EN: "Ctrl+Enter sends."},

	// Who wrote a message (messageView.From).
	"conversation.from.customer": {PT: "Cliente", EN: "Customer"},
	"conversation.from.bot":      {PT: "Bot", EN: "Bot"},
	"conversation.from.operator": {PT: "Operador", EN: "Operator"},
	"conversation.from.system":   {PT: "Sistema", EN: "System"},

	// The 24-hour customer-service window.
	"conversation.window.none":   {PT: "O cliente não escreveu nesta conversa: não é possível enviar texto livre.", EN: "The customer has not written in this conversation: free text cannot be sent."},
	"conversation.window.open":   {PT: "O cliente escreveu há %s · restam %s da janela de 24 horas", EN: "Customer wrote %s ago · %s left in the 24-hour window"},
	"conversation.window.closed": {PT: "Janela de 24 horas fechada: o cliente escreveu há %s. Texto livre é recusado até ele escrever de novo.", EN: "24-hour window closed: the customer wrote %s ago. Free text is refused until they write again."},
	"conversation.window.ended":  {PT: "Conversa encerrada: nada mais pode ser enviado nela.", EN: "This conversation is closed: nothing more can be sent in it."},

	// A reply not (yet) delivered.
	"conversation.send.sending": {PT: "enviando…", EN: "sending…"},
	"conversation.send.failed":  {PT: "não entregue: %s", EN: "not delivered: %s"},

	"js.conversation.no_messages":   {PT: "Nenhuma mensagem.", EN: "No messages."},
	"js.conversation.transcript":    {PT: "Transcrição", EN: "Transcript"},
	"js.conversation.confirm_close": {PT: "Encerrar esta conversa? A sessão do cliente termina.", EN: "Close this conversation? The customer's session ends."},
	"js.conversation.session_ended": {PT: "Sua sessão terminou: entre de novo.", EN: "Your session ended: log in again."},
	"js.conversation.failed":        {PT: "A requisição falhou (%s).", EN: "The request failed (%s)."},
}
