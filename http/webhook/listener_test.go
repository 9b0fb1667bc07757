package webhook_test

import (
	"net"
	"testing"

	"github.com/gofiber/fiber/v2"
	"github.com/valyala/fasthttp/fasthttputil"
)

// serve runs app on an in-memory listener until the test ends and returns a
// dialer to it. Unlike app.Test, it lets fasthttp answer a request it stops
// reading early (the app's BodyLimit), as a real server does.
func serve(t testing.TB, app *fiber.App) func() (net.Conn, error) {
	t.Helper()
	ln := fasthttputil.NewInmemoryListener()
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = app.Listener(ln)
	}()
	t.Cleanup(func() {
		if err := app.Shutdown(); err != nil {
			t.Error(err)
		}
		<-done
	})
	return ln.Dial
}
