package atendimento

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// conversationView is one conversation as the operator reads it.
type conversationView struct {
	SessionID   string `json:"session_id"`
	PhoneNumber string `json:"phone_number"`
	Name        string `json:"name"`
	Service     string `json:"service"`
	Reason      string `json:"reason"`
	ReasonText  string `json:"reason_text"`
	State       string `json:"state"`
	StateText   string `json:"state_text"`
	AssignedTo  string `json:"assigned_to"`
	// AssignedName is who holds it as people know them (operatorNames).
	AssignedName string `json:"assigned_name"`
	// Labels are the operators' labels on the conversation (labels.go).
	Labels []string `json:"labels"`
	// Mine: the operator holds it (may write, release, close). CanClaim: it
	// waits for a person and no one holds it. CanTakeOver: the bot answers
	// it; a claim, once confirmed, takes it from the bot.
	Mine     bool `json:"mine"`
	CanClaim bool `json:"can_claim"`
	// AssignedText says whom an automatic assignment not taken up yet went
	// to ("Atribuída a você"); "" when none is pending.
	AssignedText string     `json:"assigned_text,omitempty"`
	CanTakeOver  bool       `json:"can_take_over"`
	WaitingSince *time.Time `json:"waiting_since"`
	Summary      string     `json:"summary"`
	// CSAT is the customer's satisfaction score in words ("5 de 5"), ""
	// when they gave none.
	CSAT     string        `json:"csat,omitempty"`
	Window   windowView    `json:"window"`
	Messages []messageView `json:"messages"`
	// API is the base of the conversation's JSON endpoints.
	API string `json:"api"`
	// Panel is the customer panel (panel.go), on the page only.
	Panel *panelView `json:"-"`
	// Tools feeds the operator's tools (templates/tools.html).
	Tools toolsView `json:"-"`
}

// windowView is the 24-hour customer-service window as shown. Ended: the
// conversation is closed, so no window is open whatever the customer's last
// message (their next one starts a new conversation).
type windowView struct {
	Open             bool       `json:"open"`
	Ended            bool       `json:"ended"`
	LastInboundAt    *time.Time `json:"last_inbound_at"`
	SinceSeconds     int64      `json:"since_seconds"`
	RemainingSeconds int64      `json:"remaining_seconds"`
	Text             string     `json:"text"`
}

// messageView is one message of the history. From is customer, bot,
// operator or system.
type messageView struct {
	ID    string `json:"id"`
	From  string `json:"from"`
	Label string `json:"label"` // From in the page's language
	// Operator is who wrote an operator's message, by name (operatorNames).
	Operator string    `json:"operator,omitempty"`
	Text     string    `json:"text"`
	At       time.Time `json:"at"`
	Status   string    `json:"status,omitempty"`
	// Send says a reply has not reached the platform (yet): "sending…", or
	// "not delivered: <why>" when the platform refused it for good.
	Send string `json:"send,omitempty"`
	// Media is the customer's file (an image, a voice note…), from the
	// console's own URL; Text is then its caption, if any.
	Media *mediaView `json:"media,omitempty"`
	// Transcript is what a customer's voice note said, when it was
	// transcribed (TRANSCRIPTION_ENABLED): shown under the note, labelled.
	Transcript string `json:"transcript,omitempty"`
}

// sendState is what an operator must know of a reply's send: nothing once
// the platform took it.
func (c *Console) sendState(m domain.Message) string {
	switch {
	case m.OutboxStatus == domain.OutboxFailed:
		return c.locale.T("conversation.send.failed", m.Error)
	case m.Unfinished():
		return c.locale.T("conversation.send.sending")
	}
	return ""
}

// sessionIDPattern bounds what a session ID in a URL may hold.
var sessionIDPattern = regexp.MustCompile(`^[A-Za-z0-9._:-]{1,128}$`)

// errBadTarget is a URL that names no conversation.
var errBadTarget = errors.New("no such conversation")

// target reads the conversation named by the URL, copied out of fiber's
// buffers because it outlives the handler (in commands to the actor).
func target(ctx *fiber.Ctx) (phone, sessionID string, err error) {
	phone, err = messaging.NormalizeSender(ctx.Params("phone"))
	sessionID = ctx.Params("session")
	if err != nil || !sessionIDPattern.MatchString(sessionID) {
		return "", "", errBadTarget
	}
	return phone, strings.Clone(sessionID), nil
}

// load reads a conversation and its history.
func (c *Console) load(ctx context.Context, phone, sessionID string) (domain.Session, []domain.Message, error) {
	s, err := c.deps.Sessions.Get(ctx, phone, sessionID)
	if err != nil {
		return domain.Session{}, nil, err
	}
	history, err := c.deps.Messages.List(ctx, phone, sessionID)
	return s, history, err
}

func (c *Console) conversationView(ctx context.Context, s domain.Session, history []domain.Message, operator string) conversationView {
	now := c.cfg.Now()
	names := c.operatorNames(ctx)
	v := conversationView{
		SessionID:    s.SessionID,
		PhoneNumber:  s.PhoneNumber,
		Name:         handoff.CustomerName(s),
		Service:      string(s.ServiceIdentified),
		Reason:       string(s.HandoffReason),
		ReasonText:   c.reasonText(s.HandoffReason),
		State:        string(s.State),
		StateText:    c.stateText(s.State),
		AssignedTo:   string(s.AssignedTo),
		AssignedName: names.of(string(s.AssignedTo)),
		Labels:       labelsOf(s.Labels),
		Mine:         conversation.HeldBy(s, operator),
		// The operator an assignment went to takes it up with a claim.
		CanClaim:     conversation.Claimable(s) || s.AssignedAt != nil && conversation.HeldBy(s, operator),
		AssignedText: c.assignedText(s.AssignedAt != nil, string(s.AssignedTo), operator, names),
		CanTakeOver:  s.AssignedTo == "" && conversation.TakeOver(s),
		Summary:      domain.SummaryText(s.OperationalSummary),
		Window:       c.windowView(conversation.WindowAt(history, now), s.State),
		Messages:     c.messageViews(history, names),
		API:          conversationAPI(s.PhoneNumber, s.SessionID),
		Tools:        c.toolsView(ctx, operator),
	}
	if s.CSATScore > 0 {
		v.CSAT = c.locale.T("conversation.csat_value", s.CSATScore)
	}
	if s.Waiting() || s.State == domain.StateHuman {
		since := s.HandoffSince()
		v.WaitingSince = &since
	}
	return v
}

// stateText is a session state as an operator reads it.
func (c *Console) stateText(s domain.SessionState) string {
	return c.locale.Label("state", string(s))
}

func (c *Console) windowView(w conversation.Window, state domain.SessionState) windowView {
	v := windowView{Open: w.Open, LastInboundAt: w.LastInbound, SinceSeconds: int64(w.Since.Seconds()),
		RemainingSeconds: int64(w.Remaining.Seconds())}
	switch {
	case state == domain.StateClosed:
		v.Open, v.Ended, v.RemainingSeconds = false, true, 0
		v.Text = c.locale.T("conversation.window.ended")
	case w.LastInbound == nil:
		v.Text = c.locale.T("conversation.window.none")
	case w.Open:
		v.Text = c.locale.T("conversation.window.open", c.locale.Duration(w.Since), c.locale.Duration(w.Remaining))
	default:
		v.Text = c.locale.T("conversation.window.closed", c.locale.Duration(w.Since))
	}
	return v
}

// messageViews keeps what the customer and the conversation really saw:
// customer messages, replies actually sent (not superseded answers or failed
// model calls, which the customer never got), operators' messages and
// system notes that say something.
func (c *Console) messageViews(history []domain.Message, names operatorNames) []messageView {
	out := make([]messageView, 0, len(history))
	for _, m := range history {
		v := messageView{ID: m.MessageID, At: m.Timestamp, Status: string(m.DeliveryStatus)}
		switch m.Direction {
		case domain.DirectionInbound:
			v.From, v.Text, v.Transcript = "customer", m.Content, m.Transcript
			if v.Media = c.mediaViewOf(m); v.Media != nil {
				v.Text = mediaText(m)
			}
		case domain.DirectionOutbound:
			if m.IsSuperseded() || m.CleanMessageSent == "" {
				continue
			}
			v.From, v.Text = "bot", m.CleanMessageSent
			if m.OperatorPhone != "" {
				v.From, v.Operator = "operator", names.of(m.OperatorPhone)
			}
			v.Send = c.sendState(m)
		default:
			v.From, v.Text = "system", m.Content
		}
		if strings.TrimSpace(v.Text) == "" && v.Media == nil {
			continue // nothing to read: a bookkeeping entry
		}
		v.Label = c.locale.T("conversation.from." + v.From)
		out = append(out, v)
	}
	return out
}

func (c *Console) conversationPage(ctx *fiber.Ctx) error {
	operator := operatorOf(ctx)
	phone, sessionID, err := target(ctx)
	if err != nil {
		return fiber.NewError(fiber.StatusNotFound, c.locale.T("error.not_found"))
	}
	s, history, err := c.load(ctx.UserContext(), phone, sessionID)
	switch {
	case errors.Is(err, persistence.ErrNotFound):
		return fiber.NewError(fiber.StatusNotFound, c.locale.T("error.not_found"))
	case err != nil:
		c.log.Error("conversation not read", zap.Error(err))
		return fiber.NewError(fiber.StatusServiceUnavailable, c.locale.T("error.conversation_unread"))
	}
	v := c.conversationView(ctx.UserContext(), s, history, operator)
	v.Panel = c.panel(ctx.UserContext(), s)
	return c.render(ctx, fiber.StatusOK, "conversation", page{Title: c.locale.T("conversation.title"), Page: "conversation", Operator: operator, Data: v})
}

func (c *Console) conversationJSON(ctx *fiber.Ctx) error {
	phone, sessionID, err := target(ctx)
	if err != nil {
		return c.failJSON(ctx, fiber.StatusNotFound, "not_found", "error.not_found")
	}
	s, history, err := c.load(ctx.UserContext(), phone, sessionID)
	switch {
	case errors.Is(err, persistence.ErrNotFound):
		return c.failJSON(ctx, fiber.StatusNotFound, "not_found", "error.not_found")
	case err != nil:
		c.log.Error("conversation not read", zap.Error(err))
		return c.failJSON(ctx, fiber.StatusServiceUnavailable, "unavailable", "error.conversation_unread")
	}
	return ctx.JSON(fiber.Map{"conversation": c.conversationView(ctx.UserContext(), s, history, operatorOf(ctx))})
}
