package content_test

import (
	"strings"
	"testing"

	"github.com/intake-runtime/intake/actors/conversation/content"
)

// A catalogue edited in /admin is checked as the file is at start, and
// refused with a reason the owner reads in Portuguese.
func TestCheckCatalogue(t *testing.T) {
	s, err := content.Open("")
	if err != nil {
		t.Fatal(err)
	}
	stored := func(id string) bool { return id == "salvo-na-tabela" }
	tests := []struct {
		name, text string
		// refusal is part of the reason; "" accepts the text.
		refusal string
	}{
		{"the file's catalogue", s.CatalogueText(), ""},
		{"a new service", catalogueWith("packages: [empresa]"), ""},
		{"a package only stored", catalogueWith("packages: [salvo-na-tabela]"), ""},
		{"a package nowhere", catalogueWith("packages: [nao-existe]"), "“nao-existe”, que não existe"},
		{"an unknown segment", strings.Replace(catalogueWith(""), "segment: s", "segment: x", 1), "segmento que não existe"},
		{"an alias of two services", catalogueWith("aliases: [b]"), "identifica dois serviços, “A” e “B”"},
		{"a service without name", catalogueWith("") + "  - name: ' '\n    segment: s\n", "serviço sem nome"},
		{"no services", "segments: [{id: s, label: S}]\n", "pelo menos um serviço"},
		{"an unknown field", catalogueWith("alias: [typo]"), "não pôde ser lido"},
		{"not YAML", "services: [", "não pôde ser lido"},
		{"too long", catalogueWith("description: " + strings.Repeat("x", content.MaxSettingBytes)), "passa de 100 KB"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := s.CheckCatalogue(tt.text, stored)
			switch {
			case tt.refusal == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tt.refusal != "" && (err == nil || !strings.Contains(err.Error(), tt.refusal)):
				t.Fatalf("CheckCatalogue = %v, want a refusal containing %q", err, tt.refusal)
			}
		})
	}
}

func TestCheckPackage(t *testing.T) {
	tests := []struct {
		name, id, text, refusal string
	}{
		{"an edit", "empresa", "# Empresa\n\nDesde 1990.", ""},
		{"a new package", "garantia_2025", "# Garantia", ""},
		{"a path", "../x", "# x", "não serve"},
		{"capitals", "Garantia", "# x", "não serve"},
		{"a space", "a b", "# x", "não serve"},
		{"no id", "", "# x", "não serve"},
		{"blank", "empresa", " \n\t", "vazio"},
		{"too long", "empresa", strings.Repeat("x", content.MaxSettingBytes+1), "passa de 100 KB"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := content.CheckPackage(tt.id, tt.text)
			switch {
			case tt.refusal == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tt.refusal != "" && (err == nil || !strings.Contains(err.Error(), tt.refusal)):
				t.Fatalf("CheckPackage = %v, want a refusal containing %q", err, tt.refusal)
			}
		})
	}
}

// A stored catalogue and stored packages win over the files until they are
// cleared, and survive a reload of the files.
func TestStoredSettingsOverTheFiles(t *testing.T) {
	s, err := content.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	file := s.CatalogueText()
	fileEmpresa, _ := s.Package("empresa")

	s.SetPackage("garantia", "# Garantia estendida\n\nDois anos.")
	s.SetPackage("empresa", "# Empresa editada\n")
	edited := catalogueWith("packages: [garantia]")
	if err := s.SetCatalogue(edited); err != nil {
		t.Fatal(err)
	}
	if err := s.Reload(); err != nil {
		t.Fatal(err)
	}
	if _, ok := s.Catalogue().Service("A"); !ok || s.CatalogueText() != edited {
		t.Error("the stored catalogue is not served")
	}
	if p, err := s.Package("garantia"); err != nil || p.Title != "Garantia estendida" {
		t.Errorf("new package = %+v, %v", p, err)
	}
	if p, _ := s.Package("empresa"); p.Title != "Empresa editada" {
		t.Errorf("edited package title = %q", p.Title)
	}

	if err := s.SetCatalogue(""); err != nil {
		t.Fatal(err)
	}
	s.SetPackage("garantia", "")
	s.SetPackage("empresa", "")
	if s.CatalogueText() != file {
		t.Error("clearing the catalogue did not serve the file's")
	}
	if _, err := s.Package("garantia"); err == nil {
		t.Error("a cleared package without a file is still served")
	}
	if p, _ := s.Package("empresa"); p != fileEmpresa {
		t.Error("clearing a package did not serve its file")
	}
	if err := s.SetCatalogue("services: ["); err == nil || s.CatalogueText() != file {
		t.Errorf("a catalogue that does not read = %v, and must change nothing", err)
	}
}

// A catalogue rendered as text reads back as the same catalogue.
func TestCatalogueTextRoundTrip(t *testing.T) {
	s, err := content.Open("")
	if err != nil {
		t.Fatal(err)
	}
	text, err := s.Catalogue().Text()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.CheckCatalogue(text, nil); err != nil {
		t.Fatalf("the rendered catalogue is refused: %v", err)
	}
	if err := s.SetCatalogue(text); err != nil {
		t.Fatal(err)
	}
	again, _ := s.Catalogue().Text()
	if again != text {
		t.Errorf("the catalogue changed through its text:\n%s\nthen\n%s", text, again)
	}
}
