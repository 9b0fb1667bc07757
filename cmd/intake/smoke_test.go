package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// smokeOutput is what `intake smoke` prints.
type smokeOutput struct {
	Target string `json:"target"`
	OK     bool   `json:"ok"`
	Detail string `json:"detail"`
}

func TestSmokeChecksAnAdapterAgainstTheRealSystem(t *testing.T) {
	refusing := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = w.Write([]byte(`{"message":"invalid token"}`))
	}))
	defer refusing.Close()
	tests := []struct {
		name   string
		env    map[string]string
		target string
		code   int
		ok     bool
		detail string
	}{
		{"a stubbed CRM makes no call", map[string]string{"CRM_ENABLED": "false"}, "crm", exitOK, true, "CRM_ENABLED"},
		{"a stubbed ERP makes no call", map[string]string{"ERP_ENABLED": "false"}, "erp", exitOK, true, "ERP_ENABLED"},
		{"a CRM without its token", map[string]string{"CRM_ENABLED": "true"}, "crm", exitFailure, false, "CRM_ACCESS_TOKEN"},
		{"a CRM that refuses the token", map[string]string{"CRM_ENABLED": "true", "CRM_ACCESS_TOKEN": "wrong-token", "CRM_BASE_URL": refusing.URL},
			"crm", exitFailure, false, "401"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := execute(t, tt.env, "smoke", tt.target)
			var got smokeOutput
			if err := json.Unmarshal([]byte(stdout), &got); err != nil {
				t.Fatalf("exit %d, stdout %q, stderr %q: not the JSON result: %v", code, stdout, stderr, err)
			}
			if code != tt.code || got.OK != tt.ok || got.Target != tt.target || !strings.Contains(got.Detail, tt.detail) {
				t.Errorf("exit %d, %+v; want exit %d, ok %v, a detail naming %q", code, got, tt.code, tt.ok, tt.detail)
			}
			if strings.Contains(stdout+stderr, "wrong-token") {
				t.Error("the output shows the access token")
			}
		})
	}
}

func TestSmokeRefusesABadCommandLine(t *testing.T) {
	for _, args := range [][]string{{"smoke"}, {"smoke", "messaging"}, {"smoke", "crm", "erp"}} {
		if code, _, stderr := execute(t, nil, args...); code != exitUsage || stderr == "" {
			t.Errorf("intake %s: exit %d, stderr %q; want exit 2 with a message", strings.Join(args, " "), code, stderr)
		}
	}
}
