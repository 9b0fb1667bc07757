package atendimento

import (
	"cmp"
	"context"
	"net/url"
	"time"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/businesshours"
	"github.com/intake-runtime/intake/domain"
)

// queueItem is one conversation of the queue, for the page and its script.
type queueItem struct {
	SessionID      string    `json:"session_id"`
	PhoneNumber    string    `json:"phone_number"`
	Name           string    `json:"name"`
	Service        string    `json:"service"`
	Reason         string    `json:"reason"`
	ReasonText     string    `json:"reason_text"`
	State          string    `json:"state"`
	Position       int       `json:"position"`
	WaitingSince   time.Time `json:"waiting_since"`
	WaitingSeconds int64     `json:"waiting_seconds"`
	Waiting        string    `json:"waiting"`
	AssignedTo     string    `json:"assigned_to"`
	Mine           bool      `json:"mine"`
	// Assigned: automatic assignment gave it to AssignedTo, who has not
	// taken it up yet.
	Assigned bool `json:"assigned"`
	// StatusText says who has the conversation: the operator, another
	// one, or nobody yet.
	StatusText string `json:"status_text"`
	// Late: the customer waits for an operator longer than HANDOFF_SLA.
	Late bool `json:"late"`
	// CustomerMessages counts the customer's messages of a conversation
	// the operator holds (unread.go); absent for the others.
	CustomerMessages *int `json:"customer_messages,omitempty"`
	// Labels are the operators' labels on the conversation.
	Labels []string `json:"labels"`
	URL    string   `json:"url"`
	API    string   `json:"api"`
}

// queueView is the queue as one operator sees it.
type queueView struct {
	// Now is the server's clock, against which the script corrects its
	// own when it counts the waits.
	Now           time.Time   `json:"now"`
	Operator      string      `json:"operator"`
	Waiting       int         `json:"waiting"`
	Held          int         `json:"held"`
	Conversations []queueItem `json:"conversations"`
	// Hours says whether the business is open now, or when it opens;
	// "" without BUSINESS_HOURS.
	Hours string `json:"hours,omitempty"`
	// Label is the label the queue is filtered by; "" shows every
	// conversation.
	Label string `json:"label"`
	// Find is the take-over box after a search that found nothing; only
	// the page shows it.
	Find findForm `json:"-"`
}

// findForm is the take-over box: the number as typed and why it found no
// conversation.
type findForm struct {
	Phone, Error string
}

// queueView is the queue as operator sees it, narrowed to the
// conversations labelled label when it is not "". Positions stay those of
// the whole queue: a label filters what is shown, not who is next.
func (c *Console) queueView(ctx context.Context, operator, label string) (queueView, error) {
	entries, err := c.deps.Queue.List(ctx)
	if err != nil {
		return queueView{}, err
	}
	now := c.cfg.Now()
	v := queueView{Now: now, Operator: operator, Conversations: make([]queueItem, 0, len(entries)), Hours: c.hoursText(now), Label: label}
	names := c.operatorNames(ctx)
	for _, e := range entries {
		if label != "" && !domain.HasLabel(e.Labels, label) {
			continue
		}
		waited := max(now.Sub(e.WaitingSince), 0)
		item := queueItem{
			SessionID:      e.SessionID,
			PhoneNumber:    e.PhoneNumber,
			Name:           e.Name,
			Service:        e.Service,
			Reason:         string(e.Reason),
			ReasonText:     c.reasonText(e.Reason),
			State:          string(e.State),
			Position:       e.Position,
			WaitingSince:   e.WaitingSince,
			WaitingSeconds: int64(waited.Seconds()),
			Waiting:        c.locale.Duration(waited),
			AssignedTo:     e.AssignedTo,
			Mine:           e.AssignedTo == operator,
			Labels:         labelsOf(e.Labels),
			Assigned:       e.Assigned,
			URL:            conversationURL(e.PhoneNumber, e.SessionID),
			API:            conversationAPI(e.PhoneNumber, e.SessionID),
		}
		item.StatusText = cmp.Or(c.assignedText(e.Assigned, e.AssignedTo, operator, names), c.statusText(item, names))
		item.Late = e.Position > 0 && waited > c.cfg.SLA
		if e.Position > 0 {
			v.Waiting++
		} else {
			v.Held++
		}
		v.Conversations = append(v.Conversations, item)
	}
	c.countCustomerMessages(ctx, v.Conversations)
	return v, nil
}

// hoursText is the queue's line on the business hours at now.
func (c *Console) hoursText(now time.Time) string {
	hours := c.cfg.Hours.Hours()
	switch {
	case hours.Always():
		return ""
	case hours.Open(now):
		return c.locale.T("queue.hours.open")
	}
	return c.locale.T("queue.hours.closed", businesshours.Phrase(c.locale, now, hours.NextOpening(now)))
}

// statusText is the queue's "Status" cell of item.
func (c *Console) statusText(item queueItem, names operatorNames) string {
	switch {
	case item.Mine:
		return c.locale.T("queue.status.yours")
	case item.AssignedTo != "":
		return c.locale.T("queue.status.with", names.of(item.AssignedTo))
	}
	return c.locale.T("queue.status.waiting")
}

// reasonText explains a handoff reason in the page's language, keeping the
// code, in the words of the operators' notices.
func (c *Console) reasonText(r domain.HandoffReason) string {
	return handoff.ReasonText(c.locale, r)
}

// conversationURL is the console page of one conversation: the phone as
// digits (no "+" to escape) and the session ID.
func conversationURL(phone, sessionID string) string {
	return BasePath + "/conversations/" + messaging.Digits(phone) + "/" + url.PathEscape(sessionID)
}

// conversationAPI is the base of one conversation's JSON endpoints.
func conversationAPI(phone, sessionID string) string {
	return BasePath + "/api/conversations/" + messaging.Digits(phone) + "/" + url.PathEscape(sessionID)
}

func (c *Console) queuePage(ctx *fiber.Ctx) error {
	operator := operatorOf(ctx)
	v, err := c.queueView(ctx.UserContext(), operator, labelQuery(ctx))
	if err != nil {
		c.log.Error("handoff queue not read", zap.Error(err))
		return fiber.NewError(fiber.StatusServiceUnavailable, c.locale.T("error.queue_unavailable"))
	}
	return c.render(ctx, fiber.StatusOK, "queue", page{Title: c.locale.T("queue.title"), Page: "queue", Operator: operator, Data: v})
}

func (c *Console) queueJSON(ctx *fiber.Ctx) error {
	v, err := c.queueView(ctx.UserContext(), operatorOf(ctx), labelQuery(ctx))
	if err != nil {
		c.log.Error("handoff queue not read", zap.Error(err))
		return c.failJSON(ctx, fiber.StatusServiceUnavailable, "unavailable", "error.queue_unavailable")
	}
	return ctx.JSON(v)
}
