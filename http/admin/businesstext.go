package admin

import "github.com/intake-runtime/intake/locale"

// businessText is the texts of the business page.
var businessText = locale.Catalogue{
	"admin.business.title":         {PT: "Empresa", EN: "Business"},
	"admin.business.card":          {PT: "Nome da empresa, saudação e despedida das conversas.", EN: "The business's name, the conversations' greeting and farewell."},
	"admin.business.note":          {PT: "O assistente atende em nome da empresa e cumprimenta o cliente com a saudação. A despedida vai para o cliente quando um atendente encerra a conversa.", EN: "The assistant speaks for the business and greets the customer with the greeting. The farewell reaches the customer when an operator closes the conversation."},
	"admin.business.name":          {PT: "Nome da empresa", EN: "Business name"},
	"admin.business.name_help":     {PT: "Em branco, o assistente não diz um nome.", EN: "Blank, the assistant names no business."},
	"admin.business.greeting":      {PT: "Saudação", EN: "Greeting"},
	"admin.business.greeting_help": {PT: "O assistente começa a primeira resposta de cada conversa com ela, adaptando só o necessário. Em branco, ele cumprimenta do seu jeito.", EN: "The assistant opens its first reply of each conversation with it, adapting only what it must. Blank, it greets its own way."},
	"admin.business.farewell":      {PT: "Despedida", EN: "Farewell"},
	"admin.business.farewell_help": {PT: "Enviada uma vez quando um atendente encerra a conversa (se o cliente escreveu nas últimas 24 horas). Em branco, nada é enviado.", EN: "Sent once when an operator closes the conversation (if the customer wrote in the last 24 hours). Blank, nothing is sent."},
	"admin.settings.save":          {PT: "Salvar", EN: "Save"},
}
