package atendimento

import "github.com/intake-runtime/intake/locale"

// layoutText is the frame every page shares.
var layoutText = locale.Catalogue{
	"layout.brand":     {PT: "Intake · atendimento", EN: "Intake · atendimento"},
	"layout.operator":  {PT: "Operador", EN: "Operator"},
	"layout.logout":    {PT: "Sair", EN: "Log out"},
	"layout.dev_codes": {PT: "Ambiente de desenvolvimento: o adaptador de mensagens é o stub local, então nenhum código é enviado; o código aparece nesta página.", EN: "Development runner: the messaging adapter is the local stub, so no code is sent; the code appears on this page instead."},
}
