package persistence

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

// StubResponse is the result every external adapter returns, stub or real
// (spec "StubResponse"). MockID may hold a real provider ID.
type StubResponse struct {
	Success   bool       `json:"success"`
	MockID    NullString `json:"mock_id"`
	Detail    string     `json:"detail"`
	ErrorKind ErrorKind  `json:"error_kind"`
}

// HandoffNotifyResult is a handoff notifier's result. Success with Notified
// false and QueuePosition 1 means the conversation was queued, not that an
// operator received a message.
type HandoffNotifyResult struct {
	StubResponse
	Notified      bool       `json:"notified"`
	OperatorPhone NullString `json:"operator_phone"`
	QueuePosition int        `json:"queue_position"`
}
