package domain_test

import (
	"encoding/json"
	"testing"

	"github.com/intake-runtime/intake/domain"
)

func TestQueueMessageHasExactlyTwoFields(t *testing.T) {
	q := fullTurn().QueueMessage()
	raw, err := json.Marshal(q)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"phone_number":"+5511999990000","message_id":"wamid.IN1"}`; string(raw) != want {
		t.Errorf("queue message = %s, want %s", raw, want)
	}
	q.Turn = nil // kept in memory only
	jsonRoundTrip(t, q)
}

func TestAdapterResultJSON(t *testing.T) {
	tests := []struct {
		name string
		v    any
		want string
	}{
		{"failure with nulls", domain.AdapterResult{Detail: "boom"},
			`{"success":false,"mock_id":null,"detail":"boom","error_kind":null}`},
		{"success", domain.AdapterResult{Success: true, MockID: "wamid.X", Detail: "sent"},
			`{"success":true,"mock_id":"wamid.X","detail":"sent","error_kind":null}`},
		{"uncertain", domain.AdapterResult{Detail: "timeout", ErrorKind: domain.ErrorKindUncertain},
			`{"success":false,"mock_id":null,"detail":"timeout","error_kind":"uncertain"}`},
		{"queued handoff", domain.HandoffNotifyResult{
			AdapterResult: domain.AdapterResult{Success: true, Detail: "queued"}, QueuePosition: 1},
			`{"success":true,"mock_id":null,"detail":"queued","error_kind":null,"notified":false,"operator_phone":null,"queue_position":1}`},
		{"notified handoff", domain.HandoffNotifyResult{
			AdapterResult: domain.AdapterResult{Success: true, MockID: "m-1", Detail: "ok"},
			Notified:      true, OperatorPhone: "+5511888880000", QueuePosition: 1},
			`{"success":true,"mock_id":"m-1","detail":"ok","error_kind":null,"notified":true,"operator_phone":"+5511888880000","queue_position":1}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			raw, err := json.Marshal(tc.v)
			if err != nil {
				t.Fatal(err)
			}
			if string(raw) != tc.want {
				t.Errorf("got  %s\nwant %s", raw, tc.want)
			}
			switch v := tc.v.(type) {
			case domain.AdapterResult:
				jsonRoundTrip(t, v)
			case domain.HandoffNotifyResult:
				jsonRoundTrip(t, v)
			}
		})
	}
}
