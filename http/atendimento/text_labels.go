package atendimento

import "github.com/intake-runtime/intake/locale"

// labelsText is the operators' labels: the box on the conversation page,
// the queue's filter, the refusals of a label. Texts the script writes are
// "js.labels." keys.
var labelsText = locale.Catalogue{
	"labels.new":          {PT: "Nova etiqueta", EN: "New label"},
	"labels.add":          {PT: "Adicionar etiqueta", EN: "Add label"},
	"labels.filter":       {PT: "Filtrar por etiqueta", EN: "Filter by label"},
	"labels.filter_go":    {PT: "Filtrar", EN: "Filter"},
	"labels.filter_clear": {PT: "Mostrar todas", EN: "Show all"},

	"js.labels.none":       {PT: "Nenhuma etiqueta.", EN: "No labels."},
	"js.labels.title":      {PT: "Etiquetas", EN: "Labels"},
	"js.labels.remove_for": {PT: "Remover a etiqueta %s", EN: "Remove the label %s"},

	"error.label_empty":     {PT: "A etiqueta está vazia.", EN: "The label is empty."},
	"error.label_too_long":  {PT: "Uma etiqueta tem no máximo 30 caracteres.", EN: "A label has at most 30 characters."},
	"error.too_many_labels": {PT: "Uma conversa tem no máximo 10 etiquetas; remova uma antes.", EN: "A conversation has at most 10 labels; remove one first."},
}
