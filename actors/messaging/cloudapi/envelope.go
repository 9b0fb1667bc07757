package cloudapi

import "encoding/json"

// The wire shape of the platform's webhook envelope, as far as Intake reads it.
// Messages and statuses stay raw here and are decoded one by one, so a single
// malformed item is rejected on its own instead of failing the whole callback.

type envelope struct {
	Object string  `json:"object"`
	Entry  []entry `json:"entry"`
}

type entry struct {
	ID      string   `json:"id"`
	Changes []change `json:"changes"`
}

type change struct {
	Field string      `json:"field"`
	Value changeValue `json:"value"`
}

type changeValue struct {
	MessagingProduct string            `json:"messaging_product"`
	Metadata         metadata          `json:"metadata"`
	Contacts         []json.RawMessage `json:"contacts"`
	Messages         []json.RawMessage `json:"messages"`
	Statuses         []json.RawMessage `json:"statuses"`
}

type metadata struct {
	DisplayPhoneNumber string `json:"display_phone_number"`
	PhoneNumberID      string `json:"phone_number_id"`
}

type wireContact struct {
	WaID    string `json:"wa_id"`
	Profile struct {
		Name string `json:"name"`
	} `json:"profile"`
}

// wireMessage is one customer message. Timestamp stays raw because the platform
// sends epoch seconds as a string and a bad value must not reject the message
// (rule 4: it becomes the current time).
type wireMessage struct {
	From      string          `json:"from"`
	ID        string          `json:"id"`
	Timestamp json.RawMessage `json:"timestamp"`
	Type      string          `json:"type"`
	Text      *struct {
		Body string `json:"body"`
	} `json:"text"`
	Image    *wireMedia `json:"image"`
	Audio    *wireMedia `json:"audio"`
	Video    *wireMedia `json:"video"`
	Document *wireMedia `json:"document"`
	Sticker  *wireMedia `json:"sticker"`
	// The customer's answers and shares (kinds.go).
	Interactive *wireInteractive `json:"interactive"`
	Button      *wireButton      `json:"button"`
	Location    *wireLocation    `json:"location"`
	Contacts    []wireShared     `json:"contacts"`
	Reaction    *wireReaction    `json:"reaction"`
}

type wireStatus struct {
	ID          string          `json:"id"`
	Status      string          `json:"status"`
	Timestamp   json.RawMessage `json:"timestamp"`
	RecipientID string          `json:"recipient_id"`
	Errors      []wireError     `json:"errors"`
}

// wireError is the platform's error object, both in a failed status and in the
// body of a failed send.
type wireError struct {
	Code      int    `json:"code"`
	Title     string `json:"title"`
	Message   string `json:"message"`
	ErrorData struct {
		Details string `json:"details"`
	} `json:"error_data"`
}
