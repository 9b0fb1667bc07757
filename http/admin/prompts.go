package admin

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/intake-runtime/intake/persistence"
)

// Agents are the agents whose prompts can be overridden.
var Agents = []persistence.AgentName{
	persistence.AgentTriage,
	persistence.AgentQualifier,
	persistence.AgentRegistrar,
	persistence.AgentSummarizer,
}

// Prompt keys: PROMPT#<agent> holds CURRENT (the current version number) and
// V#<version> (one item per version, zero-padded so versions sort in order).
const (
	promptCurrentSK = "CURRENT"
	promptVersionSK = "V#"
	// maxPromptVersion is the largest version the six-digit key can hold.
	maxPromptVersion = 999_999
	// MaxPromptBytes bounds one prompt version: well under DynamoDB's
	// 400 KB item limit, far over any useful prompt.
	MaxPromptBytes = 100 << 10
	// putAttempts bounds the retries of editors on several nodes racing for
	// a version: each retry loses only to a version actually written.
	putAttempts = 8
)

func promptPK(agent persistence.AgentName) string { return "PROMPT#" + string(agent) }

func promptSK(version int) string { return fmt.Sprintf("%s%06d", promptVersionSK, version) }

// PromptVersion is one stored version of an agent's prompt.
type PromptVersion struct {
	Version   int       `dynamodbav:"version" json:"version"`
	Text      string    `dynamodbav:"text" json:"text"`
	CreatedAt time.Time `dynamodbav:"created_at" json:"created_at"`
}

// PromptView is what GET and PUT answer: the prompt the agent uses now, the
// current override version (0: none, the file's prompt is used) and every
// stored version, oldest first.
type PromptView struct {
	AgentID        persistence.AgentName `json:"agent_id"`
	Text           string                `json:"text"`
	Source         string                `json:"source"` // "override" or "file"
	CurrentVersion int                   `json:"current_version"`
	History        []PromptVersion       `json:"history"`
}

// errUnknownAgent is returned for an agent without a prompt.
var errUnknownAgent = errors.New("admin: unknown agent")

// promptStore keeps prompt versions in the table and applies the current one
// to the running content store.
type promptStore struct {
	table   persistence.Table
	applied Prompts
	now     func() time.Time
	// mu orders this node's writes and applications, so two PUTs cannot
	// leave the older version applied.
	mu sync.Mutex
}

func newPromptStore(table persistence.Table, applied Prompts, now func() time.Time) *promptStore {
	return &promptStore{table: table, applied: applied, now: now}
}

// agent returns the known agent named id (case-insensitive), as the package
// constant, so the name never aliases a request buffer.
func agent(id string) (persistence.AgentName, bool) {
	for _, a := range Agents {
		if strings.EqualFold(id, string(a)) {
			return a, true
		}
	}
	return "", false
}

// LoadAll applies the current version of every agent's prompt; the runtime
// calls it at start.
func (s *promptStore) LoadAll(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, a := range Agents {
		if _, err := s.sync(ctx, a); err != nil {
			return err
		}
	}
	return nil
}

// View syncs and describes the prompt of a.
func (s *promptStore) View(ctx context.Context, a persistence.AgentName) (PromptView, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	current, err := s.sync(ctx, a)
	if err != nil {
		return PromptView{}, err
	}
	return s.view(ctx, a, current)
}

// Put stores text as the next version of a's prompt, makes it current and
// applies it.
func (s *promptStore) Put(ctx context.Context, a persistence.AgentName, text string) (PromptView, int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for range putAttempts {
		// The version items, not the pointer, number the next one: the
		// pointer moves after its version is written, so it can lag.
		latest, err := s.latestVersion(ctx, a)
		if err != nil {
			return PromptView{}, 0, err
		}
		next := latest + 1
		if next > maxPromptVersion {
			return PromptView{}, 0, fmt.Errorf("admin: %s has reached %d prompt versions", a, maxPromptVersion)
		}
		item, err := attributevalue.MarshalMap(PromptVersion{Version: next, Text: text, CreatedAt: s.now().UTC()})
		if err != nil {
			return PromptView{}, 0, err
		}
		item[persistence.AttrPK] = &types.AttributeValueMemberS{Value: promptPK(a)}
		item[persistence.AttrSK] = &types.AttributeValueMemberS{Value: promptSK(next)}
		err = s.table.Put(ctx, item, persistence.NotExists(persistence.AttrPK).Ptr())
		if errors.Is(err, persistence.ErrConflict) {
			continue // another editor took this version: number ours after it
		}
		if err != nil {
			return PromptView{}, 0, fmt.Errorf("admin: store prompt version: %w", err)
		}
		// Only move the pointer forward: a newer version made current
		// meanwhile stays current, and ours stays in the history.
		pointer := persistence.Item{
			persistence.AttrPK: &types.AttributeValueMemberS{Value: promptPK(a)},
			persistence.AttrSK: &types.AttributeValueMemberS{Value: promptCurrentSK},
			"version":          &types.AttributeValueMemberN{Value: fmt.Sprint(next)},
			"updated_at":       &types.AttributeValueMemberS{Value: persistence.FormatTime(s.now())},
		}
		cond := persistence.Or(persistence.NotExists(persistence.AttrPK), persistence.Less("version", next))
		if err := s.table.Put(ctx, pointer, cond.Ptr()); err != nil && !errors.Is(err, persistence.ErrConflict) {
			return PromptView{}, 0, fmt.Errorf("admin: make prompt version current: %w", err)
		}
		applied, err := s.sync(ctx, a)
		if err != nil {
			return PromptView{}, 0, err
		}
		v, err := s.view(ctx, a, applied)
		return v, next, err
	}
	return PromptView{}, 0, fmt.Errorf("admin: prompt of %s: still contended after %d attempts: %w", a, putAttempts, persistence.ErrConflict)
}

// sync applies a's current stored version to the content store (or removes
// the override when there is none) and returns it (Version 0: none).
func (s *promptStore) sync(ctx context.Context, a persistence.AgentName) (PromptVersion, error) {
	n, err := s.currentVersion(ctx, a)
	if err != nil || n == 0 {
		if err == nil {
			s.applied.SetPromptOverride(string(a), "")
		}
		return PromptVersion{}, err
	}
	item, err := s.table.Get(ctx, persistence.Key{PK: promptPK(a), SK: promptSK(n)})
	if err != nil {
		return PromptVersion{}, fmt.Errorf("admin: prompt %s version %d: %w", a, n, err)
	}
	var v PromptVersion
	if err := attributevalue.UnmarshalMap(item, &v); err != nil {
		return PromptVersion{}, fmt.Errorf("admin: decode prompt %s version %d: %w", a, n, err)
	}
	s.applied.SetPromptOverride(string(a), v.Text)
	return v, nil
}

// latestVersion is the highest stored version of a's prompt (0: none). The
// table's queries are strongly consistent, so a version another writer has
// just taken is seen.
func (s *promptStore) latestVersion(ctx context.Context, a persistence.AgentName) (int, error) {
	page, err := s.table.Query(ctx, persistence.Query{PK: promptPK(a), SKPrefix: promptVersionSK, Descending: true, Limit: 1})
	if err != nil {
		return 0, fmt.Errorf("admin: latest prompt of %s: %w", a, err)
	}
	if len(page.Items) == 0 {
		return 0, nil
	}
	var v PromptVersion
	if err := attributevalue.UnmarshalMap(page.Items[0], &v); err != nil {
		return 0, fmt.Errorf("admin: decode latest prompt of %s: %w", a, err)
	}
	return v.Version, nil
}

func (s *promptStore) currentVersion(ctx context.Context, a persistence.AgentName) (int, error) {
	item, err := s.table.Get(ctx, persistence.Key{PK: promptPK(a), SK: promptCurrentSK})
	if errors.Is(err, persistence.ErrNotFound) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("admin: current prompt of %s: %w", a, err)
	}
	var pointer struct {
		Version int `dynamodbav:"version"`
	}
	if err := attributevalue.UnmarshalMap(item, &pointer); err != nil {
		return 0, fmt.Errorf("admin: decode current prompt of %s: %w", a, err)
	}
	return pointer.Version, nil
}

func (s *promptStore) view(ctx context.Context, a persistence.AgentName, current PromptVersion) (PromptView, error) {
	history, err := s.history(ctx, a)
	if err != nil {
		return PromptView{}, err
	}
	v := PromptView{AgentID: a, Text: s.applied.Prompt(string(a)), Source: "file", History: history}
	if current.Version > 0 {
		v.Text, v.Source, v.CurrentVersion = current.Text, "override", current.Version
	}
	return v, nil
}

func (s *promptStore) history(ctx context.Context, a persistence.AgentName) ([]PromptVersion, error) {
	history := []PromptVersion{}
	q := persistence.Query{PK: promptPK(a), SKPrefix: promptVersionSK}
	for {
		page, err := s.table.Query(ctx, q)
		if err != nil {
			return nil, fmt.Errorf("admin: prompt history of %s: %w", a, err)
		}
		for _, item := range page.Items {
			var v PromptVersion
			if err := attributevalue.UnmarshalMap(item, &v); err != nil {
				return nil, fmt.Errorf("admin: decode prompt history of %s: %w", a, err)
			}
			history = append(history, v)
		}
		if page.Next == "" {
			return history, nil
		}
		q.Cursor = page.Next
	}
}
