package agent

import (
	"context"
	"strings"
)

// OfflineModelName is the LLMCallResult.Model of Offline answers, so the
// message log shows that no model answered.
const OfflineModelName = "offline"

// defaultOfflineText is what Offline says when given no text.
const defaultOfflineText = "No language model is configured (set LLM_API_KEY, or LLM_PROVIDER=replay with LLM_REPLAY_FILE)."

// Offline is the Model used when neither an API key nor a replay file is
// configured. It exists so that the emulator starts and every other part of a
// conversation (webhook, buffer, table, dashboard, operators) can be tried
// without a model account: instead of failing each turn, which would send the
// conversation to the fallback-and-handoff path, it answers a valid "continue"
// (s=0) whose text says plainly that no model is configured.
type Offline struct {
	raw string
}

var _ Model = (*Offline)(nil)

// NewOffline returns an Offline model that answers text to the customer (a
// built-in English notice when text is blank).
func NewOffline(text string) *Offline {
	text = strings.TrimSpace(text)
	if text == "" {
		text = defaultOfflineText
	}
	return &Offline{raw: `{"s":0,"qualification_data":{}} ` + text}
}

// Call answers the fixed notice at once. Like every Model it refuses an
// invalid request (ErrBadRequest) and a done ctx, so the emulator surfaces the
// same bugs a real model would.
func (o *Offline) Call(ctx context.Context, req Request) (LLMCallResult, error) {
	if err := ctx.Err(); err != nil {
		return LLMCallResult{}, err
	}
	if err := req.Validate(); err != nil {
		return LLMCallResult{}, err
	}
	return LLMCallResult{RawResponse: o.raw, Model: OfflineModelName}, nil
}
