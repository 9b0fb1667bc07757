package domain

import (
	"errors"
	"slices"
	"strings"
	"unicode/utf8"
)

// Operators' labels are free short texts on a conversation ("urgente",
// "retorno amanhã"). One rule decides what a label is, so the console, the
// conversation actor and the lists that filter by label agree: spaces are
// trimmed and collapsed, two labels that differ only in case are the same
// label (the first form typed is kept), and both the length of one label and
// the number on a conversation are bounded, since every label is carried in
// the session item every turn reads and writes.
const (
	// MaxLabelRunes bounds one label: a chip, not a note.
	MaxLabelRunes = 30
	// MaxLabels bounds the labels of one conversation: 10 labels of 30
	// characters add at most about 400 bytes to a session item.
	MaxLabels = 10
)

// The refusals of a label change.
var (
	ErrLabelEmpty    = errors.New("domain: the label is empty")
	ErrLabelTooLong  = errors.New("domain: the label is too long")
	ErrTooManyLabels = errors.New("domain: the conversation has too many labels")
)

// NormalizeLabel is text as a label: trimmed, each run of white space one
// space. It does not check the bounds (AddLabel does).
func NormalizeLabel(text string) string { return strings.Join(strings.Fields(text), " ") }

// LabelKey is what makes two labels the same: their normalised text, case
// folded. Filters compare keys.
func LabelKey(label string) string { return strings.ToLower(NormalizeLabel(label)) }

// AddLabel returns labels with label added at the end, or unchanged when an
// equal label is there already; the refusal when label is empty, too long,
// or one too many.
func AddLabel(labels []string, label string) ([]string, error) {
	label = NormalizeLabel(label)
	switch {
	case label == "":
		return labels, ErrLabelEmpty
	case utf8.RuneCountInString(label) > MaxLabelRunes:
		return labels, ErrLabelTooLong
	case HasLabel(labels, label):
		return labels, nil
	case len(labels) >= MaxLabels:
		return labels, ErrTooManyLabels
	}
	return append(slices.Clone(labels), label), nil
}

// RemoveLabel returns labels without label (in any case); removing a label
// that is not there changes nothing.
func RemoveLabel(labels []string, label string) []string {
	key := LabelKey(label)
	return slices.DeleteFunc(slices.Clone(labels), func(l string) bool { return LabelKey(l) == key })
}

// HasLabel reports whether labels hold label, in any case.
func HasLabel(labels []string, label string) bool {
	key := LabelKey(label)
	return slices.ContainsFunc(labels, func(l string) bool { return LabelKey(l) == key })
}
