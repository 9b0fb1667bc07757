package cloudapi

import (
	"encoding/json"
	"fmt"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/internal/redact"
)

// One app may subscribe several business numbers to the same webhook; a
// change carries the number it was sent to in metadata.phone_number_id.
// Intake answers from one number (MESSAGING_PHONE_NUMBER_ID), so a message for
// another is not its conversation: answering it would reply from the wrong
// number to a customer who never wrote to it. Such items are ignored: listed
// in Batch.Rejected with messaging.ErrOtherNumber, which the webhook handler
// logs by reason (never the number) and acknowledges with 200, so the
// platform does not redeliver them, and no receipt is written.

// addressedToUs reports whether a change for phoneNumberID is ours: always
// when no number is configured, and when the change names none (the platform
// always names it; a producer that does not is no other number).
func (p *Parser) addressedToUs(phoneNumberID string) bool {
	return p.phoneNumberID == "" || phoneNumberID == "" || phoneNumberID == p.phoneNumberID
}

// ignoreChange lists every message and status of a change addressed to
// another number as rejected, by ID; the error names the number masked.
func ignoreChange(v changeValue, b *messaging.Batch) {
	err := fmt.Errorf("%w %s", messaging.ErrOtherNumber, redact.MaskPhone(v.Metadata.PhoneNumberID))
	reject := func(item string, raws []json.RawMessage) {
		for _, raw := range raws {
			b.Rejected = append(b.Rejected, messaging.Rejection{Item: item, ID: rawID(raw), Err: err})
		}
	}
	reject(messaging.ItemMessage, v.Messages)
	reject(messaging.ItemStatus, v.Statuses)
}
