package admin

import (
	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/businesshours"
	"github.com/intake-runtime/intake/locale"
)

// pageTexts are the catalogues of the admin pages, merged at start: each
// settings page keeps its texts beside its handlers.
var pageTexts = []locale.Catalogue{text, settingsText, locale.Vocabulary, handoff.Catalogue, businesshours.Catalogue,
	crmText, promptsText, businessText, hoursText, peopleText, catalogueText, repliesText, limitText,
	auditText, personText, reportsText}

// settingsText is the texts of the settings index and of the history every
// settings page shows.
var settingsText = locale.Catalogue{
	"admin.nav.settings":            {PT: "Configurações", EN: "Settings"},
	"admin.settings.title":          {PT: "Configurações", EN: "Settings"},
	"admin.settings.note":           {PT: "O que você muda aqui vale na hora neste servidor e em todos os outros em poucos segundos. Cada mudança guarda uma versão: dá para voltar a qualquer uma.", EN: "What you change here applies at once on this server and on every other within seconds. Each change keeps a version: you can go back to any of them."},
	"admin.settings.people":         {PT: "Atendentes e administradores: nomes, funções, quem está ativo.", EN: "Operators and admins: names, roles, who is active."},
	"admin.history.title":           {PT: "Versões", EN: "Versions"},
	"admin.history.version":         {PT: "Versão %d", EN: "Version %d"},
	"admin.history.current":         {PT: "em uso", EN: "in use"},
	"admin.history.restore":         {PT: "Voltar a esta versão", EN: "Restore this version"},
	"admin.history.restored_from":   {PT: "cópia da versão %d", EN: "copy of version %d"},
	"admin.history.seed":            {PT: "Ainda sem versões salvas: vale a configuração inicial do servidor.", EN: "No saved versions yet: the server's initial configuration applies."},
	"admin.history.unknown":         {PT: "autor não registrado", EN: "author not recorded"},
	"admin.history.api":             {PT: "pela API", EN: "through the API"},
	"admin.history.dev":             {PT: "ambiente de desenvolvimento", EN: "development runner"},
	"admin.history.bad_version":     {PT: "Essa versão não existe.", EN: "There is no such version."},
	"admin.history.restored":        {PT: "Versão restaurada: já está valendo.", EN: "Version restored: it applies now."},
	"admin.history.refused_restore": {PT: "Essa versão não pode voltar: %s", EN: "That version cannot be restored: %s"},
	"admin.settings.saved":          {PT: "Salvo: já está valendo.", EN: "Saved: it applies now."},
}
