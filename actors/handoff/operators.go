package handoff

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/redact"
	"github.com/intake-runtime/intake/locale"
)

// MessagingConfig configures the MessagingNotifier.
type MessagingConfig struct {
	// Roster gives the operators told about handoffs, in the order they are
	// tried, when a notice is sent: the operator table's enabled people
	// (a *Roster), so one disabled in admin is never told and one added
	// there is. Nil: the fixed Operators.
	Roster Directory
	// Operators are a fixed list of numbers to tell when Roster is nil. Any
	// formatting; they are normalized.
	Operators []string
	// ConsoleURL is the operator console's address, linked in every notice.
	ConsoleURL string
	// Availability, when set, leaves out the operators who set themselves
	// away (see present); nil tells every operator.
	Availability Availability
	// Lang and Zone are the notice's language and clock (UI_LANG,
	// UI_TIMEZONE); empty, the console's defaults (pt-BR, São Paulo).
	Lang locale.Lang
	Zone *time.Location
}

// MessagingNotifier tells operators on the messaging platform itself: one
// text per operator, with the context and the console link, so an operator
// can take the conversation from the phone. It is safe for concurrent use.
//
// Every enabled operator is told but those who set themselves away in
// the console (Availability; see present). The notice is sent to them one after another
// through the shared Sender, which paces the platform's rate limits.
type MessagingNotifier struct {
	sender     messaging.Sender
	operators  Directory
	consoleURL string
	locale     locale.Locale
	log        *zap.Logger

	availability Availability
}

var _ Notifier = (*MessagingNotifier)(nil)

// NewMessagingNotifier returns the notifier sending through sender. It fails
// on an operator number without digits, so a typo in OPERATOR_PHONES shows at
// start-up rather than as a handoff nobody hears of. No operators is allowed:
// every notice then reports the conversation queued, notified=false.
func NewMessagingNotifier(cfg MessagingConfig, sender messaging.Sender, logger *zap.Logger) (*MessagingNotifier, error) {
	if sender == nil {
		return nil, errors.New("handoff: the messaging notifier needs a Sender")
	}
	if logger == nil {
		logger = zap.NewNop()
	}
	var ops Directory = cfg.Roster
	if ops == nil {
		fixed, err := NewOperators(cfg.Operators)
		if err != nil {
			return nil, err
		}
		ops = fixed
	}
	loc, err := NewLocale(cfg.Lang, cfg.Zone)
	if err != nil {
		return nil, fmt.Errorf("handoff: %w", err)
	}
	return &MessagingNotifier{sender: sender, operators: ops, consoleURL: cfg.ConsoleURL, locale: loc,
		log: logger.Named("handoff.messaging"), availability: cfg.Availability}, nil
}

// Notify sends the notice to every operator. It is notified when at least
// one send succeeded (operator_phone and mock_id are the first operator told
// and that message's ID); it fails only when every send failed, with the
// error kind that gives a retry the best chance.
func (m *MessagingNotifier) Notify(ctx context.Context, n Notice) (domain.HandoffNotifyResult, error) {
	pos := n.QueuePosition
	if n.Reopened {
		return m.tellReopened(ctx, n)
	}
	all, err := m.operators.Active(ctx)
	if err != nil {
		return Failed(pos, domain.ErrorKindTransient, "operator roster not read: "+err.Error()), nil
	}
	if len(all) == 0 {
		return Queued(pos, "", "queued; no enabled operator in the roster (OPERATOR_PHONES seeds it), nobody was told"), nil
	}
	text := Compose(m.locale, n, m.consoleURL).Text()
	operators := m.present(ctx, all)
	var (
		first, firstID string
		told           int
		failures       []domain.AdapterResult
	)
	for _, op := range operators {
		res, err := m.sender.Send(ctx, op, text)
		if res.Success {
			told++
			if first == "" {
				first, firstID = op, string(res.MockID)
			}
			continue
		}
		failures = append(failures, res)
		m.log.Warn("operator not notified", zap.String("session_id", n.Session.SessionID),
			zap.String("error_kind", string(res.ErrorKind)), zap.String("detail", redact.Personal(res.Detail)))
		if err != nil && ctx.Err() != nil {
			// The caller's context ended: the remaining operators cannot be told.
			if told > 0 {
				return Delivered(pos, firstID, first, fmt.Sprintf("notified %d of %d operators before the context ended", told, len(operators))), err
			}
			return Failed(pos, res.ErrorKind, "no operator was notified: "+res.Detail), err
		}
	}
	if told > 0 {
		detail := fmt.Sprintf("notified %d of %d operators", told, len(operators))
		if len(failures) > 0 {
			detail += "; failed: " + failures[0].Detail
		}
		return Delivered(pos, firstID, first, detail), nil
	}
	return Failed(pos, retryKind(failures), "no operator was notified: "+joinDetails(failures)), nil
}

// retryKind is the kind of a failure of several sends: transient if any was
// transient (trying again may reach someone), else uncertain if any may have
// been delivered, else permanent.
func retryKind(failures []domain.AdapterResult) domain.ErrorKind {
	kind := domain.ErrorKindPermanent
	for _, f := range failures {
		switch f.ErrorKind {
		case domain.ErrorKindTransient:
			return domain.ErrorKindTransient
		case domain.ErrorKindUncertain:
			kind = domain.ErrorKindUncertain
		}
	}
	return kind
}

func joinDetails(failures []domain.AdapterResult) string {
	details := make([]string, 0, len(failures))
	for _, f := range failures {
		details = append(details, f.Detail)
	}
	return strings.Join(details, "; ")
}

// tellReopened tells the operator a reopened conversation went back to.
func (m *MessagingNotifier) tellReopened(ctx context.Context, n Notice) (domain.HandoffNotifyResult, error) {
	to := string(n.Session.AssignedTo)
	who := n.Session.PhoneNumber
	if name := CustomerName(n.Session); name != "" {
		who = name + " (" + who + ")"
	}
	res, err := m.sender.Send(ctx, to, m.locale.T("handoff.reopened", who, m.consoleURL))
	if !res.Success {
		return Failed(0, res.ErrorKind, "the operator was not told of the reopened conversation: "+res.Detail), err
	}
	return Delivered(0, string(res.MockID), to, "told the operator the conversation reopened"), nil
}
