package atendimento

import (
	"context"
	"errors"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// Search lists and finds sessions through the table's session index and
// search lookups, never a scan; *persistence.Sessions implements it.
type Search interface {
	List(ctx context.Context, f persistence.SessionFilter, limit int, cursor string) (persistence.SessionPage, error)
	History(ctx context.Context, phone string) ([]domain.Session, error)
	FindByDocument(ctx context.Context, document string, max int) ([]domain.Session, error)
	FindByName(ctx context.Context, name string, max int) ([]domain.Session, error)
}

// historyPageSize is how many conversations one page of the history shows.
const historyPageSize = 25

// The history's tabs, and the fields its search looks in: a phone, document
// or name searches every conversation, a service or a label narrows the tab.
var (
	historyTabs   = []string{"waiting", "mine", "open", "closed"}
	historyFields = []string{"phone", "document", "name", "service", "label"}
)

// historyView is the conversations page: a tab or a search, one page of
// rows and the link to the next.
type historyView struct {
	Tab    string
	Tabs   []historyTab
	Field  string
	Fields []string
	Query  string
	// Searched says the rows answer a search (over every state) rather than
	// list a tab.
	Searched bool
	Rows     []historyRow
	Next     string
}

// historyTab is one tab's link.
type historyTab struct {
	Key     string
	URL     string
	Current bool
}

// historyRow is one conversation of the list.
type historyRow struct {
	SessionID   string
	Name        string
	PhoneNumber string
	State       string
	StateText   string
	Service     string
	AssignedTo  string // who held it, by name (operatorNames)
	Labels      []string
	CreatedAt   time.Time
	URL         string
	Current     bool
}

// historyPage serves GET /atendimento/conversations?tab=&by=&q=&cursor=.
func (c *Console) historyPage(ctx *fiber.Ctx) error {
	operator := operatorOf(ctx)
	v := historyView{
		Tab: ctx.Query("tab"), Field: ctx.Query("by"), Query: strings.TrimSpace(ctx.Query("q")),
		Fields: historyFields,
	}
	if !slices.Contains(historyTabs, v.Tab) {
		v.Tab = "open"
	}
	if !slices.Contains(historyFields, v.Field) {
		v.Field = "phone"
	}
	for _, tab := range historyTabs {
		v.Tabs = append(v.Tabs, historyTab{Key: tab, URL: BasePath + "/conversations?tab=" + tab, Current: tab == v.Tab})
	}
	sessions, next, err := c.historySessions(ctx, operator, &v)
	if errors.Is(err, persistence.ErrInvalidCursor) {
		return fiber.NewError(fiber.StatusBadRequest, c.locale.T("history.bad_cursor"))
	}
	if err != nil {
		c.log.Error("conversation history not read", zap.Error(err))
		return fiber.NewError(fiber.StatusServiceUnavailable, c.locale.T("history.unavailable"))
	}
	v.Rows = c.historyRows(sessions, "", c.operatorNames(ctx.UserContext()))
	if next != "" {
		q := url.Values{"tab": {v.Tab}, "cursor": {next}}
		if v.Query != "" {
			q.Set("by", v.Field)
			q.Set("q", v.Query)
		}
		v.Next = BasePath + "/conversations?" + q.Encode()
	}
	return c.render(ctx, fiber.StatusOK, "history", page{Title: c.locale.T("history.title"), Page: "history", Operator: operator, Data: v})
}

// historySessions reads what v asks for: a search by phone, document or
// name over every state, or a page of the tab (narrowed to a service when
// the search is by service).
func (c *Console) historySessions(ctx *fiber.Ctx, operator string, v *historyView) ([]domain.Session, string, error) {
	rctx := ctx.UserContext()
	if v.Query != "" && v.Field != "service" && v.Field != "label" {
		v.Searched = true
		switch v.Field {
		case "document":
			s, err := c.deps.Search.FindByDocument(rctx, v.Query, historyPageSize)
			return s, "", err
		case "name":
			s, err := c.deps.Search.FindByName(rctx, v.Query, historyPageSize)
			return s, "", err
		}
		phone, err := c.typedPhone(v.Query)
		if err != nil {
			return nil, "", nil // not a number: nothing matches
		}
		s, err := c.deps.Search.History(rctx, phone)
		return s, "", err
	}
	f := tabFilter(v.Tab, operator)
	switch {
	case v.Query != "" && v.Field == "label":
		f.Label = v.Query
	case v.Query != "":
		f.Service = v.Query
	}
	page, err := c.deps.Search.List(rctx, f, historyPageSize, ctx.Query("cursor"))
	if v.Tab == "waiting" {
		page.Sessions = slices.DeleteFunc(page.Sessions, func(s domain.Session) bool { return !s.Waiting() })
	}
	return page.Sessions, page.Next, err
}

// tabFilter is the session filter of a tab: waiting for an operator, held by
// this operator, every open conversation, or the closed ones.
func tabFilter(tab, operator string) persistence.SessionFilter {
	open := slices.DeleteFunc(domain.States(), func(s domain.SessionState) bool { return s == domain.StateClosed })
	switch tab {
	case "waiting":
		// Waiting is HANDOFF, or COMPLETED handed over for the sale: the
		// page drops the other COMPLETED sessions.
		return persistence.SessionFilter{States: []domain.SessionState{domain.StateHandoff, domain.StateCompleted}}
	case "mine":
		return persistence.SessionFilter{States: open, Operator: operator}
	case "closed":
		return persistence.SessionFilter{States: []domain.SessionState{domain.StateClosed}}
	}
	return persistence.SessionFilter{States: open}
}

// historyRows shows sessions as rows; current marks the session on screen.
func (c *Console) historyRows(sessions []domain.Session, current string, names operatorNames) []historyRow {
	rows := make([]historyRow, 0, len(sessions))
	for _, s := range sessions {
		rows = append(rows, historyRow{
			SessionID: s.SessionID, Name: handoff.CustomerName(s), PhoneNumber: s.PhoneNumber,
			State: string(s.State), StateText: c.stateText(s.State), Service: string(s.ServiceIdentified),
			AssignedTo: names.of(string(s.AssignedTo)), Labels: s.Labels, CreatedAt: s.CreatedAt,
			URL: conversationURL(s.PhoneNumber, s.SessionID), Current: s.SessionID == current,
		})
	}
	return rows
}

// ConversationURL is the console page of one conversation, for pages outside
// the console that link to it (the admin conversation list).
func ConversationURL(phone, sessionID string) string { return conversationURL(phone, sessionID) }
