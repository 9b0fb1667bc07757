package messaging

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/intake-runtime/intake/domain"
)

// ParseInternal decodes the internal route's body (the spec's internal inbound
// payload) and validates it with FromInternal.
func (p *Parser) ParseInternal(body []byte) (InboundMessage, error) {
	var in InternalPayload
	if err := json.Unmarshal(body, &in); err != nil {
		return InboundMessage{}, fmt.Errorf("%w internal payload: %v", ErrMalformed, err)
	}
	return p.FromInternal(in)
}

// FromInternal validates an internal payload and fills what it may omit, with
// the same rules as platform messages where they apply:
//
//   - phone_number is normalized (no digit: ErrNoDigits); when that changes
//     more than its formatting (the ninth digit), replies go to the number
//     as given (InboundMessage.ReplyTo);
//   - message_type defaults to text; an unknown type is a document (rule 5);
//   - content is required for text; media without content become "[type]";
//   - instance defaults to the first configured one; an explicit instance must
//     be configured (ErrUnknownInstance);
//   - provider_message_id, when absent, is a new UUID, so receipts still
//     deduplicate the turn;
//   - received_at, when absent, is now; when present it must be RFC 3339 with
//     an offset (ErrMalformed), and it is kept in UTC.
func (p *Parser) FromInternal(in InternalPayload) (InboundMessage, error) {
	phone, err := NormalizeSender(in.PhoneNumber)
	if err != nil {
		return InboundMessage{}, fmt.Errorf("internal payload phone_number: %w", err)
	}
	msgType, content := internalContent(in.MessageType, in.Content)
	if strings.TrimSpace(content) == "" {
		return InboundMessage{}, fmt.Errorf("internal payload: %w", ErrEmptyContent)
	}
	instance := in.Instance
	if instance == "" {
		instance = p.DefaultInstance()
	} else if !slices.Contains(p.cfg.Instances, instance) {
		return InboundMessage{}, fmt.Errorf("%w %q (configured: %s)",
			ErrUnknownInstance, clip(instance, 40), strings.Join(p.cfg.Instances, ", "))
	}
	id := in.ProviderMessageID
	if id == "" {
		id = p.cfg.NewID()
	}
	received := p.cfg.Now().UTC()
	if in.ReceivedAt != "" {
		t, err := time.Parse(time.RFC3339Nano, in.ReceivedAt)
		if err != nil {
			return InboundMessage{}, fmt.Errorf("%w received_at %q: want RFC 3339 with offset",
				ErrMalformed, clip(in.ReceivedAt, 40))
		}
		received = t.UTC()
	}
	return InboundMessage{
		PhoneNumber:       phone,
		ReplyTo:           ReplyTo(in.PhoneNumber, phone),
		Content:           content,
		MessageType:       msgType,
		Instance:          instance,
		ProviderMessageID: id,
		ReceivedAt:        received,
		PhoneNumberID:     in.PhoneNumberID,
	}, nil
}

// internalContent applies rule 5 to an internal payload.
func internalContent(msgType, content string) (domain.MessageType, string) {
	if msgType == "" || msgType == string(domain.MessageText) {
		return domain.MessageText, content
	}
	kind := MediaType(msgType)
	if strings.TrimSpace(content) == "" {
		return kind, Placeholder(kind)
	}
	return kind, content
}
