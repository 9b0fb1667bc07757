package cloudapi

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/domain"
)

// Parser reads the Cloud API's webhook callbacks, and the internal route's
// payloads through the messaging.Parser it embeds, whose instances and clock
// it shares. It holds only configuration, so one Parser is safe for
// concurrent use.
type Parser struct {
	*messaging.Parser
	// phoneNumberID is our business number's ID; changes for another are
	// ignored (number.go). "" accepts every number.
	phoneNumberID string
}

// NewParser checks cfg and returns a Parser.
func NewParser(cfg messaging.ParserConfig) (*Parser, error) {
	p, err := messaging.NewParser(cfg)
	if err != nil {
		return nil, err
	}
	return &Parser{Parser: p}, nil
}

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
func (p *Parser) ParseEnvelope(body []byte) (messaging.Batch, error) {
	var env envelope
	if err := json.Unmarshal(body, &env); err != nil {
		return messaging.Batch{}, fmt.Errorf("%w envelope: %v", messaging.ErrMalformed, err)
	}
	var b messaging.Batch
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

func (p *Parser) parseChange(v changeValue, b *messaging.Batch) {
	if !p.addressedToUs(v.Metadata.PhoneNumberID) {
		ignoreChange(v, b)
		return
	}
	names := pushNames(v.Contacts)
	for _, raw := range v.Messages {
		msg, reaction, err := p.parseMessage(raw, v.Metadata.PhoneNumberID, names)
		switch {
		case err != nil:
			b.Rejected = append(b.Rejected, messaging.Rejection{Item: messaging.ItemMessage, ID: rawID(raw), Err: err})
		case reaction != nil:
			b.Reactions = append(b.Reactions, *reaction)
		default:
			b.Messages = append(b.Messages, msg)
		}
	}
	for _, raw := range v.Statuses {
		st, err := p.parseStatus(raw)
		if err != nil {
			b.Rejected = append(b.Rejected, messaging.Rejection{Item: messaging.ItemStatus, ID: rawID(raw), Err: err})
			continue
		}
		b.Statuses = append(b.Statuses, st)
	}
}

// parseMessage reads one message: a customer message, or a reaction to an
// earlier message of the conversation.
func (p *Parser) parseMessage(raw json.RawMessage, phoneNumberID string, names contactNames) (messaging.InboundMessage, *messaging.Reaction, error) {
	var m wireMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return messaging.InboundMessage{}, nil, fmt.Errorf("%w message: %v", messaging.ErrMalformed, err)
	}
	if m.ID == "" {
		return messaging.InboundMessage{}, nil, messaging.ErrMissingID
	}
	phone, err := messaging.NormalizeSender(m.From)
	if err != nil {
		return messaging.InboundMessage{}, nil, fmt.Errorf("message %s: %w", m.ID, err)
	}
	if m.Type == typeReaction {
		r, err := p.parseReaction(m, phone)
		return messaging.InboundMessage{}, &r, err
	}
	c := messageContent(m)
	if strings.TrimSpace(c.text) == "" {
		return messaging.InboundMessage{}, nil, fmt.Errorf("message %s: %w", m.ID, messaging.ErrEmptyContent)
	}
	return messaging.InboundMessage{
		PhoneNumber:       phone,
		ReplyTo:           messaging.ReplyTo(m.From, phone),
		Content:           c.text,
		MessageType:       c.kind,
		ReplyID:           c.replyID,
		Instance:          p.DefaultInstance(),
		ProviderMessageID: m.ID,
		ReceivedAt:        timeOr(m.Timestamp, p.Now),
		PhoneNumberID:     phoneNumberID,
		PushName:          names.lookup(phone),
		Media:             inboundMedia(m),
	}, nil, nil
}

// rawID reads the "id" of an item that failed to parse, for the messaging.Rejection.
func rawID(raw json.RawMessage) string {
	var v struct {
		ID string `json:"id"`
	}
	if json.Unmarshal(raw, &v) != nil {
		return ""
	}
	return v.ID
}

func (p *Parser) parseStatus(raw json.RawMessage) (messaging.Status, error) {
	var w wireStatus
	if err := json.Unmarshal(raw, &w); err != nil {
		return messaging.Status{}, fmt.Errorf("%w status: %v", messaging.ErrMalformed, err)
	}
	if w.ID == "" {
		return messaging.Status{}, messaging.ErrMissingID
	}
	// Only the four statuses of the message log are kept; others (the
	// platform adds kinds now and then) are rejected rather than stored.
	st := domain.DeliveryStatus(w.Status)
	switch st {
	case domain.DeliverySent, domain.DeliveryDelivered, domain.DeliveryRead, domain.DeliveryFailed:
	default:
		return messaging.Status{}, fmt.Errorf("status of %s: %w %.40q", w.ID, messaging.ErrUnknownStatus, w.Status)
	}
	recipient, _ := messaging.NormalizeSender(w.RecipientID)
	out := messaging.Status{
		MessageID: w.ID,
		Status:    st,
		Recipient: recipient,
		Timestamp: timeOr(w.Timestamp, p.Now),
	}
	for _, e := range w.Errors {
		out.Errors = append(out.Errors, messaging.StatusError{
			Code:    e.Code,
			Title:   e.Title,
			Message: e.Message,
			Details: e.ErrorData.Details,
		})
	}
	return out, nil
}

// contactNames holds the profile names of a change's contacts, keyed by their
// normalized wa_id.
type contactNames struct {
	byPhone map[string]string
	// anonymous is the name of a lone contact without a wa_id: with a single
	// contact it can only belong to the change's sender.
	anonymous string
}

// pushNames collects contacts[].profile.name. Contacts are optional data, so a
// malformed one is skipped, never a reason to reject a message.
func pushNames(raw []json.RawMessage) contactNames {
	names := contactNames{byPhone: make(map[string]string, len(raw))}
	for _, r := range raw {
		var c wireContact
		if json.Unmarshal(r, &c) != nil || c.Profile.Name == "" {
			continue
		}
		if phone, err := messaging.NormalizeSender(c.WaID); err == nil {
			names.byPhone[phone] = c.Profile.Name
		} else if len(raw) == 1 {
			names.anonymous = c.Profile.Name
		}
	}
	return names
}

// lookup returns the profile name of the sender phone, "" when unknown.
func (n contactNames) lookup(phone string) string {
	if name, ok := n.byPhone[phone]; ok {
		return name
	}
	return n.anonymous
}

// messageContent returns the type and the content of one message: the body
// for text, the customer's answer or share for the kinds of kinds.go,
// otherwise the media caption when there is one, else "[type]". No media
// binary is fetched (rule 6).
func messageContent(m wireMessage) content {
	if m.Type == string(domain.MessageText) {
		if m.Text == nil {
			return content{kind: domain.MessageText}
		}
		return content{kind: domain.MessageText, text: m.Text.Body}
	}
	if c, ok := answerContent(m); ok {
		return c
	}
	kind := messaging.MediaType(m.Type)
	if media := m.media(kind); media != nil && strings.TrimSpace(media.Caption) != "" {
		return content{kind: kind, text: media.Caption}
	}
	return content{kind: kind, text: messaging.Placeholder(kind)}
}

// media returns the media object of kind, nil when the message has none.
func (m wireMessage) media(kind domain.MessageType) *wireMedia {
	switch kind {
	case domain.MessageImage:
		return m.Image
	case domain.MessageAudio:
		return m.Audio
	case domain.MessageVideo:
		return m.Video
	case domain.MessageSticker:
		return m.Sticker
	default:
		return m.Document
	}
}
