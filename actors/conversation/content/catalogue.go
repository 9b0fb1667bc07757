package content

import (
	"bytes"
	"errors"
	"fmt"

	"gopkg.in/yaml.v3"
)

// Catalogue is the portfolio the agents may offer. It is read-only: a Store
// replaces the whole value on reload, so callers may keep and share it.
type Catalogue struct {
	Segments []Segment `yaml:"segments"`
	Intents  []Intent  `yaml:"intents"`
	Services []Service `yaml:"services"`
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
	Description string   `yaml:"description"`
	Aliases     []string `yaml:"aliases"`
	// Packages are the knowledge packages an agent may ask for about it.
	Packages []string `yaml:"packages"`
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
	var c Catalogue
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&c); err != nil {
		return Catalogue{}, fmt.Errorf("catalogue: %w", err)
	}
	return c, c.check(hasPackage)
}

// check enforces what matching relies on: every name and alias identifies one
// service, every service has a known segment, every package exists.
func (c Catalogue) check(hasPackage func(string) bool) error {
	var errs []error
	if len(c.Services) == 0 {
		errs = append(errs, errors.New("catalogue: no services"))
	}
	segments := map[string]bool{}
	for _, s := range c.Segments {
		if s.ID == "" {
			errs = append(errs, errors.New("catalogue: segment without id"))
		}
		segments[s.ID] = true
	}
	for _, i := range c.Intents {
		if i.ID == "" {
			errs = append(errs, errors.New("catalogue: intent without id"))
		}
	}
	owner := map[string]string{}
	for _, s := range c.Services {
		if Fold(s.Name) == "" {
			errs = append(errs, errors.New("catalogue: service without name"))
			continue
		}
		if !segments[s.Segment] {
			errs = append(errs, fmt.Errorf("catalogue: service %q: unknown segment %q", s.Name, s.Segment))
		}
		for _, p := range s.Packages {
			if !hasPackage(p) {
				errs = append(errs, fmt.Errorf("catalogue: service %q: unknown knowledge package %q", s.Name, p))
			}
		}
		for _, n := range append([]string{s.Name}, s.Aliases...) {
			key := Fold(n)
			if other, dup := owner[key]; dup && other != s.Name {
				errs = append(errs, fmt.Errorf("catalogue: %q names both %q and %q", n, other, s.Name))
			}
			owner[key] = s.Name
		}
	}
	return errors.Join(errs...)
}
