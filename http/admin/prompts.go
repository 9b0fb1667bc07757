package admin

import (
	"context"
	"strings"

	"github.com/intake-runtime/intake/actors/conversation/content"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/settings"
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

// PromptView is what GET and PUT answer: the prompt as stored (the
// override) or as its file has it, the current override version (0: none,
// the file's prompt is used) and every stored version, oldest first.
// Business is the part an edit replaces and Protocol the protected part the
// agent always runs after it (see promptprotocol.go).
type PromptView struct {
	AgentID        domain.AgentName      `json:"agent_id"`
	Text           string                `json:"text"`
	Business       string                `json:"business"`
	Protocol       string                `json:"protocol"`
	Source         string                `json:"source"` // "override" or "file"
	CurrentVersion int                   `json:"current_version"`
	History        []persistence.Version `json:"history"`
}

// PromptOverrides is where a stored prompt version takes effect: the
// running content store, which also keeps the files the protected protocol
// comes from.
type PromptOverrides interface {
	SetPromptOverride(agent, text string)
	FilePrompt(agent string) string
}

// RegisterPrompts makes every agent's prompt a setting: each stored
// version's business part, followed by the file's protocol, overrides the
// file's prompt in store, on every node. A version that changes the
// protocol is refused (ProtocolBroken).
func RegisterPrompts(live *settings.Live, store PromptOverrides) {
	for _, a := range Agents {
		live.Register(persistence.PromptDoc(string(a)), settings.Doc{
			Check: func(_, text string) error { return checkProtocol(text, store.FilePrompt(string(a))) },
			Apply: func(_, text string) {
				if text == "" {
					store.SetPromptOverride(string(a), "")
					return
				}
				_, protocol := content.SplitPrompt(store.FilePrompt(string(a)))
				store.SetPromptOverride(string(a), content.WithProtocol(text, protocol))
			},
		})
	}
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

// promptView describes the prompt of a as stored and as running.
func (h *Handler) promptView(ctx context.Context, a domain.AgentName) (PromptView, error) {
	doc := persistence.PromptDoc(string(a))
	current, err := h.cfg.Settings.Current(ctx, doc)
	if err != nil {
		return PromptView{}, err
	}
	history, err := h.cfg.Settings.History(ctx, doc)
	if err != nil {
		return PromptView{}, err
	}
	// The API lists the history oldest first, as it always has.
	for i, j := 0, len(history)-1; i < j; i, j = i+1, j-1 {
		history[i], history[j] = history[j], history[i]
	}
	file := h.prompts.FilePrompt(string(a))
	v := PromptView{AgentID: a, Text: file, Source: "file", History: history}
	if current.Version > 0 {
		v.Text, v.Source, v.CurrentVersion = current.Text, "override", current.Version
	}
	v.Business, _ = content.SplitPrompt(v.Text)
	v.Business = strings.TrimRight(v.Business, " \t\r\n")
	_, v.Protocol = content.SplitPrompt(file)
	return v, nil
}
