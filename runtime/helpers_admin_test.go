package runtime_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/runtime"
)

// newApp builds an App over table (a fresh memory table when nil) with the
// offline model and the messaging stub, closed at the end of the test. It
// never runs: requests go through fiber's Test.
func newApp(t *testing.T, env map[string]string, table persistence.Table) *runtime.App {
	t.Helper()
	vars := map[string]string{"MESSAGING_CLOUD_ENABLED": "false", "CRM_ENABLED": "false", "ERP_ENABLED": "false"}
	for k, v := range env {
		vars[k] = v
	}
	if table == nil {
		table = memory.New()
	}
	app, err := runtime.New(context.Background(), load(t, vars), zap.NewNop(), runtime.Options{Table: table})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := app.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return app
}

// response is one answer of do.
type response struct {
	status int
	body   string
	header http.Header
}

// do sends one request through the app's handlers.
func do(t *testing.T, app *runtime.App, method, target string, body io.Reader, header map[string]string) response {
	t.Helper()
	req := httptest.NewRequest(method, target, body)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	res, err := app.HTTP().Test(req, 10_000)
	if err != nil {
		t.Fatalf("%s %s: %v", method, target, err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return response{status: res.StatusCode, body: string(b), header: res.Header}
}

// errorCode returns the code of an error body, "" when it is not one.
func errorCode(body string) string {
	var e struct {
		Error struct {
			Code    string `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if json.Unmarshal([]byte(body), &e) != nil || e.Error.Message == "" {
		return ""
	}
	return e.Error.Code
}

// brokenTable is a memory table whose reads fail once broken is set.
type brokenTable struct {
	*memory.Table
	broken atomic.Bool
}

func (b *brokenTable) Get(ctx context.Context, key persistence.Key) (persistence.Item, error) {
	if b.broken.Load() {
		return nil, errors.New("table unreachable")
	}
	return b.Table.Get(ctx, key)
}

func (b *brokenTable) QueryIndex(ctx context.Context, q persistence.IndexQuery) (persistence.Page, error) {
	if b.broken.Load() {
		return persistence.Page{}, errors.New("table unreachable")
	}
	return b.Table.QueryIndex(ctx, q)
}
