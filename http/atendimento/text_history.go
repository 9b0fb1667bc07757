package atendimento

import "github.com/intake-runtime/intake/locale"

// historyText is the conversations page: tabs, search and the list.
var historyText = locale.Catalogue{
	"history.title":          {PT: "Conversas", EN: "Conversations"},
	"history.nav":            {PT: "Conversas", EN: "Conversations"},
	"history.tabs":           {PT: "Filtrar conversas", EN: "Filter conversations"},
	"history.tab.waiting":    {PT: "Aguardando", EN: "Waiting"},
	"history.tab.mine":       {PT: "Minhas", EN: "Mine"},
	"history.tab.open":       {PT: "Todas abertas", EN: "All open"},
	"history.tab.closed":     {PT: "Encerradas", EN: "Closed"},
	"history.search":         {PT: "Buscar", EN: "Search"},
	"history.search_by":      {PT: "Buscar por", EN: "Search by"},
	"history.search_for":     {PT: "Termo da busca", EN: "Search for"},
	"history.field.phone":    {PT: "Telefone", EN: "Phone"},
	"history.field.document": {PT: "CPF/CNPJ", EN: "Document (CPF/CNPJ)"},
	"history.field.name":     {PT: "Nome", EN: "Name"},
	"history.field.service":  {PT: "Serviço", EN: "Service"},
	"history.field.label":    {PT: "Etiqueta", EN: "Label"},
	"history.results":        {PT: "Resultados da busca em todas as conversas", EN: "Search results across every conversation"},
	"history.caption":        {PT: "Conversas, as mais recentes primeiro", EN: "Conversations, newest first"},
	"history.col.started":    {PT: "Início", EN: "Started"},
	"history.col.customer":   {PT: "Cliente", EN: "Customer"},
	"history.col.service":    {PT: "Serviço", EN: "Service"},
	"history.col.status":     {PT: "Situação", EN: "Status"},
	"history.col.operator":   {PT: "Operador", EN: "Operator"},
	"history.open":           {PT: "Abrir", EN: "Open"},
	"history.open_for":       {PT: "Abrir a conversa de %s", EN: "Open the conversation of %s"},
	"history.empty":          {PT: "Nenhuma conversa encontrada.", EN: "No conversation found."},
	"history.next":           {PT: "Próxima página", EN: "Next page"},
	"history.bad_cursor":     {PT: "Este link de página não é válido; volte à primeira página.", EN: "This page link is not valid; go back to the first page."},
	"history.unavailable":    {PT: "Não foi possível ler as conversas agora. Tente de novo em instantes.", EN: "The conversations cannot be read right now. Try again in a moment."},
}
