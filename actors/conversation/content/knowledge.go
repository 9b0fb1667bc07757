package content

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// ErrUnknownPackage reports a knowledge package ID that no file provides.
var ErrUnknownPackage = errors.New("content: unknown knowledge package")

// ErrReadOnly reports a write to a store without a content directory: the
// embedded files cannot change, and a write that vanished on restart would
// mislead the person who made it.
var ErrReadOnly = errors.New("content: no content directory configured (CONTENT_DIR)")

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

// WritePackage replaces (or creates) a knowledge package in the content
// directory and serves it at once, without a restart. The file is written to a
// temporary name and renamed, so a crash leaves the old or the new version,
// never half of one; the version it replaces (from the directory, or the
// embedded one) is first copied to knowledge/history/<id>/<UTC time>.md so an
// edit can be undone.
func (s *Store) WritePackage(id, text string) error {
	if s.dir == "" {
		return ErrReadOnly
	}
	if !packageID.MatchString(id) {
		return fmt.Errorf("content: invalid package id %q (want %s)", id, packageID)
	}
	if strings.TrimSpace(text) == "" {
		return fmt.Errorf("content: package %q: empty content", id)
	}
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	dir := filepath.Join(s.dir, "knowledge")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("content: %w", err)
	}
	if previous, err := s.Package(id); err == nil {
		if err := s.keepHistory(id, previous.Content); err != nil {
			return err
		}
	}
	if err := writeAtomic(filepath.Join(dir, id+".md"), text); err != nil {
		return fmt.Errorf("content: package %q: %w", id, err)
	}
	s.lockForChange()
	defer s.mu.Unlock()
	s.packages[id] = newPackage(id, text)
	return nil
}

// HistoryVersions is how many replaced versions of a package are kept under
// knowledge/history/<id>/; older ones are deleted as new ones arrive, so a
// package edited every day does not fill the disk.
const HistoryVersions = 20

// keepHistory copies the version an edit replaces into the package's
// history (see keepVersion).
func (s *Store) keepHistory(id, previous string) error {
	if err := s.keepVersion(filepath.Join(s.dir, "knowledge", "history", id), ".md", previous); err != nil {
		return fmt.Errorf("content: package %q history: %w", id, err)
	}
	return nil
}

// keepVersion writes previous into dir as <UTC time><ext>, then drops the
// oldest copies past HistoryVersions. The names are UTC times of one fixed
// width, so their order is their age.
func (s *Store) keepVersion(dir, ext, previous string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	name := s.now().UTC().Format("20060102T150405.000000000Z") + ext
	if err := writeAtomic(filepath.Join(dir, name), previous); err != nil {
		return err
	}
	versions, err := versionNames(dir, ext)
	if err != nil {
		return err
	}
	for _, old := range versions[:max(len(versions)-HistoryVersions, 0)] {
		if err := os.Remove(filepath.Join(dir, old)); err != nil {
			return err
		}
	}
	return nil
}

// versionNames lists the kept versions in dir, oldest first; none when dir
// does not exist.
func versionNames(dir, ext string) ([]string, error) {
	entries, err := os.ReadDir(dir) // sorted by name
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var versions []string
	for _, e := range entries {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ext) && !strings.HasPrefix(e.Name(), ".") {
			versions = append(versions, e.Name())
		}
	}
	return versions, nil
}

// writeAtomic writes name through a temporary file in the same folder and a
// rename, which replaces the file in one step on POSIX file systems.
func writeAtomic(name, text string) error {
	tmp, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*.tmp")
	if err != nil {
		return err
	}
	_, err = tmp.WriteString(text)
	if syncErr := tmp.Sync(); err == nil {
		err = syncErr
	}
	if closeErr := tmp.Close(); err == nil {
		err = closeErr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), name)
	}
	if err != nil {
		_ = os.Remove(tmp.Name())
	}
	return err
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
