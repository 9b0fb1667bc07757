package admin_test

import (
	"fmt"
	"io"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"

	"github.com/intake-runtime/intake/actors/conversation/content"
	"github.com/intake-runtime/intake/http/admin"
	"github.com/intake-runtime/intake/http/httperr"
	"github.com/intake-runtime/intake/persistence/memory"
)

// A guesser of the admin key gets ten tries a minute from one address: a
// hundred wrong keys in a second are answered 429 past the tenth, the right
// key too while the address waits, and again 401 once the minute is over.
// Each refusal is logged at warn without the key, a bounded number of lines.
func TestWrongAdminKeysAreThrottledPerAddress(t *testing.T) {
	var mu sync.Mutex
	clock := now
	tick := func(d time.Duration) { mu.Lock(); clock = clock.Add(d); mu.Unlock() }
	core, logs := observer.New(zapcore.WarnLevel)
	store, err := content.Open("")
	if err != nil {
		t.Fatal(err)
	}
	table := memory.New()
	h, err := admin.New(admin.Config{
		APIKey: testKey, RenotifyAfter: time.Minute, OpenPages: true,
		Now:      func() time.Time { mu.Lock(); defer mu.Unlock(); return clock },
		Settings: loadedSettings(t, table, store),
	}, table, store, zap.New(core))
	if err != nil {
		t.Fatal(err)
	}
	app := fiber.New(fiber.Config{ErrorHandler: httperr.Handler, DisableStartupMessage: true})
	h.Register(app)
	get := func(key string) (int, string) {
		req := httptest.NewRequest("GET", "/admin/api/demands", nil)
		req.Header.Set(admin.KeyHeader, key)
		res, err := app.Test(req, 10_000)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}

	const guess = "guessed-key-that-must-never-be-logged"
	counts := map[int]int{}
	for i := range 100 {
		status, body := get(guess)
		counts[status]++
		if i >= 10 && (status != fiber.StatusTooManyRequests || errorOf(t, body).Code != "too_many_admin_key_failures") {
			t.Fatalf("wrong key #%d = %d %s, want 429 too_many_admin_key_failures", i+1, status, body)
		}
		tick(5 * time.Millisecond)
	}
	if counts[fiber.StatusUnauthorized] != 10 || counts[fiber.StatusTooManyRequests] != 90 {
		t.Errorf("100 wrong keys in a second: %v, want 10 × 401 then 90 × 429", counts)
	}
	if status, _ := get(testKey); status != fiber.StatusTooManyRequests {
		t.Errorf("the right key while the address waits = %d, want 429", status)
	}
	tick(time.Minute)
	if status, _ := get(testKey); status != fiber.StatusOK {
		t.Errorf("the right key after the minute = %d, want 200", status)
	}

	entries := logs.All()
	if len(entries) == 0 || len(entries) > 10 {
		t.Fatalf("%d warn lines for 100 wrong keys, want 1 to 10", len(entries))
	}
	for _, e := range entries {
		line := fmt.Sprint(e.Message, e.ContextMap())
		if strings.Contains(line, guess) || strings.Contains(line, testKey) {
			t.Errorf("a log line holds the key: %s", line)
		}
		if e.ContextMap()["source"] == nil {
			t.Errorf("a log line does not name the address: %s", line)
		}
	}
	if last := entries[len(entries)-1]; !strings.Contains(last.Message, "throttled") {
		t.Errorf("last line %q does not say the address is throttled", last.Message)
	}
}
