package admin

import (
	"context"
	"strings"
	"time"

	"github.com/intake-runtime/intake/actors/conversation/content"
	"github.com/intake-runtime/intake/settings"
)

// Content is the running content store as the catalogue and knowledge
// pages use it: what is served now, and how an edit is checked and applied.
// *content.Store implements it.
type Content interface {
	Catalogue() content.Catalogue
	CatalogueText() string
	PackageIDs() []string
	Package(id string) (content.Package, error)
	CheckCatalogue(text string, stored func(id string) bool) error
	SetCatalogue(text string) error
	SetPackage(id, text string)
}

// storedCheckTimeout bounds the table read that tells whether a package the
// catalogue names is stored but not applied yet.
const storedCheckTimeout = 5 * time.Second

// RegisterContent makes the service catalogue (content.CatalogueDoc) and
// every knowledge package (content.PackageDocs + ID) settings: each stored
// version is served by store over its file, on every node.
//
// A node applies stored documents in no set order, so a catalogue can be
// checked before the package it names was applied here: a package unknown
// to store is looked up in the table, a read that happens only then.
func RegisterContent(live *settings.Live, store Content) {
	live.Register(content.PackageDocs, settings.Doc{
		Check: func(doc, text string) error {
			return content.CheckPackage(strings.TrimPrefix(doc, content.PackageDocs), text)
		},
		Apply: func(doc, text string) { store.SetPackage(strings.TrimPrefix(doc, content.PackageDocs), text) },
	})
	stored := func(id string) bool {
		ctx, cancel := context.WithTimeout(context.Background(), storedCheckTimeout)
		defer cancel()
		v, err := live.Current(ctx, content.PackageDocs+id)
		return err == nil && v.Version > 0
	}
	live.Register(content.CatalogueDoc, settings.Doc{
		Check: func(_, text string) error { return store.CheckCatalogue(text, stored) },
		// The text was checked; one that no longer reads keeps what is
		// served, as the content store answers.
		Apply: func(_, text string) { _ = store.SetCatalogue(text) },
	})
}
