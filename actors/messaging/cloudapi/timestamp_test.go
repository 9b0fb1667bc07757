package cloudapi_test

import (
	"fmt"
	"testing"
	"time"
)

// A timestamp ahead of our clock by more than a minute is a wrong one and
// becomes now; within the minute it is the platform's clock and is kept.
func TestFutureTimestampsAreClampedToNow(t *testing.T) {
	tests := []struct {
		ahead time.Duration
		want  time.Time
	}{
		{30 * 24 * time.Hour, fixedNow},
		{time.Minute + time.Second, fixedNow},
		{time.Minute, fixedNow.Add(time.Minute)},
		{30 * time.Second, fixedNow.Add(30 * time.Second)},
		{-time.Hour, fixedNow.Add(-time.Hour)},
	}
	p := newParser(t)
	for _, tt := range tests {
		at := fixedNow.Add(tt.ahead).Unix()
		body := fmt.Sprintf(`{"entry":[{"changes":[{"field":"messages","value":{"metadata":{"phone_number_id":"PNID_1"},`+
			`"messages":[{"from":"5511988887777","id":"wamid.F","timestamp":"%d","type":"text","text":{"body":"oi"}}],`+
			`"statuses":[{"id":"wamid.OUT","status":"read","timestamp":"%d","recipient_id":"5511988887777"}]}}]}]}`, at, at)
		b, err := p.ParseEnvelope([]byte(body))
		if err != nil || len(b.Messages) != 1 || len(b.Statuses) != 1 {
			t.Fatalf("%v: %v, %+v", tt.ahead, err, b)
		}
		if got := b.Messages[0].ReceivedAt; !got.Equal(tt.want) {
			t.Errorf("message %v ahead: received_at %v, want %v", tt.ahead, got, tt.want)
		}
		if got := b.Statuses[0].Timestamp; !got.Equal(tt.want) {
			t.Errorf("status %v ahead: timestamp %v, want %v", tt.ahead, got, tt.want)
		}
	}
}
