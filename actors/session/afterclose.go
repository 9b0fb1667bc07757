package session

import (
	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/domain"
)

// After an operator closes a conversation, the phone's active session is
// the closed one, held by the activation with its log (read when it started,
// or kept by the close's commit). A customer turn that the conversation
// rules route back to it (conversation.Engine.AfterClose: a satisfaction
// score, the comment after it, a reopen) runs on it with no table read; any
// other begins a new session as ever.

// resumeClosed is the closed session and its log for turn t, when the rules
// route t there; it records the route on t.
func (c *conversationActor) resumeClosed(t *turn) (beginResult, bool) {
	s := c.stored.session
	if s == nil || s.State != domain.StateClosed || c.stored.historyOf != s.SessionID {
		return beginResult{}, false
	}
	texts := make([]string, 0, len(t.turns))
	for _, m := range t.turns {
		texts = append(texts, m.GetContent())
	}
	route := c.deps.Engine.AfterClose(*s, texts, c.deps.Now())
	if route == conversation.StartNew {
		return beginResult{}, false
	}
	t.afterClose = route
	return beginResult{seq: t.seq, session: *s, history: c.stored.history}, true
}
