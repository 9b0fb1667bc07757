package runtime

import (
	"context"
	"crypto/subtle"
	"fmt"
	"net"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/http/httperr"
)

// metricsPath is where Prometheus scrapes.
const metricsPath = "/metrics"

// /metrics lists internal figures (traffic, costs, backlog), so it is not
// for anyone who can reach the public port:
//
//   - METRICS_TOKEN set: the scraper sends Authorization: Bearer <token>
//     (Prometheus: authorization.credentials); anything else is 401. It then
//     passes the development gate.
//   - METRICS_ADDR set: /metrics is served on that listener only (e.g. a
//     port the load balancer does not expose), with the token too when set.
//   - neither: /metrics is a development surface, 404 unless
//     DEV_UI_ENABLED (the emulator).

// metricsRoutes mounts GET /metrics on the public app, or on the app of
// METRICS_ADDR, which Run serves.
func (a *App) metricsRoutes() error {
	h := a.metrics.Handler(a.logger.Named("metrics"))
	if token := a.cfg.Metrics.Token.Reveal(); token != "" {
		h = bearerOnly(token, h)
	}
	if a.cfg.Metrics.Addr == "" {
		a.http.Get(metricsPath, h)
		return nil
	}
	a.metricsHTTP = fiber.New(fiber.Config{
		AppName:               "intake-metrics",
		DisableStartupMessage: true,
		ErrorHandler:          httperr.Handler,
		ReadTimeout:           a.cfg.HTTP.ReadTimeout,
		WriteTimeout:          a.cfg.HTTP.WriteTimeout,
		IdleTimeout:           a.cfg.HTTP.IdleTimeout,
	})
	a.metricsHTTP.Use(a.metrics.HTTP())
	a.metricsHTTP.Get(metricsPath, h)
	return nil
}

// bearerOnly answers 401 unless the request carries Authorization: Bearer
// token, compared in constant time.
func bearerOnly(token string, next fiber.Handler) fiber.Handler {
	want := []byte("Bearer " + token)
	return func(c *fiber.Ctx) error {
		got := c.Get(fiber.HeaderAuthorization)
		if subtle.ConstantTimeCompare([]byte(got), want) != 1 {
			c.Set(fiber.HeaderWWWAuthenticate, `Bearer realm="metrics"`)
			return httperr.Write(c, fiber.StatusUnauthorized, "unauthorized", "send Authorization: Bearer with METRICS_TOKEN")
		}
		return next(c)
	}
}

// serveMetrics starts the METRICS_ADDR listener, when configured, and
// returns the function that stops it; nothing to stop otherwise.
func (a *App) serveMetrics() (stop func(context.Context) error, err error) {
	if a.metricsHTTP == nil {
		return func(context.Context) error { return nil }, nil
	}
	ln, err := net.Listen("tcp", a.cfg.Metrics.Addr)
	if err != nil {
		return nil, fmt.Errorf("METRICS_ADDR: %w", err)
	}
	a.logger.Info("metrics served on their own listener", zap.String("addr", ln.Addr().String()))
	done := make(chan error, 1)
	go func() { done <- a.metricsHTTP.Listener(ln) }()
	return func(ctx context.Context) error {
		err := a.metricsHTTP.ShutdownWithContext(ctx)
		_ = ln.Close() // a stop before serving began finds no listener to close
		<-done         // what Listener returns after a shutdown says nothing more
		return err
	}, nil
}
