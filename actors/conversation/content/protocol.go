package content

import "strings"

// ProtocolHeading opens the reply-format protocol of a prompt file: the
// JSON answer the agent must produce (actors/agent parses it). Everything
// from this line to the end of the file is the protocol; what comes before
// it is the business part an owner may rewrite. Every shipped prompt ends
// with this section, so the protocol can be kept apart from the business
// wording and always come from the file the code was released with.
const ProtocolHeading = "## Formato da resposta"

// SplitPrompt cuts text at its protocol heading (a line that is exactly
// ProtocolHeading, spaces around it ignored): business is what precedes it,
// protocol the heading and everything after; protocol is "" when text has
// no such line.
func SplitPrompt(text string) (business, protocol string) {
	for i := 0; i < len(text); {
		end := strings.IndexByte(text[i:], '\n')
		line := text[i:]
		if end >= 0 {
			line = text[i : i+end]
		}
		if strings.TrimSpace(line) == ProtocolHeading {
			return text[:i], text[i:]
		}
		if end < 0 {
			break
		}
		i += end + 1
	}
	return text, ""
}

// WithProtocol is business followed by protocol, a blank line between: the
// prompt an agent runs when its business part was rewritten. A protocol
// already in business (a whole prompt sent back as it was read) is
// replaced, so the protocol appears once.
func WithProtocol(business, protocol string) string {
	business, _ = SplitPrompt(business)
	business = strings.TrimRight(business, " \t\r\n")
	if protocol == "" {
		return business
	}
	return business + "\n\n" + protocol
}

// FilePrompt returns an agent's prompt as its file has it, overrides
// aside: where the protected protocol comes from.
func (s *Store) FilePrompt(agent string) string {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.prompts[agent]
}
