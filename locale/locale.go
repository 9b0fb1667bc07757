package locale

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"
	// The zone database travels in the binary: a scratch or distroless
	// image has no /usr/share/zoneinfo, and America/Sao_Paulo must load.
	_ "time/tzdata"
)

// Lang is a page language, as a BCP 47 tag.
type Lang string

// The languages the pages exist in.
const (
	PortugueseBR Lang = "pt-BR"
	English      Lang = "en"
)

// Default language and zone: the operation this product was built for.
const (
	DefaultLang = PortugueseBR
	DefaultZone = "America/Sao_Paulo"
)

// ParseLang accepts "pt-BR" and "en" in any case.
func ParseLang(s string) (Lang, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "pt-br":
		return PortugueseBR, nil
	case "en":
		return English, nil
	}
	return "", fmt.Errorf("locale: %q is not a page language: use pt-BR or en", s)
}

// Text is one text in every language. A text may hold fmt verbs, filled by
// T's arguments.
type Text struct {
	PT string
	EN string
}

// Catalogue maps keys ("queue.title") to texts. Keys read by the pages'
// script start with "js." (see Locale.Script).
type Catalogue map[string]Text

// Merge joins the catalogues of a package's areas; a key defined twice is
// an error, so two areas cannot silently overwrite each other's text.
func Merge(parts ...Catalogue) (Catalogue, error) {
	all := Catalogue{}
	for _, part := range parts {
		for key, text := range part {
			if _, dup := all[key]; dup {
				return nil, fmt.Errorf("locale: text %q defined twice", key)
			}
			all[key] = text
		}
	}
	return all, nil
}

// Locale renders texts and times for one language and zone.
type Locale struct {
	Lang Lang
	Zone *time.Location
	text Catalogue
}

// New checks that every text exists in both languages and returns the
// locale. An empty lang and a nil zone are the defaults (DefaultLang,
// DefaultZone), so every package that renders for people falls back the
// same way.
func New(lang Lang, zone *time.Location, text Catalogue) (Locale, error) {
	if lang == "" {
		lang = DefaultLang
	}
	if lang != PortugueseBR && lang != English {
		return Locale{}, fmt.Errorf("locale: unknown language %q", lang)
	}
	if zone == nil {
		z, err := time.LoadLocation(DefaultZone) // embedded: time/tzdata
		if err != nil {
			return Locale{}, fmt.Errorf("locale: %w", err)
		}
		zone = z
	}
	var missing []string
	for key, t := range text {
		if t.PT == "" || t.EN == "" {
			missing = append(missing, key)
		}
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		return Locale{}, errors.New("locale: texts without both languages: " + strings.Join(missing, ", "))
	}
	return Locale{Lang: lang, Zone: zone, text: text}, nil
}

// T is the text for key in the locale's language, with args filled in. An
// unknown key returns the key itself, which the packages' template tests
// catch (see Keys).
func (l Locale) T(key string, args ...any) string {
	t, ok := l.text[key]
	if !ok {
		return key
	}
	s := t.PT
	if l.Lang == English {
		s = t.EN
	}
	if len(args) > 0 {
		return fmt.Sprintf(s, args...)
	}
	return s
}

// Has reports whether key is in the catalogue.
func (l Locale) Has(key string) bool {
	_, ok := l.text[key]
	return ok
}

// DateTime is t in the locale's zone: "23/11/2026 14:54" in pt-BR,
// "Nov 23, 2026 2:54 PM" in English. The zero time is "".
func (l Locale) DateTime(t time.Time) string {
	return l.format(t, "02/01/2006 15:04", "Jan 2, 2006 3:04 PM")
}

// Date is t's day in the locale's zone: "23/11/2026" or "Nov 23, 2026".
func (l Locale) Date(t time.Time) string {
	return l.format(t, "02/01/2006", "Jan 2, 2006")
}

func (l Locale) format(t time.Time, pt, en string) string {
	if t.IsZero() {
		return ""
	}
	if l.Lang == English {
		return t.In(l.Zone).Format(en)
	}
	return t.In(l.Zone).Format(pt)
}

// Script is the texts the pages' script reads (keys starting with "js."),
// in the locale's language, for the page to embed as JSON.
func (l Locale) Script() map[string]string {
	out := map[string]string{}
	for key := range l.text {
		if strings.HasPrefix(key, "js.") {
			out[key] = l.T(key)
		}
	}
	return out
}

// Funcs are the template functions: t (text), datetime, date, label
// (a stored code as people read it) and duration.
func (l Locale) Funcs() map[string]any {
	return map[string]any{
		"t":        l.T,
		"datetime": l.DateTime,
		"date":     l.Date,
		"label":    l.Label,
		"duration": l.Duration,
	}
}
