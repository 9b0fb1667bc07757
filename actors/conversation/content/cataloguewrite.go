package content

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// The catalogue is data the dashboard edits: WriteCatalogue checks an edit
// as Open checks the file (the YAML, every service's segment, aliases shared
// by no two services, and every knowledge package named existing) before it
// takes effect, keeps the version it replaces, and serves the new one to the
// next turn without a restart.

// ErrInvalidCatalogue wraps what makes an edited catalogue unusable.
var ErrInvalidCatalogue = errors.New("content: invalid catalogue")

// catalogueHistory is where replaced catalogues are kept, under the content
// directory.
const catalogueHistory = "catalogue-history"

// CatalogueText returns the YAML the catalogue in use was read from.
func (s *Store) CatalogueText() string {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.catalogueText
}

// WriteCatalogue validates text as the service catalogue against the
// knowledge packages served now; a valid one is written atomically to
// <dir>/catalogue.yaml, the version it replaces is kept under
// catalogue-history/ (the last HistoryVersions), and it is served at once.
// An invalid one changes nothing and wraps ErrInvalidCatalogue.
func (s *Store) WriteCatalogue(text string) error {
	if s.dir == "" {
		return ErrReadOnly
	}
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	s.mu.RLock()
	packages := s.packages
	previous := s.catalogueText
	s.mu.RUnlock()
	catalogue, err := parseCatalogue([]byte(text), func(id string) bool { _, ok := packages[id]; return ok })
	if err != nil {
		return fmt.Errorf("%w: %v", ErrInvalidCatalogue, err)
	}
	if err := os.MkdirAll(s.dir, 0o755); err != nil {
		return fmt.Errorf("content: %w", err)
	}
	if err := s.keepVersion(filepath.Join(s.dir, catalogueHistory), ".yaml", previous); err != nil {
		return fmt.Errorf("content: catalogue history: %w", err)
	}
	if err := writeAtomic(filepath.Join(s.dir, "catalogue.yaml"), text); err != nil {
		return fmt.Errorf("content: catalogue: %w", err)
	}
	s.lockForChange()
	defer s.mu.Unlock()
	s.catalogue, s.catalogueText = catalogue, text
	return nil
}

// CatalogueVersions lists the kept versions of the catalogue by name (their
// UTC time), oldest first.
func (s *Store) CatalogueVersions() ([]string, error) {
	if s.dir == "" {
		return nil, nil
	}
	names, err := versionNames(filepath.Join(s.dir, catalogueHistory), ".yaml")
	if err != nil {
		return nil, fmt.Errorf("content: catalogue history: %w", err)
	}
	for i, n := range names {
		names[i] = strings.TrimSuffix(n, ".yaml")
	}
	return names, nil
}

// CatalogueVersion returns the text of a kept version, to look at or to
// write back; ErrUnknownVersion for a name CatalogueVersions does not list.
func (s *Store) CatalogueVersion(name string) (string, error) {
	names, err := s.CatalogueVersions()
	if err != nil {
		return "", err
	}
	for _, n := range names {
		if n == name {
			data, err := os.ReadFile(filepath.Join(s.dir, catalogueHistory, n+".yaml"))
			if err != nil {
				return "", fmt.Errorf("content: catalogue version %s: %w", name, err)
			}
			return string(data), nil
		}
	}
	return "", fmt.Errorf("%w: %q", ErrUnknownVersion, name)
}

// ErrUnknownVersion is a catalogue version that is not kept.
var ErrUnknownVersion = errors.New("content: unknown catalogue version")
