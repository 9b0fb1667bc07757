package webhook_test

import (
	"bytes"
	"encoding/json"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/messaging/cloudapi"
	"github.com/intake-runtime/intake/http/webhook"
	"github.com/intake-runtime/intake/inbound"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
)

// Fuzz modes: how the handler is configured and how the body is signed.
const (
	fuzzSigned   = iota // app secret set, body signed with it
	fuzzOpen            // no app secret: unsigned bodies accepted
	fuzzUnsigned        // app secret set, body unsigned: always refused
	fuzzModes
)

// FuzzWebhook posts arbitrary bodies to both POST routes, with the signature
// rule on and off: the handler must never panic and must answer only with
// the statuses its contract lists, each with a JSON body.
func FuzzWebhook(f *testing.F) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.json"))
	if err != nil {
		f.Fatal(err)
	}
	for _, name := range files {
		body, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(body, uint8(fuzzSigned), false)
	}
	apps := make([]*fiber.App, fuzzModes)
	for mode := range apps {
		cfg := cloudapi.WebhookConfig{ParserConfig: messaging.ParserConfig{Instances: []string{"instance_a", "instance_b"}}}
		if mode != fuzzOpen {
			cfg.AppSecret = testSecret
		}
		// A consumer that keeps up: a body seen twice is a duplicate (200).
		table := memory.New()
		queue := &recorder{consumer: &consumer{receipts: persistence.NewReceipts(table), now: time.Now}}
		apps[mode] = newApp(newHandler(f, webhook.Config{}, inbound.Config{}, newPlatform(f, cfg), inbound.Deps{Table: table, Queue: queue}, zap.NewNop()))
	}

	f.Fuzz(func(t *testing.T, body []byte, mode uint8, internal bool) {
		mode %= fuzzModes
		path, allowed := "/webhook", []int{200, 400, 401, 413}
		if internal {
			path, allowed = "/webhook/internal", []int{200, 400, 401, 413, 422}
		}
		req := httptest.NewRequest(fiber.MethodPost, path, bytes.NewReader(body))
		if mode == fuzzSigned {
			req.Header.Set(cloudapi.SignatureHeader, cloudapi.Signature(testSecret, body))
		}
		res, err := apps[mode].Test(req, -1)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var answer map[string]any
		if err := json.NewDecoder(res.Body).Decode(&answer); err != nil {
			t.Fatalf("status %d with a body that is not JSON: %v", res.StatusCode, err)
		}
		if !slices.Contains(allowed, res.StatusCode) {
			t.Fatalf("status %d (%v), want one of %v", res.StatusCode, answer, allowed)
		}
		if mode == fuzzUnsigned && res.StatusCode != 401 && res.StatusCode != 413 {
			t.Fatalf("unsigned body answered %d", res.StatusCode)
		}
		if res.StatusCode != 200 {
			if _, ok := answer["error"].(map[string]any); !ok {
				t.Fatalf("status %d without the error shape: %v", res.StatusCode, answer)
			}
		}
	})
}
