package cloudapi

import (
	"context"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/domain"
)

// SendOptions posts text with its options as an interactive message, reply
// buttons or a list as messaging.OptionsForm decides, paced like Send. Each
// button or row has the ID messaging.OptionID gives and the option as its
// title, so a tap comes back as that title. Options that fit neither form
// are refused before any call (messaging.ErrNotInteractive): the outbox
// sends those as numbered text, and falls back to it when the platform
// refuses an interactive message.
func (c *Client) SendOptions(ctx context.Context, to, text string, options []string) (domain.AdapterResult, error) {
	digits, form, err := messaging.CheckOptions(to, text, options)
	if err != nil {
		return c.finish("send_options", digits, failed(domain.ErrorKindPermanent, "not sent: %v", err)), err
	}
	body := interactive{Type: string(form), Body: interactiveBody{Text: text}}
	if form == messaging.FormButtons {
		for i, o := range options {
			body.Action.Buttons = append(body.Action.Buttons, replyButton{Type: "reply", Reply: optionRow{ID: messaging.OptionID(i), Title: o}})
		}
	} else {
		rows := make([]optionRow, len(options))
		for i, o := range options {
			rows[i] = optionRow{ID: messaging.OptionID(i), Title: o}
		}
		body.Action.Button = messaging.ListButton
		body.Action.Sections = []listSection{{Rows: rows}}
	}
	return c.sendMessage(ctx, "send_options", digits, interactiveRequest{
		MessagingProduct: messagingProduct,
		RecipientType:    "individual",
		To:               digits,
		Type:             "interactive",
		Interactive:      body,
	})
}

// interactiveRequest is an interactive message body: reply buttons
// (interactive.type "button") or a list ("list").
type interactiveRequest struct {
	MessagingProduct string      `json:"messaging_product"`
	RecipientType    string      `json:"recipient_type"`
	To               string      `json:"to"`
	Type             string      `json:"type"`
	Interactive      interactive `json:"interactive"`
}

type interactive struct {
	Type   string            `json:"type"`
	Body   interactiveBody   `json:"body"`
	Action interactiveAction `json:"action"`
}

type interactiveBody struct {
	Text string `json:"text"`
}

// interactiveAction holds the buttons of a button message, or the label of
// a list's button and its one section of rows.
type interactiveAction struct {
	Buttons  []replyButton `json:"buttons,omitempty"`
	Button   string        `json:"button,omitempty"`
	Sections []listSection `json:"sections,omitempty"`
}

type replyButton struct {
	Type  string    `json:"type"`
	Reply optionRow `json:"reply"`
}

// optionRow is a reply button's reply or a list's row: the same ID and
// title either way.
type optionRow struct {
	ID    string `json:"id"`
	Title string `json:"title"`
}

type listSection struct {
	Rows []optionRow `json:"rows"`
}
