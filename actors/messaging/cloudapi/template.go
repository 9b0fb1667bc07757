package cloudapi

import (
	"context"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/domain"
)

// SendTemplate posts an approved template message, its parameters as the
// body's text parameters, through the sends bucket like Send.
func (c *Client) SendTemplate(ctx context.Context, to string, t domain.TemplateSend) (domain.AdapterResult, error) {
	digits, err := messaging.CheckTemplate(to, t)
	if err != nil {
		return c.finish("send_template", digits, failed(domain.ErrorKindPermanent, "not sent: %v", err)), err
	}
	if err := c.pauses.Await(ctx, digits); err != nil {
		return c.finish("send_template", digits, failed(domain.ErrorKindTransient, "not sent: %v", err)), err
	}
	body := sendTemplate{Name: t.Name, Language: templateLanguage{Code: t.Language}}
	if len(t.Params) > 0 {
		params := make([]templateParam, len(t.Params))
		for i, p := range t.Params {
			params[i] = templateParam{Type: "text", Text: p}
		}
		body.Components = []templateComponent{{Type: "body", Parameters: params}}
	}
	out, err := c.post(ctx, c.sends, templateRequest{
		MessagingProduct: messagingProduct,
		RecipientType:    "individual",
		To:               digits,
		Type:             "template",
		Template:         body,
	})
	if out.success {
		c.pauses.Succeeded(digits)
	}
	return c.finish("send_template", digits, out), err
}
