package runtime_test

import (
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/projection"
	"github.com/intake-runtime/intake/actors/projection/crm/crmtest"
	"github.com/intake-runtime/intake/actors/projection/erp/erptest"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/runtime"
)

// TestSyncJobMakesTheERPCustomer builds the sync job as serve and `intake
// sync` do and runs it over a registered session's projection: the ERP gets
// the customer with ERP_ENABLED, the stub stands in without; the CRM and the
// ERP are independent, so with CRM_ENABLED=false the ERP still gets the
// customer (the CRM's stub stands in), and only with both disabled is the
// job off, leaving the intent in the table.
func TestSyncJobMakesTheERPCustomer(t *testing.T) {
	tests := []struct {
		name, crmEnabled, erpEnabled string
		status                       persistence.ProjectionStatus
		erpCustomers                 int
		customerID                   string
	}{
		{name: "ERP enabled", crmEnabled: "true", erpEnabled: "true", status: persistence.ProjectionSynced, erpCustomers: 1, customerID: "1"},
		{name: "ERP stub", crmEnabled: "true", erpEnabled: "false", status: persistence.ProjectionSynced, customerID: "stub-1"},
		{name: "CRM disabled, ERP enabled", crmEnabled: "false", erpEnabled: "true", status: persistence.ProjectionSynced, erpCustomers: 1, customerID: "1"},
		{name: "both disabled", crmEnabled: "false", erpEnabled: "false", status: persistence.ProjectionPending},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			crmServer, erpServer := crmtest.New(t), erptest.New(t)
			cfg := load(t, map[string]string{
				"CRM_ENABLED": tt.crmEnabled, "CRM_BASE_URL": crmServer.URL, "CRM_ACCESS_TOKEN": "crm-token",
				"ERP_ENABLED": tt.erpEnabled, "ERP_BASE_URL": erpServer.URL, "ERP_ACCESS_TOKEN": "erp-token",
			})
			table := memory.New()
			s := domain.NewSession("s1", "+5511987654321", "instance_a", time.Now())
			s.State, s.ServiceIdentified = domain.StateClosed, "Pesquisa de mercado"
			s.CadastralData = map[string]any{"nome": "Maria Souza", "email": "maria@exemplo.com", "cpf_cnpj": "52998224725"}
			var err error
			if s.ERPPayload, err = projection.CustomerPayload(s); err != nil {
				t.Fatal(err)
			}
			desired, err := projection.Desired(s)
			if err != nil {
				t.Fatal(err)
			}
			projections := persistence.NewProjections(table)
			if _, err := projections.PutDesired(t.Context(), s.SessionID, desired, time.Now()); err != nil {
				t.Fatal(err)
			}

			job, err := runtime.NewSyncJob(cfg, table, zap.NewNop())
			if err != nil {
				t.Fatal(err)
			}
			if _, err := job.Run(t.Context(), nil); err != nil {
				t.Fatal(err)
			}
			p, err := projections.Get(t.Context(), s.SessionID)
			if err != nil {
				t.Fatal(err)
			}
			if p.Status != tt.status || p.ERPCustomerID != tt.customerID || len(erpServer.Customers()) != tt.erpCustomers {
				t.Errorf("projection %s with ERP customer %q, %d created in the ERP; want %s, %q, %d",
					p.Status, p.ERPCustomerID, len(erpServer.Customers()), tt.status, tt.customerID, tt.erpCustomers)
			}
		})
	}
}

// The sync job sends the pipeline's stage IDs of CRM_STAGES and names the
// session by CRM_SESSION_PROPERTY, not the logical names and the default.
func TestSyncJobSendsConfiguredStagesAndProperty(t *testing.T) {
	crmServer := crmtest.New(t)
	crmServer.SessionProperty = "sessao_intake"
	cfg := load(t, map[string]string{
		"CRM_BASE_URL": crmServer.URL, "CRM_ACCESS_TOKEN": "crm-token", "ERP_ENABLED": "false",
		"CRM_STAGES": "encerrado=closedlost,novo=appointmentscheduled", "CRM_SESSION_PROPERTY": "sessao_intake",
	})
	table := memory.New()
	s := domain.NewSession("s2", "+5511987654322", "instance_a", time.Now())
	s.State, s.ServiceIdentified = domain.StateClosed, "Pesquisa de mercado"
	desired, err := projection.Desired(s)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := persistence.NewProjections(table).PutDesired(t.Context(), s.SessionID, desired, time.Now()); err != nil {
		t.Fatal(err)
	}
	job, err := runtime.NewSyncJob(cfg, table, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := job.Run(t.Context(), nil); err != nil {
		t.Fatal(err)
	}
	deals := crmServer.Deals()
	if len(deals) != 1 || deals[0].Properties["dealstage"] != "closedlost" || deals[0].Properties["sessao_intake"] != "s2" {
		t.Errorf("deals = %+v, want one in stage closedlost named by sessao_intake", deals)
	}
}
