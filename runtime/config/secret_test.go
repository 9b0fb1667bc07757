package config_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"github.com/intake-runtime/intake/runtime/config"
)

// secretVars sets every secret variable to a value that no rendering may
// contain, even in part beyond the 4-character prefix Mask allows.
var secretVars = map[string]string{
	"LLM_API_KEY":            "sk-live-LLMSECRETVALUE",
	"MESSAGING_ACCESS_TOKEN": "EAAGMESSAGINGTOKENVALUE",
	"MESSAGING_APP_SECRET":   "appsecretAPPSECRETVALUE",
	"MESSAGING_VERIFY_TOKEN": "verifyVERIFYTOKENVALUE",
	"CRM_ACCESS_TOKEN":       "pat-na1-CRMTOKENVALUE",
	"ERP_ACCESS_TOKEN":       "erp-ERPTOKENVALUE",
	"ADMIN_API_KEY":          "admin-ADMINKEYVALUE",
}

func loadSecrets(t *testing.T) config.Config {
	t.Helper()
	c, err := config.Load(env(secretVars))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func assertNoSecret(t *testing.T, how, out string) {
	t.Helper()
	for name, v := range secretVars {
		if strings.Contains(out, v[4:]) {
			t.Errorf("%s reveals %s:\n%s", how, name, out)
		}
	}
	if !strings.Contains(out, "****") {
		t.Errorf("%s shows no redaction marker:\n%s", how, out)
	}
}

func TestSecretsNeverPrint(t *testing.T) {
	c := loadSecrets(t)
	for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q", "%x", "%X", "%10v"} {
		assertNoSecret(t, "fmt "+verb+" of Config", fmt.Sprintf(verb, c))
		assertNoSecret(t, "fmt "+verb+" of &Config", fmt.Sprintf(verb, &c))
		assertNoSecret(t, "fmt "+verb+" of Secret", fmt.Sprintf(verb, c.LLM.APIKey))
	}
	assertNoSecret(t, "fmt.Sprint", fmt.Sprint(c.Admin.APIKey, c))

	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	assertNoSecret(t, "json.Marshal", string(b))

	text, err := c.CRM.AccessToken.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	assertNoSecret(t, "MarshalText", string(text))

	var zapOut bytes.Buffer
	logger := zap.New(zapcore.NewCore(zapcore.NewJSONEncoder(zap.NewProductionEncoderConfig()), zapcore.AddSync(&zapOut), zap.DebugLevel))
	logger.Info("config", zap.Any("key", c.LLM.APIKey), zap.Stringer("token", c.ERP.AccessToken), zap.Any("config", c))
	assertNoSecret(t, "zap", zapOut.String())

	var slogOut bytes.Buffer
	slog.New(slog.NewJSONHandler(&slogOut, nil)).Info("config", "key", c.Messaging.AppSecret, "config", c)
	assertNoSecret(t, "slog", slogOut.String())
}

func TestSecretRendering(t *testing.T) {
	tests := []struct {
		secret      config.Secret
		str, masked string
		value       string
	}{
		{"", "", "", ""},
		{"short", "****", "****", "short"},
		{"sk-proj-abcdefghijkl", "****", "sk-p****", "sk-proj-abcdefghijkl"},
	}
	for _, tt := range tests {
		if got := tt.secret.String(); got != tt.str {
			t.Errorf("Secret(%d chars).String() = %q, want %q", len(tt.secret), got, tt.str)
		}
		if got := tt.secret.Mask(); got != tt.masked {
			t.Errorf("Secret(%d chars).Mask() = %q, want %q", len(tt.secret), got, tt.masked)
		}
		if got := tt.secret.Reveal(); got != tt.value {
			t.Errorf("Reveal() does not return the value")
		}
	}
}
