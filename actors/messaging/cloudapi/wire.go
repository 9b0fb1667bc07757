package cloudapi

// messagingProduct is the product constant every Cloud API body carries.
const messagingProduct = "whatsapp"

// sendRequest is the spec's outbound text message body.
type sendRequest struct {
	MessagingProduct string   `json:"messaging_product"`
	RecipientType    string   `json:"recipient_type"`
	To               string   `json:"to"`
	Type             string   `json:"type"`
	Text             sendText `json:"text"`
}

type sendText struct {
	PreviewURL bool   `json:"preview_url"`
	Body       string `json:"body"`
}

// readRequest marks an inbound message as read and shows the typing
// indicator to the customer while the bot prepares its answer.
type readRequest struct {
	MessagingProduct string          `json:"messaging_product"`
	Status           string          `json:"status"`
	MessageID        string          `json:"message_id"`
	TypingIndicator  typingIndicator `json:"typing_indicator"`
}

type typingIndicator struct {
	Type string `json:"type"`
}

// sendResponse is the part of a successful send answer Intake reads.
type sendResponse struct {
	Messages []struct {
		ID string `json:"id"`
	} `json:"messages"`
}

// errorResponse is the platform's error answer.
type errorResponse struct {
	Error *wireError `json:"error"`
}

// templateRequest sends an approved template: the only message the platform
// takes after the customer's 24-hour window closed. Its parameters fill the
// body's {{1}}, {{2}}… in order.
type templateRequest struct {
	MessagingProduct string       `json:"messaging_product"`
	RecipientType    string       `json:"recipient_type"`
	To               string       `json:"to"`
	Type             string       `json:"type"`
	Template         sendTemplate `json:"template"`
}

type sendTemplate struct {
	Name       string              `json:"name"`
	Language   templateLanguage    `json:"language"`
	Components []templateComponent `json:"components,omitempty"`
}

type templateLanguage struct {
	Code string `json:"code"`
}

type templateComponent struct {
	Type       string          `json:"type"`
	Parameters []templateParam `json:"parameters"`
}

type templateParam struct {
	Type string `json:"type"`
	Text string `json:"text"`
}
