package admin

import (
	"context"
	"net/url"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// sessionsView is what the conversations page shows: the filter as typed, one
// page of the list and the link to the next.
type sessionsView struct {
	State, Service, Operator, Label, From, To string
	States                                    []domain.SessionState
	List                                      SessionList
	// Next is the page after this one with the same filter; empty on the last.
	Next string
	// Ratings are the operators' average satisfaction scores on this page.
	Ratings []operatorRating
	// names are the roster's names by phone.
	names map[string]string
	// country reads numbers as people type them.
	country string
}

// OperatorName is the operator holding a conversation as people know
// them: the roster's name, else the number as typed; "" for nobody.
func (v sessionsView) OperatorName(phone string) string {
	if phone == "" {
		return ""
	}
	if name := v.names[phone]; name != "" {
		return name
	}
	return messaging.AsTyped(phone, v.country)
}

// sessionsPage serves GET /admin/sessions: the conversations list with its
// filters (the API's parameters), each row linking to the console.
func (h *Handler) sessionsPage(c *fiber.Ctx) error {
	list, err := h.listSessions(c)
	if err != nil {
		return done(err)
	}
	v := sessionsView{
		State: c.Query("state"), Service: c.Query("service"), Operator: c.Query("operator"), Label: c.Query("label"),
		From: c.Query("from"), To: c.Query("to"),
		States:  domain.States(),
		List:    list,
		Ratings: ratingsOf(list.Sessions, h.pages.loc.Lang),
		country: h.cfg.DefaultCountry,
	}
	ctx, cancel := context.WithTimeout(c.UserContext(), apiTimeout)
	defer cancel()
	roster, err := persistence.NewOperatorRoster(h.table).List(ctx)
	if err != nil {
		return h.internal(c, "operator list failed", err)
	}
	v.names = make(map[string]string, len(roster))
	for _, o := range roster {
		v.names[o.Phone] = o.Name
	}
	if list.NextCursor != nil {
		next := url.Values{"cursor": {*list.NextCursor}}
		for name, value := range map[string]string{"state": v.State, "service": v.Service, "operator": v.Operator, "label": v.Label, "from": v.From, "to": v.To, "limit": c.Query("limit")} {
			if value != "" {
				next.Set(name, value)
			}
		}
		v.Next = "/admin/sessions?" + next.Encode()
	}
	return h.pages.render(c, page{Page: "sessions", Data: v})
}
