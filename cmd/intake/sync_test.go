package main

import (
	"encoding/json"
	"testing"

	"github.com/intake-runtime/intake/internal/testservers"
)

func TestSyncPrintsTheJobResult(t *testing.T) {
	endpoint := testservers.SharedDynamoDBLocal(t)
	env := map[string]string{
		"AWS_ENDPOINT_URL_DYNAMODB": endpoint, "AWS_ACCESS_KEY_ID": "x", "AWS_SECRET_ACCESS_KEY": "x",
		"TABLE_NAME": "sync-test", "CRM_ENABLED": "false", "ERP_ENABLED": "false",
	}
	for k, v := range env {
		t.Setenv(k, v) // the AWS SDK's default chain reads credentials from the process
	}
	if code, _, stderr := execute(t, env, "table", "create"); code != exitOK {
		t.Fatalf("table create: exit %d: %s", code, stderr)
	}
	code, stdout, stderr := execute(t, env, "sync")
	var res map[string]any
	if code != exitOK || json.Unmarshal([]byte(stdout), &res) != nil || res["status"] != "disabled" {
		t.Fatalf("sync with CRM_ENABLED=false: exit %d, stdout %q, stderr %q; want {\"status\":\"disabled\"}", code, stdout, stderr)
	}

	env["CRM_ENABLED"], env["CRM_ACCESS_TOKEN"], env["ERP_ACCESS_TOKEN"] = "true", "test-token", "test-token"
	code, stdout, stderr = execute(t, env, "sync")
	if code != exitOK || json.Unmarshal([]byte(stdout), &res) != nil || res["status"] != "ok" || res["metrics"] == nil {
		t.Fatalf("sync: exit %d, stdout %q, stderr %q; want status ok with metrics", code, stdout, stderr)
	}
}
