package openai

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"

	goopenai "github.com/sashabaranov/go-openai"
)

// usage is the provider's usage object of a transcription:
// {"type":"tokens","input_tokens":95,"output_tokens":9,...} for the
// gpt-4o-transcribe models; whisper-1 reports {"type":"duration","seconds":3}
// instead, which leaves the token counts zero.
type usage struct {
	InputTokens  int `json:"input_tokens"`
	OutputTokens int `json:"output_tokens"`
}

// usageKey carries the *usage a call's response fills, in its context.
type usageKey struct{}

// maxUsageBody bounds what is read of a response to find its usage: a
// transcription's JSON is its text and a few numbers, a minute of speech
// well under 2 KiB.
const maxUsageBody = 1 << 20

// usageReader is the HTTP client go-openai calls through: it reads the
// usage of a successful response whose request context asks for it, and
// hands go-openai the same body.
type usageReader struct {
	doer goopenai.HTTPDoer
}

func (u usageReader) Do(req *http.Request) (*http.Response, error) {
	resp, err := u.doer.Do(req)
	used, ok := req.Context().Value(usageKey{}).(*usage)
	if err != nil || !ok || resp.StatusCode/100 != 2 {
		return resp, err
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxUsageBody))
	_ = resp.Body.Close()
	if err != nil {
		return nil, err
	}
	var envelope struct {
		Usage *usage `json:"usage"`
	}
	if json.Unmarshal(body, &envelope) == nil && envelope.Usage != nil {
		*used = *envelope.Usage
	}
	resp.Body = io.NopCloser(bytes.NewReader(body))
	return resp, nil
}
