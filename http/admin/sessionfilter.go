package admin

import (
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/http/httperr"
	"github.com/intake-runtime/intake/persistence"
)

// Page sizes of the conversation list: the API's default and largest.
const (
	defaultSessionPage = 50
	maxSessionPage     = 200
)

// sessionQuery is a conversation list request: the filter, page size and
// cursor, from the query string of the API and of the admin page alike.
type sessionQuery struct {
	Filter persistence.SessionFilter
	Limit  int
	Cursor string
}

// readSessionQuery reads ?state=A,B&service=&operator=&label=&from=&to=&limit=&cursor=.
// Dates are RFC 3339 instants or YYYY-MM-DD days (UTC); a day as "to" runs
// to its end. A bad parameter answers 400 and returns errAnswered.
func readSessionQuery(c *fiber.Ctx) (sessionQuery, error) {
	q := sessionQuery{Cursor: c.Query("cursor")}
	var err error
	if q.Limit, err = intQuery(c, "limit", defaultSessionPage, 1, maxSessionPage); err != nil {
		return q, err
	}
	for _, raw := range strings.Split(c.Query("state"), ",") {
		st := domain.SessionState(strings.ToUpper(strings.TrimSpace(raw)))
		if st == "" {
			continue
		}
		if !st.Valid() {
			return q, answer(httperr.Write(c, fiber.StatusBadRequest, "invalid_state", "state must be one or more of "+stateList()+", separated by commas"))
		}
		q.Filter.States = append(q.Filter.States, st)
	}
	q.Filter.Service = strings.TrimSpace(c.Query("service"))
	q.Filter.Label = domain.NormalizeLabel(c.Query("label"))
	if raw := strings.TrimSpace(c.Query("operator")); raw != "" {
		op, err := messaging.NormalizeSender(raw)
		if err != nil {
			return q, answer(httperr.Write(c, fiber.StatusBadRequest, "invalid_operator", "operator must be the operator's phone number, e.g. +5511999990000"))
		}
		q.Filter.Operator = op
	}
	if q.Filter.From, err = dateQuery(c, "from", false); err != nil {
		return q, err
	}
	if q.Filter.To, err = dateQuery(c, "to", true); err != nil {
		return q, err
	}
	if !q.Filter.From.IsZero() && !q.Filter.To.IsZero() && q.Filter.To.Before(q.Filter.From) {
		return q, answer(httperr.Write(c, fiber.StatusBadRequest, "invalid_to", "to must not be before from"))
	}
	return q, nil
}

// dateQuery reads an optional instant: RFC 3339, or a YYYY-MM-DD day in UTC
// taken at its start, or at its last nanosecond when endOfDay.
func dateQuery(c *fiber.Ctx, name string, endOfDay bool) (time.Time, error) {
	raw := strings.TrimSpace(c.Query(name))
	if raw == "" {
		return time.Time{}, nil
	}
	if t, err := time.Parse(time.RFC3339, raw); err == nil {
		return t.UTC(), nil
	}
	day, err := time.Parse(time.DateOnly, raw)
	if err != nil {
		return time.Time{}, answer(httperr.Write(c, fiber.StatusBadRequest, "invalid_"+name, name+" must be a date (2026-11-23) or an RFC 3339 time"))
	}
	if endOfDay {
		return day.Add(24*time.Hour - time.Nanosecond), nil
	}
	return day, nil
}

// stateList names every session state, for error messages.
func stateList() string {
	var names []string
	for _, st := range domain.States() {
		names = append(names, string(st))
	}
	return strings.Join(names, ", ")
}
