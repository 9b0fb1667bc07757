package dashboard_test

import (
	"bufio"
	"encoding/json"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/http/dashboard"
	"github.com/intake-runtime/intake/internal/leaktest"
)

func entry(seq uint64, msg string) dashboard.LogEntry {
	return dashboard.LogEntry{Seq: seq, Time: t0, Level: "info", Logger: "session", Message: msg, Fields: json.RawMessage(`{"phone":"+5511988887777"}`)}
}

func TestLogsSnapshotAndClear(t *testing.T) {
	e := newEnv(t)
	r := e.get(t, "/dashboard/logs")
	wantStatus(t, r, http.StatusOK)
	if strings.TrimSpace(string(r.body)) != `{"entries":[]}` {
		t.Errorf("empty buffer = %s, want an empty list", r.body)
	}

	e.logs.add(entry(1, "turn started"))
	e.logs.add(entry(2, "turn committed"))
	var got struct{ Entries []map[string]any }
	e.get(t, "/dashboard/logs").json(t, &got)
	if len(got.Entries) != 2 || got.Entries[1]["message"] != "turn committed" || got.Entries[1]["seq"] != 2.0 ||
		got.Entries[0]["level"] != "info" || got.Entries[0]["logger"] != "session" {
		t.Errorf("entries = %v", got.Entries)
	}
	if f, _ := got.Entries[0]["fields"].(map[string]any); f["phone"] != phone {
		t.Errorf("fields = %v, want an object", got.Entries[0]["fields"])
	}

	r = e.postForm(t, "/dashboard/logs/clear", nil)
	wantStatus(t, r, http.StatusOK)
	var cleared struct {
		Cleared bool
		Scope   string
	}
	r.json(t, &cleared)
	if !cleared.Cleared || !strings.Contains(cleared.Scope, "memory buffer only") || e.logs.cleared != 1 {
		t.Errorf("clear answered %+v (cleared %d times)", cleared, e.logs.cleared)
	}
}

func TestLogsUnavailable(t *testing.T) {
	e := newEnv(t, func(_ *dashboard.Config, d *dashboard.Deps) { d.Logs = nil })
	for _, r := range []response{e.get(t, "/dashboard/logs"), e.postForm(t, "/dashboard/logs/clear", nil)} {
		if r.status != http.StatusServiceUnavailable || r.errorCode(t) != "logs_unavailable" {
			t.Errorf("status %d body %s, want 503 logs_unavailable", r.status, r.body)
		}
	}
}

// The stream sends what the buffer holds, then every new entry, skips what
// a reconnecting client already has, and ends when the server shuts down.
func TestLogsStream(t *testing.T) {
	leaktest.Check(t)
	e := newEnv(t)
	e.logs.add(entry(1, "before"))
	e.logs.add(entry(2, "also before"))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	served := make(chan error, 1)
	go func() { served <- e.app.Listener(ln) }()

	for _, tc := range []struct {
		name, path, lastID string
		accept             string
		want               []string
	}{
		{name: "query", path: "/dashboard/logs?stream=1", want: []string{"before", "also before"}},
		{name: "accept", path: "/dashboard/logs", accept: "text/event-stream", lastID: "1", want: []string{"also before", "live query"}},
		// An ID beyond every entry held comes from before a restart.
		{name: "restarted", path: "/dashboard/logs?stream=1", lastID: "9000", want: []string{"before", "also before", "live query", "live accept"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req, _ := http.NewRequest(http.MethodGet, "http://"+ln.Addr().String()+tc.path, nil)
			if tc.accept != "" {
				req.Header.Set("Accept", tc.accept)
			}
			if tc.lastID != "" {
				req.Header.Set("Last-Event-ID", tc.lastID)
			}
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/event-stream") {
				t.Fatalf("Content-Type = %q", ct)
			}
			events := readEvents(t, bufio.NewReader(res.Body))
			for _, want := range tc.want {
				if got := <-events; got.Message != want {
					t.Fatalf("event %+v, want %q", got, want)
				}
			}
			e.logs.add(entry(uint64(10+len(tc.name)), "live "+tc.name))
			if got := <-events; got.Message != "live "+tc.name {
				t.Fatalf("live event %+v", got)
			}
		})
	}
	t.Run("client leaves", func(t *testing.T) {
		open := e.logs.subscribers()
		res, err := http.Get("http://" + ln.Addr().String() + "/dashboard/logs?stream=1")
		if err != nil {
			t.Fatal(err)
		}
		<-readEvents(t, bufio.NewReader(res.Body)) // the stream is up
		res.Body.Close()
		// The stream learns the browser left when a write fails.
		for seq := uint64(100); e.logs.subscribers() > open; seq++ {
			if seq > 1000 {
				t.Fatal("the stream of a closed connection is still subscribed")
			}
			e.logs.add(entry(seq, "after the client left"))
			time.Sleep(10 * time.Millisecond)
		}
	})
	// The first streams are still open: shutting down must end them, not wait.
	done := make(chan error, 1)
	go func() { done <- e.app.ShutdownWithTimeout(5 * time.Second) }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("shutdown with a log stream open: %v", err)
		}
	case <-time.After(8 * time.Second):
		t.Fatal("shutdown hangs on an open log stream")
	}
	<-served
	deadline := time.Now().Add(5 * time.Second)
	for e.logs.subscribers() > 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := e.logs.subscribers(); n != 0 {
		t.Errorf("%d subscriptions left after the streams ended", n)
	}
	http.DefaultClient.CloseIdleConnections()
}

// readEvents parses "log" events from an SSE stream until it ends.
func readEvents(t *testing.T, r *bufio.Reader) <-chan dashboard.LogEntry {
	out := make(chan dashboard.LogEntry, 16)
	go func() {
		defer close(out)
		var event, data string
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			line = strings.TrimRight(line, "\n")
			switch {
			case strings.HasPrefix(line, "event: "):
				event = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: "):
				data = strings.TrimPrefix(line, "data: ")
			case line == "" && event == "log":
				var e dashboard.LogEntry
				if err := json.Unmarshal([]byte(data), &e); err != nil {
					t.Errorf("event data %q: %v", data, err)
				}
				out <- e
				event, data = "", ""
			}
		}
	}()
	return out
}
