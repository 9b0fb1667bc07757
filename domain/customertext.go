package domain

import "strings"

// CustomerText is the message as the customer's phone shows it: the text the
// customer wrote, or the text they were sent, by the bot or an operator. It
// is "" for what the customer never saw: system entries, answers refused,
// superseded or only asking for knowledge (no clean text), entries with an
// error (a send that failed for good included). The model's history and the
// dashboard's chat both read a conversation through it.
func (m Message) CustomerText() string {
	if m.Error != "" {
		return ""
	}
	switch m.Direction {
	case DirectionInbound:
		return strings.TrimSpace(m.Content)
	case DirectionOutbound:
		return strings.TrimSpace(m.CleanMessageSent)
	}
	return ""
}
