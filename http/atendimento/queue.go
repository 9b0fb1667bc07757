package atendimento

import (
	"context"
	"net/url"
	"time"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/http/httperr"
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
	URL            string    `json:"url"`
	API            string    `json:"api"`
}

// queueView is the queue as one operator sees it.
type queueView struct {
	Operator      string      `json:"operator"`
	Waiting       int         `json:"waiting"`
	Held          int         `json:"held"`
	Conversations []queueItem `json:"conversations"`
}

func (c *Console) queueView(ctx context.Context, operator string) (queueView, error) {
	entries, err := c.deps.Queue.List(ctx)
	if err != nil {
		return queueView{}, err
	}
	now := c.cfg.Now()
	v := queueView{Operator: operator, Conversations: make([]queueItem, 0, len(entries))}
	for _, e := range entries {
		waited := max(now.Sub(e.WaitingSince), 0)
		item := queueItem{
			SessionID:      e.SessionID,
			PhoneNumber:    e.PhoneNumber,
			Name:           e.Name,
			Service:        e.Service,
			Reason:         string(e.Reason),
			ReasonText:     handoff.ReasonText(e.Reason),
			State:          string(e.State),
			Position:       e.Position,
			WaitingSince:   e.WaitingSince,
			WaitingSeconds: int64(waited.Seconds()),
			Waiting:        ago(waited),
			AssignedTo:     e.AssignedTo,
			Mine:           e.AssignedTo == operator,
			URL:            conversationURL(e.PhoneNumber, e.SessionID),
			API:            conversationAPI(e.PhoneNumber, e.SessionID),
		}
		if e.Position > 0 {
			v.Waiting++
		} else {
			v.Held++
		}
		v.Conversations = append(v.Conversations, item)
	}
	return v, nil
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
	v, err := c.queueView(ctx.UserContext(), operator)
	if err != nil {
		c.log.Error("handoff queue not read", zap.Error(err))
		return fiber.NewError(fiber.StatusServiceUnavailable, "the queue could not be read; try again")
	}
	return c.render(ctx, fiber.StatusOK, "queue", page{Title: "Queue", Page: "queue", Operator: operator, Data: v})
}

func (c *Console) queueJSON(ctx *fiber.Ctx) error {
	v, err := c.queueView(ctx.UserContext(), operatorOf(ctx))
	if err != nil {
		c.log.Error("handoff queue not read", zap.Error(err))
		return httperr.Write(ctx, fiber.StatusServiceUnavailable, "unavailable", "the queue could not be read; try again")
	}
	return ctx.JSON(v)
}
