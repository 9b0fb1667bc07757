package admin

import "github.com/intake-runtime/intake/locale"

// promptsText is the texts of the prompts page.
var promptsText = locale.Catalogue{
	"admin.settings.prompts":         {PT: "As instruções de cada assistente: como falar com o cliente, o que perguntar.", EN: "Each assistant's instructions: how to talk to customers, what to ask."},
	"admin.prompts.title":            {PT: "Instruções dos assistentes", EN: "Assistants' instructions"},
	"admin.prompts.note":             {PT: "Cada assistente conduz uma etapa da conversa. Você pode reescrever as instruções dele; o formato da resposta fica protegido, porque é por ele que o sistema entende o assistente.", EN: "Each assistant runs one stage of the conversation. You can rewrite its instructions; the reply format stays protected, because it is how the system understands the assistant."},
	"admin.prompts.agent.TRIAGE":     {PT: "Triagem", EN: "Triage"},
	"admin.prompts.agent.QUALIFIER":  {PT: "Qualificação", EN: "Qualification"},
	"admin.prompts.agent.REGISTRAR":  {PT: "Cadastro", EN: "Registration"},
	"admin.prompts.agent.SUMMARIZER": {PT: "Resumo", EN: "Summary"},
	"admin.prompts.about.TRIAGE":     {PT: "Cumprimenta o cliente e descobre o que ele procura.", EN: "Greets the customer and finds out what they are looking for."},
	"admin.prompts.about.QUALIFIER":  {PT: "Entende a necessidade até saber qual serviço atende.", EN: "Understands the need until the right service is clear."},
	"admin.prompts.about.REGISTRAR":  {PT: "Coleta os dados cadastrais para a proposta.", EN: "Collects the registration details for the proposal."},
	"admin.prompts.about.SUMMARIZER": {PT: "Resume a conversa para a equipe.", EN: "Summarises the conversation for the team."},
	"admin.prompts.edited":           {PT: "editado", EN: "edited"},
	"admin.prompts.original":         {PT: "original", EN: "original"},
	"admin.prompts.back":             {PT: "Todos os assistentes", EN: "All assistants"},
	"admin.prompts.text":             {PT: "Instruções", EN: "Instructions"},
	"admin.prompts.save":             {PT: "Salvar instruções", EN: "Save instructions"},
	"admin.prompts.protected":        {PT: "Formato da resposta (protegido)", EN: "Reply format (protected)"},
	"admin.prompts.protected_note":   {PT: "Esta parte vem sempre depois das suas instruções e não pode ser mudada aqui.", EN: "This part always follows your instructions and cannot be changed here."},
	"admin.prompts.empty":            {PT: "Escreva as instruções antes de salvar.", EN: "Write the instructions before saving."},
	"admin.prompts.too_long":         {PT: "As instruções passam de 100 KB: encurte o texto.", EN: "The instructions exceed 100 KB: shorten the text."},
}
