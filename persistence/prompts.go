package persistence

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/intake-runtime/intake/domain"
)

// Prompt overrides are versioned per agent: PROMPT#<agent> / V#<000001> holds
// each version (zero-padded, so versions sort in order) and
// PROMPT#<agent> / CURRENT the number of the current one.
const (
	promptCurrentSK = "CURRENT"
	promptVersionSK = "V#"
	// maxPromptVersion is the largest version the six-digit key can hold.
	maxPromptVersion = 999_999
	// promptAddAttempts bounds the retries of editors on several nodes racing
	// for a version: each retry loses only to a version actually written.
	promptAddAttempts = 8
)

func promptPK(agent domain.AgentName) string { return "PROMPT#" + string(agent) }

func promptSK(version int) string { return fmt.Sprintf("%s%06d", promptVersionSK, version) }

// PromptVersion is one stored version of an agent's prompt.
type PromptVersion struct {
	Version   int       `dynamodbav:"version" json:"version"`
	Text      string    `dynamodbav:"text" json:"text"`
	CreatedAt time.Time `dynamodbav:"created_at" json:"created_at"`
}

// promptPointer is the item that names an agent's current version.
type promptPointer struct {
	Version   int       `dynamodbav:"version"`
	UpdatedAt time.Time `dynamodbav:"updated_at"`
}

// Prompts stores the versions of the agents' prompt overrides. It is safe
// for concurrent use, also from several nodes over one table.
type Prompts struct {
	table Table
}

// NewPrompts returns the prompt repository over table.
func NewPrompts(table Table) *Prompts { return &Prompts{table: table} }

// Add stores text as the next version of agent's prompt, created now, makes
// it current and returns its number. The version items, not the pointer,
// number the next one: the pointer moves after its version is written, so
// it can lag. The pointer only moves forward: a newer version made current
// meanwhile stays current, and this one stays in the history.
func (p *Prompts) Add(ctx context.Context, agent domain.AgentName, text string, now time.Time) (int, error) {
	for range promptAddAttempts {
		latest, err := p.latest(ctx, agent)
		if err != nil {
			return 0, err
		}
		next := latest + 1
		if next > maxPromptVersion {
			return 0, fmt.Errorf("persistence: %s has reached %d prompt versions", agent, maxPromptVersion)
		}
		v := PromptVersion{Version: next, Text: text, CreatedAt: now.UTC()}
		err = p.put(ctx, agent, promptSK(next), v, NotExists(AttrPK))
		if errors.Is(err, ErrConflict) {
			continue // another editor took this version: number ours after it
		}
		if err != nil {
			return 0, fmt.Errorf("persistence: store prompt version: %w", err)
		}
		cond := Or(NotExists(AttrPK), Less("version", next))
		err = p.put(ctx, agent, promptCurrentSK, promptPointer{Version: next, UpdatedAt: now}, cond)
		if err != nil && !errors.Is(err, ErrConflict) {
			return 0, fmt.Errorf("persistence: make prompt version current: %w", err)
		}
		return next, nil
	}
	return 0, fmt.Errorf("persistence: prompt of %s: still contended after %d attempts: %w", agent, promptAddAttempts, ErrConflict)
}

// Current returns agent's current version; Version 0 when it has none.
func (p *Prompts) Current(ctx context.Context, agent domain.AgentName) (PromptVersion, error) {
	item, err := p.table.Get(ctx, Key{PK: promptPK(agent), SK: promptCurrentSK})
	if errors.Is(err, ErrNotFound) {
		return PromptVersion{}, nil
	}
	if err != nil {
		return PromptVersion{}, fmt.Errorf("persistence: current prompt of %s: %w", agent, err)
	}
	var pointer promptPointer
	if err := decodeRecord(item, &pointer); err != nil {
		return PromptVersion{}, fmt.Errorf("persistence: decode current prompt of %s: %w", agent, err)
	}
	item, err = p.table.Get(ctx, Key{PK: promptPK(agent), SK: promptSK(pointer.Version)})
	if err != nil {
		return PromptVersion{}, fmt.Errorf("persistence: prompt %s version %d: %w", agent, pointer.Version, err)
	}
	return decodePromptVersion(item)
}

// History returns every stored version of agent's prompt, oldest first.
func (p *Prompts) History(ctx context.Context, agent domain.AgentName) ([]PromptVersion, error) {
	history := []PromptVersion{}
	q := Query{PK: promptPK(agent), SKPrefix: promptVersionSK}
	for {
		page, err := p.table.Query(ctx, q)
		if err != nil {
			return nil, fmt.Errorf("persistence: prompt history of %s: %w", agent, err)
		}
		for _, item := range page.Items {
			v, err := decodePromptVersion(item)
			if err != nil {
				return nil, err
			}
			history = append(history, v)
		}
		if page.Next == "" {
			return history, nil
		}
		q.Cursor = page.Next
	}
}

// latest is the highest stored version of agent's prompt (0: none). The
// table's queries are strongly consistent, so a version another writer has
// just taken is seen.
func (p *Prompts) latest(ctx context.Context, agent domain.AgentName) (int, error) {
	page, err := p.table.Query(ctx, Query{PK: promptPK(agent), SKPrefix: promptVersionSK, Descending: true, Limit: 1})
	if err != nil {
		return 0, fmt.Errorf("persistence: latest prompt of %s: %w", agent, err)
	}
	if len(page.Items) == 0 {
		return 0, nil
	}
	v, err := decodePromptVersion(page.Items[0])
	return v.Version, err
}

func (p *Prompts) put(ctx context.Context, agent domain.AgentName, sk string, record any, cond Condition) error {
	item, err := encodeRecord(record)
	if err != nil {
		return err
	}
	return p.table.Put(ctx, withKeys(item, Key{PK: promptPK(agent), SK: sk}), &cond)
}

func decodePromptVersion(item Item) (PromptVersion, error) {
	var v PromptVersion
	if err := decodeRecord(item, &v); err != nil {
		return PromptVersion{}, fmt.Errorf("persistence: decode prompt version: %w", err)
	}
	return v, nil
}
