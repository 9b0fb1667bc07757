package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/intake-runtime/intake/internal/testservers"
)

// A developer with DynamoDB Local and no AWS account: table create works
// with no credentials at all, and sync and serve against a table nobody
// created say which command creates it.
func TestALocalTableNeedsNoCredentials(t *testing.T) {
	endpoint := testservers.SharedDynamoDBLocal(t)
	testservers.NoAWSCredentials(t)
	env := map[string]string{"AWS_ENDPOINT_URL_DYNAMODB": endpoint, "TABLE_NAME": "no-credentials", "CRM_ENABLED": "false"}
	code, stdout, stderr := execute(t, env, "table", "create")
	if code != exitOK || !strings.Contains(stdout, "table no-credentials") {
		t.Fatalf("table create without credentials: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}

	env["TABLE_NAME"], env["CRM_ENABLED"], env["CRM_ACCESS_TOKEN"], env["ERP_ACCESS_TOKEN"] = "never-created", "true", "t", "t"
	code, _, stderr = execute(t, env, "sync")
	if code != exitFailure || !strings.Contains(stderr, "table never-created does not exist: create it with `intake table create`") {
		t.Errorf("sync against a missing table: exit %d, stderr %q", code, stderr)
	}

	serve := serveCredentials(t)
	serve["AWS_ENDPOINT_URL_DYNAMODB"], serve["TABLE_NAME"] = endpoint, "never-created"
	code, _, stderr = execute(t, serve, "serve")
	if code != exitFailure || !strings.Contains(stderr, "`intake table create`") {
		t.Errorf("serve against a missing table: exit %d, stderr %q", code, stderr)
	}
}

// intake sync prints snake_case keys, like the admin API.
func TestSyncPrintsSnakeCase(t *testing.T) {
	endpoint := testservers.SharedDynamoDBLocal(t)
	testservers.NoAWSCredentials(t)
	env := map[string]string{"AWS_ENDPOINT_URL_DYNAMODB": endpoint, "TABLE_NAME": "sync-snake", "CRM_ACCESS_TOKEN": "t", "ERP_ACCESS_TOKEN": "t"}
	if code, _, stderr := execute(t, env, "table", "create"); code != exitOK {
		t.Fatalf("table create: exit %d: %s", code, stderr)
	}
	code, stdout, stderr := execute(t, env, "sync")
	var res struct {
		Status  string         `json:"status"`
		Metrics map[string]any `json:"metrics"`
	}
	if code != exitOK || json.Unmarshal([]byte(stdout), &res) != nil || res.Status != "ok" {
		t.Fatalf("sync: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	for _, key := range []string{"pending", "blocked", "uncertain", "oldest_pending_seconds"} {
		if _, ok := res.Metrics[key]; !ok {
			t.Errorf("sync metrics %v lack %q", res.Metrics, key)
		}
	}
}
