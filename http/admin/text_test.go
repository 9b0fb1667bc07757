package admin

import (
	"io/fs"
	"regexp"
	"testing"

	"github.com/intake-runtime/intake/locale"
)

// templateKey finds the texts a template reads: {{t "key" …}}.
var templateKey = regexp.MustCompile(`\{\{t "([^"]+)"`)

func TestEveryTextThePagesReadIsInTheCatalogue(t *testing.T) {
	catalogue, err := locale.Merge(pageTexts...)
	if err != nil {
		t.Fatal(err)
	}
	names, err := fs.Glob(embedded, "templates/*.html")
	if err != nil || len(names) == 0 {
		t.Fatalf("no templates: %v", err)
	}
	for _, name := range names {
		src, err := fs.ReadFile(embedded, name)
		if err != nil {
			t.Fatal(err)
		}
		found := templateKey.FindAllSubmatch(src, -1)
		if len(found) == 0 {
			t.Errorf("%s reads no text: is the pattern still right?", name)
		}
		for _, m := range found {
			if _, ok := catalogue[string(m[1])]; !ok {
				t.Errorf("%s reads %q, which the catalogue lacks", name, m[1])
			}
		}
	}
}
