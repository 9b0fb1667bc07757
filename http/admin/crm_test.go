package admin_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/projection"
	"github.com/intake-runtime/intake/actors/projection/crm"
	"github.com/intake-runtime/intake/actors/projection/crm/crmtest"
	"github.com/intake-runtime/intake/http/admin"
	"github.com/intake-runtime/intake/internal/httpcall"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/settings"
)

// crmSeed is CRM_STAGES=novo=appointmentscheduled, CRM_SESSION_PROPERTY unset.
var crmSeed = crm.Mapping{Stages: map[string]string{"novo": "appointmentscheduled"}}

// connectedCRM is the page's CRM as runtime wires it: the live mapping and
// a client of the fake CRM (nil: a stub, not connected).
type connectedCRM struct {
	live   *crm.LiveMapping
	client *crm.Client
}

func (c connectedCRM) Mapping() crm.Mapping { return c.live.Get() }

func (c connectedCRM) Check(ctx context.Context, m crm.Mapping) (crm.SetupReport, error) {
	if c.client == nil {
		return crm.SetupReport{}, admin.ErrCRMNotConnected
	}
	return c.client.Check(ctx, m)
}

// crmFixture is an admin handler whose CRM page edits a live mapping and
// checks against srv (nil: the CRM is a stub).
func crmFixture(t *testing.T, srv *crmtest.Server) (*fixture, *crm.LiveMapping, *settings.Live) {
	t.Helper()
	table := memory.New(memory.WithClock(func() time.Time { return now }))
	live := settings.New(persistence.NewVersions(table), func() time.Time { return now }, zap.NewNop())
	mapping := admin.RegisterCRM(live, crmSeed)
	if err := live.Load(t.Context()); err != nil {
		t.Fatal(err)
	}
	page := connectedCRM{live: mapping}
	if srv != nil {
		client, err := crm.New(crm.Config{Config: httpcall.Config{BaseURL: srv.URL, AccessToken: "crm-token", MaxRPS: 1000},
			Pipeline: "p1", LogicalStages: projection.Stages(), Live: mapping}, zap.NewNop())
		if err != nil {
			t.Fatal(err)
		}
		page.client = client
	}
	return newFixtureOn(t, admin.Config{Settings: live, CRM: page}, table), mapping, live
}

// What the setting accepts is what CRM_STAGES accepts, and what it accepts
// is live at once; "" (no version) is the seed.
func TestCRMSettingCheckAndApply(t *testing.T) {
	for _, tt := range []struct {
		name, text string
		refused    bool
		stage      string // the ID novo is sent as after the save
		property   string
	}{
		{name: "a mapping and a property", text: `{"stages":{"novo":"123","encerrado":"closedlost"},"session_property":"sessao"}`, stage: "123", property: "sessao"},
		{name: "no mapping: logical names", text: `{}`, stage: "novo"},
		{name: "a stage the projection does not send", text: `{"stages":{"ganho":"closedwon"}}`, refused: true},
		{name: "an ID with a space", text: `{"stages":{"novo":"new lead"}}`, refused: true},
		{name: "a property with a comma", text: `{"session_property":"a,b"}`, refused: true},
		{name: "a field it does not know", text: `{"stage":{"novo":"1"}}`, refused: true},
		{name: "not JSON", text: `novo=1`, refused: true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, mapping, live := crmFixture(t, nil)
			_, err := live.Save(t.Context(), admin.CRMDoc, tt.text, "owner")
			if refused := err != nil; refused != tt.refused {
				t.Fatalf("Save(%s) = %v, refused %v", tt.text, err, tt.refused)
			}
			want := crmSeed
			if !tt.refused {
				want = crm.Mapping{Stages: map[string]string{"novo": tt.stage}, SessionProperty: tt.property}
			}
			got := mapping.Get()
			if id := stageOr(got, "novo"); id != stageOr(want, "novo") || got.SessionProperty != want.SessionProperty {
				t.Errorf("live mapping %+v, want novo=%s and property %q", got, stageOr(want, "novo"), want.SessionProperty)
			}
		})
	}
}

func stageOr(m crm.Mapping, logical string) string {
	if id, ok := m.Stages[logical]; ok {
		return id
	}
	return logical
}

// The owner reads each Intake stage by its label, saves IDs, sees a
// refusal with what they typed, and restores the version before.
func TestCRMPage(t *testing.T) {
	f, mapping, _ := crmFixture(t, nil)
	status, body := f.do("GET", admin.CRMPath, "", nil)
	if status != 200 {
		t.Fatalf("GET %s = %d %s", admin.CRMPath, status, body)
	}
	for _, want := range []string{"<h1>CRM</h1>", "Novo contato", "Serviço identificado", "Cadastro completo", "Com um atendente", "Encerrado",
		`value="appointmentscheduled"`, "Verificar no CRM", "Ainda sem versões salvas"} {
		if !strings.Contains(body, want) {
			t.Errorf("CRM page lacks %q", want)
		}
	}
	if strings.Contains(body, ">cadastro_completo<") || strings.Contains(body, ">em_atendimento<") {
		t.Error("CRM page shows a stage code as a label")
	}

	form := url.Values{"stage_novo": {"appointmentscheduled"}, "stage_encerrado": {" closedlost "}, "property": {"sessao"}}
	res := f.request("POST", admin.CRMPath, form, sameOrigin)
	if res.status != 303 || res.header.Get("Location") != admin.CRMPath+"?done=saved" {
		t.Fatalf("save = %d to %q: %s", res.status, res.header.Get("Location"), res.body)
	}
	if m := mapping.Get(); m.Stages["encerrado"] != "closedlost" || m.SessionProperty != "sessao" {
		t.Errorf("after the save the CRM client sends with %+v", m)
	}
	_, body = f.do("GET", admin.CRMPath+"?done=saved", "", nil)
	for _, want := range []string{"Salvo: já está valendo.", `value="closedlost"`, `value="sessao"`, "Versão 1"} {
		if !strings.Contains(body, want) {
			t.Errorf("page after the save lacks %q", want)
		}
	}

	typed := url.Values{"stage_qualificado": {"qualified to buy"}, "property": {"sessao"}}
	status, body = f.postForm(admin.CRMPath, typed, sameOrigin)
	if status != 422 || !strings.Contains(body, "Serviço identificado: o ID «qualified to buy» não pode ter espaço") || !strings.Contains(body, `value="qualified to buy"`) {
		t.Errorf("refused save = %d, want 422 with the reason and the typed ID: %s", status, body)
	}
	if m := mapping.Get(); m.Stages["qualificado"] != "" {
		t.Errorf("a refused save applied %+v", m)
	}

	f.postForm(admin.CRMPath, url.Values{"stage_novo": {"999"}}, sameOrigin)
	res = f.request("POST", admin.CRMPath+"/restore", url.Values{"version": {"1"}}, sameOrigin)
	if res.status != 303 || res.header.Get("Location") != admin.CRMPath+"?done=restored" {
		t.Fatalf("restore = %d to %q", res.status, res.header.Get("Location"))
	}
	if m := mapping.Get(); m.Stages["novo"] != "appointmentscheduled" || m.Stages["encerrado"] != "closedlost" {
		t.Errorf("after restoring version 1 the CRM client sends with %+v", m)
	}
	_, body = f.do("GET", admin.CRMPath+"?done=restored", "", nil)
	if !strings.Contains(body, "Versão restaurada") || !strings.Contains(body, "cópia da versão 1") {
		t.Errorf("page after the restore lacks the flash or the copy: %s", body)
	}
}

// A form posted from another site saves, checks and restores nothing.
func TestCRMPageRefusesCrossOriginPosts(t *testing.T) {
	f, mapping, _ := crmFixture(t, nil)
	evil := map[string]string{"Origin": "https://evil.example"}
	for _, target := range []string{admin.CRMPath, admin.CRMPath + "/check", admin.CRMPath + "/restore"} {
		if status, _ := f.postForm(target, url.Values{"stage_novo": {"evil"}, "version": {"1"}}, evil); status != http.StatusForbidden {
			t.Errorf("cross-origin POST %s = %d, want 403", target, status)
		}
	}
	if m := mapping.Get(); m.Stages["novo"] != "appointmentscheduled" {
		t.Errorf("a cross-origin post changed the mapping to %+v", m)
	}
}

// "Verificar no CRM" asks the CRM about the form as typed, unsaved, and
// names each stage the pipeline lacks and the missing property; a refused
// token and a stubbed CRM are said as such, never as a success.
func TestCRMCheckButton(t *testing.T) {
	srv := crmtest.New(t)
	srv.Pipeline("p1", "appointmentscheduled", "qualifiedtobuy", "cadastro_completo", "em_atendimento", "closedlost")
	srv.Property("intake_session_id")
	f, mapping, live := crmFixture(t, srv)

	typed := url.Values{"stage_novo": {"nope"}, "stage_qualificado": {"qualifiedtobuy"}, "property": {"sessao"}}
	status, body := f.postForm(admin.CRMPath+"/check", typed, sameOrigin)
	if status != 200 {
		t.Fatalf("check = %d %s", status, body)
	}
	for _, want := range []string{
		"Falta algo no CRM:",
		"Novo contato: a etapa «nope» não existe em «p1».",
		"Encerrado: a etapa «encerrado» não existe em «p1».",
		"A propriedade «sessao» não existe nos negócios",
		"Serviço identificado: a etapa «qualifiedtobuy» existe no funil.",
		`value="nope"`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("check answer lacks %q", want)
		}
	}
	if strings.Contains(body, "Tudo certo") {
		t.Error("an incomplete setup was called all good")
	}
	if history, _ := live.History(t.Context(), admin.CRMDoc); len(history) != 0 || mapping.Get().Stages["novo"] != "appointmentscheduled" {
		t.Errorf("the check saved something: %d versions, mapping %+v", len(history), mapping.Get())
	}

	complete := url.Values{"stage_novo": {"appointmentscheduled"}, "stage_qualificado": {"qualifiedtobuy"}, "stage_encerrado": {"closedlost"}}
	if _, body := f.postForm(admin.CRMPath+"/check", complete, sameOrigin); !strings.Contains(body, "Tudo certo") || strings.Contains(body, "Falta algo") {
		t.Errorf("a complete setup is not all good: %s", body)
	}

	srv.Inject(func(crmtest.Request) crmtest.Fault { return crmtest.Fault{Status: http.StatusUnauthorized} })
	if _, body := f.postForm(admin.CRMPath+"/check", complete, sameOrigin); !strings.Contains(body, "O CRM recusou o token de acesso") || strings.Contains(body, "Tudo certo") {
		t.Errorf("a refused token is not said: %s", body)
	}

	stub, _, _ := crmFixture(t, nil)
	if _, body := stub.postForm(admin.CRMPath+"/check", complete, sameOrigin); !strings.Contains(body, "O CRM não está conectado") || strings.Contains(body, "Tudo certo") {
		t.Errorf("a stubbed CRM is not said to be unconnected: %s", body)
	}
}
