package dashboard_test

import (
	"context"
	"net/http"
	"reflect"
	"testing"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/http/dashboard"
	"github.com/intake-runtime/intake/persistence"
)

const phone = "+5511988887777"

var t0 = time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)

// seedSession stores an active session for phone in DATA_COLLECT with data.
func (e *env) seedSession(t *testing.T, phone, id string) domain.Session {
	t.Helper()
	ctx := context.Background()
	s, err := e.sessions.Create(ctx, domain.NewSession(id, phone, "instance_a", t0))
	if err != nil {
		t.Fatal(err)
	}
	s.State = domain.StateDataCollect
	s.CurrentAgent = "REGISTRAR"
	s.ServiceIdentified = "Pesquisa de mercado"
	s.Segment = "pesquisa"
	s.QualificationData = map[string]any{"tema": "varejo"}
	s.CadastralData = map[string]any{"nome": "Ana"}
	s.CollectedPackages = []string{"pesquisa-mercado"}
	if s, err = e.sessions.Save(ctx, s); err != nil {
		t.Fatal(err)
	}
	return s
}

func TestSessionShowsTheActiveSession(t *testing.T) {
	e := newEnv(t)
	e.seedSession(t, phone, "s1")
	for _, path := range []string{
		"/dashboard/session/%2B5511988887777",
		"/dashboard/session/+5511988887777",
		"/dashboard/session/5511988887777",
	} {
		r := e.get(t, path)
		wantStatus(t, r, http.StatusOK)
		var got struct{ Session dashboard.SessionView }
		r.json(t, &got)
		s := got.Session
		if s.SessionID != "s1" || s.PhoneNumber != phone || s.State != "DATA_COLLECT" || s.CurrentAgent != "REGISTRAR" ||
			s.Service != "Pesquisa de mercado" || s.Segment != "pesquisa" || s.MessagingInstance != "instance_a" {
			t.Errorf("%s: session = %+v", path, s)
		}
		if !reflect.DeepEqual(s.QualificationData, map[string]any{"tema": "varejo"}) ||
			!reflect.DeepEqual(s.CadastralData, map[string]any{"nome": "Ana"}) ||
			!reflect.DeepEqual(s.CollectedPackages, []string{"pesquisa-mercado"}) {
			t.Errorf("%s: collected data = %v %v %v", path, s.QualificationData, s.CadastralData, s.CollectedPackages)
		}
	}
}

// A reply the platform refused for good is shown with its error: the
// customer never saw it.
func TestSessionShowsRepliesNotDelivered(t *testing.T) {
	e := newEnv(t)
	e.seedSession(t, phone, "s1")
	failed := domain.Message{
		MessageID: "out-1", SessionID: "s1", PhoneNumber: phone, Content: "Qual é o seu nome?",
		Timestamp: time.Now().UTC(), Direction: domain.DirectionOutbound, MessageType: domain.MessageText,
		OutboxStatus: domain.OutboxFailed, Error: "131047: re-engagement window closed",
	}
	sent := failed
	sent.MessageID, sent.OutboxStatus, sent.Error = "out-2", domain.OutboxSent, ""
	for _, m := range []domain.Message{failed, sent} {
		if err := persistence.NewMessages(e.table).Append(context.Background(), m); err != nil {
			t.Fatal(err)
		}
	}
	r := e.get(t, "/dashboard/session/%2B5511988887777")
	wantStatus(t, r, http.StatusOK)
	var got struct{ Session dashboard.SessionView }
	r.json(t, &got)
	if u := got.Session.Undelivered; len(u) != 1 || u[0].MessageID != "out-1" || u[0].Error != failed.Error {
		t.Errorf("undelivered = %+v, want the failed reply with its error", u)
	}
}

func TestSessionOfAFreshSessionHasEmptyObjects(t *testing.T) {
	e := newEnv(t)
	if _, err := e.sessions.Create(context.Background(), domain.NewSession("s1", phone, "instance_a", t0)); err != nil {
		t.Fatal(err)
	}
	r := e.get(t, "/dashboard/session/%2B5511988887777")
	wantStatus(t, r, http.StatusOK)
	var raw map[string]map[string]any
	r.json(t, &raw)
	for _, key := range []string{"qualification_data", "cadastral_data", "collected_packages"} {
		if raw["session"][key] == nil {
			t.Errorf("%s is null, want an empty value", key)
		}
	}
	if raw["session"]["state"] != "NEW" {
		t.Errorf("state = %v, want NEW", raw["session"]["state"])
	}
}

func TestSessionErrors(t *testing.T) {
	e := newEnv(t)
	r := e.get(t, "/dashboard/session/%2B5511988887777")
	wantStatus(t, r, http.StatusNotFound)
	if code := r.errorCode(t); code != "no_active_session" {
		t.Errorf("code %q, want no_active_session", code)
	}

	e.seedSession(t, phone, "s1")
	if err := e.sessions.Reset(context.Background(), phone); err != nil {
		t.Fatal(err)
	}
	wantStatus(t, e.get(t, "/dashboard/session/%2B5511988887777"), http.StatusNotFound)

	r = e.get(t, "/dashboard/session/no-digits")
	wantStatus(t, r, http.StatusBadRequest)
	if code := r.errorCode(t); code != "invalid_phone" {
		t.Errorf("code %q, want invalid_phone", code)
	}
}

// The session panel shows where the session stands in the CRM and the ERP:
// nothing before there is anything to project, then the projection.
func TestSessionShowsTheProjection(t *testing.T) {
	e := newEnv(t)
	e.seedSession(t, phone, "s1")
	var got struct{ Session dashboard.SessionView }
	e.get(t, "/dashboard/session/%2B5511988887777").json(t, &got)
	if got.Session.Projection != nil {
		t.Fatalf("projection before any = %+v", got.Session.Projection)
	}
	desired := domain.Desired{Stage: "QUALIFIED", Contact: map[string]any{"email": "ana@x.com"}}
	if _, err := persistence.NewProjections(e.table).PutDesired(context.Background(), "s1", desired, t0); err != nil {
		t.Fatal(err)
	}
	e.get(t, "/dashboard/session/%2B5511988887777").json(t, &got)
	if p := got.Session.Projection; p == nil || p.Status != "PENDING" || p.Stage != "QUALIFIED" {
		t.Errorf("projection = %+v, want PENDING in QUALIFIED", p)
	}
}
