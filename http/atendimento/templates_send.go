package atendimento

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/sessionpb"
)

// Template is an approved template message of the business account
// (MESSAGING_TEMPLATES): once a customer's 24-hour window has closed, the
// platform takes nothing else. Body is its approved text, with {{1}},
// {{2}}… where the operator's parameters go.
type Template struct {
	Name     string
	Language string
	Body     string
}

// templatePlaceholder is one {{n}} of a template body.
var templatePlaceholder = regexp.MustCompile(`\{\{\s*(\d+)\s*\}\}`)

// Params is how many parameters the body takes: its highest {{n}}.
func (t Template) Params() int {
	n := 0
	for _, m := range templatePlaceholder.FindAllStringSubmatch(t.Body, -1) {
		if i, err := strconv.Atoi(m[1]); err == nil && i > n {
			n = i
		}
	}
	return n
}

// Fill is the body as the customer reads it, params in place.
func (t Template) Fill(params []string) string {
	return templatePlaceholder.ReplaceAllStringFunc(t.Body, func(p string) string {
		i, _ := strconv.Atoi(templatePlaceholder.FindStringSubmatch(p)[1])
		if i < 1 || i > len(params) {
			return p
		}
		return params[i-1]
	})
}

// template is the configured template name in language, if any.
func (c *Console) template(name, language string) (Template, bool) {
	for _, t := range c.templates() {
		if t.Name == name && t.Language == language {
			return t, true
		}
	}
	return Template{}, false
}

// templateRequest is the body of POST …/conversations/:phone/:session/template.
type templateRequest struct {
	Template string   `json:"template"`
	Language string   `json:"language"`
	Params   []string `json:"params"`
}

// sendTemplate sends an approved template to the customer as the operator
// holding the conversation, through the session actor like any reply, so it
// is logged and goes out through the committed outbox. Every parameter the
// body takes must be filled.
func (c *Console) sendTemplate(ctx *fiber.Ctx) error {
	phone, sessionID, err := target(ctx)
	if err != nil {
		return c.failJSON(ctx, fiber.StatusNotFound, "not_found", "error.not_found")
	}
	var body templateRequest
	if err := ctx.BodyParser(&body); err != nil {
		return c.failJSON(ctx, fiber.StatusBadRequest, "bad_request", "error.bad_body")
	}
	t, ok := c.template(body.Template, body.Language)
	if !ok {
		return c.failJSON(ctx, fiber.StatusBadRequest, string(conversation.RefusedNoTemplate), "tools.error.no_template")
	}
	params := make([]string, len(body.Params))
	for i, p := range body.Params {
		params[i] = strings.TrimSpace(p)
	}
	if len(params) != t.Params() || containsEmpty(params) {
		return c.failJSON(ctx, fiber.StatusBadRequest, "template_params", "tools.error.template_params")
	}
	cmd := &sessionpb.OperatorCommand{PhoneNumber: phone, SessionId: sessionID, OperatorPhone: operatorOf(ctx),
		Action: sessionpb.OperatorAction_OPERATOR_ACTION_TEMPLATE, Text: t.Fill(params),
		Template: t.Name, TemplateLanguage: t.Language, TemplateParams: params}
	return c.answer(ctx, cmd, nil)
}

func containsEmpty(values []string) bool {
	for _, v := range values {
		if v == "" {
			return true
		}
	}
	return false
}
