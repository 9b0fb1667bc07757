package projection

import (
	"context"
	"maps"

	"github.com/intake-runtime/intake/persistence"
)

// ERP is the management system's customer API as SyncCustomer uses it;
// *erp.Client and *erp.Stub implement it. EnsureCustomer returns the spec's
// StubResponse with the customer's ID in MockID, and a non-nil error only
// when ctx ended.
type ERP interface {
	EnsureCustomer(ctx context.Context, customer map[string]any) (persistence.StubResponse, error)
}

// CustomerSync is what projecting a session to the ERP produced: the adapter's
// result and the payload it sent. The caller stores it with Apply.
type CustomerSync struct {
	Response persistence.StubResponse
	// Payload is the customer payload sent (erp_payload); nil when none was
	// built or sent.
	Payload map[string]any
}

// Apply returns s with the fields the caller must write: erp_synced once the
// ERP confirmed the customer, erp_payload when one was sent.
func (c CustomerSync) Apply(s persistence.Session) persistence.Session {
	if c.Payload != nil {
		s.ERPPayload = c.Payload
	}
	if c.Response.Success {
		s.ERPSynced = true
	}
	return s
}

// SyncCustomer makes sure the ERP has the customer of a session whose
// registration completed, once: a session already erp_synced makes no call.
// The payload is BuildCustomerPayload of the cadastral data, with the
// session's WhatsApp number as the phone when the customer gave no other, so
// the ERP record can be reached. The error is non-nil when no payload could be
// built (it wraps ErrMissingName; the response is then a permanent failure)
// or when ctx ended.
func SyncCustomer(ctx context.Context, client ERP, s persistence.Session) (CustomerSync, error) {
	if s.ERPSynced {
		return CustomerSync{Response: persistence.StubResponse{Success: true, Detail: "erp: customer already synced"}}, nil
	}
	data := maps.Clone(s.CadastralData)
	if data == nil {
		data = map[string]any{}
	}
	if field(data, phoneKeys) == "" && s.PhoneNumber != "" {
		data[phoneKeys[0]] = s.PhoneNumber
	}
	payload, err := BuildCustomerPayload(data)
	if err != nil {
		return CustomerSync{Response: persistence.StubResponse{Detail: err.Error(), ErrorKind: persistence.ErrorKindPermanent}}, err
	}
	resp, err := client.EnsureCustomer(ctx, payload)
	return CustomerSync{Response: resp, Payload: payload}, err
}
