package atendimento

import "github.com/intake-runtime/intake/locale"

// toolsText is the operator's tools on the conversation page: templates,
// saved replies, notes, transfer and availability. Texts the script writes
// are "js.tools." keys.
var toolsText = locale.Catalogue{
	"tools.templates.title":  {PT: "Mensagem modelo (janela de 24 horas fechada)", EN: "Template message (24-hour window closed)"},
	"tools.templates.hint":   {PT: "Passadas 24 horas da última mensagem do cliente, a plataforma só aceita modelos aprovados.", EN: "Once 24 hours have passed since the customer's last message, the platform only takes approved templates."},
	"tools.templates.choose": {PT: "Modelo", EN: "Template"},
	"tools.templates.send":   {PT: "Enviar modelo", EN: "Send template"},
	"tools.templates.none":   {PT: "Nenhum modelo aprovado configurado (MESSAGING_TEMPLATES).", EN: "No approved template is configured (MESSAGING_TEMPLATES)."},

	"tools.notes.title":        {PT: "Notas internas (só operadores veem)", EN: "Internal notes (operators only)"},
	"tools.notes.label":        {PT: "Nova nota", EN: "New note"},
	"tools.notes.add":          {PT: "Adicionar nota", EN: "Add note"},
	"tools.transfer.title":     {PT: "Transferir a conversa", EN: "Transfer the conversation"},
	"tools.transfer.label":     {PT: "Para o operador", EN: "To operator"},
	"tools.transfer.submit":    {PT: "Transferir", EN: "Transfer"},
	"tools.transfer.notice":    {PT: "Intake: %s transferiu para você a conversa com %s. Abra: %s", EN: "Intake: %s transferred the conversation with %s to you. Open: %s"},
	"tools.availability.label": {PT: "Disponibilidade (ausente não recebe avisos de novos atendimentos)", EN: "Availability (away gets no handoff notices)"},
	"tools.saved.title":        {PT: "Respostas prontas (Tab insere a primeira)", EN: "Saved replies (Tab inserts the first)"},

	"tools.error.notes":            {PT: "As notas não puderam ser lidas ou gravadas; tente de novo.", EN: "The notes could not be read or stored; try again."},
	"tools.error.note_empty":       {PT: "A nota está vazia.", EN: "The note is empty."},
	"tools.error.note_long":        {PT: "A nota passa de 2000 caracteres.", EN: "The note is longer than 2000 characters."},
	"tools.error.unknown_operator": {PT: "Escolha um operador da lista.", EN: "Choose an operator from the list."},
	"tools.error.operator_disabled": {PT: "Este operador está desativado e não pode receber conversas. Escolha outro da lista.",
		EN: "This operator is disabled and cannot receive conversations. Choose another from the list."},
	"tools.error.availability":    {PT: "A disponibilidade não pôde ser lida ou gravada; tente de novo.", EN: "The availability could not be read or stored; try again."},
	"tools.error.saved_replies":   {PT: "As respostas prontas não puderam ser lidas; tente de novo.", EN: "The saved replies could not be read; try again."},
	"tools.error.no_template":     {PT: "Escolha um dos modelos aprovados.", EN: "Choose one of the approved templates."},
	"tools.error.template_params": {PT: "Preencha todos os parâmetros do modelo.", EN: "Fill in every parameter of the template."},

	"js.tools.no_notes": {PT: "Nenhuma nota.", EN: "No notes."},
	// The author of a note the customer wrote: the comment after their
	// satisfaction score.
	"js.tools.customer_note": {PT: "Cliente (comentário da avaliação)", EN: "Customer (rating comment)"},
	"js.tools.available":     {PT: "Disponível", EN: "Available"},
	"js.tools.away":          {PT: "Ausente", EN: "Away"},
	"js.tools.param":         {PT: "Parâmetro {{%s}}", EN: "Parameter {{%s}}"},
}
