package dashboard_test

import (
	"net/http"
	"net/url"
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
	}
	e.get(t, "/dashboard/knowledge").json(t, &list)
	if len(list.Packages) != len(e.content.PackageIDs()) || !list.Writable {
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

// A saved package is served at once, as the package setting's next
// version: the same history /admin/settings/knowledge lists.
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
	}
	history, err := e.settings.History(t.Context(), content.PackageDocs+"empresa")
	if err != nil || len(history) != 2 || history[0].Author != "dev" {
		t.Fatalf("history = %+v, %v; want the two saves, by the development runner", history, err)
	}
	if p, _ := e.content.Package("empresa"); p.Content == old.Content {
		t.Error("the file's version is still served")
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

func quoteJSON(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	return `"` + r.Replace(s) + `"`
}
