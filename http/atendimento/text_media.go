package atendimento

import "github.com/intake-runtime/intake/locale"

// mediaCatalogue is the customers' files on the conversation page: what
// names each kind, and why one could not be served.
var mediaCatalogue = locale.Catalogue{
	"conversation.media.image":    {PT: "Imagem enviada pelo cliente", EN: "Image sent by the customer"},
	"conversation.media.sticker":  {PT: "Figurinha", EN: "Sticker"},
	"conversation.media.audio":    {PT: "Áudio", EN: "Audio"},
	"conversation.media.voice":    {PT: "Mensagem de voz", EN: "Voice note"},
	"conversation.media.video":    {PT: "Vídeo", EN: "Video"},
	"conversation.media.document": {PT: "Documento", EN: "Document"},

	"error.media_too_large":   {PT: "o arquivo é maior que o limite configurado (MEDIA_MAX_BYTES)", EN: "the file is larger than the configured limit (MEDIA_MAX_BYTES)"},
	"error.media_not_found":   {PT: "o arquivo não está mais disponível na plataforma", EN: "the file is no longer available on the platform"},
	"error.media_unavailable": {PT: "não foi possível buscar o arquivo na plataforma; tente de novo", EN: "the file could not be fetched from the platform; try again"},
}
