package main

import (
	"strings"
	"testing"

	"github.com/intake-runtime/intake/internal/testservers"
)

func TestTableCreateIsIdempotent(t *testing.T) {
	endpoint := testservers.Dynalite(t)
	// The AWS SDK reads credentials from the process environment, not from
	// the lookup that carries Intake's own variables.
	t.Setenv("AWS_ACCESS_KEY_ID", "test")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "test")
	t.Setenv("AWS_EC2_METADATA_DISABLED", "true")
	env := map[string]string{"AWS_ENDPOINT_URL_DYNAMODB": endpoint, "AWS_REGION": "us-east-1"}

	for _, want := range []string{"table intake created (ttl: ", "table intake already exists (ttl: "} {
		code, stdout, stderr := execute(t, env, "table", "create")
		if code != exitOK || !strings.HasPrefix(stdout, want) || !strings.HasSuffix(stdout, ")\n") {
			t.Fatalf("intake table create: exit %d, stdout %q, stderr %q; want exit 0 and %q...", code, stdout, stderr, want)
		}
	}
}
