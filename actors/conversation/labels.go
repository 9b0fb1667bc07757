package conversation

import (
	"errors"

	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/domain"
)

// The refusals of a LABEL, one per refusal of domain.AddLabel.
const (
	RefusedLabelEmpty    Refusal = "label_empty"
	RefusedLabelTooLong  Refusal = "label_too_long"
	RefusedTooManyLabels Refusal = "too_many_labels"
)

// labelRefusals names each refusal of domain.AddLabel.
var labelRefusals = []struct {
	err     error
	code    Refusal
	message string
}{
	{domain.ErrLabelEmpty, RefusedLabelEmpty, "the label is empty"},
	{domain.ErrLabelTooLong, RefusedLabelTooLong, "a label has at most 30 characters"},
	{domain.ErrTooManyLabels, RefusedTooManyLabels, "a conversation has at most 10 labels"},
}

// operateLabel decides a LABEL: any operator adds a label to an open
// conversation, or removes one, whoever holds it, as any operator writes a
// note. Nothing else changes, so the commit is the session snapshot alone;
// it is conditional on the version the command loaded, and commands run one
// at a time in the conversation, so two operators labelling at once both
// keep their label.
func operateLabel(s domain.Session, cmd *sessionpb.OperatorCommand) (Outcome, *domain.Message, *Refused) {
	if s.State == domain.StateClosed {
		return refused(RefusedState, "a closed conversation keeps the labels it had")
	}
	next := s
	if cmd.GetRemoveLabel() {
		next.Labels = domain.RemoveLabel(s.Labels, cmd.GetLabel())
		return Outcome{Session: next}, nil, nil
	}
	labels, err := domain.AddLabel(s.Labels, cmd.GetLabel())
	for _, r := range labelRefusals {
		if errors.Is(err, r.err) {
			return refused(r.code, r.message)
		}
	}
	next.Labels = labels
	return Outcome{Session: next}, nil, nil
}
