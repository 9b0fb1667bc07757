package atendimento_test

import (
	"context"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// closedSession stores a closed conversation of phone with a document and a
// name collected, created at at.
func (e *env) closedSession(phone, id string, at time.Time, document, name string) domain.Session {
	e.t.Helper()
	s := domain.NewSession(id, phone, "instance_a", at)
	s.State, s.ClosedAt = domain.StateClosed, &at
	s.ServiceIdentified = "Energia solar"
	s.QualificationData = map[string]any{"consumo": "450 kWh"}
	s.CadastralData = map[string]any{"cpf_cnpj": document, "nome": name}
	s, err := e.sessions.Create(context.Background(), s)
	if err != nil {
		e.t.Fatal(err)
	}
	return s
}

func TestHistoryTabsAndSearch(t *testing.T) {
	e := newEnv(t, nil)
	cookie := e.login(opA)
	waiting := e.handoffSession("+5511911110000", t0.Add(-time.Hour), t0.Add(-time.Hour))
	closed := e.closedSession("+5511922220000", "closed-1", t0.Add(-48*time.Hour), "529.982.247-25", "João Pereira")
	for _, tt := range []struct {
		query        string
		want, absent string
	}{
		{"tab=waiting", waiting.SessionID, closed.SessionID},
		{"tab=open", waiting.SessionID, closed.SessionID},
		{"tab=closed", closed.SessionID, waiting.SessionID},
		{"tab=mine", "", waiting.SessionID},
		{"by=document&q=52998224725", closed.SessionID, waiting.SessionID},
		{"by=name&q=joao", closed.SessionID, waiting.SessionID},
		{"by=phone&q=" + url.QueryEscape("+55 11 92222-0000"), closed.SessionID, waiting.SessionID},
		{"tab=closed&by=service&q=" + url.QueryEscape("Energia solar"), closed.SessionID, waiting.SessionID},
		{"tab=open&by=service&q=nothing", "", waiting.SessionID},
	} {
		res := e.do("GET", "/atendimento/conversations?"+tt.query, "", "", cookie)
		if res.status != 200 {
			t.Fatalf("GET ?%s = %d %s", tt.query, res.status, res.body)
		}
		if tt.want != "" && !strings.Contains(res.body, `data-session-id="`+tt.want+`"`) {
			t.Errorf("?%s does not list %s", tt.query, tt.want)
		}
		if strings.Contains(res.body, `data-session-id="`+tt.absent+`"`) {
			t.Errorf("?%s lists %s", tt.query, tt.absent)
		}
	}
	if res := e.do("GET", "/atendimento/conversations?cursor=nope", "", "", cookie); res.status != 400 {
		t.Errorf("a foreign cursor = %d, want 400", res.status)
	}
	if res := e.do("GET", "/atendimento/conversations", "", "", ""); res.status == 200 {
		t.Error("the history answers without a login")
	}
}

func TestConversationPageShowsTheCustomerPanel(t *testing.T) {
	e := newEnv(t, nil)
	cookie := e.login(opA)
	const phone = "+5511933330000"
	earlier := e.closedSession(phone, "earlier-1", t0.Add(-72*time.Hour), "52998224725", "Ana Lima")
	now := e.closedSession(phone, "now-1", t0.Add(-time.Hour), "52998224725", "Ana Lima")
	now.CRMContactID, now.CRMDealID = "crm-c-9", "crm-d-9"
	if _, err := e.sessions.Save(context.Background(), now); err != nil {
		t.Fatal(err)
	}
	if _, err := persistence.NewProjections(e.table).PutDesired(context.Background(), now.SessionID,
		domain.Desired{Stage: "qualified", Contact: map[string]any{"firstname": "Ana"}}, t0); err != nil {
		t.Fatal(err)
	}
	res := e.do("GET", "/atendimento/conversations/5511933330000/now-1", "", "", cookie)
	if res.status != 200 {
		t.Fatalf("conversation page = %d %s", res.status, res.body)
	}
	for _, want := range []string{"52998224725", "450 kWh", "crm-c-9", "crm-d-9", "pendente",
		`href="/atendimento/conversations/5511933330000/` + earlier.SessionID + `"`} {
		if !strings.Contains(res.body, want) {
			t.Errorf("the panel lacks %q", want)
		}
	}
}
