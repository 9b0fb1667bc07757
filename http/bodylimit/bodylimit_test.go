package bodylimit_test

import (
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/http/bodylimit"
	"github.com/intake-runtime/intake/http/httperr"
)

// A write within the bound reaches its handler; a longer or compressed one
// is refused before it, with the API's JSON error; reads pass whatever
// they carry.
func TestJSON(t *testing.T) {
	reached := 0
	app := fiber.New()
	app.Use(bodylimit.JSON(1 << 10))
	app.All("/", func(c *fiber.Ctx) error { reached++; return c.SendStatus(fiber.StatusNoContent) })
	for _, tc := range []struct {
		name, method string
		size         int
		encoding     string
		status       int
		code         string
	}{
		{"a write at the bound", "POST", 1 << 10, "", 204, ""},
		{"a write past the bound", "POST", 1<<10 + 1, "", 413, "payload_too_large"},
		{"a PUT past the bound", "PUT", 4 << 10, "", 413, "payload_too_large"},
		{"a DELETE past the bound", "DELETE", 4 << 10, "", 413, "payload_too_large"},
		{"a compressed write", "POST", 10, "gzip", 415, "unsupported_encoding"},
		{"an identity encoding", "POST", 10, "identity", 204, ""},
		{"a read", "GET", 4 << 10, "", 204, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := reached
			req := httptest.NewRequest(tc.method, "/", strings.NewReader(strings.Repeat("a", tc.size)))
			if tc.encoding != "" {
				req.Header.Set("Content-Encoding", tc.encoding)
			}
			res, err := app.Test(req)
			if err != nil {
				t.Fatal(err)
			}
			if res.StatusCode != tc.status {
				t.Fatalf("status %d, want %d", res.StatusCode, tc.status)
			}
			if tc.code == "" {
				if reached != before+1 {
					t.Error("the handler did not run")
				}
				return
			}
			if reached != before {
				t.Error("the handler ran for a refused write")
			}
			var body httperr.Body
			if err := json.NewDecoder(res.Body).Decode(&body); err != nil || body.Error.Code != tc.code || body.Error.Message == "" {
				t.Errorf("body %+v (%v), want the error %q with a message", body, err, tc.code)
			}
		})
	}
}
