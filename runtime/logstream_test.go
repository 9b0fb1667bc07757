package runtime_test

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/internal/leaktest"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/runtime"
	"github.com/intake-runtime/intake/runtime/logging"
)

// TestLogStreamOutlivesTheWriteTimeout: the dashboard's live log stream is
// one long answer; HTTP_WRITE_TIMEOUT, meant for ordinary answers, must not
// cut it.
func TestLogStreamOutlivesTheWriteTimeout(t *testing.T) {
	leaktest.Check(t)
	const writeTimeout = 300 * time.Millisecond
	cfg := load(t, map[string]string{
		"MESSAGING_CLOUD_ENABLED": "false", "CRM_ENABLED": "false", "ERP_ENABLED": "false",
		"DEV_UI_ENABLED": "true", "HTTP_WRITE_TIMEOUT": writeTimeout.String(),
	})
	logger, ring, err := logging.New(logging.Options{Output: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	app, err := runtime.New(context.Background(), cfg, runtime.WithLogRing(logger, ring), runtime.Options{Table: memory.New()})
	if err != nil {
		t.Fatal(err)
	}
	ln := listen(t)
	defer running(t, app, ln)()

	client := &http.Client{}
	defer client.CloseIdleConnections()
	var res *http.Response
	for range 100 {
		if res, err = client.Get("http://" + ln.Addr().String() + "/dashboard/logs?stream=1"); err == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	lines := make(chan string, 100)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(res.Body)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()
	time.Sleep(4 * writeTimeout)
	logger.Info("written after the write timeout")
	deadline := time.After(5 * time.Second)
	for {
		select {
		case line, ok := <-lines:
			if !ok {
				t.Fatal("the stream ended: the write timeout cut it")
			}
			if strings.Contains(line, "written after the write timeout") {
				return
			}
		case <-deadline:
			t.Fatal("the entry logged after the write timeout never arrived")
		}
	}
}
