package openai

import (
	"encoding/json"
	"testing"

	goopenai "github.com/sashabaranov/go-openai"
)

// TestOutputTextReadsAsGoOpenAI: outputText gives what go-openai's
// GetOutputText gives, for the answers servers send.
func TestOutputTextReadsAsGoOpenAI(t *testing.T) {
	bodies := map[string]string{
		"one message":       `{"output":[{"type":"message","role":"assistant","content":[{"type":"output_text","text":"{\"a\":1} Olá"}]}]}`,
		"output_text given": `{"output_text":"direct","output":[{"type":"message","content":[{"type":"output_text","text":"ignored"}]}]}`,
		"reasoning first":   `{"output":[{"type":"reasoning","summary":[]},{"type":"message","content":[{"type":"output_text","text":"a"},{"type":"output_text","text":"b"}]}]}`,
		"refusal only":      `{"output":[{"type":"message","content":[{"type":"refusal","refusal":"no"}]}]}`,
		"no output":         `{"status":"incomplete","output":[]}`,
		"two messages":      `{"output":[{"type":"message","content":[{"type":"output_text","text":"x"}]},{"type":"message","content":[{"type":"output_text","text":"y"}]}]}`,
	}
	for name, body := range bodies {
		t.Run(name, func(t *testing.T) {
			var resp goopenai.CreateResponseResponse
			if err := json.Unmarshal([]byte(body), &resp); err != nil {
				t.Fatal(err)
			}
			if got, want := outputText(resp), resp.GetOutputText(); got != want {
				t.Errorf("outputText = %q, GetOutputText = %q", got, want)
			}
		})
	}
}

// BenchmarkOutputText compares outputText with go-openai's GetOutputText
// on a one-message answer.
func BenchmarkOutputText(b *testing.B) {
	var resp goopenai.CreateResponseResponse
	body := `{"output":[{"type":"message","role":"assistant","content":[{"type":"output_text","text":"{\"intent\":\"quote\"} Olá! Como posso ajudar?"}]}]}`
	if err := json.Unmarshal([]byte(body), &resp); err != nil {
		b.Fatal(err)
	}
	for _, read := range []struct {
		name string
		text func(goopenai.CreateResponseResponse) string
	}{
		{"go-openai", goopenai.CreateResponseResponse.GetOutputText},
		{"outputText", outputText},
	} {
		b.Run(read.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = read.text(resp)
			}
		})
	}
}
