package crm_test

import (
	"context"
	"errors"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/intake-runtime/intake/actors/projection/crm"
	"github.com/intake-runtime/intake/actors/projection/crm/crmtest"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/httpcall"
)

const (
	searchDeals = "POST /crm/v3/objects/deals/search"
	createDeal  = "POST /crm/v3/objects/deals"
)

// dealPayload is a deal payload as projection.BuildDealPayload writes it,
// with the association the sync job adds.
func dealPayload() map[string]any {
	return map[string]any{
		"properties": map[string]any{
			"dealname": "Pesquisa de mercado - Maria Souza", "pipeline": nil, "dealstage": nil, "crm_owner_id": nil,
			"segmento": "pesquisa", "origem_lead": "intake-whatsapp", "telefone": "+5511987654321",
		},
		"associations": []any{map[string]any{
			"to":    map[string]any{"id": "11"},
			"types": []any{map[string]any{"associationCategory": "CRM_DEFINED", "associationTypeId": 3}},
		}},
	}
}

func TestCreateDealFinalForm(t *testing.T) {
	tests := []struct {
		name  string
		cfg   func(*crm.Config)
		stage string
		want  map[string]any
	}{
		{
			name: "configured",
			cfg: func(c *crm.Config) {
				c.Pipeline, c.OwnerID = "pipe-1", "owner-7"
				c.Stages = map[string]string{"cadastro_completo": "stage-42"}
				c.SessionProperty = "sessao_intake"
			},
			stage: "cadastro_completo",
			want: map[string]any{
				"dealname": "Pesquisa de mercado - Maria Souza", "segmento": "pesquisa", "origem_lead": "intake-whatsapp",
				"telefone": "+5511987654321", "pipeline": "pipe-1", "hubspot_owner_id": "owner-7",
				"dealstage": "stage-42", "sessao_intake": "s1",
			},
		},
		{
			// No pipeline, owner or stage mapping: the CRM's default pipeline,
			// no owner, the logical stage name.
			name:  "defaults",
			stage: "qualificado",
			want: map[string]any{
				"dealname": "Pesquisa de mercado - Maria Souza", "segmento": "pesquisa", "origem_lead": "intake-whatsapp",
				"telefone": "+5511987654321", "dealstage": "qualificado", "intake_session_id": "s1",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := crmtest.New(t)
			if tt.cfg != nil {
				var probe crm.Config
				tt.cfg(&probe)
				if probe.SessionProperty != "" {
					srv.SessionProperty = probe.SessionProperty
				}
			}
			payload := dealPayload()
			resp, _, err := newClient(t, srv, tt.cfg).CreateDeal(t.Context(), "s1", tt.stage, payload)
			if err != nil || !resp.Success {
				t.Fatalf("CreateDeal = %+v, %v", resp, err)
			}
			deals := srv.Deals()
			if len(deals) != 1 || string(resp.MockID) != deals[0].ID || srv.DealCreates("s1") != 1 {
				t.Fatalf("deals = %+v, response %+v", deals, resp)
			}
			if !reflect.DeepEqual(deals[0].Properties, tt.want) {
				t.Errorf("properties = %v\nwant %v", deals[0].Properties, tt.want)
			}
			if !slices.Equal(deals[0].Associations, []string{"11"}) {
				t.Errorf("associations = %v, want the contact 11", deals[0].Associations)
			}
			if !reflect.DeepEqual(payload, dealPayload()) {
				t.Error("CreateDeal changed the payload it was given")
			}
		})
	}
}

// TestCreateDealConflict: with the session property unique in the CRM, a
// second create is a 409, which resolves to the first deal.
func TestCreateDealConflict(t *testing.T) {
	srv := crmtest.New(t)
	c := newClient(t, srv, nil)
	first, _, err := c.CreateDeal(t.Context(), "s1", "qualificado", dealPayload())
	if err != nil || !first.Success {
		t.Fatalf("first create = %+v, %v", first, err)
	}
	srv.Inject(func(r crmtest.Request) crmtest.Fault {
		if r.String() == createDeal {
			return crmtest.Fault{Status: http.StatusConflict, Body: `{"message":"A deal with intake_session_id s1 already exists","category":"CONFLICT"}`}
		}
		return crmtest.Fault{}
	})
	second, _, err := c.CreateDeal(t.Context(), "s1", "qualificado", dealPayload())
	if err != nil || !second.Success || second.MockID != first.MockID {
		t.Errorf("second create = %+v, %v; want the first deal %s", second, err, first.MockID)
	}
	if got, want := srv.Calls(), []string{createDeal, createDeal, searchDeals}; !slices.Equal(got, want) {
		t.Errorf("calls = %q\nwant %q", got, want)
	}
}

func TestFindDeal(t *testing.T) {
	srv := crmtest.New(t)
	c := newClient(t, srv, nil)
	none, err := c.FindDeal(t.Context(), "s1")
	if err != nil || !none.Success || none.MockID != "" {
		t.Errorf("FindDeal before any deal = %+v, %v; want success with a null id", none, err)
	}
	for _, sid := range []string{"s0", "s1", "s1"} { // a duplicate from an older release
		if _, _, err := c.CreateDeal(t.Context(), sid, "qualificado", dealPayload()); err != nil {
			t.Fatal(err)
		}
	}
	found, err := c.FindDeal(t.Context(), "s1")
	if want := srv.Deals()[1].ID; err != nil || !found.Success || string(found.MockID) != want {
		t.Errorf("FindDeal = %+v, %v; want the oldest deal of s1, %s", found, err, want)
	}
}

func TestUpdateDeal(t *testing.T) {
	srv := crmtest.New(t)
	c := newClient(t, srv, func(c *crm.Config) {
		c.Pipeline, c.OwnerID = "pipe-1", "owner-7"
		c.Stages = map[string]string{"em_atendimento": "stage-9"}
	})
	created, _, err := c.CreateDeal(t.Context(), "s1", "qualificado", dealPayload())
	if err != nil {
		t.Fatal(err)
	}
	payload := dealPayload()
	payload["properties"].(map[string]any)["pipeline"] = "pipe-from-payload"
	resp, _, err := c.UpdateDeal(t.Context(), string(created.MockID), "em_atendimento", payload, "")
	if err != nil || !resp.Success || resp.MockID != created.MockID {
		t.Fatalf("UpdateDeal = %+v, %v", resp, err)
	}
	update := srv.Requests()[1]
	if update.String() != "PATCH /crm/v3/objects/deals/"+string(created.MockID) {
		t.Fatalf("update call = %s", update)
	}
	props := update.Body["properties"].(map[string]any)
	if props["dealstage"] != "stage-9" {
		t.Errorf("dealstage = %v, want stage-9", props["dealstage"])
	}
	for _, k := range []string{"pipeline", "hubspot_owner_id", "crm_owner_id"} {
		if _, ok := props[k]; ok {
			t.Errorf("the update sent %s", k)
		}
	}
	if _, ok := update.Body["associations"]; ok {
		t.Error("the update sent associations")
	}
}

func TestCallsFailWithoutLeakingTheToken(t *testing.T) {
	srv := crmtest.New(t)
	srv.Inject(func(crmtest.Request) crmtest.Fault {
		return crmtest.Fault{Status: http.StatusUnauthorized, Body: `{"message":"Authentication credentials not found. Bearer ` + testToken + `"}`}
	})
	resp, _, err := newClient(t, srv, nil).UpdateDeal(t.Context(), "5", "qualificado", dealPayload(), "")
	if err != nil || resp.Success || resp.ErrorKind != domain.ErrorKindTransient {
		t.Fatalf("UpdateDeal = %+v, %v; want a transient failure", resp, err)
	}
	if !strings.Contains(resp.Detail, "HTTP 401") || strings.Contains(resp.Detail, testToken) {
		t.Errorf("detail = %q", resp.Detail)
	}
	canceled, cancel := context.WithCancel(t.Context())
	cancel()
	if resp, err := newClient(t, srv, nil).FindDeal(canceled, "s1"); !errors.Is(err, context.Canceled) || resp.Success {
		t.Errorf("FindDeal with a canceled context = %+v, %v", resp, err)
	}
}

func TestConfigValidate(t *testing.T) {
	tests := []struct {
		name string
		cfg  crm.Config
		ok   bool
	}{
		{name: "defaults", cfg: crm.Config{Config: httpcall.Config{AccessToken: "t"}}, ok: true},
		{name: "no token", cfg: crm.Config{}},
		{name: "token with a line break", cfg: crm.Config{Config: httpcall.Config{AccessToken: "t\r\nX-Evil: 1"}}},
		{name: "relative URL", cfg: crm.Config{Config: httpcall.Config{AccessToken: "t", BaseURL: "api.hubapi.com"}}},
		{name: "URL with a query", cfg: crm.Config{Config: httpcall.Config{AccessToken: "t", BaseURL: "https://h/?a=1"}}},
		{name: "negative rate", cfg: crm.Config{Config: httpcall.Config{AccessToken: "t", MaxRPS: -1}}},
		{name: "negative retries", cfg: crm.Config{Config: httpcall.Config{AccessToken: "t", MaxRetries: -1}}},
		{name: "empty stage ID", cfg: crm.Config{Config: httpcall.Config{AccessToken: "t"}, Stages: map[string]string{"qualificado": " "}}},
	}
	for _, tt := range tests {
		err := tt.cfg.Validate()
		if (err == nil) != tt.ok {
			t.Errorf("%s: Validate() = %v, want ok %v", tt.name, err, tt.ok)
		}
		if err != nil && strings.Contains(err.Error(), "t\r\n") {
			t.Errorf("%s: the error quotes the token", tt.name)
		}
	}
}
