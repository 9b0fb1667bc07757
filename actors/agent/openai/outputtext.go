package openai

import goopenai "github.com/sashabaranov/go-openai"

// outputText is the response's text, as goopenai's GetOutputText reads it:
// output_text when the server gave it, otherwise the text of every
// output_text content of the output items, in order. go-openai decodes the
// items as generic maps and its GetOutputText encodes each to JSON and
// decodes it again into a typed item (about 25 allocations and a copy of
// the answer per call); this walks the maps it already has.
func outputText(resp goopenai.CreateResponseResponse) string {
	if resp.OutputText != "" {
		return resp.OutputText
	}
	var text string
	for _, raw := range resp.Output {
		item, ok := raw.(map[string]any)
		if !ok {
			continue
		}
		contents, _ := item["content"].([]any)
		for _, raw := range contents {
			content, _ := raw.(map[string]any)
			if content["type"] != "output_text" {
				continue
			}
			if s, ok := content["text"].(string); ok {
				text += s
			}
		}
	}
	return text
}
