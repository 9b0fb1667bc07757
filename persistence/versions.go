package persistence

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Versioned documents are what an owner edits in /admin (the business, the
// catalogue, the knowledge packages, the hours, the CRM stages, the
// templates) and the agents' prompt overrides. A document is text; every
// edit is a new version, its own item:
//
//	SETTINGS#<name> / V#<000001>   (a prompt: PROMPT#<agent> / V#<000001>)
//
// zero-padded so versions sort in order. The current version is the latest:
// a restore writes the restored text again as a new version, so the history
// only grows and says who restored what. One more item,
//
//	SETTINGS / INDEX
//
// holds the current version number of every document, one attribute each,
// written in the same transaction as the version: a node learns of any
// edit, on any document, with one read (see Versions.Index).
const (
	versionSKPrefix = "V#"
	// maxVersion is the largest version the six-digit key can hold.
	maxVersion = 999_999
	// versionAddAttempts bounds the retries of editors on several nodes
	// racing for a version: each retry loses only to a version written.
	versionAddAttempts = 8
	// promptDocPrefix names the prompt documents, whose items keep the
	// PROMPT#<agent> partition they had before the other documents existed.
	promptDocPrefix = "prompt/"
)

var settingsIndexKey = Key{PK: "SETTINGS", SK: "INDEX"}

// PromptDoc is the document holding agent's prompt overrides.
func PromptDoc(agent string) string { return promptDocPrefix + agent }

func docPK(doc string) string {
	if agent, ok := strings.CutPrefix(doc, promptDocPrefix); ok {
		return "PROMPT#" + agent
	}
	return "SETTINGS#" + doc
}

func versionSK(version int) string { return fmt.Sprintf("%s%06d", versionSKPrefix, version) }

// Version is one stored version of a document.
type Version struct {
	Version   int       `dynamodbav:"version" json:"version"`
	Text      string    `dynamodbav:"text" json:"text"`
	CreatedAt time.Time `dynamodbav:"created_at" json:"created_at"`
	// Author is who saved it: the admin's phone, or "api" for the admin
	// key; empty in versions stored before authors were kept.
	Author string `dynamodbav:"author,omitempty" json:"author,omitempty"`
	// RestoredFrom is the version whose text this one restored; 0 for an edit.
	RestoredFrom int `dynamodbav:"restored_from,omitempty" json:"restored_from,omitempty"`
}

// Edit is one change to store: the text, who made it and when.
type Edit struct {
	Text   string
	Author string
	At     time.Time
}

// Versions stores versioned documents. It is safe for concurrent use, also
// from several nodes over one table.
type Versions struct {
	table Table
}

// NewVersions returns the versioned-document repository over table.
func NewVersions(table Table) *Versions { return &Versions{table: table} }

// Add stores e as the next version of doc, current at once, and returns
// its number.
func (v *Versions) Add(ctx context.Context, doc string, e Edit) (int, error) {
	return v.add(ctx, doc, Version{Text: e.Text, Author: e.Author, CreatedAt: e.At.UTC()})
}

// Restore makes the text of doc's version n current again, as a new
// version noting where it came from; ErrNotFound when n was never stored.
func (v *Versions) Restore(ctx context.Context, doc string, n int, author string, at time.Time) (int, error) {
	old, err := v.Get(ctx, doc, n)
	if err != nil {
		return 0, err
	}
	return v.add(ctx, doc, Version{Text: old.Text, Author: author, CreatedAt: at.UTC(), RestoredFrom: n})
}

func (v *Versions) add(ctx context.Context, doc string, next Version) (int, error) {
	for range versionAddAttempts {
		latest, err := v.Current(ctx, doc)
		if err != nil {
			return 0, err
		}
		next.Version = latest.Version + 1
		if next.Version > maxVersion {
			return 0, fmt.Errorf("persistence: %s has reached %d versions", doc, maxVersion)
		}
		item, err := encodeRecord(next)
		if err != nil {
			return 0, err
		}
		err = v.table.Transact(ctx, []TxWrite{
			PutTx(withKeys(item, Key{PK: docPK(doc), SK: versionSK(next.Version)}), NotExists(AttrPK).Ptr()),
			UpdateTx(settingsIndexKey, Update{Set: map[string]any{doc: next.Version}},
				Or(NotExists(doc), Less(doc, next.Version)).Ptr()),
		})
		if errors.Is(err, ErrConflict) {
			continue // another editor took this version: number ours after it
		}
		if err != nil {
			return 0, fmt.Errorf("persistence: store %s version: %w", doc, err)
		}
		return next.Version, nil
	}
	return 0, fmt.Errorf("persistence: %s: still contended after %d attempts: %w", doc, versionAddAttempts, ErrConflict)
}

// Current returns doc's current (latest) version; Version 0 when it has none.
// The table's queries are strongly consistent, so a version another node
// has just stored is seen.
func (v *Versions) Current(ctx context.Context, doc string) (Version, error) {
	page, err := v.table.Query(ctx, Query{PK: docPK(doc), SKPrefix: versionSKPrefix, Descending: true, Limit: 1})
	if err != nil {
		return Version{}, fmt.Errorf("persistence: current %s: %w", doc, err)
	}
	if len(page.Items) == 0 {
		return Version{}, nil
	}
	return decodeVersion(page.Items[0])
}

// Get returns version n of doc; ErrNotFound when it was never stored.
func (v *Versions) Get(ctx context.Context, doc string, n int) (Version, error) {
	if n < 1 || n > maxVersion {
		return Version{}, ErrNotFound
	}
	item, err := v.table.Get(ctx, Key{PK: docPK(doc), SK: versionSK(n)})
	if err != nil {
		return Version{}, fmt.Errorf("persistence: %s version %d: %w", doc, n, err)
	}
	return decodeVersion(item)
}

// History returns every stored version of doc, oldest first.
func (v *Versions) History(ctx context.Context, doc string) ([]Version, error) {
	history := []Version{}
	q := Query{PK: docPK(doc), SKPrefix: versionSKPrefix}
	for {
		page, err := v.table.Query(ctx, q)
		if err != nil {
			return nil, fmt.Errorf("persistence: history of %s: %w", doc, err)
		}
		for _, item := range page.Items {
			version, err := decodeVersion(item)
			if err != nil {
				return nil, err
			}
			history = append(history, version)
		}
		if page.Next == "" {
			return history, nil
		}
		q.Cursor = page.Next
	}
}

// Index returns the current version of every document edited since the
// index existed (prompt versions stored before it are read with Current).
// It is one read however many documents there are: what a node pays to
// learn, every refresh, whether anything changed.
func (v *Versions) Index(ctx context.Context) (map[string]int, error) {
	item, err := v.table.Get(ctx, settingsIndexKey)
	if errors.Is(err, ErrNotFound) {
		return map[string]int{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("persistence: settings index: %w", err)
	}
	docs := Item{}
	for name, value := range item {
		if name != AttrPK && name != AttrSK {
			docs[name] = value
		}
	}
	index := map[string]int{}
	if err := decodeRecord(docs, &index); err != nil {
		return nil, fmt.Errorf("persistence: decode settings index: %w", err)
	}
	return index, nil
}

func decodeVersion(item Item) (Version, error) {
	var v Version
	if err := decodeRecord(item, &v); err != nil {
		return Version{}, fmt.Errorf("persistence: decode version: %w", err)
	}
	return v, nil
}
