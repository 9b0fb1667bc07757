package messaging

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/intake-runtime/intake/domain"
)

// OptionsSender sends a reply with choices the customer taps: the
// platform's interactive messages. A tap comes back as an inbound message
// whose text is the option's title, so the conversation reads it as if the
// customer had typed it. The platform's client and Stub implement it; a
// Sender without it sends every reply's options as numbered text.
type OptionsSender interface {
	// SendOptions sends text with options as reply buttons or a list, the
	// Form OptionsForm gives. Options that fit neither are the caller's
	// fault (ErrNotInteractive, with a permanent result): Deliver sends
	// those as numbered text instead.
	SendOptions(ctx context.Context, to, text string, options []string) (domain.AdapterResult, error)
}

// Form is how a reply's options reach the customer.
type Form string

// The forms of a reply's options.
const (
	// FormText: numbered lines after the text (domain.WithOptions).
	FormText Form = "text"
	// FormButtons: up to MaxButtons reply buttons under the text.
	FormButtons Form = "button"
	// FormList: a button (ListButton) that opens up to MaxListRows rows.
	FormList Form = "list"
)

// The platform's limits on interactive messages.
const (
	MaxButtons              = 3
	MaxButtonTitleRunes     = 20
	MaxListRows             = 10
	MaxRowTitleRunes        = 24
	MaxInteractiveBodyRunes = 1024
)

// ListButton is the label of the button that opens a list (at most 20
// characters, like a reply button's title).
const ListButton = "Ver opções"

// ErrNotInteractive is a SendOptions call whose options fit no interactive
// message (OptionsForm gives FormText).
var ErrNotInteractive = errors.New("messaging: the options fit no interactive message")

// OptionsForm is the one rule that decides how options are sent. Titles are
// never cut: a tap answers with the title, and a cut one ("Pesquisa de
// satisfaç…") could read as another choice or repeat a sibling. So up to
// MaxButtons options of at most MaxButtonTitleRunes each are buttons; up to
// MaxListRows of at most MaxRowTitleRunes each (a 3-option reply with a
// 21-24 character title included) are a list; anything else (more options,
// a longer title, or a text over MaxInteractiveBodyRunes, the body limit of
// both forms) is numbered text. The titles are the model's options as
// agent.ParsedLLMResponse.Options cleaned them: one line each, no repeats.
func OptionsForm(text string, options []string) Form {
	if len(options) == 0 || len(options) > MaxListRows || utf8.RuneCountInString(text) > MaxInteractiveBodyRunes {
		return FormText
	}
	longest := 0
	for _, o := range options {
		longest = max(longest, utf8.RuneCountInString(o))
	}
	switch {
	case len(options) <= MaxButtons && longest <= MaxButtonTitleRunes:
		return FormButtons
	case longest <= MaxRowTitleRunes:
		return FormList
	}
	return FormText
}

// OptionID is the ID of the i-th option's button or row (from 0): unique in
// its message, and stored as the tap's reply_id.
func OptionID(i int) string { return "opcao-" + strconv.Itoa(i+1) }

// CheckOptions validates SendOptions' arguments, shared by every
// OptionsSender, and returns the recipient as digits and the form to send.
func CheckOptions(to, text string, options []string) (string, Form, error) {
	digits, err := CheckSend(to, text)
	if err != nil {
		return digits, FormText, err
	}
	form := OptionsForm(text, options)
	if form == FormText {
		return digits, form, fmt.Errorf("%w: %d options", ErrNotInteractive, len(options))
	}
	return digits, form, nil
}

// interactiveSender returns the OptionsSender that sends m's options as buttons
// or a list: when on, m has options that fit one, and s sends them.
func interactiveSender(s Sender, m domain.Message, on bool) (OptionsSender, bool) {
	if !on || m.Template != nil || OptionsForm(m.Content, m.Options) == FormText {
		return nil, false
	}
	os, ok := s.(OptionsSender)
	return os, ok
}
