package admin

import (
	"context"
	"strings"
	"sync"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// Agents are the agents whose prompts can be overridden.
var Agents = []domain.AgentName{
	domain.AgentTriage,
	domain.AgentQualifier,
	domain.AgentRegistrar,
	domain.AgentSummarizer,
}

// MaxPromptBytes bounds one prompt version: well under DynamoDB's 400 KB
// item limit, far over any useful prompt.
const MaxPromptBytes = 100 << 10

// PromptView is what GET and PUT answer: the prompt the agent uses now, the
// current override version (0: none, the file's prompt is used) and every
// stored version, oldest first.
type PromptView struct {
	AgentID        domain.AgentName            `json:"agent_id"`
	Text           string                      `json:"text"`
	Source         string                      `json:"source"` // "override" or "file"
	CurrentVersion int                         `json:"current_version"`
	History        []persistence.PromptVersion `json:"history"`
}

// promptStore applies the stored prompt versions (persistence.Prompts) to
// the running content store.
type promptStore struct {
	versions *persistence.Prompts
	applied  Prompts
	now      func() time.Time
	// mu orders this node's writes and applications, so two PUTs cannot
	// leave the older version applied.
	mu sync.Mutex
}

func newPromptStore(table persistence.Table, applied Prompts, now func() time.Time) *promptStore {
	return &promptStore{versions: persistence.NewPrompts(table), applied: applied, now: now}
}

// agent returns the known agent named id (case-insensitive), as the package
// constant, so the name never aliases a request buffer.
func agent(id string) (domain.AgentName, bool) {
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
func (s *promptStore) View(ctx context.Context, a domain.AgentName) (PromptView, error) {
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
func (s *promptStore) Put(ctx context.Context, a domain.AgentName, text string) (PromptView, int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	version, err := s.versions.Add(ctx, a, text, s.now())
	if err != nil {
		return PromptView{}, 0, err
	}
	applied, err := s.sync(ctx, a)
	if err != nil {
		return PromptView{}, 0, err
	}
	v, err := s.view(ctx, a, applied)
	return v, version, err
}

// sync applies a's current stored version to the content store (or removes
// the override when there is none) and returns it (Version 0: none).
func (s *promptStore) sync(ctx context.Context, a domain.AgentName) (persistence.PromptVersion, error) {
	v, err := s.versions.Current(ctx, a)
	if err != nil {
		return persistence.PromptVersion{}, err
	}
	s.applied.SetPromptOverride(string(a), v.Text)
	return v, nil
}

func (s *promptStore) view(ctx context.Context, a domain.AgentName, current persistence.PromptVersion) (PromptView, error) {
	history, err := s.versions.History(ctx, a)
	if err != nil {
		return PromptView{}, err
	}
	v := PromptView{AgentID: a, Text: s.applied.Prompt(string(a)), Source: "file", History: history}
	if current.Version > 0 {
		v.Text, v.Source, v.CurrentVersion = current.Text, "override", current.Version
	}
	return v, nil
}
