package runtime_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/ssm"
	ssmtypes "github.com/aws/aws-sdk-go-v2/service/ssm/types"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/emulator"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/runtime"
)

// The dashboard shows the simulated parameter store under PARAMETER_PREFIX
// (SecureString values hidden) and stores edits there, where the loader of
// serve and sync reads them.
func TestDashboardShowsAndEditsTheParameterStore(t *testing.T) {
	store := emulator.NewMemoryParameters()
	if _, err := store.PutParameter(t.Context(), &ssm.PutParameterInput{Name: aws.String("/intake/dev/CRM_ACCESS_TOKEN"),
		Value: aws.String("secret-token"), Type: ssmtypes.ParameterTypeSecureString}); err != nil {
		t.Fatal(err)
	}
	cfg := load(t, map[string]string{"DEV_UI_ENABLED": "true", "PARAMETER_PREFIX": "/intake/dev", "MESSAGING_CLOUD_ENABLED": "false",
		"CRM_ENABLED": "false", "ERP_ENABLED": "false", "HANDOFF_NOTIFIER_ENABLED": "false"})
	app, err := runtime.New(t.Context(), cfg, zap.NewNop(), runtime.Options{Table: memory.New(), Parameters: store})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = app.Close() })
	do := func(method, path, body string) (int, string) {
		req := httptest.NewRequest(method, path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		res, err := app.HTTP().Test(req, -1)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		data, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(data)
	}
	status, body := do(http.MethodGet, "/dashboard/parameters", "")
	if status != 200 || !strings.Contains(body, `"prefix":"/intake/dev"`) || !strings.Contains(body, "CRM_ACCESS_TOKEN") || strings.Contains(body, "secret-token") {
		t.Fatalf("GET /dashboard/parameters = %d %s", status, body)
	}
	if status, body = do(http.MethodPost, "/dashboard/parameters", `{"name":"CRM_PIPELINE","value":"p-dev"}`); status != 200 || !strings.Contains(body, "p-dev") {
		t.Fatalf("POST /dashboard/parameters = %d %s", status, body)
	}
	if status, _ = do(http.MethodPost, "/dashboard/parameters", `{"name":"../x","value":"v"}`); status != http.StatusUnprocessableEntity {
		t.Errorf("a parameter that names no variable = %d, want 422", status)
	}
	got, err := store.GetParameter(t.Context(), &ssm.GetParameterInput{Name: aws.String("/intake/dev/CRM_PIPELINE")})
	if err != nil || aws.ToString(got.Parameter.Value) != "p-dev" {
		t.Errorf("stored parameter = %v, %v", got, err)
	}
}
