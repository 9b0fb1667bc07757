package crm_test

import (
	"errors"
	"net/http"
	"testing"

	"github.com/intake-runtime/intake/actors/projection"
	"github.com/intake-runtime/intake/actors/projection/crm"
	"github.com/intake-runtime/intake/actors/projection/crm/crmtest"
)

// A mapping is refused for the same reasons whether it comes from
// CRM_STAGES or from the owner's page: an empty name, a stage the
// projection does not send, an ID or property no CRM could have.
func TestMappingValidate(t *testing.T) {
	for _, tt := range []struct {
		name    string
		m       crm.Mapping
		stage   string
		problem string
	}{
		{name: "ids and a property", m: crm.Mapping{Stages: map[string]string{"novo": "appointmentscheduled", "encerrado": "123"}, SessionProperty: "sessao"}},
		{name: "nothing: logical names and the default property", m: crm.Mapping{}},
		{name: "empty id", m: crm.Mapping{Stages: map[string]string{"novo": " "}}, stage: "novo", problem: crm.ProblemEmpty},
		{name: "unknown stage", m: crm.Mapping{Stages: map[string]string{"ganho": "closedwon"}}, stage: "ganho", problem: crm.ProblemUnknownStage},
		{name: "space in an id", m: crm.Mapping{Stages: map[string]string{"qualificado": "qualified to buy"}}, stage: "qualificado", problem: crm.ProblemSpace},
		{name: "comma in the property", m: crm.Mapping{SessionProperty: "a,b"}, problem: crm.ProblemSpace},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.m.Validate(projection.Stages())
			var me *crm.MappingError
			switch {
			case tt.problem == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tt.problem == "":
			case !errors.As(err, &me) || me.Stage != tt.stage || me.Problem != tt.problem:
				t.Fatalf("err = %v, want %s of %q", err, tt.problem, tt.stage)
			}
		})
	}
}

// The text of the setting round-trips, and a field it does not know is a
// typo it refuses.
func TestParseMapping(t *testing.T) {
	m := crm.Mapping{Stages: map[string]string{"novo": "appointmentscheduled"}, SessionProperty: "sessao"}
	back, err := crm.ParseMapping(m.Text())
	if err != nil || back.Stages["novo"] != "appointmentscheduled" || back.SessionProperty != "sessao" {
		t.Fatalf("ParseMapping(%s) = %+v, %v", m.Text(), back, err)
	}
	if _, err := crm.ParseMapping(`{"stage":{}}`); err == nil {
		t.Error("an unknown field was accepted")
	}
}

// Check names, with the mapping given and not the client's, each stage ID
// the pipeline lacks and a missing property; a refused token is said as
// such, with nothing else asked.
func TestCheckNamesWhatIsMissing(t *testing.T) {
	srv := crmtest.New(t)
	srv.Pipeline("p1", "appointmentscheduled", "qualifiedtobuy", "cadastro_completo", "em_atendimento", "closedlost")
	srv.Property("intake_session_id")
	c := newClient(t, srv, func(cfg *crm.Config) { cfg.Pipeline, cfg.LogicalStages = "p1", projection.Stages() })

	r, err := c.Check(t.Context(), crm.Mapping{Stages: map[string]string{"novo": "appointmentscheduled", "qualificado": "qualifiedtobuy", "encerrado": "closedlost"}})
	if err != nil || !r.OK() {
		t.Fatalf("complete setup: %+v, %v", r, err)
	}
	r, err = c.Check(t.Context(), crm.Mapping{Stages: map[string]string{"novo": "nope"}, SessionProperty: "sessao"})
	if err != nil || r.OK() || r.PropertyFound || r.Property != "sessao" {
		t.Fatalf("incomplete setup: %+v, %v", r, err)
	}
	var missing []string
	for _, s := range r.Stages {
		if !s.Found {
			missing = append(missing, s.Logical+"="+s.ID)
		}
	}
	if len(missing) != 3 || missing[0] != "novo=nope" || missing[1] != "qualificado=qualificado" || missing[2] != "encerrado=encerrado" {
		t.Errorf("missing stages %v, want novo=nope, qualificado, encerrado", missing)
	}

	srv.Inject(func(crmtest.Request) crmtest.Fault { return crmtest.Fault{Status: http.StatusUnauthorized} })
	if r, err := c.Check(t.Context(), crm.Mapping{}); err != nil || !r.TokenRefused || r.OK() {
		t.Errorf("refused token: %+v, %v", r, err)
	}
}

// A mapping set on the LiveMapping a client was built with is what the
// next deal is created with.
func TestLiveMappingAppliesToTheNextDeal(t *testing.T) {
	srv := crmtest.New(t)
	live := crm.NewLiveMapping(crm.Mapping{Stages: map[string]string{"novo": "old"}})
	c := newClient(t, srv, func(cfg *crm.Config) { cfg.Live = live })
	live.Set(crm.Mapping{Stages: map[string]string{"novo": "appointmentscheduled"}, SessionProperty: "sessao"})
	srv.SessionProperty = "sessao"
	if _, _, err := c.CreateDeal(t.Context(), "s1", "novo", map[string]any{"properties": map[string]any{}}); err != nil {
		t.Fatal(err)
	}
	deals := srv.Deals()
	if len(deals) != 1 || deals[0].Properties["dealstage"] != "appointmentscheduled" || deals[0].Properties["sessao"] != "s1" {
		t.Errorf("deals = %+v, want one in appointmentscheduled named by sessao", deals)
	}
}
