package domain

import (
	"strconv"
	"strings"
)

// CustomerText is the message as the customer's phone shows it: the text the
// customer wrote, or the text they were sent, by the bot or an operator. It
// is "" for what the customer never saw: system entries, answers refused,
// superseded or only asking for knowledge (no clean text), entries with an
// error (a send that failed for good included). The model's history and the
// dashboard's chat both read a conversation through it. A reply with
// options reads as WithOptions renders it: whether the customer got buttons
// or numbered lines, an answer "2" must mean the second option to the model.
func (m Message) CustomerText() string {
	if m.Error != "" {
		return ""
	}
	switch m.Direction {
	case DirectionInbound:
		return strings.TrimSpace(m.Content)
	case DirectionOutbound:
		if text := strings.TrimSpace(m.CleanMessageSent); text != "" {
			return WithOptions(text, m.Options)
		}
	}
	return ""
}

// WithOptions is text followed by its options as numbered lines ("1. Sim",
// "2. Não") after a blank line: how a reply's choices read where they cannot
// be buttons (interactive messages turned off, too many choices, or refused
// by the platform), and how the model's history shows them. Without options
// it is text.
func WithOptions(text string, options []string) string {
	if len(options) == 0 {
		return text
	}
	var b strings.Builder
	b.WriteString(text)
	b.WriteString("\n")
	for i, o := range options {
		b.WriteString("\n")
		b.WriteString(strconv.Itoa(i + 1))
		b.WriteString(". ")
		b.WriteString(o)
	}
	return b.String()
}

// ModelText is the message as the model reads it: CustomerText, with what a
// voice note said after it (VoiceText) when it was transcribed, so the
// turns after a voice note still know what it asked.
func (m Message) ModelText() string {
	text := m.CustomerText()
	if text == "" || m.Direction != DirectionInbound {
		return text
	}
	return VoiceText(text, m.Transcript)
}

// VoiceText is a voice note as the model reads it: its content (the
// platform's "[audio]" placeholder) followed by what was said,
// "[audio] quero um orçamento"; the content alone when nothing was heard.
func VoiceText(content, transcript string) string {
	transcript = strings.TrimSpace(transcript)
	if transcript == "" {
		return content
	}
	return strings.TrimSpace(content) + " " + transcript
}
