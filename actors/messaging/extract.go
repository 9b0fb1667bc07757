package messaging

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Batch is everything one webhook envelope holds, in envelope order.
type Batch struct {
	// Messages are the customer messages, one turn each.
	Messages []InboundMessage
	// Statuses are delivery statuses of messages Intake sent.
	Statuses []Status
	// Rejected are the items that could not be used; the others were still
	// parsed. The handler logs them and answers 200 all the same, because the
	// platform would redeliver the same unusable items forever.
	Rejected []Rejection
}

// Rejection is one message or status of an envelope that was left out.
type Rejection struct {
	// Item is "message" or "status".
	Item string
	// ID is the platform ID of the item when it had one.
	ID string
	// Err wraps one of ErrNoDigits, ErrSenderTooLong, ErrMissingID,
	// ErrEmptyContent, ErrMalformed or ErrUnknownStatus.
	Err error
}

// The Item values of a Rejection.
const (
	ItemMessage = "message"
	ItemStatus  = "status"
)

// changeFieldMessages is the change field that carries messages and statuses.
const changeFieldMessages = "messages"

// ParseEnvelope is the spec's extract_inbound_messages: it walks all entries
// and all changes of a webhook body and returns every customer message and
// delivery status in it. It fails only when the body is not an envelope at all
// (not JSON, or entry/changes of the wrong shape); problems of single items
// become Rejections. It never panics, whatever the input.
//
// Items are decoded one by one from their raw JSON, so a malformed one is
// rejected alone, and a name repeated in the body replaces the earlier value
// rather than merging into it.
func (p *Parser) ParseEnvelope(body []byte) (Batch, error) {
	var env envelope
	if err := json.Unmarshal(body, &env); err != nil {
		return Batch{}, fmt.Errorf("%w envelope: %v", ErrMalformed, err)
	}
	var b Batch
	for _, e := range env.Entry {
		for _, c := range e.Changes {
			if c.Field != "" && c.Field != changeFieldMessages {
				continue // account or template updates carry no messages
			}
			p.parseChange(c.Value, &b)
		}
	}
	return b, nil
}

func (p *Parser) parseChange(v changeValue, b *Batch) {
	names := pushNames(v.Contacts)
	for _, raw := range v.Messages {
		msg, err := p.parseMessage(raw, v.Metadata.PhoneNumberID, names)
		if err != nil {
			b.Rejected = append(b.Rejected, Rejection{Item: ItemMessage, ID: rawID(raw), Err: err})
			continue
		}
		b.Messages = append(b.Messages, msg)
	}
	for _, raw := range v.Statuses {
		st, err := p.parseStatus(raw)
		if err != nil {
			b.Rejected = append(b.Rejected, Rejection{Item: ItemStatus, ID: rawID(raw), Err: err})
			continue
		}
		b.Statuses = append(b.Statuses, st)
	}
}

func (p *Parser) parseMessage(raw json.RawMessage, phoneNumberID string, names contactNames) (InboundMessage, error) {
	var m wireMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return InboundMessage{}, fmt.Errorf("%w message: %v", ErrMalformed, err)
	}
	if m.ID == "" {
		return InboundMessage{}, ErrMissingID
	}
	phone, err := NormalizeSender(m.From)
	if err != nil {
		return InboundMessage{}, fmt.Errorf("message %s: %w", m.ID, err)
	}
	msgType, content := messageContent(m)
	if strings.TrimSpace(content) == "" {
		return InboundMessage{}, fmt.Errorf("message %s: %w", m.ID, ErrEmptyContent)
	}
	return InboundMessage{
		PhoneNumber:       phone,
		Content:           content,
		MessageType:       msgType,
		Instance:          p.DefaultInstance(),
		ProviderMessageID: m.ID,
		ReceivedAt:        timeOr(m.Timestamp, p.cfg.Now),
		PhoneNumberID:     phoneNumberID,
		PushName:          names.lookup(phone),
	}, nil
}

// rawID reads the "id" of an item that failed to parse, for the Rejection.
func rawID(raw json.RawMessage) string {
	var v struct {
		ID string `json:"id"`
	}
	if json.Unmarshal(raw, &v) != nil {
		return ""
	}
	return v.ID
}
