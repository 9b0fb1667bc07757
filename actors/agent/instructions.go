package agent

import "strings"

// SystemPrompt is the full system text of req: the agent's instructions, then
// a knowledge-packages section, then a session-facts section, each section
// present only when it has entries. Every model adapter sends this text, so
// the model sees the same prompt from any provider.
//
// The order is fixed and puts what changes most (facts) last, so consecutive
// calls of a conversation share the longest possible prefix, which providers
// cache and bill cheaper.
func (r Request) SystemPrompt() string {
	sections := []string{strings.TrimSpace(r.Instructions)}
	if len(r.Packages) > 0 {
		parts := []string{"## Knowledge packages"}
		for _, p := range r.Packages {
			parts = append(parts, "### "+strings.TrimSpace(p.ID)+"\n"+strings.TrimSpace(p.Content))
		}
		sections = append(sections, strings.Join(parts, "\n\n"))
	}
	if len(r.Facts) > 0 {
		lines := make([]string, 0, len(r.Facts))
		for _, f := range r.Facts {
			lines = append(lines, "- "+strings.TrimSpace(f.Name)+": "+strings.TrimSpace(f.Value))
		}
		sections = append(sections, "## Session facts\n\n"+strings.Join(lines, "\n"))
	}
	return strings.Join(sections, "\n\n")
}
