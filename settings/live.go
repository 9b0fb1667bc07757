// Package settings keeps what the owner edits in /admin live on every node.
// Each setting is a document versioned in the table (persistence.Versions):
// the business, the catalogue, the knowledge packages, the hours, the CRM
// stages, the templates and the agents' prompts. A node applies the current
// version of each at start and then, at each Refresh the runtime schedules
// (every PROMPT_REFRESH while settings change, up to a minute apart while
// none does), whatever the settings index says changed: one table read per
// refresh however many documents there are. An edit applies at once on the
// node that saved it.
//
// A document without a stored version is its seed: the environment
// variable or the file it started from. Nothing is written at start, so a
// seed keeps following its variable until the first edit in /admin.
package settings

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/persistence"
)

// Doc is how one document (or, registered by prefix, one family of them,
// such as "knowledge/") is checked and applied.
type Doc struct {
	// Check refuses a text that cannot be applied, with a reason an owner
	// can read; nil accepts every text.
	Check func(doc, text string) error
	// Apply makes a checked text live on this node; "" restores the seed.
	Apply func(doc, text string)
}

// Live applies the stored documents to the running node. It is safe for
// concurrent use.
type Live struct {
	versions *persistence.Versions
	now      func() time.Time
	logger   *zap.Logger

	// mu orders this node's saves and applications, so the newest version
	// is the one left applied.
	mu       sync.Mutex
	docs     map[string]Doc
	families map[string]Doc
	applied  map[string]int
	audit    Audit // nil: nothing recorded (see Audited)
	// changes counts the versions this node applied or passed over.
	changes atomic.Uint64
}

// New returns a Live over versions that applies nothing until documents are
// registered.
func New(versions *persistence.Versions, now func() time.Time, logger *zap.Logger) *Live {
	return &Live{
		versions: versions, now: now, logger: logger,
		docs: map[string]Doc{}, families: map[string]Doc{}, applied: map[string]int{},
	}
}

// Register makes doc (an exact name, or a prefix ending in "/" for a
// family) live through d. Register before Load.
func (l *Live) Register(doc string, d Doc) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if strings.HasSuffix(doc, "/") {
		l.families[doc] = d
		return
	}
	l.docs[doc] = d
}

// ErrUnknown is the error for a document no one registered.
var ErrUnknown = errors.New("settings: unknown document")

// Refused is a text Check refused; Reason is for the owner.
type Refused struct{ Reason error }

func (r *Refused) Error() string { return r.Reason.Error() }
func (r *Refused) Unwrap() error { return r.Reason }

// Load applies the current version of every registered document and of
// every family member the index names. The runtime calls it at start; a
// stored version that no longer passes its check is logged and its seed
// kept, while a table failure is returned.
func (l *Live) Load(ctx context.Context) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	index, err := l.versions.Index(ctx)
	if err != nil {
		return err
	}
	names := make([]string, 0, len(l.docs)+len(index))
	for doc := range l.docs {
		names = append(names, doc)
	}
	for doc := range index {
		if _, exact := l.docs[doc]; !exact {
			names = append(names, doc)
		}
	}
	for _, doc := range names {
		if err := l.sync(ctx, doc); err != nil {
			return err
		}
	}
	return nil
}

// Refresh applies what changed since the last Load or Refresh, on this
// node or any other: one read of the index, and one per changed document.
func (l *Live) Refresh(ctx context.Context) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	index, err := l.versions.Index(ctx)
	if err != nil {
		return err
	}
	for doc, version := range index {
		if version == l.applied[doc] {
			continue
		}
		if err := l.sync(ctx, doc); err != nil {
			return err
		}
	}
	return nil
}

// Changes counts the new versions this node has taken in: loaded,
// refreshed, saved or restored here. A scheduler compares it across a
// Refresh to tell an idle period from an owner at work.
func (l *Live) Changes() uint64 { return l.changes.Load() }

// Save checks text, stores it as doc's next version and applies it here.
// A refused text is a *Refused and stores nothing.
func (l *Live) Save(ctx context.Context, doc, text, author string) (persistence.Version, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	d, err := l.checked(doc, text)
	if err != nil {
		return persistence.Version{}, err
	}
	n, err := l.versions.Add(ctx, doc, persistence.Edit{Text: text, Author: author, At: l.now()})
	if err != nil {
		return persistence.Version{}, err
	}
	l.record(ctx, persistence.AuditSettings, doc, persistence.Version{Version: n, Author: author})
	return l.applyVersion(ctx, doc, d, n)
}

// Restore makes version n of doc current again (a new version with its
// text), when that text still passes the check.
func (l *Live) Restore(ctx context.Context, doc string, n int, author string) (persistence.Version, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	old, err := l.versions.Get(ctx, doc, n)
	if err != nil {
		return persistence.Version{}, err
	}
	d, err := l.checked(doc, old.Text)
	if err != nil {
		return persistence.Version{}, err
	}
	restored, err := l.versions.Restore(ctx, doc, n, author, l.now())
	if err != nil {
		return persistence.Version{}, err
	}
	l.record(ctx, persistence.AuditSettingsBack, doc, persistence.Version{Version: restored, Author: author})
	return l.applyVersion(ctx, doc, d, restored)
}

// Current returns doc's current stored version (Version 0: the seed).
func (l *Live) Current(ctx context.Context, doc string) (persistence.Version, error) {
	return l.versions.Current(ctx, doc)
}

// History returns every stored version of doc, newest first, as a page
// lists them.
func (l *Live) History(ctx context.Context, doc string) ([]persistence.Version, error) {
	history, err := l.versions.History(ctx, doc)
	for i, j := 0, len(history)-1; i < j; i, j = i+1, j-1 {
		history[i], history[j] = history[j], history[i]
	}
	return history, err
}

// Check tells whether text would be accepted for doc, without storing it:
// for a page's preview.
func (l *Live) Check(doc, text string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	_, err := l.checked(doc, text)
	return err
}

// applyVersion reads version n back and applies it: the text stored is
// the text applied.
func (l *Live) applyVersion(ctx context.Context, doc string, d Doc, n int) (persistence.Version, error) {
	v, err := l.versions.Get(ctx, doc, n)
	if err != nil {
		return persistence.Version{}, err
	}
	d.Apply(doc, v.Text)
	l.applied[doc] = v.Version
	l.changes.Add(1)
	return v, nil
}

// sync applies doc's current version, when registered and accepted.
func (l *Live) sync(ctx context.Context, doc string) error {
	d, ok := l.lookup(doc)
	if !ok {
		return nil // a document of a newer node, or of a family this node lacks
	}
	v, err := l.versions.Current(ctx, doc)
	if err != nil {
		return err
	}
	if err := check(d, doc, v.Text); err != nil && v.Version > 0 {
		l.logger.Warn("stored setting refused; the node keeps what it had",
			zap.String("doc", doc), zap.Int("version", v.Version), zap.Error(err))
		l.applied[doc] = v.Version
		l.changes.Add(1)
		return nil
	}
	d.Apply(doc, v.Text)
	l.applied[doc] = v.Version
	l.changes.Add(1)
	return nil
}

func (l *Live) checked(doc, text string) (Doc, error) {
	d, ok := l.lookup(doc)
	if !ok {
		return Doc{}, fmt.Errorf("%w: %s", ErrUnknown, doc)
	}
	if err := check(d, doc, text); err != nil {
		return Doc{}, &Refused{Reason: err}
	}
	return d, nil
}

func check(d Doc, doc, text string) error {
	if d.Check == nil {
		return nil
	}
	return d.Check(doc, text)
}

func (l *Live) lookup(doc string) (Doc, bool) {
	if d, ok := l.docs[doc]; ok {
		return d, true
	}
	for prefix, d := range l.families {
		if strings.HasPrefix(doc, prefix) {
			return d, true
		}
	}
	return Doc{}, false
}
