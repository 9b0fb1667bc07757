package digest

import "github.com/intake-runtime/intake/locale"

// text is the digest e-mail's catalogue.
var text = locale.Catalogue{
	"digest.subject":        {PT: "Resumo da semana %s a %s: %s conversas, %s cadastros", EN: "Week %s to %s: %s conversations, %s registrations"},
	"digest.heading":        {PT: "Resumo da semana de %s a %s", EN: "Summary of the week %s to %s"},
	"digest.funnel":         {PT: "Funil", EN: "Funnel"},
	"digest.conversations":  {PT: "Conversas", EN: "Conversations"},
	"digest.qualified":      {PT: "Qualificadas", EN: "Qualified"},
	"digest.data_complete":  {PT: "Dados completos", EN: "Data complete"},
	"digest.registered":     {PT: "Cadastradas no CRM", EN: "Registered in the CRM"},
	"digest.handed_off":     {PT: "Encaminhadas a uma pessoa", EN: "Handed to a person"},
	"digest.closed":         {PT: "Encerradas", EN: "Closed"},
	"digest.abandoned":      {PT: "Abandonadas", EN: "Abandoned"},
	"digest.wait":           {PT: "Espera por uma pessoa: metade em até %s (horas úteis, %d conversas)", EN: "Wait for a person: half within %s (business hours, %d conversations)"},
	"digest.no_wait":        {PT: "Espera por uma pessoa: nenhuma conversa encaminhada", EN: "Wait for a person: no conversation handed off"},
	"digest.per_registered": {PT: "Custo do modelo por cadastro: %s", EN: "Model cost per registration: %s"},
	"digest.no_cost":        {PT: "Custo do modelo por cadastro: sem cadastros ou sem preço", EN: "Model cost per registration: no registrations or no price"},
	"digest.demands":        {PT: "Pedidos fora do catálogo mais comuns", EN: "Most common requests outside the catalogue"},
	"digest.no_demands":     {PT: "Nenhum pedido fora do catálogo.", EN: "No request outside the catalogue."},
	"digest.link":           {PT: "Relatório completo: %s", EN: "Full report: %s"},
	"digest.link_label":     {PT: "Ver o relatório completo", EN: "See the full report"},
}
