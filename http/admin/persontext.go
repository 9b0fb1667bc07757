package admin

import (
	"time"

	"github.com/intake-runtime/intake/locale"
	"github.com/intake-runtime/intake/persistence"
)

// personText is the texts of the "a person's data" page and of the
// overview's retention lines.
var personText = locale.Catalogue{
	"admin.person.title":       {PT: "Dados de uma pessoa", EN: "A person's data"},
	"admin.person.note":        {PT: "Tudo o que guardamos sobre um número (as duas formas, com e sem o nono dígito): ver, baixar e apagar, como a LGPD pede.", EN: "Everything held about a number (both forms, with and without the ninth digit): see, download and erase, as LGPD asks."},
	"admin.person.phone":       {PT: "Número", EN: "Number"},
	"admin.person.look":        {PT: "Ver o que guardamos", EN: "See what is held"},
	"admin.person.none":        {PT: "Nada guardado sobre este número.", EN: "Nothing is held about this number."},
	"admin.person.kind":        {PT: "Tipo", EN: "Kind"},
	"admin.person.count":       {PT: "Itens", EN: "Items"},
	"admin.person.download":    {PT: "Baixar tudo (JSON)", EN: "Download everything (JSON)"},
	"admin.person.erase":       {PT: "Apagar tudo deste número", EN: "Erase everything of this number"},
	"admin.person.confirm":     {PT: "Entendo que isto não pode ser desfeito", EN: "I understand this cannot be undone"},
	"admin.person.erased":      {PT: "Apagados %d itens. Um registro da exclusão ficou guardado, sem o número.", EN: "%d items erased. A record of the erasure was kept, without the number."},
	"admin.person.records":     {PT: "Apague também no CRM/ERP (o sistema não apaga lá):", EN: "Also delete in the CRM/ERP (the system does not delete there):"},
	"admin.person.failed":      {PT: "A exclusão não terminou; clique em apagar de novo para continuar de onde parou.", EN: "The erasure did not finish; erase again to continue where it stopped."},
	"admin.person.unconfirmed": {PT: "Marque a confirmação para apagar.", EN: "Tick the confirmation to erase."},
	"admin.person.bad_phone":   {PT: "Digite um número com DDD, por exemplo (11) 98888-7777.", EN: "Type a number with its area code, e.g. (11) 98888-7777."},

	"admin.person.kind.active_pointer":  {PT: "Conversa em andamento", EN: "Current conversation pointer"},
	"admin.person.kind.sessions":        {PT: "Conversas", EN: "Conversations"},
	"admin.person.kind.messages":        {PT: "Mensagens", EN: "Messages"},
	"admin.person.kind.receipts":        {PT: "Recibos de mensagens recebidas", EN: "Receipts of received messages"},
	"admin.person.kind.pending_marker":  {PT: "Mensagens aguardando resposta", EN: "Messages awaiting an answer"},
	"admin.person.kind.debounce_buffer": {PT: "Mensagens em espera (versão antiga)", EN: "Buffered messages (older release)"},
	"admin.person.kind.notes":           {PT: "Notas internas", EN: "Internal notes"},
	"admin.person.kind.demands":         {PT: "Pedidos fora do portfólio", EN: "Out-of-portfolio requests"},
	"admin.person.kind.projections":     {PT: "Envios ao CRM/ERP", EN: "CRM/ERP sync records"},
	"admin.person.kind.search_lookups":  {PT: "Índices de busca (CPF/CNPJ, nome)", EN: "Search lookups (CPF/CNPJ, name)"},
	"admin.person.kind.operator":        {PT: "Cadastro de atendente", EN: "Operator record"},
	"admin.person.kind.logins":          {PT: "Códigos de acesso", EN: "Login codes"},

	"admin.retention.title":     {PT: "O que guardamos e por quanto tempo", EN: "What is kept, and for how long"},
	"admin.retention.for":       {PT: "%s: apagado %s depois da última alteração.", EN: "%s: erased %s after its last change."},
	"admin.retention.forever":   {PT: "%s: guardado até ser apagado (DATA_RETENTION não definido).", EN: "%s: kept until erased (DATA_RETENTION not set)."},
	"admin.retention.receipts":  {PT: "Recibos de mensagens recebidas: apagados 7 dias depois de chegar.", EN: "Receipts of received messages: erased 7 days after arrival."},
	"admin.retention.logins":    {PT: "Códigos de acesso: apagados quando expiram.", EN: "Login codes: erased when they expire."},
	"admin.retention.operators": {PT: "Cadastro de atendentes: guardado até a pessoa ser apagada.", EN: "Operator records: kept until the person is erased."},
	"admin.retention.tombstone": {PT: "Registros de exclusão (sem o número): guardados.", EN: "Erasure records (without the number): kept."},
}

// retainedKinds are the kinds DATA_RETENTION expires (persistence.Retain).
var retainedKinds = []persistence.PersonKind{
	persistence.PersonSessions, persistence.PersonMessages, persistence.PersonNotes, persistence.PersonProjections,
	persistence.PersonDemands, persistence.PersonSearch, persistence.PersonPendingMarker,
}

// retentionLines say, one kind a line, what is kept and for how long.
func retentionLines(loc locale.Locale, retention time.Duration) []string {
	var lines []string
	for _, kind := range retainedKinds {
		name := loc.T("admin.person.kind." + string(kind))
		if retention > 0 {
			lines = append(lines, loc.T("admin.retention.for", name, loc.Duration(retention)))
		} else {
			lines = append(lines, loc.T("admin.retention.forever", name))
		}
	}
	for _, key := range []string{"receipts", "logins", "operators", "tombstone"} {
		lines = append(lines, loc.T("admin.retention."+key))
	}
	return lines
}
