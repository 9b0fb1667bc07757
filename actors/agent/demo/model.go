package demo

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/intake-runtime/intake/actors/agent"
	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/conversation/content"
)

// ModelName is the LLMCallResult.Model of demo answers, so the message log
// and the dashboard show that no language model answered.
const ModelName = "demo"

// Model is the rule-based offline model. It is safe for concurrent use: it
// keeps no state between calls.
type Model struct {
	catalogue func() content.Catalogue
}

var _ agent.Model = (*Model)(nil)

// New returns a demo model that offers the services of catalogue (called on
// every request, so edits apply at once; *content.Store's Catalogue method
// fits).
func New(catalogue func() content.Catalogue) *Model {
	return &Model{catalogue: catalogue}
}

// Call answers req at once. Like every Model it refuses an invalid request
// (agent.ErrBadRequest) and a done ctx, so the emulator surfaces the same bugs
// a real model would.
func (m *Model) Call(ctx context.Context, req agent.Request) (agent.LLMCallResult, error) {
	if err := ctx.Err(); err != nil {
		return agent.LLMCallResult{}, err
	}
	if err := req.Validate(); err != nil {
		return agent.LLMCallResult{}, err
	}
	t := readTurn(req)
	var raw string
	switch req.Agent {
	case agent.AgentRegistrar:
		raw = register(t, m.catalogue())
	case agent.AgentSummarizer:
		raw = summarize(t)
	default: // TRIAGE and QUALIFIER
		raw = qualify(t, m.catalogue())
	}
	input, output := agent.EstimateUsage(req, raw)
	return agent.LLMCallResult{RawResponse: raw, Model: ModelName, TokensInput: input, TokensOutput: output}, nil
}

// turn is what the rules read from a request.
type turn struct {
	// text is the customer's last message (this burst), folded is its
	// content.Fold key.
	text, folded string
	// asked is the assistant's last message, folded: the rules read which
	// field they asked for.
	asked   string
	facts   map[string]string
	history []agent.Turn
	// packages are the knowledge packages injected so far.
	packages []agent.Package
}

func readTurn(req agent.Request) turn {
	t := turn{facts: map[string]string{}, history: req.History, packages: req.Packages}
	for _, f := range req.Facts {
		t.facts[f.Name] = f.Value
	}
	for i := len(req.History) - 1; i >= 0; i-- {
		h := req.History[i]
		if h.Role == agent.RoleUser && t.text == "" && t.asked == "" {
			t.text = strings.TrimSpace(h.Text)
		}
		if h.Role == agent.RoleAssistant {
			t.asked = content.Fold(h.Text)
			break
		}
	}
	t.folded = content.Fold(t.text)
	return t
}

// data reads a JSON object fact (dados_cadastrais, dados_de_qualificacao).
func (t turn) data(name string) map[string]any {
	m := map[string]any{}
	_ = json.Unmarshal([]byte(t.facts[name]), &m) // an absent or broken fact is no data
	return m
}

// firstName is the customer's first name when known: collected, recognised
// from an earlier session, or from the messaging profile.
func (t turn) firstName() string {
	name, _ := t.data(conversation.FactCadastral)[conversation.KeyName].(string)
	for _, n := range []string{name, t.facts[conversation.FactRecognizedName], t.facts[conversation.FactPushName]} {
		if f := strings.Fields(n); len(f) > 0 {
			return f[0]
		}
	}
	return ""
}

// answer renders the contract's answer: the JSON object, then the text.
func answer(fields map[string]any, text string) string {
	if _, ok := fields["qualification_data"]; !ok {
		fields["qualification_data"] = map[string]any{}
	}
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(fields) // maps of strings and numbers always encode
	return strings.TrimSpace(strings.TrimSpace(b.String()) + " " + text)
}
