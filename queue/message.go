package queue

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/intake-runtime/intake/domain"
)

// ErrMalformed reports a queue body that is not exactly a queue message. Such a
// body can never succeed, but it is still reported as a failed item rather than
// dropped, so the queue's own redrive policy (or the in-process attempt limit)
// decides its fate and it stays visible.
var ErrMalformed = errors.New("queue: malformed message")

// Message is the queue message the webhook enqueues for each new customer
// message: the phone and the platform message ID, nothing else, so the queue
// never holds customer text (the consumer rebuilds the turn from the receipt).
// It is domain's type, so the webhook, the table and the queue share one
// definition of the body.
type Message = domain.QueueMessage

// validate reports a message with an empty field as ErrMalformed.
func validate(m Message) error {
	if m.PhoneNumber == "" || m.MessageID == "" {
		return fmt.Errorf("%w: phone_number and message_id must be set", ErrMalformed)
	}
	return nil
}

// Encode returns the queue body of m, exactly its two fields.
func Encode(m Message) (string, error) {
	if err := validate(m); err != nil {
		return "", err
	}
	b, err := json.Marshal(m)
	if err != nil {
		return "", fmt.Errorf("queue: encode message: %w", err)
	}
	return string(b), nil
}

// Decode parses a queue body. It is strict because the spec says the body has
// exactly two fields: unknown fields, trailing data and empty fields are
// ErrMalformed, so a producer out of step with this one is noticed at once
// instead of having part of its message ignored.
func Decode(body string) (Message, error) {
	dec := json.NewDecoder(strings.NewReader(body))
	dec.DisallowUnknownFields()
	var m Message
	if err := dec.Decode(&m); err != nil {
		return Message{}, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return Message{}, fmt.Errorf("%w: trailing data after the object", ErrMalformed)
	}
	if err := validate(m); err != nil {
		return Message{}, err
	}
	return m, nil
}
