package smoke_test

import (
	"strings"
	"testing"

	"github.com/intake-runtime/intake/runtime/smoke"
)

// An adapter the emulator substituted (its flag true, credentials missing)
// is reported as the stub it is, with the flag as the user set it; one the
// user turned off says so.
func TestSubstitutedAdaptersSayTheyAreStubs(t *testing.T) {
	cfg := load(t, map[string]string{"MESSAGING_CLOUD_ENABLED": "false", "CRM_ENABLED": "false"})
	c := smoke.New(cfg, smoke.Deps{Fallbacks: map[string][]string{"MESSAGING_CLOUD_ENABLED": {"MESSAGING_ACCESS_TOKEN", "MESSAGING_PHONE_NUMBER_ID"}}})
	r := run(t, c, smoke.Messaging, smoke.Preflight)
	want := "local stub: MESSAGING_CLOUD_ENABLED=true, but MESSAGING_ACCESS_TOKEN, MESSAGING_PHONE_NUMBER_ID missing"
	if !r.OK || !strings.HasPrefix(r.Detail, want) {
		t.Errorf("messaging: %+v, want a detail starting %q", r, want)
	}
	if r := run(t, c, smoke.CRM, smoke.Preflight); !r.OK || !strings.HasPrefix(r.Detail, "CRM_ENABLED=false: ") {
		t.Errorf("crm: %+v, want CRM_ENABLED=false", r)
	}
}
