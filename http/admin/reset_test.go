package admin_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/projection"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/http/admin"
	"github.com/intake-runtime/intake/persistence"
)

func TestResetClosesTheSessionAndKeepsHistory(t *testing.T) {
	f := newConversationFixture(t)
	s := f.seed()
	const phone = "+5511977776666"
	s.session(phone, "live", domain.StateQualifying, now.Add(-time.Hour), nil)
	s.message(domain.Message{MessageID: "m1", SessionID: "live", PhoneNumber: phone, Content: "oi", Timestamp: now.Add(-time.Hour),
		StateBefore: domain.StateNew, StateAfter: domain.StateQualifying, Direction: domain.DirectionInbound})

	status, body := f.do("POST", "/admin/reset", `{"phone": "55 11 97777-6666"}`, nil)
	if status != 200 || body != `{"reset":{"phone_number":"+5511977776666","closed_session_id":"live"}}` {
		t.Fatalf("POST /admin/reset = %d %s", status, body)
	}
	sessions := persistence.NewSessions(f.table)
	if _, err := sessions.Active(t.Context(), phone); !errors.Is(err, persistence.ErrNotFound) {
		t.Errorf("after reset the phone still has an active session: %v", err)
	}
	pointer, err := f.table.Get(t.Context(), persistence.Key{PK: persistence.SessionPK(phone), SK: persistence.ActiveSK})
	if _, id := persistence.DecodeActivePointer(pointer); err != nil || id != persistence.ResetPointer {
		t.Errorf("active pointer after reset = %v, %v; want %s", pointer, err, persistence.ResetPointer)
	}
	closed, err := sessions.Get(t.Context(), phone, "live")
	if err != nil || closed.State != domain.StateClosed || closed.ClosedAt == nil || !closed.ClosedAt.Equal(now) {
		t.Errorf("the session after reset = %+v, %v; want CLOSED at now", closed, err)
	}
	if msgs, err := persistence.NewMessages(f.table).List(t.Context(), phone, "live"); err != nil || len(msgs) != 1 {
		t.Errorf("history after reset: %d messages, %v", len(msgs), err)
	}

	// Again: nothing left to close, the pointer stays reset.
	status, body = f.do("POST", "/admin/reset", `{"phone": "+5511977776666"}`, nil)
	if status != 200 || !strings.Contains(body, `"closed_session_id":null`) {
		t.Errorf("second reset = %d %s", status, body)
	}
}

func TestResetReadsFormQueryAndAnswersHTML(t *testing.T) {
	f := newConversationFixture(t)
	form := map[string]string{"Content-Type": "application/x-www-form-urlencoded", "Accept": "text/html"}
	status, body := f.do("POST", "/admin/reset", "phone=%2B5511955554444", form)
	if status != 200 || !strings.Contains(body, "5511955554444") || !strings.HasPrefix(body, "<p") {
		t.Errorf("form reset = %d %s", status, body)
	}
	if status, body := f.do("POST", "/admin/reset?phone=5511955554444", "", nil); status != 200 || !strings.Contains(body, `"phone_number":"+5511955554444"`) {
		t.Errorf("query reset = %d %s", status, body)
	}
}

func TestResetErrors(t *testing.T) {
	f := newConversationFixture(t)
	tests := []struct {
		name   string
		body   string
		header map[string]string
		status int
		code   string
	}{
		{"no phone", "", nil, 400, "invalid_phone"},
		{"phone without digits", `{"phone":"abc"}`, nil, 400, "invalid_phone"},
		{"bad JSON", `{"phone":`, nil, 400, "invalid_json"},
		{"another site's page", `{"phone":"+5511955554444"}`, map[string]string{"Origin": "https://evil.example"}, 403, "cross_origin"},
	}
	for _, tt := range tests {
		status, body := f.do("POST", "/admin/reset", tt.body, tt.header)
		if status != tt.status || errorOf(t, body).Code != tt.code {
			t.Errorf("%s: %d %s, want %d %s", tt.name, status, body, tt.status, tt.code)
		}
	}
	// Our own pages post with our own origin.
	if status, body := f.do("POST", "/admin/reset", `{"phone":"+5511955554444"}`, sameOrigin); status != 200 {
		t.Errorf("same-origin reset = %d %s", status, body)
	}
}

// A reset closes a qualified session through the turns' intent path: the
// closed session's deal goes to its terminal stage with the close, in the
// same write.
func TestResetMovesTheDealToItsTerminalStage(t *testing.T) {
	f := newConversationFixture(t)
	const phone = "+5511977776667"
	f.seed().session(phone, "qualified", domain.StateDataCollect, now.Add(-time.Hour), func(s *domain.Session) {
		s.ServiceIdentified, s.Segment = "Pesquisa de mercado", "pesquisa"
	})
	if status, body := f.do("POST", "/admin/reset", `{"phone": "`+phone+`"}`, nil); status != 200 {
		t.Fatalf("POST /admin/reset = %d %s", status, body)
	}
	p, err := persistence.NewProjections(f.table).Get(t.Context(), "qualified")
	if err != nil || p.Desired.Stage != projection.StageClosed || !p.Desired.Terminal || p.Status != persistence.ProjectionPending {
		t.Fatalf("projection after the reset = %+v, %v; want PENDING at the terminal stage %q", p, err, projection.StageClosed)
	}
	closed, err := persistence.NewSessions(f.table).Get(t.Context(), phone, "qualified")
	if err != nil || closed.CRMTerminalStage != projection.StageClosed || closed.CRMPayload == nil {
		t.Errorf("closed session: crm_terminal_stage %q, crm_payload %v (%v)", closed.CRMTerminalStage, closed.CRMPayload, err)
	}
}

// A server without conversations has nothing to close the session with:
// the reset is refused rather than done behind a conversation's back.
func TestResetWithoutConversations(t *testing.T) {
	f := newFixture(t, admin.Config{})
	status, body := f.do("POST", "/admin/reset", `{"phone":"+5511955554444"}`, nil)
	if status != 503 || errorOf(t, body).Code != "no_conversations" {
		t.Errorf("reset without conversations = %d %s, want 503 no_conversations", status, body)
	}
}
