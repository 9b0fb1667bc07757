package sameorigin_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/http/sameorigin"
)

func TestCheck(t *testing.T) {
	app := fiber.New()
	app.Use(sameorigin.Check)
	app.All("/x", func(c *fiber.Ctx) error { return c.SendString("done") })
	cases := []struct {
		method, origin string
		want           int
	}{
		{http.MethodPost, "", http.StatusOK},
		{http.MethodPost, "http://localhost:8080", http.StatusOK},
		{http.MethodPost, "http://LOCALHOST:8080", http.StatusOK},
		{http.MethodPost, "https://evil.example", http.StatusForbidden},
		{http.MethodPost, "http://localhost:9999", http.StatusForbidden},
		{http.MethodPost, "null", http.StatusForbidden},
		{http.MethodPost, "::", http.StatusForbidden},
		{http.MethodGet, "https://evil.example", http.StatusOK},
	}
	for _, tc := range cases {
		req := httptest.NewRequest(tc.method, "http://localhost:8080/x", nil)
		if tc.origin != "" {
			req.Header.Set("Origin", tc.origin)
		}
		res, err := app.Test(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != tc.want {
			t.Errorf("%s with Origin %q: %d, want %d", tc.method, tc.origin, res.StatusCode, tc.want)
		}
	}
}
