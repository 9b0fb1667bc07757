package content

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"gopkg.in/yaml.v3"
)

// Catalogue is the portfolio the agents may offer. It is read-only: a Store
// replaces the whole value on reload, so callers may keep and share it.
type Catalogue struct {
	Segments []Segment `yaml:"segments"`
	Intents  []Intent  `yaml:"intents"`
	Services []Service `yaml:"services"`
}

// Text renders c as the YAML a catalogue is stored and read as: what a
// page that edits the catalogue field by field saves.
func (c Catalogue) Text() (string, error) {
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(c); err != nil {
		return "", fmt.Errorf("catalogue: %w", err)
	}
	if err := enc.Close(); err != nil {
		return "", fmt.Errorf("catalogue: %w", err)
	}
	return b.String(), nil
}

// Segment is a business line; its ID is the segment value stored in sessions
// and sent to the CRM (segmento).
type Segment struct {
	ID    string `yaml:"id"`
	Label string `yaml:"label"`
}

// Intent is what the customer wants to do about a service; its ID is the
// intent value stored in sessions.
type Intent struct {
	ID    string `yaml:"id"`
	Label string `yaml:"label"`
}

// Service is one offered service. Name is canonical: it is what sessions store
// in service_identified and the CRM deal shows, whatever spelling the model
// used.
type Service struct {
	Name        string   `yaml:"name"`
	Segment     string   `yaml:"segment"`
	Description string   `yaml:"description,omitempty"`
	Aliases     []string `yaml:"aliases,omitempty,flow"`
	// Packages are the knowledge packages an agent may ask for about it.
	Packages []string `yaml:"packages,omitempty,flow"`
}

// Service finds the service called name, comparing Fold keys of the canonical
// name and of every alias.
func (c Catalogue) Service(name string) (Service, bool) {
	key := Fold(name)
	if key == "" {
		return Service{}, false
	}
	for _, s := range c.Services {
		if Fold(s.Name) == key {
			return s, true
		}
		for _, a := range s.Aliases {
			if Fold(a) == key {
				return s, true
			}
		}
	}
	return Service{}, false
}

// Segment finds a segment by ID or label, compared as Fold keys.
func (c Catalogue) Segment(v string) (Segment, bool) {
	key := Fold(v)
	for _, s := range c.Segments {
		if key != "" && (Fold(s.ID) == key || Fold(s.Label) == key) {
			return s, true
		}
	}
	return Segment{}, false
}

// Intent finds an intent by ID or label, compared as Fold keys.
func (c Catalogue) Intent(v string) (Intent, bool) {
	key := Fold(v)
	for _, i := range c.Intents {
		if key != "" && (Fold(i.ID) == key || Fold(i.Label) == key) {
			return i, true
		}
	}
	return Intent{}, false
}

// parseCatalogue decodes and checks a catalogue. hasPackage tells which
// knowledge packages exist. Unknown fields are rejected so a typo in an edited
// file fails loudly instead of silently dropping aliases.
func parseCatalogue(data []byte, hasPackage func(string) bool) (Catalogue, error) {
	c, problems := readCatalogue(data, hasPackage)
	return c, problems.english()
}

// readCatalogue decodes a catalogue and lists what is wrong with it.
func readCatalogue(data []byte, hasPackage func(string) bool) (Catalogue, problems) {
	var c Catalogue
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&c); err != nil && !errors.Is(err, io.EOF) {
		return Catalogue{}, problems{{
			en: fmt.Sprintf("catalogue: %v", err),
			pt: fmt.Sprintf("O catálogo não pôde ser lido (%v).", err),
		}}
	}
	return c, c.check(hasPackage)
}

// check enforces what matching relies on: every name and alias identifies one
// service, every service has a known segment, every package exists.
func (c Catalogue) check(hasPackage func(string) bool) problems {
	var ps problems
	if len(c.Services) == 0 {
		ps.add("catalogue: no services", "O catálogo precisa de pelo menos um serviço.")
	}
	segments := map[string]bool{}
	for _, s := range c.Segments {
		if s.ID == "" {
			ps.add("catalogue: segment without id", "Há um segmento sem identificador.")
		}
		segments[s.ID] = true
	}
	for _, i := range c.Intents {
		if i.ID == "" {
			ps.add("catalogue: intent without id", "Há uma intenção sem identificador.")
		}
	}
	owner := map[string]string{}
	for _, s := range c.Services {
		if Fold(s.Name) == "" {
			ps.add("catalogue: service without name", "Há um serviço sem nome.")
			continue
		}
		if !segments[s.Segment] {
			ps.add(fmt.Sprintf("catalogue: service %q: unknown segment %q", s.Name, s.Segment),
				fmt.Sprintf("O serviço “%s” está num segmento que não existe (%q).", s.Name, s.Segment))
		}
		for _, p := range s.Packages {
			if !hasPackage(p) {
				ps.add(fmt.Sprintf("catalogue: service %q: unknown knowledge package %q", s.Name, p),
					fmt.Sprintf("O serviço “%s” usa o pacote de conhecimento “%s”, que não existe.", s.Name, p))
			}
		}
		for _, n := range append([]string{s.Name}, s.Aliases...) {
			key := Fold(n)
			if other, dup := owner[key]; dup && other != s.Name {
				ps.add(fmt.Sprintf("catalogue: %q names both %q and %q", n, other, s.Name),
					fmt.Sprintf("“%s” identifica dois serviços, “%s” e “%s”: cada nome ou apelido vale para um só.", n, other, s.Name))
			}
			owner[key] = s.Name
		}
	}
	return ps
}

// problem is one thing wrong with content: said in English to whoever
// edits the files (Open fails with it) and in Portuguese to the owner
// editing the setting in /admin.
type problem struct{ en, pt string }

type problems []problem

func (ps *problems) add(en, pt string) { *ps = append(*ps, problem{en: en, pt: pt}) }

// english joins the problems for the files' editor; nil when there are none.
func (ps problems) english() error {
	errs := make([]error, len(ps))
	for i, p := range ps {
		errs[i] = errors.New(p.en)
	}
	return errors.Join(errs...)
}

// portuguese joins the problems for the owner, in one line; nil when there
// are none.
func (ps problems) portuguese() error {
	if len(ps) == 0 {
		return nil
	}
	texts := make([]string, len(ps))
	for i, p := range ps {
		texts[i] = p.pt
	}
	return errors.New(strings.Join(texts, " "))
}
