package securitytest_test

import (
	"errors"
	"io"
	"net"
	"os"
	goruntime "runtime"
	"strings"
	"testing"
	"time"
)

// TestSlowClientsAreCutOff: connections that send half a request (headers
// or body) or nothing are closed after HTTP_READ_TIMEOUT instead of being
// held (2000 were held for more than 90 s before), and the goroutines they
// took are given back.
func TestSlowClientsAreCutOff(t *testing.T) {
	const readTimeout = 500 * time.Millisecond
	tg := start(t, map[string]string{"HTTP_READ_TIMEOUT": readTimeout.String(), "HTTP_IDLE_TIMEOUT": readTimeout.String()}, nil)
	before := serving()
	addr := strings.TrimPrefix(tg.base, "http://")
	partial := []string{
		"POST /webhook HTTP/1.1\r\nHost: probe\r\nContent-Type: application/json\r\n",       // headers never end
		"POST /webhook HTTP/1.1\r\nHost: probe\r\nContent-Length: 1000\r\n\r\n{\"object\":", // body never ends
		"", // nothing at all
	}
	const perKind = 100
	var conns []net.Conn
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	for i := range perKind * len(partial) {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
		if _, err := io.WriteString(c, partial[i%len(partial)]); err != nil {
			t.Fatal(err)
		}
	}
	time.Sleep(50 * time.Millisecond) // the server picks the connections up
	held := serving()
	start := time.Now()
	buf := make([]byte, 512)
	for i, c := range conns {
		_ = c.SetReadDeadline(start.Add(readTimeout + 2*time.Second))
		for {
			_, err := c.Read(buf) // a timed-out request may get a 408 first
			if err == nil {
				continue
			}
			if errors.Is(err, os.ErrDeadlineExceeded) {
				t.Fatalf("connection %d (%q) still open %v after HTTP_READ_TIMEOUT=%v", i, partial[i%len(partial)], time.Since(start), readTimeout)
			}
			break // closed by the server
		}
	}
	t.Logf("%d slow connections: %d served before, %d while they were held; all closed within %v", len(conns), before, held, time.Since(start).Round(time.Millisecond))
	if held == 0 {
		t.Errorf("none of the %d slow connections was being served: the probe measured nothing", len(conns))
	}
	deadline := time.Now().Add(5 * time.Second)
	for serving() > before && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if n := serving(); n > before {
		t.Errorf("connections still served after the slow clients were cut off: %d, before them %d", n, before)
	}
}

// serving counts the goroutines serving a connection (fasthttp's serveConn).
func serving() int {
	buf := make([]byte, 16<<20)
	buf = buf[:goruntime.Stack(buf, true)]
	return strings.Count(string(buf), "fasthttp.(*Server).serveConn(")
}
