package content_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/intake-runtime/intake/actors/conversation/content"
)

func TestEmbeddedContentIsComplete(t *testing.T) {
	s, err := content.Open("")
	if err != nil {
		t.Fatal(err)
	}
	for _, agent := range []string{"TRIAGE", "QUALIFIER", "REGISTRAR", "SUMMARIZER"} {
		if !strings.Contains(s.Prompt(agent), "## Formato da resposta") {
			t.Errorf("prompt %s does not state the output format", agent)
		}
	}
	for _, agent := range []string{"TRIAGE", "QUALIFIER", "REGISTRAR"} {
		if !strings.Contains(s.Prompt(agent), `"s"`) || !strings.Contains(s.Prompt(agent), "qualification_data") {
			t.Errorf("prompt %s does not name s and qualification_data", agent)
		}
	}
	if !strings.Contains(s.Prompt("REGISTRAR"), "cadastral_data") {
		t.Error("REGISTRAR prompt does not name cadastral_data")
	}
	if s.Prompt("NOBODY") != "" {
		t.Error("unknown agent has a prompt")
	}
	c := s.Catalogue()
	if len(c.Services) == 0 || len(c.Segments) == 0 || len(c.Intents) == 0 {
		t.Fatalf("catalogue is empty: %+v", c)
	}
	for _, svc := range c.Services {
		for _, id := range svc.Packages {
			if _, err := s.Package(id); err != nil {
				t.Errorf("service %q: %v", svc.Name, err)
			}
		}
	}
	if _, err := s.Package("nope"); !errors.Is(err, content.ErrUnknownPackage) {
		t.Errorf("Package(nope) = %v, want ErrUnknownPackage", err)
	}
}

func TestDirectoryOverridesEmbedded(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "prompts/TRIAGE.md", "triagem local")
	write(t, dir, "knowledge/extra.md", "# Pacote extra\n\ncorpo")
	write(t, dir, "knowledge/empresa.md", "# Empresa local\n")
	s, err := content.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Prompt("TRIAGE"); got != "triagem local" {
		t.Errorf("TRIAGE = %q, want the directory's file", got)
	}
	if !strings.Contains(s.Prompt("QUALIFIER"), "QUALIFIER") {
		t.Error("QUALIFIER lost its embedded prompt")
	}
	p, err := s.Package("extra")
	if err != nil || p.Title != "Pacote extra" || p.Content != "# Pacote extra\n\ncorpo" {
		t.Errorf("extra = %+v, %v", p, err)
	}
	if p, _ := s.Package("empresa"); p.Title != "Empresa local" {
		t.Errorf("empresa title = %q, want the directory's", p.Title)
	}
	if ids := s.PackageIDs(); !contains(ids, "extra") || !contains(ids, "precos-prazos") {
		t.Errorf("PackageIDs = %v, want embedded and directory packages", ids)
	}
}

func TestOpenRejectsInconsistentContent(t *testing.T) {
	tests := []struct {
		name, path, text, want string
	}{
		{"unknown package", "catalogue.yaml", catalogueWith("packages: [missing]"), "unknown knowledge package"},
		{"unknown segment", "catalogue.yaml", strings.Replace(catalogueWith(""), "segment: s", "segment: x", 1), "unknown segment"},
		{"unknown field", "catalogue.yaml", catalogueWith("alias: [typo]"), "not found"},
		{"shared alias", "catalogue.yaml", catalogueWith("aliases: [B]"), "names both"},
		{"bad package name", "knowledge/Read Me.md", "# x", "invalid package file name"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			write(t, dir, tt.path, tt.text)
			_, err := content.Open(dir)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Open = %v, want an error containing %q", err, tt.want)
			}
		})
	}
	file := filepath.Join(t.TempDir(), "a-file")
	write(t, filepath.Dir(file), "a-file", "not a directory")
	if _, err := content.Open(file); err == nil {
		t.Error("Open of a file instead of a directory succeeded")
	}
}

// catalogueWith is a two-service catalogue whose first service gets extra.
func catalogueWith(extra string) string {
	return "segments: [{id: s, label: S}]\nintents: [{id: i, label: I}]\nservices:\n" +
		"  - name: A\n    segment: s\n    " + extra + "\n" +
		"  - name: B\n    segment: s\n"
}

func TestPromptOverride(t *testing.T) {
	s, err := content.Open("")
	if err != nil {
		t.Fatal(err)
	}
	file := s.Prompt("QUALIFIER")
	s.SetPromptOverride("QUALIFIER", "versão 2")
	if got := s.Prompt("QUALIFIER"); got != "versão 2" {
		t.Errorf("override = %q", got)
	}
	s.SetPromptOverride("QUALIFIER", "")
	if got := s.Prompt("QUALIFIER"); got != file {
		t.Error("clearing the override did not restore the file")
	}
}

func TestReloadPicksUpEditsAndKeepsStateOnError(t *testing.T) {
	dir := t.TempDir()
	s, err := content.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	write(t, dir, "prompts/REGISTRAR.md", "cadastro editado")
	if err := s.Reload(); err != nil {
		t.Fatal(err)
	}
	if s.Prompt("REGISTRAR") != "cadastro editado" {
		t.Error("Reload did not pick up the edited prompt")
	}
	write(t, dir, "catalogue.yaml", "services: [")
	if err := s.Reload(); err == nil {
		t.Fatal("Reload of a broken catalogue succeeded")
	}
	if len(s.Catalogue().Services) == 0 {
		t.Error("a failed Reload dropped the catalogue")
	}
}

// TestConcurrentUse runs readers against writers; -race checks the locking.
func TestConcurrentUse(t *testing.T) {
	s, err := content.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Add(2)
		go func() {
			defer wg.Done()
			for range 20 {
				_, _ = s.Package("empresa")
				_ = s.PackageIDs()
				_ = s.Prompt("TRIAGE")
				_ = s.Catalogue()
			}
		}()
		go func() {
			defer wg.Done()
			for j := range 5 {
				s.SetPackage("empresa", strings.Repeat("x", i*5+j+1))
				if err := s.SetCatalogue(s.CatalogueText()); err != nil {
					t.Error(err)
				}
				s.SetPromptOverride("TRIAGE", "v")
				if err := s.Reload(); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
}

func write(t *testing.T, dir, name, text string) {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func contains(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// Generation is what readers cache derived text by (the agents'
// instructions): every kind of change must move it, and a read must not.
func TestEveryChangeMovesTheGeneration(t *testing.T) {
	s, err := content.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	changes := map[string]func() error{
		"prompt override": func() error { s.SetPromptOverride("TRIAGE", "outro"); return nil },
		"package":         func() error { s.SetPackage("empresa", "# Nova\n"); return nil },
		"package cleared": func() error { s.SetPackage("empresa", ""); return nil },
		"catalogue":       func() error { return s.SetCatalogue(s.CatalogueText()) },
		"catalogue reset": func() error { return s.SetCatalogue("") },
		"reload":          s.Reload,
	}
	for name, change := range changes {
		before := s.Generation()
		s.Prompt("TRIAGE")
		s.Catalogue()
		if s.Generation() != before {
			t.Fatalf("a read moved the generation")
		}
		if err := change(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if s.Generation() == before {
			t.Errorf("%s left the generation at %d", name, before)
		}
	}
}
