package conversation

import (
	"strings"
	"time"

	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/domain"
)

// RefusedNoTemplate is a TEMPLATE command without a template name or
// language.
const RefusedNoTemplate Refusal = "no_template"

// operateTemplate decides a TEMPLATE command: the operator holding the
// conversation sends an approved template, window open or not (templates
// are what the platform takes after it closed). Its text is the body as the
// customer reads it, logged like any reply; the outbox sends the template.
func operateTemplate(s domain.Session, cmd *sessionpb.OperatorCommand, now time.Time) (Outcome, *domain.Message, *Refused) {
	operator := cmd.GetOperatorPhone()
	text := strings.TrimSpace(cmd.GetText())
	switch {
	case !HeldBy(s, operator):
		return refused(RefusedNotAssigned, "claim the conversation before writing to the customer")
	case strings.TrimSpace(cmd.GetTemplate()) == "" || strings.TrimSpace(cmd.GetTemplateLanguage()) == "":
		return refused(RefusedNoTemplate, "choose an approved template")
	case text == "":
		return refused(RefusedEmptyText, "the message is empty")
	}
	m := operatorMessage(operator, text, now)
	m.Template = &domain.TemplateSend{
		Name:     cmd.GetTemplate(),
		Language: cmd.GetTemplateLanguage(),
		Params:   cmd.GetTemplateParams(),
	}
	return Outcome{Session: s}, m, nil
}
