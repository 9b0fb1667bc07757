package locale

import (
	"fmt"
	"time"
)

// Vocabulary is how people read the product's stored codes, on every page:
// the session states ("state.<STATE>") and the CRM projection statuses
// ("projection.<STATUS>"). The codes stay in the API, the logs and the
// table; pages show these labels (see Label).
var Vocabulary = Catalogue{
	"state.NEW":             {PT: "Nova", EN: "New"},
	"state.QUALIFYING":      {PT: "Com o bot (qualificação)", EN: "With the bot (qualifying)"},
	"state.DATA_COLLECT":    {PT: "Com o bot (cadastro)", EN: "With the bot (registration)"},
	"state.CONFIRM_SUBJECT": {PT: "Com o bot (mudança de assunto)", EN: "With the bot (change of subject)"},
	"state.COMPLETED":       {PT: "Cadastro concluído", EN: "Registration complete"},
	"state.HANDOFF":         {PT: "Aguardando atendente", EN: "Waiting for an operator"},
	"state.HUMAN":           {PT: "Com atendente", EN: "With an operator"},
	"state.CLOSED":          {PT: "Encerrada", EN: "Closed"},

	"projection.PENDING":   {PT: "Na fila para enviar", EN: "Waiting to be sent"},
	"projection.SYNCED":    {PT: "Enviada", EN: "Sent"},
	"projection.BLOCKED":   {PT: "Bloqueada (precisa de ajuste)", EN: "Blocked (needs a fix)"},
	"projection.UNCERTAIN": {PT: "Incerta (conferir no CRM)", EN: "Uncertain (check the CRM)"},
}

// Label is the label of code in group ("state", "projection", or a
// page's own group) when the page's catalogue has one, else the code: a
// code newer than the catalogue still shows, rather than nothing.
func (l Locale) Label(group, code string) string {
	if key := group + "." + code; l.Has(key) {
		return l.T(key)
	}
	return code
}

// Duration renders a span of time for people, in whole units: "45 s",
// "12 min", "3 h 05 min", "2 d 4 h". Negative spans read as zero.
func (l Locale) Duration(d time.Duration) string {
	d = max(d, 0)
	switch {
	case d < time.Minute:
		return fmt.Sprintf("%d s", int(d.Seconds()))
	case d < time.Hour:
		return fmt.Sprintf("%d min", int(d.Minutes()))
	case d < 24*time.Hour:
		return fmt.Sprintf("%d h %02d min", int(d.Hours()), int(d.Minutes())%60)
	}
	return fmt.Sprintf("%d d %d h", int(d.Hours())/24, int(d.Hours())%24)
}
