package atendimento

import "github.com/intake-runtime/intake/locale"

// panelText is the customer panel of the conversation page.
var panelText = locale.Catalogue{
	"panel.title":         {PT: "Dados do cliente", EN: "Customer data"},
	"panel.qualification": {PT: "Qualificação", EN: "Qualification"},
	"panel.cadastral":     {PT: "Cadastro", EN: "Registration"},
	"panel.none":          {PT: "Nada coletado ainda.", EN: "Nothing collected yet."},
	"panel.integrations":  {PT: "CRM e ERP", EN: "CRM and ERP"},
	"panel.crm_contact":   {PT: "Contato no CRM", EN: "CRM contact"},
	"panel.crm_deal":      {PT: "Negócio no CRM", EN: "CRM deal"},
	"panel.erp_customer":  {PT: "Cliente no ERP", EN: "ERP customer"},
	"panel.projection":    {PT: "Sincronização", EN: "Sync status"},
	"panel.no_projection": {PT: "nada a sincronizar", EN: "nothing to sync"},
	"panel.partial":       {PT: "Parte destes dados não pôde ser lida agora.", EN: "Part of this data could not be read right now."},
	"panel.earlier":       {PT: "Outras conversas deste cliente", EN: "This customer's other conversations"},
	"panel.no_earlier":    {PT: "Nenhuma outra conversa.", EN: "No other conversation."},

	// The projection statuses, by code (persistence.ProjectionStatus).
	"panel.projection.PENDING":   {PT: "pendente", EN: "pending"},
	"panel.projection.SYNCED":    {PT: "sincronizado", EN: "synced"},
	"panel.projection.BLOCKED":   {PT: "bloqueado (falha permanente)", EN: "blocked (permanent failure)"},
	"panel.projection.UNCERTAIN": {PT: "incerto (aguardando confirmação)", EN: "uncertain (awaiting confirmation)"},
}
