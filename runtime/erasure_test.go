package runtime_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/projection/crm/crmtest"
	"github.com/intake-runtime/intake/http/atendimento"
	"github.com/intake-runtime/intake/internal/leaktest"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/runtime"
)

// A person's data after a real conversation (issue 33's acceptance): a
// customer registers with a CPF (completed, projected, handed off), an
// operator claims, answers and writes a note, and the sync job projects the
// registration. The export holds every kind of item that conversation
// left; the erasure leaves no item holding the phone, in either ninth-digit
// form, or the CPF, and an audit entry of it.
func TestExportAndEraseAfterARealConversation(t *testing.T) {
	leaktest.Check(t)
	const adminKey = "admin-key-for-tests-0123456789"
	customer, withoutNinth := privacyCPF, "+552176543210"
	platform := newPrivacyPlatform(t)
	model := httptest.NewServer(http.HandlerFunc(privacyModel))
	defer model.Close()
	crm := crmtest.New(t)
	table := memory.New()
	cfg := load(t, map[string]string{
		"DEV_UI_ENABLED": "true", "LLM_API_KEY": "test-key", "LLM_BASE_URL": model.URL + "/v1", "LLM_MODEL": "test-model",
		"MESSAGING_CLOUD_ENABLED": "true", "MESSAGING_API_BASE_URL": platform.URL, "MESSAGING_PHONE_NUMBER_ID": "PNID_1",
		"MESSAGING_ACCESS_TOKEN": "test-token", "HANDOFF_NOTIFIER_ENABLED": "false", "OPERATOR_PHONES": privacyOperator,
		"CRM_BASE_URL": crm.URL, "CRM_ACCESS_TOKEN": "crm-token", "ERP_ENABLED": "false",
		"SYNC_INTERVAL": "50ms", "ADMIN_API_KEY": adminKey,
	})
	app, err := runtime.New(context.Background(), cfg, zap.NewNop(), runtime.Options{Table: table})
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- app.Run(ctx, listen(t)) }() // Run syncs the registration
	defer func() {
		stop()
		if err := <-done; err != nil {
			t.Errorf("Run after stop: %v", err)
		}
	}()

	var sessionID string
	for _, text := range []string{"quero uma pesquisa", "meu nome é " + privacyName, privacyEmail + ", CPF " + privacyCPFDoc} {
		sessionID = consoleChat(t, app, customer, text).GetSessionId()
	}
	console := privacyLogin(t, app, platform, privacyOperator)
	for _, s := range []struct{ action, body string }{
		{"claim", `{}`}, {"send", jsonText("text", "Olá! Recebi seu cadastro.")}, {"notes", jsonText("text", "Cliente quer retorno à tarde.")},
	} {
		res := do(t, app, "POST", "/atendimento/api/conversations/"+strings.TrimPrefix(customer, "+")+"/"+sessionID+"/"+s.action,
			strings.NewReader(s.body), map[string]string{"Content-Type": "application/json", "Cookie": atendimento.CookieName + "=" + console})
		if res.status >= 300 {
			t.Fatalf("%s = %d %s", s.action, res.status, res.body)
		}
	}
	key := map[string]string{"X-Admin-Key": adminKey}
	var export struct {
		Counts map[persistence.PersonKind]int `json:"counts"`
	}
	waitFor(t, "the registration's projection to sync", func() bool {
		p, err := persistence.NewProjections(table).Get(context.Background(), sessionID)
		return err == nil && p.Status == persistence.ProjectionSynced
	})
	res := do(t, app, "GET", "/admin/api/people/"+customer+"/export", nil, key)
	if err := json.Unmarshal([]byte(res.body), &export); res.status != http.StatusOK || err != nil {
		t.Fatalf("export = %d %s", res.status, res.body)
	}
	for _, kind := range []persistence.PersonKind{persistence.PersonActivePointer, persistence.PersonSessions, persistence.PersonMessages,
		persistence.PersonReceipts, persistence.PersonNotes, persistence.PersonProjections, persistence.PersonSearch, persistence.PersonAudit} {
		if export.Counts[kind] == 0 {
			t.Errorf("the export holds no %s (counts %v)", kind, export.Counts)
		}
	}

	if res := do(t, app, "DELETE", "/admin/api/people/"+customer, nil, key); res.status != http.StatusOK {
		t.Fatalf("erase = %d %s", res.status, res.body)
	}
	var erasures, tombstones int
	for _, item := range scanAll(t, table) {
		raw, _ := json.Marshal(item)
		text := string(raw)
		for _, held := range []string{customer[1:], withoutNinth[1:], privacyCPFDoc, digitsOf(privacyCPFDoc), privacyEmail} {
			if strings.Contains(text, held) {
				t.Errorf("after the erasure an item still holds %q: %s", held, clip(text))
			}
		}
		if strings.Contains(text, `"erase"`) {
			erasures++
		}
		if strings.Contains(text, "DONE#") {
			tombstones++
		}
	}
	if erasures != 1 || tombstones != 1 {
		t.Errorf("after the erasure: %d audit entries of it and %d tombstones, want one of each", erasures, tombstones)
	}
}

// scanAll reads every item of table.
func scanAll(t *testing.T, table persistence.Table) []persistence.Item {
	t.Helper()
	var items []persistence.Item
	s := persistence.Scan{}
	for {
		page, err := table.Scan(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		items = append(items, page.Items...)
		if page.Next == "" {
			return items
		}
		s.Cursor = page.Next
	}
}

func clip(s string) string {
	if len(s) > 300 {
		return s[:300] + "…"
	}
	return s
}
