package content

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"sort"
	"strings"
	"sync"
)

// embedded holds the content shipped in the binary.
//
//go:embed catalogue.yaml prompts/*.md knowledge/*.md
var embedded embed.FS

// Store serves prompts, the catalogue and knowledge packages. Reads take a
// read lock and return values, so a reload or a setting applied never
// changes what a caller already holds.
type Store struct {
	dir string

	mu        sync.RWMutex
	prompts   map[string]string
	overrides map[string]string
	// files are the catalogue and packages of the files; stored the
	// settings applied over them (see settings.go).
	files  fileContent
	stored stored
	// catalogue, catalogueText and packages are what is served: the
	// stored settings over the files.
	catalogue     Catalogue
	catalogueText string
	packages      map[string]Package
	// generation counts changes, so readers can cache what they derive from
	// the content (see Generation).
	generation uint64
}

// Open loads the embedded content, overlaid by the files under dir when dir is
// not empty. A dir that does not exist yet overlays nothing: the first edit
// creates it. Open fails when the result is inconsistent (a catalogue naming
// an unknown package, an alias shared by two services, a badly named file), so
// a bad edit is found at start, not in a conversation.
func Open(dir string) (*Store, error) {
	if dir != "" {
		info, err := os.Stat(dir)
		switch {
		case errors.Is(err, fs.ErrNotExist):
		case err != nil:
			return nil, fmt.Errorf("content: %w", err)
		case !info.IsDir():
			return nil, fmt.Errorf("content: %s is not a directory", dir)
		}
	}
	s := &Store{dir: dir, overrides: map[string]string{}, stored: stored{packages: map[string]string{}}}
	if err := s.Reload(); err != nil {
		return nil, err
	}
	return s, nil
}

// Reload rereads every file, for edits made on disk while running; the
// stored settings stay over them. On error the store keeps serving what it
// had.
func (s *Store) Reload() error {
	layers := []fs.FS{embedded}
	if s.dir != "" {
		layers = append(layers, os.DirFS(s.dir))
	}
	prompts, err := loadPrompts(layers)
	if err != nil {
		return err
	}
	packages, err := loadPackages(layers)
	if err != nil {
		return err
	}
	raw, err := readTop(layers, "catalogue.yaml")
	if err != nil {
		return fmt.Errorf("content: %w", err)
	}
	catalogue, err := parseCatalogue(raw, func(id string) bool { _, ok := packages[id]; return ok })
	if err != nil {
		return fmt.Errorf("content: %w", err)
	}
	s.lockForChange()
	defer s.mu.Unlock()
	s.prompts = prompts
	s.files = fileContent{catalogue: catalogue, catalogueText: string(raw), packages: packages}
	s.compose()
	return nil
}

// Prompt returns the instructions of an agent (TRIAGE, QUALIFIER, REGISTRAR,
// SUMMARIZER): the in-memory override when one is set, else the file. It is
// empty for an agent without a prompt.
func (s *Store) Prompt(agent string) string {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if text, ok := s.overrides[agent]; ok {
		return text
	}
	return s.prompts[agent]
}

// SetPromptOverride replaces an agent's prompt in memory until it is set
// again; an empty text removes the override and restores the file. It is the
// hook through which the versioned prompts kept in the table (admin API)
// reach the agents: the layer that owns them calls it at start and after every
// change, so conversations never wait on the table for a prompt.
func (s *Store) SetPromptOverride(agent, text string) {
	s.lockForChange()
	defer s.mu.Unlock()
	if strings.TrimSpace(text) == "" {
		delete(s.overrides, agent)
		return
	}
	s.overrides[agent] = text
}

// Generation changes whenever a prompt, the catalogue or a package does:
// what a caller derived from the content at one generation stays valid
// until it changes.
func (s *Store) Generation() uint64 {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.generation
}

// lockForChange takes the write lock for a change of the content; the
// caller unlocks s.mu.
func (s *Store) lockForChange() {
	s.mu.Lock()
	s.generation++
}

// Catalogue returns the service catalogue.
func (s *Store) Catalogue() Catalogue {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.catalogue
}

// loadPrompts reads prompts/<AGENT>.md from every layer, later layers winning.
func loadPrompts(layers []fs.FS) (map[string]string, error) {
	prompts := map[string]string{}
	for _, layer := range layers {
		err := eachMarkdown(layer, "prompts", func(name, text string) error {
			prompts[name] = text
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("content: prompts: %w", err)
		}
	}
	return prompts, nil
}

// eachMarkdown calls fn for every <dir>/<name>.md file of a layer (not in
// sub-folders); a layer without the folder has nothing to add.
func eachMarkdown(layer fs.FS, dir string, fn func(name, text string) error) error {
	entries, err := fs.ReadDir(layer, dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".md") {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	for _, n := range names {
		data, err := fs.ReadFile(layer, path.Join(dir, n))
		if err != nil {
			return err
		}
		if err := fn(strings.TrimSuffix(n, ".md"), string(data)); err != nil {
			return err
		}
	}
	return nil
}

// readTop reads a file from the last layer that has it.
func readTop(layers []fs.FS, name string) ([]byte, error) {
	for i := len(layers) - 1; i >= 0; i-- {
		data, err := fs.ReadFile(layers[i], name)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		return data, err
	}
	return nil, fmt.Errorf("%s: %w", name, fs.ErrNotExist)
}
