package runtime_test

import (
	"context"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/projection"
	"github.com/intake-runtime/intake/actors/projection/crm/crmtest"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/http/admin"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/runtime"
)

// The owner's CRM page changes what the running sync job sends, with no
// restart: a deal synced after the edit goes to the stage ID saved on the
// page, not the one of CRM_STAGES. The page's check asks the same CRM.
func TestCRMPageEditReachesTheNextSync(t *testing.T) {
	crmServer := crmtest.New(t)
	crmServer.Pipeline("default", "closedlost")
	cfg := load(t, map[string]string{
		"CRM_BASE_URL": crmServer.URL, "CRM_ACCESS_TOKEN": "crm-token", "CRM_STAGES": "encerrado=fechado_antigo",
		"ERP_ENABLED": "false", "MESSAGING_CLOUD_ENABLED": "false", "DEV_UI_ENABLED": "true", "SYNC_INTERVAL": "20ms",
	})
	app, ln := newListening(t, cfg, runtime.Options{})
	form := func(v url.Values) (int, string) {
		r := do(t, app, "POST", admin.CRMPath+"/check", strings.NewReader(v.Encode()),
			map[string]string{"Content-Type": "application/x-www-form-urlencoded", "Origin": "http://example.com"})
		return r.status, r.body
	}
	if status, body := form(url.Values{"stage_encerrado": {"closedlost"}}); status != 200 ||
		!strings.Contains(body, "Encerrado: a etapa «closedlost» existe no funil.") ||
		!strings.Contains(body, "A propriedade «intake_session_id» não existe") {
		t.Errorf("check against the configured CRM = %d: %s", status, body)
	}

	save := do(t, app, "POST", admin.CRMPath, strings.NewReader(url.Values{"stage_encerrado": {"closedlost"}}.Encode()),
		map[string]string{"Content-Type": "application/x-www-form-urlencoded", "Origin": "http://example.com"})
	if save.status != 303 {
		t.Fatalf("save = %d %s", save.status, save.body)
	}

	s := domain.NewSession("s-crm", "+5511987654322", "instance_a", time.Now())
	s.State, s.ServiceIdentified = domain.StateClosed, "Pesquisa de mercado"
	desired, err := projection.Desired(s)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := persistence.NewProjections(app.Table()).PutDesired(t.Context(), s.SessionID, desired, time.Now()); err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- app.Run(ctx, ln) }()
	deadline := time.Now().Add(10 * time.Second)
	for len(crmServer.Deals()) == 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	stop()
	if err := <-done; err != nil {
		t.Errorf("Run after stop: %v", err)
	}
	if deals := crmServer.Deals(); len(deals) != 1 || deals[0].Properties["dealstage"] != "closedlost" {
		t.Errorf("deals = %+v, want one in the page's closedlost", deals)
	}
}
