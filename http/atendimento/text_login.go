package atendimento

import "github.com/intake-runtime/intake/locale"

// loginText is the login page and the code page.
var loginText = locale.Catalogue{
	"login.title":     {PT: "Entrar", EN: "Log in"},
	"login.heading":   {PT: "Acesso do operador", EN: "Operator login"},
	"login.intro":     {PT: "Informe o seu número de WhatsApp. Se ele for de um operador, um código de 6 dígitos será enviado a ele pela plataforma de mensagens.", EN: "Enter your messaging number. If it belongs to an operator, a 6-digit code is sent to it on the messaging platform."},
	"login.phone":     {PT: "Número de WhatsApp", EN: "Messaging number"},
	"login.send":      {PT: "Receber o código", EN: "Send me a code"},
	"login.too_large": {PT: "O envio passa de %d KB e foi recusado.", EN: "What was sent is over %d KB and was refused."},
	"login.bad_phone": {PT: "Número inválido. Digite o seu número de WhatsApp com DDD, por exemplo (11) 98888-7777.", EN: "Not a phone number. Type your messaging number with its area code, e.g. (11) 98888-7777."},

	"code.title":        {PT: "Digite o código", EN: "Enter your code"},
	"code.sent_if":      {PT: "Se", EN: "If"},
	"code.sent_rest":    {PT: "for de um operador, um código de 6 dígitos foi enviado a ele pela plataforma de mensagens. Ele vale por %d minutos.", EN: "belongs to an operator, a 6-digit code was sent to it on the messaging platform. It expires in %d minutes."},
	"code.yours":        {PT: "Seu código:", EN: "Your code:"},
	"code.no_new":       {PT: "Nenhum código novo: use o que apareceu antes, ou este número não está na lista de operadores ativos.", EN: "No new code: use the one shown before, or this number is not an active operator's."},
	"code.label":        {PT: "Código", EN: "Code"},
	"code.submit":       {PT: "Entrar", EN: "Log in"},
	"code.resend":       {PT: "Enviar um novo código", EN: "Send a new code"},
	"code.other_number": {PT: "Usar outro número", EN: "Use another number"},
	"code.throttled":    {PT: "Muitos códigos errados a partir deste endereço. Aguarde %s e tente de novo.", EN: "Too many wrong codes from here. Wait %s, then try again."},
	"code.message":      {PT: "Seu código do console do Intake é %s. Ele vence em %d minutos. Ninguém da equipe vai pedir este código a você.", EN: "Your Intake console code is %s. It expires in %d minutes. Nobody from the team will ever ask you for it."},
	"code.wrong":        {PT: "Código errado ou vencido. Confira a última mensagem ou peça um novo código.", EN: "That code is wrong or has expired. Check the latest message, or ask for a new code."},
}
