package handoff_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/domain"
)

// The stub keeps the last STUB_HISTORY notices.
func TestStubKeepsTheLastNotices(t *testing.T) {
	s := handoff.NewStub(nil, 2)
	for i := range 4 {
		n := handoff.Notice{Session: domain.Session{SessionID: fmt.Sprint(i)}, QueuePosition: 1}
		if _, err := s.Notify(context.Background(), n); err != nil {
			t.Fatal(err)
		}
	}
	if got := s.Notices(); len(got) != 2 || got[0].Session.SessionID != "2" || got[1].Session.SessionID != "3" {
		t.Errorf("notices = %+v, want the last two", got)
	}
}
