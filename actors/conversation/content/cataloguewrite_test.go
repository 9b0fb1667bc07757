package content_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/intake-runtime/intake/actors/conversation/content"
)

// An edited catalogue is checked before it takes effect (an entry must name
// knowledge packages that exist), the replaced versions are kept, and the
// new one is served at once and after a restart.
func TestWriteCatalogueValidatesAndKeepsVersions(t *testing.T) {
	dir := t.TempDir()
	s, err := content.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	original := s.CatalogueText()
	bad := strings.Replace(original, "packages: [pesquisa-satisfacao, precos-prazos]", "packages: [pesquisa-satisfacao, pacote-inexistente]", 1)
	if bad == original {
		t.Fatal("the embedded catalogue changed; adjust the test's edit")
	}
	if err := s.WriteCatalogue(bad); !errors.Is(err, content.ErrInvalidCatalogue) || !strings.Contains(err.Error(), "pacote-inexistente") {
		t.Fatalf("a catalogue naming a missing package = %v, want ErrInvalidCatalogue naming it", err)
	}
	if s.CatalogueText() != original {
		t.Fatal("a refused edit took effect")
	}
	if versions, _ := s.CatalogueVersions(); len(versions) != 0 {
		t.Errorf("a refused edit kept a version: %v", versions)
	}

	renamed := strings.Replace(original, "name: Pesquisa de Satisfação de Clientes", "name: Pesquisa de Satisfação e NPS", 1)
	if err := s.WriteCatalogue(renamed); err != nil {
		t.Fatal(err)
	}
	if _, ok := s.Catalogue().Service("Pesquisa de Satisfação e NPS"); !ok {
		t.Error("the edited service is not served")
	}
	versions, err := s.CatalogueVersions()
	if err != nil || len(versions) != 1 {
		t.Fatalf("versions = %v, %v; want the replaced one", versions, err)
	}
	if text, err := s.CatalogueVersion(versions[0]); err != nil || text != original {
		t.Errorf("kept version = %v; want the original text", err)
	}
	if _, err := s.CatalogueVersion("../catalogue"); !errors.Is(err, content.ErrUnknownVersion) {
		t.Errorf("a version outside the history = %v, want ErrUnknownVersion", err)
	}
	reopened, err := content.Open(dir)
	if err != nil || reopened.CatalogueText() != renamed {
		t.Errorf("after a restart the catalogue is not the edited one (%v)", err)
	}
	if err := func() error { ro, _ := content.Open(""); return ro.WriteCatalogue(renamed) }(); !errors.Is(err, content.ErrReadOnly) {
		t.Errorf("without CONTENT_DIR = %v, want ErrReadOnly", err)
	}
}
