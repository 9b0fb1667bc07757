package queue_test

import (
	"errors"
	"testing"

	"github.com/intake-runtime/intake/queue"
)

func TestEncodeIsExactlyTwoFields(t *testing.T) {
	body, err := queue.Encode(queue.Message{PhoneNumber: "+5511999990000", MessageID: "wamid.ABC"})
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"phone_number":"+5511999990000","message_id":"wamid.ABC"}`
	if body != want {
		t.Fatalf("body = %s, want %s", body, want)
	}
}

func TestEncodeRejectsEmptyFields(t *testing.T) {
	for _, m := range []queue.Message{{}, {PhoneNumber: "+55"}, {MessageID: "wamid.1"}} {
		if _, err := queue.Encode(m); !errors.Is(err, queue.ErrMalformed) {
			t.Errorf("Encode(%+v) error = %v, want ErrMalformed", m, err)
		}
	}
}

func TestDecode(t *testing.T) {
	tests := []struct {
		name string
		body string
		want queue.Message
		ok   bool
	}{
		{"exact", `{"phone_number":"+5511","message_id":"wamid.1"}`, queue.Message{PhoneNumber: "+5511", MessageID: "wamid.1"}, true},
		{"spaces and order", " {\"message_id\": \"m\",\n \"phone_number\": \"+1\"} \n", queue.Message{PhoneNumber: "+1", MessageID: "m"}, true},
		{"empty", ``, queue.Message{}, false},
		{"not json", `phone=+1`, queue.Message{}, false},
		{"null", `null`, queue.Message{}, false},
		{"array", `[]`, queue.Message{}, false},
		{"missing message_id", `{"phone_number":"+1"}`, queue.Message{}, false},
		{"empty phone", `{"phone_number":"","message_id":"m"}`, queue.Message{}, false},
		{"unknown field", `{"phone_number":"+1","message_id":"m","content":"hi"}`, queue.Message{}, false},
		{"wrong type", `{"phone_number":5511,"message_id":"m"}`, queue.Message{}, false},
		{"trailing object", `{"phone_number":"+1","message_id":"m"}{}`, queue.Message{}, false},
		{"trailing brace", `{"phone_number":"+1","message_id":"m"}}`, queue.Message{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := queue.Decode(tt.body)
			if tt.ok {
				if err != nil || got != tt.want {
					t.Fatalf("Decode = %+v, %v; want %+v", got, err, tt.want)
				}
				return
			}
			if !errors.Is(err, queue.ErrMalformed) {
				t.Fatalf("Decode error = %v, want ErrMalformed", err)
			}
		})
	}
}

// FuzzDecode checks that any body either is rejected as ErrMalformed or
// decodes to a valid message that survives an Encode/Decode round trip.
func FuzzDecode(f *testing.F) {
	f.Add(`{"phone_number":"+5511999990000","message_id":"wamid.ABC"}`)
	f.Add(`{"phone_number":"","message_id":"m"}`)
	f.Fuzz(func(t *testing.T, body string) {
		m, err := queue.Decode(body)
		if err != nil {
			if !errors.Is(err, queue.ErrMalformed) {
				t.Fatalf("error %v is not ErrMalformed", err)
			}
			return
		}
		again, err := queue.Encode(m)
		if err != nil {
			t.Fatalf("decoded %+v does not encode: %v", m, err)
		}
		if back, err := queue.Decode(again); err != nil || back != m {
			t.Fatalf("round trip of %+v = %+v, %v", m, back, err)
		}
	})
}
