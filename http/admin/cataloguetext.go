package admin

import "github.com/intake-runtime/intake/locale"

// catalogueText is the texts of the catalogue page and the knowledge pages.
var catalogueText = locale.Catalogue{
	"admin.settings.catalogue":     {PT: "Serviços que o atendimento oferece: nomes, segmentos, apelidos e pacotes de conhecimento.", EN: "Services the assistant offers: names, segments, aliases and knowledge packages."},
	"admin.settings.knowledge":     {PT: "Textos de referência que o atendimento consulta sobre cada serviço.", EN: "Reference texts the assistant reads about each service."},
	"admin.catalogue.title":        {PT: "Catálogo de serviços", EN: "Service catalogue"},
	"admin.catalogue.note":         {PT: "O atendimento só oferece os serviços daqui. O nome é o que aparece no CRM; os apelidos são outras formas de o cliente pedir o mesmo serviço.", EN: "The assistant offers only these services. The name is what the CRM shows; aliases are other ways a customer asks for the same service."},
	"admin.catalogue.name":         {PT: "Nome do serviço", EN: "Service name"},
	"admin.catalogue.segment":      {PT: "Segmento", EN: "Segment"},
	"admin.catalogue.aliases":      {PT: "Apelidos (separados por vírgula)", EN: "Aliases (comma-separated)"},
	"admin.catalogue.description":  {PT: "Descrição", EN: "Description"},
	"admin.catalogue.packages":     {PT: "Pacotes de conhecimento", EN: "Knowledge packages"},
	"admin.catalogue.save":         {PT: "Salvar serviço", EN: "Save service"},
	"admin.catalogue.remove":       {PT: "Remover serviço", EN: "Remove service"},
	"admin.catalogue.add":          {PT: "Novo serviço", EN: "New service"},
	"admin.catalogue.add_go":       {PT: "Adicionar serviço", EN: "Add service"},
	"admin.catalogue.added":        {PT: "Serviço adicionado: o atendimento já pode oferecê-lo.", EN: "Service added: the assistant can offer it now."},
	"admin.catalogue.removed":      {PT: "Serviço removido: o atendimento não o oferece mais.", EN: "Service removed: the assistant no longer offers it."},
	"admin.catalogue.gone":         {PT: "Esse serviço não existe mais (alguém o mudou agora há pouco). O que você digitou está no formulário de novo serviço.", EN: "That service no longer exists (someone just changed it). What you typed is in the new-service form."},
	"admin.knowledge.title":        {PT: "Pacotes de conhecimento", EN: "Knowledge packages"},
	"admin.knowledge.note":         {PT: "Cada pacote é um texto em Markdown que o atendimento lê quando o cliente pergunta sobre um serviço que o usa. Ligue os pacotes aos serviços no catálogo.", EN: "Each package is a Markdown text the assistant reads when a customer asks about a service that uses it. Link packages to services in the catalogue."},
	"admin.knowledge.none":         {PT: "Nenhum pacote ainda.", EN: "No packages yet."},
	"admin.knowledge.edit":         {PT: "Editar", EN: "Edit"},
	"admin.knowledge.add":          {PT: "Novo pacote", EN: "New package"},
	"admin.knowledge.id":           {PT: "Identificador (letras minúsculas, números e hífen; ex.: garantia-estendida)", EN: "Identifier (lower-case letters, digits and hyphens; e.g. extended-warranty)"},
	"admin.knowledge.text":         {PT: "Conteúdo em Markdown (a primeira linha “# ” é o título)", EN: "Markdown content (the first “# ” line is the title)"},
	"admin.knowledge.add_go":       {PT: "Criar pacote", EN: "Create package"},
	"admin.knowledge.exists":       {PT: "Já existe um pacote com esse identificador: edite-o na página dele.", EN: "A package with that identifier exists: edit it on its own page."},
	"admin.knowledge.unknown":      {PT: "Esse pacote de conhecimento não existe.", EN: "There is no such knowledge package."},
	"admin.knowledge.back":         {PT: "Todos os pacotes", EN: "All packages"},
	"admin.knowledge.save":         {PT: "Salvar", EN: "Save"},
	"admin.knowledge.preview":      {PT: "Pré-visualizar", EN: "Preview"},
	"admin.knowledge.preview_head": {PT: "Pré-visualização", EN: "Preview"},
	"admin.knowledge.unsaved":      {PT: "Ainda não salvo: confira e clique em Salvar.", EN: "Not saved yet: check it and click Save."},
	"admin.knowledge.package":      {PT: "Pacote “%s”", EN: "Package “%s”"},
}
