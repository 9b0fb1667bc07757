package secheaders_test

import (
	"errors"
	"net/http/httptest"
	"testing"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/http/secheaders"
)

// Every answer carries the four headers, a failed one too, with the policy
// the surface chose.
func TestNewSetsTheHeaders(t *testing.T) {
	app := fiber.New()
	app.Use(secheaders.New(secheaders.InlineStyles))
	app.Get("/ok", func(c *fiber.Ctx) error { return c.SendString("ok") })
	app.Get("/fails", func(c *fiber.Ctx) error { return errors.New("boom") })
	for _, path := range []string{"/ok", "/fails", "/missing"} {
		res, err := app.Test(httptest.NewRequest("GET", path, nil))
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]string{
			"Content-Security-Policy": secheaders.InlineStyles,
			"X-Frame-Options":         "DENY",
			"X-Content-Type-Options":  "nosniff",
			"Referrer-Policy":         "same-origin",
		}
		for name, value := range want {
			if got := res.Header.Get(name); got != value {
				t.Errorf("GET %s: %s = %q, want %q", path, name, got, value)
			}
		}
	}
}
