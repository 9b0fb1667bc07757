package admin_test

import (
	"net/url"
	"testing"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/http/admin"
	"github.com/intake-runtime/intake/persistence"
)

func TestGetSessionAcceptsEveryPhoneSpelling(t *testing.T) {
	f := newFixture(t, admin.Config{})
	s := f.seed()
	s.session("+5511988887777", "sess-1", domain.StateDataCollect, now.Add(-time.Hour), nil)
	s.projection("sess-1", persistence.ProjectionSynced, func(p *persistence.CRMProjection) {
		p.ContactID, p.DealID = "c-1", "d-1"
	})
	for _, spelling := range []string{"+5511988887777", "5511988887777", "%2B5511988887777", url.PathEscape("+55 11 98888-7777")} {
		var got struct {
			Session map[string]any `json:"session"`
		}
		f.getJSON("/admin/api/sessions/"+spelling, &got)
		want := map[string]any{
			"session_id": "sess-1", "phone_number": "+5511988887777", "state": "DATA_COLLECT",
			"crm_synced": true, "crm_contact_id": "c-1", "crm_deal_id": "d-1", "crm_sync_status": "SYNCED",
			"messaging_instance": "instance_a",
		}
		for k, v := range want {
			if got.Session[k] != v {
				t.Errorf("%s: session[%s] = %v, want %v", spelling, k, got.Session[k], v)
			}
		}
	}
}

func TestGetSessionErrors(t *testing.T) {
	f := newFixture(t, admin.Config{})
	s := f.seed()
	s.session("+5511911112222", "sess-reset", domain.StateNew, now, nil)
	if err := persistence.NewSessions(f.table).Reset(t.Context(), "+5511911112222"); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path   string
		status int
		code   string
	}{
		{"/admin/api/sessions/+5511900000000", 404, "no_active_session"},
		{"/admin/api/sessions/+5511911112222", 404, "no_active_session"}, // reset
		{"/admin/api/sessions/abc", 400, "invalid_phone"},
		{"/admin/api/sessions/+5511911112222/messages", 404, "no_active_session"},
		{"/admin/api/sessions/+5511911112222/messages?session_id=nope", 404, "session_not_found"},
		{"/admin/api/projections/nope", 404, "projection_not_found"},
		{"/admin/api/demands?limit=0", 400, "invalid_limit"},
		{"/admin/api/demands?limit=x", 400, "invalid_limit"},
		{"/admin/api/llm-costs?days=-1", 400, "invalid_days"},
		{"/admin/api/prompts/NOBODY", 404, "unknown_agent"},
	}
	for _, tt := range tests {
		status, body := f.do("GET", tt.path, "", nil)
		if status != tt.status || errorOf(t, body).Code != tt.code {
			t.Errorf("GET %s = %d %s, want %d %s", tt.path, status, body, tt.status, tt.code)
		}
	}
}

func TestGetMessagesOldestFirst(t *testing.T) {
	f := newFixture(t, admin.Config{})
	s := f.seed()
	const phone = "+5511933334444"
	s.session(phone, "old", domain.StateClosed, now.Add(-48*time.Hour), nil)
	s.session(phone, "cur", domain.StateQualifying, now.Add(-time.Hour), nil)
	base := domain.Message{SessionID: "cur", PhoneNumber: phone, StateBefore: domain.StateNew, StateAfter: domain.StateQualifying}
	for i, c := range []struct {
		id  string
		dir domain.Direction
		at  time.Duration
		err string
	}{
		{"m3", domain.DirectionOutbound, -10 * time.Minute, ""},
		{"m1", domain.DirectionInbound, -30 * time.Minute, ""},
		{"m2", domain.DirectionOutbound, -20 * time.Minute, domain.ErrorSuperseded},
	} {
		m := base
		m.MessageID, m.Direction, m.Timestamp, m.Error, m.Content = c.id, c.dir, now.Add(c.at), c.err, "text "+string(rune('a'+i))
		s.message(m)
	}
	old := base
	old.SessionID, old.MessageID, old.Timestamp, old.Direction = "old", "m0", now.Add(-47*time.Hour), domain.DirectionInbound
	s.message(old)

	var got struct {
		Messages []domain.Message `json:"messages"`
	}
	f.getJSON("/admin/api/sessions/"+phone+"/messages", &got)
	var ids []string
	for _, m := range got.Messages {
		ids = append(ids, m.MessageID)
	}
	if len(ids) != 3 || ids[0] != "m1" || ids[1] != "m2" || ids[2] != "m3" {
		t.Errorf("messages of the active session = %v, want [m1 m2 m3] (oldest first, superseded included)", ids)
	}
	if got.Messages[1].Error != domain.ErrorSuperseded {
		t.Errorf("the superseded message lost its error: %+v", got.Messages[1])
	}
	f.getJSON("/admin/api/sessions/"+phone[1:]+"/messages?session_id=old", &got)
	if len(got.Messages) != 1 || got.Messages[0].MessageID != "m0" {
		t.Errorf("messages of ?session_id=old = %+v", got.Messages)
	}
}

func TestGetProjection(t *testing.T) {
	f := newFixture(t, admin.Config{})
	f.seed().projection("sess-9", persistence.ProjectionBlocked, func(p *persistence.CRMProjection) {
		p.LastError, p.LastErrorKind = "422 invalid email", domain.ErrorKindPermanent
	})
	var got struct {
		Projection persistence.CRMProjection `json:"projection"`
	}
	f.getJSON("/admin/api/projections/sess-9", &got)
	p := got.Projection
	if p.SessionID != "sess-9" || p.Status != persistence.ProjectionBlocked || p.LastError != "422 invalid email" || p.Desired.Stage != "qualified" || p.Revision == "" {
		t.Errorf("projection = %+v", p)
	}
}

func TestGetDemandsNewestFirst(t *testing.T) {
	f := newFixture(t, admin.Config{})
	s := f.seed()
	s.demand("tatuagem", now.Add(-2*time.Hour))
	newest := s.demand("jardinagem", now.Add(-time.Hour))
	var got struct {
		Demands []domain.OutOfPortfolioDemand `json:"demands"`
	}
	f.getJSON("/admin/api/demands", &got)
	if len(got.Demands) != 2 || got.Demands[0].DemandID != newest.DemandID || got.Demands[0].ServiceRequested != "jardinagem" {
		t.Errorf("demands = %+v, want jardinagem first", got.Demands)
	}
	f.getJSON("/admin/api/demands?limit=1", &got)
	if len(got.Demands) != 1 {
		t.Errorf("?limit=1 gave %d demands", len(got.Demands))
	}
	// An empty list is [], not null.
	empty := newFixture(t, admin.Config{})
	if _, body := empty.do("GET", "/admin/api/demands", "", nil); body != `{"demands":[]}` {
		t.Errorf("no demands = %s, want {\"demands\":[]}", body)
	}
}
