package domain

// ErrorKind classifies an adapter failure so callers know whether to retry:
// transient (retry), permanent (do not), uncertain (the call may have taken
// effect: look before retrying). The empty value is the spec's null.
type ErrorKind string

// The error kinds of an adapter result.
const (
	ErrorKindTransient ErrorKind = "transient"
	ErrorKindPermanent ErrorKind = "permanent"
	ErrorKindUncertain ErrorKind = "uncertain"
)

// MarshalJSON writes null for no error kind.
func (k ErrorKind) MarshalJSON() ([]byte, error) { return nullableJSON(string(k)) }

// AdapterResult is the spec's "StubResponse", with its JSON shape: the result
// every external adapter returns, stub or real. MockID may hold a real ID.
type AdapterResult struct {
	Success   bool       `json:"success"`
	MockID    NullString `json:"mock_id"`
	Detail    string     `json:"detail"`
	ErrorKind ErrorKind  `json:"error_kind"`
}

// HandoffNotifyResult is a handoff notifier's result. Success with Notified
// false and QueuePosition 1 means the conversation was queued, not that an
// operator received a message.
type HandoffNotifyResult struct {
	AdapterResult
	Notified      bool       `json:"notified"`
	OperatorPhone NullString `json:"operator_phone"`
	QueuePosition int        `json:"queue_position"`
}
