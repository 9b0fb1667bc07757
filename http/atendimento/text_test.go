package atendimento

import (
	"io/fs"
	"regexp"
	"testing"
)

// templateKey and scriptKey find the texts the templates ({{t "key"}}) and
// the scripts (text("js.key")) read.
var (
	templateKey = regexp.MustCompile(`\{\{-?\s*t\s+"([^"]+)"`)
	scriptKey   = regexp.MustCompile(`\btext\("([^"]+)"`)
)

// Every text a console template or script reads is in the catalogue, in
// both languages (locale.New checks those), so no page shows a bare key.
func TestEveryTextTheConsoleReadsIsInTheCatalogue(t *testing.T) {
	text, err := catalogue()
	if err != nil {
		t.Fatal(err)
	}
	check := func(files fs.FS, pattern string, key *regexp.Regexp) {
		names, err := fs.Glob(files, pattern)
		if err != nil || len(names) == 0 {
			t.Fatalf("no files %s: %v", pattern, err)
		}
		for _, name := range names {
			src, err := fs.ReadFile(files, name)
			if err != nil {
				t.Fatal(err)
			}
			found := key.FindAllSubmatch(src, -1)
			for _, m := range found {
				if _, ok := text[string(m[1])]; !ok {
					t.Errorf("%s reads %q, which the catalogue lacks", name, m[1])
				}
			}
			if name == "templates/layout.html" || name == "static/console.js" {
				if len(found) == 0 {
					t.Errorf("%s reads no text: is the pattern still right?", name)
				}
			}
		}
	}
	check(templateFiles, "templates/*.html", templateKey)
	check(staticFiles, "static/*.js", scriptKey)
}
