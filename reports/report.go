package reports

import (
	"context"
	"time"
)

// Source answers a report. The admin page, its CSV export, the JSON API and
// the weekly digest all read through it.
type Source interface {
	Report(ctx context.Context, q Query) (Report, error)
}

// Query is the report asked for. From and To are local days (UI_TIMEZONE),
// both included; Service and Operator, when set, keep only the
// conversations of that service or taken by that operator (a phone).
type Query struct {
	From, To time.Time
	By       Grouping
	Service  string
	Operator string
}

// Grouping is how a report's periods are cut.
type Grouping string

// The groupings: a period per local day, or per week starting on Monday.
const (
	ByDay  Grouping = "day"
	ByWeek Grouping = "week"
)

// Report is the figures of a query, as GET /admin/api/reports answers them
// inside {"report": ...}. Durations are seconds of business hours.
type Report struct {
	From     string   `json:"from"` // YYYY-MM-DD, local
	To       string   `json:"to"`
	By       Grouping `json:"by"`
	Service  string   `json:"service,omitempty"`
	Operator string   `json:"operator,omitempty"`
	TimeZone string   `json:"timezone"`
	// UpdatedAt is when the rollup last summed the sessions: the report
	// holds what had happened by then. Null before the first rollup.
	UpdatedAt *time.Time `json:"updated_at"`

	Periods []Period `json:"periods"` // oldest first, every period of the range
	Total   Figures  `json:"total"`

	Operators []OperatorRow `json:"operators"` // by conversations, most first
	Services  []ServiceRow  `json:"services"`  // by conversations, most first
	Demands   []DemandGroup `json:"demands"`   // by count, most first
	// Currency is the currency of LLM_PRICES; costs are null for models
	// without a price.
	Currency string `json:"currency"`
}

// Period is the figures of the conversations that started in one day or
// week.
type Period struct {
	Start string `json:"start"` // YYYY-MM-DD, local: the day, or the week's Monday
	Figures
}

// Figures are the sums of a set of conversations.
type Figures struct {
	Funnel      Funnel     `json:"funnel"`
	HandoffWait Percentile `json:"handoff_wait"`
	Handling    Percentile `json:"handling"`
	Usage       Usage      `json:"usage"`
}

// Funnel counts conversations by how far they went. Each step counts the
// conversations that reached it, so a later step never exceeds an earlier
// one except Handed off (a customer may ask for a person at any point) and
// Abandoned (the conversations that stopped before their data was complete).
type Funnel struct {
	Conversations int `json:"conversations"`
	Qualified     int `json:"qualified"`
	DataComplete  int `json:"data_complete"`
	Registered    int `json:"registered"` // the CRM confirmed the lead
	HandedOff     int `json:"handed_off"`
	Closed        int `json:"closed"`
	Abandoned     int `json:"abandoned"`
}

// Percentile is a duration's distribution over Count conversations, in
// seconds of business hours; null percentiles when Count is 0.
type Percentile struct {
	Count int      `json:"count"`
	P50   *float64 `json:"p50_seconds"`
	P90   *float64 `json:"p90_seconds"`
}

// Usage is the model usage of a set of conversations and what it cost.
type Usage struct {
	Calls        int      `json:"calls"`
	TokensInput  int64    `json:"tokens_input"`
	TokensOutput int64    `json:"tokens_output"`
	Cost         *float64 `json:"cost"`
	// PerConversation and PerRegistered divide Cost; null when Cost is null
	// or when there is nothing to divide by.
	PerConversation *float64 `json:"cost_per_conversation"`
	PerRegistered   *float64 `json:"cost_per_registered"`
}

// OperatorRow is one operator's figures: the conversations they took,
// their first response (the handoff wait of those conversations) and the
// customers' satisfaction where the question was answered.
type OperatorRow struct {
	Operator      string     `json:"operator"` // the phone, as the roster holds it
	Name          string     `json:"name"`     // the roster's name, or the masked phone
	Conversations int        `json:"conversations"`
	FirstResponse Percentile `json:"first_response"`
	Handling      Percentile `json:"handling"`
	CSATAnswers   int        `json:"csat_answers"`
	CSATAverage   *float64   `json:"csat_average"` // 1–5; null without answers
}

// ServiceRow is one service's figures; Service is "" for conversations that
// never named one.
type ServiceRow struct {
	Service string `json:"service"`
	Label   string `json:"label"` // the catalogue's name for it
	Figures
}

// DemandGroup is a cluster of out-of-catalogue demands whose texts say the
// same thing in other words.
type DemandGroup struct {
	Text     string   `json:"text"` // the most common wording
	Count    int      `json:"count"`
	Examples []string `json:"examples"` // a few other wordings
}
