package admin

import "github.com/intake-runtime/intake/locale"

// crmText is the texts of the CRM page. Each Intake stage has a label in
// words (admin.crm.stage.<logical stage>): the owner never reads the codes.
var crmText = locale.Catalogue{
	"admin.settings.crm":                {PT: "Etapas do funil e propriedade da conversa no CRM, com verificação.", EN: "Pipeline stages and the conversation property in the CRM, with a check."},
	"admin.crm.title":                   {PT: "CRM", EN: "CRM"},
	"admin.crm.note":                    {PT: "Para cada etapa do atendimento, o ID da etapa no funil do seu CRM. Deixe vazio para enviar o nome interno da etapa.", EN: "For each stage of the conversation, the stage ID in your CRM's pipeline. Leave it empty to send the stage's internal name."},
	"admin.crm.stages":                  {PT: "Etapas", EN: "Stages"},
	"admin.crm.stage.novo":              {PT: "Novo contato", EN: "New contact"},
	"admin.crm.stage.qualificado":       {PT: "Serviço identificado", EN: "Service identified"},
	"admin.crm.stage.cadastro_completo": {PT: "Cadastro completo", EN: "Registration complete"},
	"admin.crm.stage.em_atendimento":    {PT: "Com um atendente", EN: "With an operator"},
	"admin.crm.stage.encerrado":         {PT: "Encerrado", EN: "Closed"},
	"admin.crm.stage_hint":              {PT: "ID da etapa no CRM", EN: "Stage ID in the CRM"},
	"admin.crm.property":                {PT: "Propriedade do negócio que guarda a conversa", EN: "Deal property that holds the conversation"},
	"admin.crm.property_hint":           {PT: "Vazio: %s", EN: "Empty: %s"},
	"admin.crm.save":                    {PT: "Salvar", EN: "Save"},
	"admin.crm.check":                   {PT: "Verificar no CRM", EN: "Check in the CRM"},
	"admin.crm.check_note":              {PT: "A verificação usa o que está no formulário, sem salvar.", EN: "The check uses what is in the form, without saving."},
	"admin.crm.check_title":             {PT: "Resultado da verificação", EN: "Check result"},
	"admin.crm.check_ok":                {PT: "Tudo certo: o CRM tem tudo o que o Intake vai enviar.", EN: "All good: the CRM has everything Intake will send."},
	"admin.crm.check_missing":           {PT: "Falta algo no CRM:", EN: "Something is missing in the CRM:"},
	"admin.crm.check_found":             {PT: "O que já existe:", EN: "What exists:"},
	"admin.crm.not_connected":           {PT: "O CRM não está conectado: os negócios vão para um registro local, e não há o que verificar.", EN: "The CRM is not connected: deals go to a local record, and there is nothing to check."},
	"admin.crm.unreachable":             {PT: "Não foi possível falar com o CRM agora: %s", EN: "The CRM could not be reached now: %s"},
	"admin.crm.token_refused":           {PT: "O CRM recusou o token de acesso; nada mais foi verificado.", EN: "The CRM refused the access token; nothing else was checked."},
	"admin.crm.default_pipeline":        {PT: "o funil padrão", EN: "the default pipeline"},
	"admin.crm.pipeline_missing":        {PT: "O funil %s não existe no CRM.", EN: "Pipeline %s does not exist in the CRM."},
	"admin.crm.stage_found":             {PT: "%s: a etapa «%s» existe no funil.", EN: "%s: stage «%s» exists in the pipeline."},
	"admin.crm.stage_missing":           {PT: "%s: a etapa «%s» não existe em %s.", EN: "%s: stage «%s» does not exist in %s."},
	"admin.crm.property_found":          {PT: "A propriedade «%s» existe nos negócios.", EN: "Deal property «%s» exists."},
	"admin.crm.property_missing":        {PT: "A propriedade «%s» não existe nos negócios: crie-a no CRM ou mude o nome aqui.", EN: "Deal property «%s» does not exist: create it in the CRM or change the name here."},
	"admin.crm.stage_space":             {PT: "%s: o ID «%s» não pode ter espaço, vírgula nem “=”.", EN: "%s: ID «%s» cannot have a space, a comma or “=”."},
	"admin.crm.property_space":          {PT: "A propriedade «%s» não pode ter espaço, vírgula nem “=”.", EN: "Property «%s» cannot have a space, a comma or “=”."},
	"admin.crm.refused":                 {PT: "Não foi possível usar isso: %s", EN: "This cannot be used: %s"},
}
