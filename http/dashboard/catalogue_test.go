package dashboard_test

import (
	"net/http"
	"strings"
	"testing"
)

type catalogueJSON struct {
	Content  string   `json:"content"`
	Versions []string `json:"versions"`
	Writable bool     `json:"writable"`
}

// The Catalogue tab reads the catalogue in use, refuses an edit naming a
// knowledge package that does not exist (nothing changes), saves a valid one
// as the catalogue setting's next version (served at once, listed and
// readable).
func TestCatalogueEdit(t *testing.T) {
	e := newEnv(t)
	var before catalogueJSON
	e.get(t, "/dashboard/catalogue").json(t, &before)
	if before.Content == "" || !before.Writable || len(before.Versions) != 0 {
		t.Fatalf("catalogue = %+v", before)
	}
	bad := strings.Replace(before.Content, "packages: [pesquisa-satisfacao,", "packages: [nao-existe,", 1)
	r := e.postJSON(t, "/dashboard/catalogue", `{"content":`+quoteJSON(bad)+`}`)
	if r.status != http.StatusUnprocessableEntity || r.errorCode(t) != "invalid_catalogue" || !strings.Contains(string(r.body), "nao-existe") {
		t.Fatalf("invalid edit = %d %s", r.status, r.body)
	}
	if e.content.CatalogueText() != before.Content {
		t.Fatal("a refused edit took effect")
	}

	edited := strings.Replace(before.Content, "name: Pesquisa de Satisfação de Clientes", "name: Pesquisa de Satisfação e NPS", 1)
	r = e.postJSON(t, "/dashboard/catalogue", `{"content":`+quoteJSON(edited)+`}`)
	wantStatus(t, r, http.StatusOK)
	var after catalogueJSON
	r.json(t, &after)
	if after.Content != edited || len(after.Versions) != 1 || after.Versions[0] != "1" {
		t.Fatalf("after the save: %d versions, content changed %v", len(after.Versions), after.Content == edited)
	}
	if _, ok := e.content.Catalogue().Service("Pesquisa de Satisfação e NPS"); !ok {
		t.Error("the saved catalogue is not served")
	}
	var version struct{ Content string }
	e.get(t, "/dashboard/catalogue/versions/"+after.Versions[0]).json(t, &version)
	if version.Content != edited {
		t.Error("the stored version is not the saved catalogue")
	}
	if r := e.get(t, "/dashboard/catalogue/versions/nope"); r.status != http.StatusNotFound {
		t.Errorf("unknown version = %d", r.status)
	}
}
