package dashboard_test

import (
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/intake-runtime/intake/actors/conversation/content"
	"github.com/intake-runtime/intake/http/dashboard"
)

func TestKnowledgeListAndRead(t *testing.T) {
	e := newEnv(t)
	var list struct {
		Packages []struct{ ID, Title string }
		Writable bool
		Dir      string `json:"content_dir"`
	}
	e.get(t, "/dashboard/knowledge").json(t, &list)
	if len(list.Packages) != len(e.content.PackageIDs()) || !list.Writable || list.Dir != e.dir {
		t.Errorf("list = %+v", list)
	}

	r := e.get(t, "/dashboard/knowledge/empresa")
	wantStatus(t, r, http.StatusOK)
	var got struct {
		Package  dashboard.PackageView
		Writable bool
	}
	r.json(t, &got)
	want, _ := e.content.Package("empresa")
	if got.Package != dashboard.PackageView(want) || !got.Writable {
		t.Errorf("package = %+v, want %+v", got, want)
	}

	r = e.get(t, "/dashboard/knowledge/nope")
	if r.status != http.StatusNotFound || r.errorCode(t) != "unknown_package" {
		t.Errorf("unknown package: %d %s", r.status, r.body)
	}
}

// A saved package is served at once, written to CONTENT_DIR, and the
// version it replaced is kept.
func TestKnowledgeWrite(t *testing.T) {
	e := newEnv(t)
	old, _ := e.content.Package("empresa")
	for name, post := range map[string]func(text string) response{
		"form": func(text string) response {
			return e.postForm(t, "/dashboard/knowledge/empresa", url.Values{"content": {text}})
		},
		"json": func(text string) response {
			return e.postJSON(t, "/dashboard/knowledge/empresa", `{"content":`+quoteJSON(text)+`}`)
		},
	} {
		text := "# Empresa (" + name + ")\n\nAtendemos de segunda a sexta.\n"
		r := post(text)
		wantStatus(t, r, http.StatusOK)
		var got struct {
			Package dashboard.PackageView
			Saved   bool
			Detail  string
		}
		r.json(t, &got)
		if !got.Saved || got.Package.Content != text || got.Package.Title != "Empresa ("+name+")" || !strings.Contains(got.Detail, "no restart") {
			t.Errorf("%s: answer = %+v", name, got)
		}
		if p, _ := e.content.Package("empresa"); p.Content != text {
			t.Errorf("%s: store serves %q", name, p.Content)
		}
		if disk, _ := os.ReadFile(filepath.Join(e.dir, "knowledge", "empresa.md")); string(disk) != text {
			t.Errorf("%s: file holds %q", name, disk)
		}
	}
	history, _ := filepath.Glob(filepath.Join(e.dir, "knowledge", "history", "empresa", "*.md"))
	if len(history) != 2 {
		t.Fatalf("history holds %d versions, want 2", len(history))
	}
	first, _ := os.ReadFile(history[0])
	if string(first) != old.Content {
		t.Errorf("oldest history entry is not the embedded version:\n%s", first)
	}
}

func TestKnowledgeWriteErrors(t *testing.T) {
	e := newEnv(t)
	for name, tc := range map[string]struct {
		r      response
		status int
		code   string
	}{
		"unknown":    {e.postForm(t, "/dashboard/knowledge/nope", url.Values{"content": {"# x"}}), 404, "unknown_package"},
		"empty":      {e.postForm(t, "/dashboard/knowledge/empresa", url.Values{"content": {"  \n"}}), 422, "empty_content"},
		"no field":   {e.postJSON(t, "/dashboard/knowledge/empresa", `{"text":"# x"}`), 400, "bad_body"},
		"not json":   {e.postJSON(t, "/dashboard/knowledge/empresa", `# x`), 400, "bad_body"},
		"wrong type": {e.postJSON(t, "/dashboard/knowledge/empresa", `{"content":3}`), 400, "bad_body"},
	} {
		if tc.r.status != tc.status || tc.r.errorCode(t) != tc.code {
			t.Errorf("%s: %d %s, want %d %s", name, tc.r.status, tc.r.body, tc.status, tc.code)
		}
	}
}

// Without CONTENT_DIR nothing can be saved, and the answer says what to set.
func TestKnowledgeReadOnly(t *testing.T) {
	store, err := content.Open("")
	if err != nil {
		t.Fatal(err)
	}
	e := newEnv(t, func(c *dashboard.Config, d *dashboard.Deps) { c.ContentDir, d.Content = "", store })
	r := e.postForm(t, "/dashboard/knowledge/empresa", url.Values{"content": {"# Empresa"}})
	if r.status != http.StatusConflict || r.errorCode(t) != "content_read_only" || !strings.Contains(string(r.body), "set CONTENT_DIR") {
		t.Errorf("read-only write: %d %s", r.status, r.body)
	}
	var got struct{ Writable bool }
	e.get(t, "/dashboard/knowledge/empresa").json(t, &got)
	if got.Writable {
		t.Error("package reported writable without CONTENT_DIR")
	}
}

func quoteJSON(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	return `"` + r.Replace(s) + `"`
}
