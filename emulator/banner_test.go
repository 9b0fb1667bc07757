package emulator_test

import (
	"flag"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/intake-runtime/intake/emulator"
)

var update = flag.Bool("update", false, "rewrite the golden banners in testdata")

func banner(t *testing.T, exported map[string]string, b emulator.Banner) string {
	t.Helper()
	b.Config = load(t, exported, nil)
	if b.Addr == nil {
		b.Addr = &net.TCPAddr{IP: net.IPv4zero, Port: 8080}
	}
	var sb strings.Builder
	if _, err := b.WriteTo(&sb); err != nil {
		t.Fatal(err)
	}
	return sb.String()
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("banner differs from %s (run with -update to accept):\n%s", path, got)
	}
}

func TestBannerOfAFreshCheckout(t *testing.T) {
	got := banner(t, nil, emulator.Banner{})
	golden(t, "banner_fresh", got)
	for _, want := range []string{
		"http://localhost:8080", "0.0.0.0:8080", "demo model, offline: set LLM_API_KEY", "not set",
		"http://localhost:8080/atendimento", "log in as +5511900000000", "code is shown on the login page",
		"MESSAGING_CLOUD_ENABLED=true", "local stub: missing MESSAGING_ACCESS_TOKEN", "CRM_ENABLED=true",
		"ERP_ENABLED=true", "HANDOFF_NOTIFIER_ENABLED=true", "Ctrl+C", "closed: set ADMIN_API_KEY",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("banner lacks %q:\n%s", want, got)
		}
	}
}

func TestBannerOfAConfiguredRunner(t *testing.T) {
	const key = "sk-proj-abcdefghijklmnopqrstuvwxyz"
	got := banner(t, map[string]string{
		"LLM_API_KEY": key, "LLM_MODEL": "gpt-4o-mini", "DEV_UI_ENABLED": "false",
		"CRM_ACCESS_TOKEN": "crm-token", "ERP_ENABLED": "false", "ADMIN_API_KEY": "admin-secret-key",
		"HANDOFF_EMAIL_FROM": "bot@example.com", "HANDOFF_EMAIL_TO": "ops@example.com",
	}, emulator.Banner{
		Addr: &net.TCPAddr{IP: net.IPv4zero, Port: 18080}, EnvFile: ".env", EnvVars: 7,
		Ignored: []string{"AWS_ENDPOINT_URL_DYNAMODB"},
	})
	golden(t, "banner_configured", got)
	for _, want := range []string{
		"http://localhost:18080", "openai gpt-4o-mini", "sk-p****", "Dev UI     off", ".env", "7 variables",
		"on: REAL calls to https://api.hubapi.com", "ERP_ENABLED=false", "e-mails to the in-memory mailer",
		"AWS_ENDPOINT_URL_DYNAMODB", "X-Admin-Key",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("banner lacks %q:\n%s", want, got)
		}
	}
	// The key shows as at most four characters; no secret appears.
	for _, secret := range []string{key[:5], "crm-token", "admin-secret"} {
		if strings.Contains(got, secret) {
			t.Errorf("banner shows %q", secret)
		}
	}
}

func TestBannerNeverShowsMoreThanFourKeyCharacters(t *testing.T) {
	for _, key := range []string{"k", "short-key", "sk-123456789", "sk-proj-0123456789abcdef0123456789abcdef"} {
		got := banner(t, map[string]string{"LLM_API_KEY": key, "LLM_MODEL": "m"}, emulator.Banner{})
		line := lineOf(got, "API key")
		shown := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "API key"))
		shown = strings.TrimSpace(strings.TrimSuffix(shown, "(LLM_API_KEY)"))
		prefix := strings.TrimSuffix(shown, "****")
		if len(prefix) > 4 || !strings.HasSuffix(shown, "****") || (len(prefix) > 0 && !strings.HasPrefix(key, prefix)) {
			t.Errorf("key %q shows as %q", key, shown)
		}
	}
}

func TestBannerNamesTheReplayModel(t *testing.T) {
	got := banner(t, map[string]string{"LLM_PROVIDER": "replay", "LLM_REPLAY_FILE": "fixtures/a.yaml"}, emulator.Banner{})
	if !strings.Contains(got, "replay (fixtures/a.yaml)") || strings.Contains(got, "demo") {
		t.Errorf("replay banner:\n%s", got)
	}
}

func lineOf(s, prefix string) string {
	for line := range strings.Lines(s) {
		if strings.HasPrefix(strings.TrimSpace(line), prefix) {
			return line
		}
	}
	return ""
}
