package agent

import "strings"

// SystemPrompt is the full system text of req: the agent's instructions, then
// a knowledge-packages section, then a session-facts section, each section
// present only when it has entries. Every model adapter sends this text, so
// the model sees the same prompt from any provider.
//
// The order is fixed and puts what changes most (facts) last, so consecutive
// calls of a conversation share the longest possible prefix, which providers
// cache and bill cheaper. The text is built in one buffer sized up front: it
// is several kilobytes on every model call.
func (r Request) SystemPrompt() string {
	instructions := strings.TrimSpace(r.Instructions)
	size := len(instructions)
	for _, p := range r.Packages {
		size += len(p.ID) + len(p.Content) + 8
	}
	for _, f := range r.Facts {
		size += len(f.Name) + len(f.Value) + 5
	}
	var b strings.Builder
	b.Grow(size + 64)
	b.WriteString(instructions)
	if len(r.Packages) > 0 {
		b.WriteString("\n\n## Knowledge packages")
		for _, p := range r.Packages {
			b.WriteString("\n\n### ")
			b.WriteString(strings.TrimSpace(p.ID))
			b.WriteString("\n")
			b.WriteString(strings.TrimSpace(p.Content))
		}
	}
	if len(r.Facts) > 0 {
		b.WriteString("\n\n## Session facts\n")
		for _, f := range r.Facts {
			b.WriteString("\n- ")
			b.WriteString(strings.TrimSpace(f.Name))
			b.WriteString(": ")
			b.WriteString(strings.TrimSpace(f.Value))
		}
	}
	return b.String()
}
