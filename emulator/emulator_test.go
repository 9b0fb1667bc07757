package emulator_test

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/emulator"
	"github.com/intake-runtime/intake/internal/leaktest"
)

// TestEmulatorServesAndStopsCleanly runs a fresh checkout's emulator (no key,
// no credentials, every adapter flag true) and stops it as Ctrl+C does.
func TestEmulatorServesAndStopsCleanly(t *testing.T) {
	leaktest.Check(t)
	cfg := load(t, nil, nil)
	emu, err := emulator.New(context.Background(), cfg, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	if eff := emu.Config(); eff.Messaging.CloudEnabled || eff.CRM.Enabled || !eff.DevUI.Enabled {
		t.Errorf("effective config: messaging %t, CRM %t, dev UI %t", eff.Messaging.CloudEnabled, eff.CRM.Enabled, eff.DevUI.Enabled)
	}
	if emu.Cloud().Table == nil || emu.Cloud().Queue == nil || emu.Cloud().Mailer == nil || emu.Cloud().Parameters == nil {
		t.Fatalf("incomplete simulated context: %+v", emu.Cloud())
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- emu.Run(ctx, ln) }()

	client := &http.Client{Timeout: 10 * time.Second}
	defer client.CloseIdleConnections()
	base := "http://" + ln.Addr().String()
	for path, want := range map[string]string{"/healthz": `{"ok":true}`, "/readyz": `{"ok":true}`, "/admin": "Administração do Intake"} {
		res, err := client.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || !strings.Contains(string(body), want) {
			t.Errorf("GET %s = %d %.200s", path, res.StatusCode, body)
		}
	}
	client.CloseIdleConnections()

	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Run after cancel = %v, want a clean stop", err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("the emulator did not stop")
	}
}

func TestListenBindsAllInterfaces(t *testing.T) {
	ln, err := emulator.Listen(0)
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	addr := ln.Addr().(*net.TCPAddr)
	if !addr.IP.IsUnspecified() || addr.Port == 0 {
		t.Errorf("Listen(0) = %v, want 0.0.0.0 and a port", addr)
	}
	if _, err := emulator.Listen(addr.Port); err == nil || !strings.Contains(err.Error(), "DASHBOARD_PORT") {
		t.Errorf("Listen on a taken port = %v, want an error naming DASHBOARD_PORT", err)
	}
}

// TestHandoffEmailsGoToTheMemoryMailer: a customer asking for a person (the
// replay model answers s=3) hands the conversation off, and the e-mail
// notifier writes to the simulated context's mailer, not to SES.
func TestHandoffEmailsGoToTheMemoryMailer(t *testing.T) {
	leaktest.Check(t)
	replay := filepath.Join(t.TempDir(), "answers.yaml")
	if err := os.WriteFile(replay, []byte(`- '{"s":3,"qualification_data":{}} Vou chamar uma pessoa da equipe.'`+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg := load(t, map[string]string{
		"LLM_PROVIDER": "replay", "LLM_REPLAY_FILE": replay,
		"HANDOFF_EMAIL_FROM": "bot@example.com", "HANDOFF_EMAIL_TO": "ops@example.com",
	}, nil)
	emu, err := emulator.New(context.Background(), cfg, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- emu.Run(ctx, ln) }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
	}()

	client := &http.Client{Timeout: 30 * time.Second}
	defer client.CloseIdleConnections()
	form := url.Values{"phone-input": {"+5511987654321"}, "content": {"Quero falar com uma pessoa"}}
	req, _ := http.NewRequest("POST", "http://"+ln.Addr().String()+"/chat", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(string(body), "HANDOFF") {
		t.Fatalf("POST /chat = %d %s", res.StatusCode, body)
	}
	deadline := time.Now().Add(10 * time.Second)
	for len(emu.Cloud().Mailer.Sent()) == 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	sent := emu.Cloud().Mailer.Sent()
	if len(sent) != 1 || sent[0].From != "bot@example.com" || sent[0].To[0] != "ops@example.com" || sent[0].Subject == "" {
		t.Errorf("mailer holds %+v, want one handoff e-mail to ops@example.com", sent)
	}
}

// The smokes of a fresh emulator tell the truth about the substituted
// adapters: the flag is true, the stub runs for lack of credentials.
func TestSmokesNameTheSubstitutedStubs(t *testing.T) {
	leaktest.Check(t)
	emu, err := emulator.New(context.Background(), load(t, nil, nil), zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := emu.Close(); err != nil {
			t.Error(err)
		}
	}()
	req, _ := http.NewRequest("POST", "/dashboard/run-smoke/messaging", strings.NewReader(url.Values{"mode": {"preflight"}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Host = "localhost:8080" // as the developer's browser asks; other hosts are refused (DEV_ALLOWED_HOSTS)
	res, err := emu.App().HTTP().Test(req, 10_000)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if !strings.Contains(string(body), "local stub: MESSAGING_CLOUD_ENABLED=true, but MESSAGING_ACCESS_TOKEN") {
		t.Errorf("messaging smoke of a fresh emulator: %d %s", res.StatusCode, body)
	}
}
