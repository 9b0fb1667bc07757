package content

import (
	"errors"
	"fmt"
	"maps"
	"strings"
)

// The catalogue and the knowledge packages are also settings the owner
// edits in /admin, versioned in the table. The layer that owns those
// versions checks an edit here (CheckCatalogue, CheckPackage) before it
// stores it, and applies the current version of each (SetCatalogue,
// SetPackage) at start, after every edit and on every refresh. A stored
// version wins over the files; clearing it ("") serves the file again. The
// files stay the seed: what a business starts from until its first edit.

// CatalogueDoc names the catalogue's settings document, and PackageDocs the
// family of the packages' documents, one each: PackageDocs + ID.
const (
	CatalogueDoc = "catalogue"
	PackageDocs  = "knowledge/"
)

// MaxSettingBytes bounds a stored catalogue or package: well under
// DynamoDB's 400 KB item limit, far over any useful text.
const MaxSettingBytes = 100 << 10

// fileContent is the catalogue and the packages as the files give them.
type fileContent struct {
	catalogue     Catalogue
	catalogueText string
	packages      map[string]Package
}

// stored is what the settings apply over the files: a catalogue (its text
// empty when none is stored) and package texts by ID.
type stored struct {
	catalogue     Catalogue
	catalogueText string
	packages      map[string]string
}

// CatalogueText returns the YAML the catalogue in use was read from.
func (s *Store) CatalogueText() string {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.catalogueText
}

// CheckCatalogue tells why text cannot be the catalogue, in Portuguese for
// the owner, or nil: the YAML, every service's segment, names and aliases
// identifying one service each, and every knowledge package named existing,
// in the files, among the packages applied here, or where stored says (a
// package saved but not applied yet: a node applies a stored catalogue and
// its new packages in no set order). stored may be nil.
func (s *Store) CheckCatalogue(text string, stored func(id string) bool) error {
	if len(text) > MaxSettingBytes {
		return fmt.Errorf("O catálogo passa de %d KB.", MaxSettingBytes>>10)
	}
	s.mu.RLock()
	packages := s.packages
	s.mu.RUnlock()
	_, problems := readCatalogue([]byte(text), func(id string) bool {
		_, ok := packages[id]
		return ok || (stored != nil && stored(id))
	})
	return problems.portuguese()
}

// SetCatalogue serves text as the catalogue over the file's; "" serves the
// file's again. text was checked (CheckCatalogue) before it was stored, so
// only its YAML is read here: a package it names may be applied just after
// it. A text that does not read changes nothing and is returned.
func (s *Store) SetCatalogue(text string) error {
	var catalogue Catalogue
	if text != "" {
		var problems problems
		catalogue, problems = readCatalogue([]byte(text), func(string) bool { return true })
		if err := problems.english(); err != nil {
			return err
		}
	}
	s.lockForChange()
	defer s.mu.Unlock()
	s.stored.catalogue, s.stored.catalogueText = catalogue, text
	s.compose()
	return nil
}

// CheckPackage tells why text cannot be the knowledge package id, in
// Portuguese for the owner, or nil. A new package's ID is a file name
// (lower-case letters, digits, "-" and "_"), so it could be a file too.
func CheckPackage(id, text string) error {
	var errs []error
	if !packageID.MatchString(id) {
		errs = append(errs, fmt.Errorf("O identificador “%s” não serve: use até 64 letras minúsculas sem acento, números, - ou _, começando por letra ou número.", id))
	}
	if strings.TrimSpace(text) == "" {
		errs = append(errs, errors.New("O pacote está vazio: escreva o conteúdo em Markdown."))
	}
	if len(text) > MaxSettingBytes {
		errs = append(errs, fmt.Errorf("O pacote passa de %d KB: divida-o em pacotes menores.", MaxSettingBytes>>10))
	}
	return errors.Join(errs...)
}

// SetPackage serves text as the knowledge package id over its file, or as
// a new package; "" serves the file again (and drops a package that has
// none).
func (s *Store) SetPackage(id, text string) {
	s.lockForChange()
	defer s.mu.Unlock()
	if text == "" {
		delete(s.stored.packages, id)
	} else {
		s.stored.packages[id] = text
	}
	s.compose()
}

// compose lays the stored settings over the files into what is served.
// The caller holds s.mu for writing.
func (s *Store) compose() {
	packages := maps.Clone(s.files.packages)
	for id, text := range s.stored.packages {
		packages[id] = newPackage(id, text)
	}
	s.packages = packages
	s.catalogue, s.catalogueText = s.files.catalogue, s.files.catalogueText
	if s.stored.catalogueText != "" {
		s.catalogue, s.catalogueText = s.stored.catalogue, s.stored.catalogueText
	}
}
