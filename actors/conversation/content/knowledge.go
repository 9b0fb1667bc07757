package content

import (
	"errors"
	"fmt"
	"io/fs"
	"regexp"
	"sort"
	"strings"
)

// ErrUnknownPackage reports a knowledge package ID that no file provides.
var ErrUnknownPackage = errors.New("content: unknown knowledge package")

// Package is one knowledge package: a piece of reference text injected into a
// model call when an agent asks for it (action code 5).
type Package struct {
	ID string
	// Title is the text of the first "# " heading, for lists and prompts.
	Title string
	// Content is the whole file, heading included.
	Content string
}

// packageID is the shape of package IDs: they are file names and appear in
// model answers, so they stay plain.
var packageID = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,63}$`)

// Package returns one knowledge package.
func (s *Store) Package(id string) (Package, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	p, ok := s.packages[id]
	if !ok {
		return Package{}, fmt.Errorf("%w: %q", ErrUnknownPackage, id)
	}
	return p, nil
}

// PackageIDs lists the knowledge package IDs in order.
func (s *Store) PackageIDs() []string {
	s.mu.RLock()
	defer s.mu.RUnlock()
	ids := make([]string, 0, len(s.packages))
	for id := range s.packages {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// loadPackages reads knowledge/<id>.md from every layer, later layers winning.
func loadPackages(layers []fs.FS) (map[string]Package, error) {
	packages := map[string]Package{}
	for _, layer := range layers {
		err := eachMarkdown(layer, "knowledge", func(id, text string) error {
			if !packageID.MatchString(id) {
				return fmt.Errorf("invalid package file name %q.md (want %s)", id, packageID)
			}
			packages[id] = newPackage(id, text)
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("content: knowledge: %w", err)
		}
	}
	return packages, nil
}

func newPackage(id, text string) Package {
	p := Package{ID: id, Title: id, Content: text}
	for _, line := range strings.Split(text, "\n") {
		if title, ok := strings.CutPrefix(strings.TrimSpace(line), "# "); ok {
			p.Title = strings.TrimSpace(title)
			break
		}
	}
	return p
}
