package admin_test

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/intake-runtime/intake/reports"
)

// fixedReports is a report source answering one realistic report for any
// query, and remembering the last query it was asked.
type fixedReports struct {
	mu   sync.Mutex
	last reports.Query
	fail bool
}

func (s *fixedReports) Report(_ context.Context, q reports.Query) (reports.Report, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.last = q
	if s.fail {
		return reports.Report{}, errors.New("table unavailable")
	}
	return sampleReport(q), nil
}

func (s *fixedReports) query() reports.Query {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.last
}

func ptr(v float64) *float64 { return &v }

// sampleReport is a month of a small business: about forty conversations
// a day, a third registered, a few handed to a person, costs in dollars.
func sampleReport(q reports.Query) reports.Report {
	updated := now.Add(-7 * time.Minute)
	r := reports.Report{From: q.From.Format(time.DateOnly), To: q.To.Format(time.DateOnly), By: q.By,
		Service: q.Service, Operator: q.Operator, TimeZone: "America/Sao_Paulo", UpdatedAt: &updated, Currency: "USD"}
	step := 1
	if q.By == reports.ByWeek {
		step = 7
	}
	for day, i := q.From, 0; !day.After(q.To); day, i = day.AddDate(0, 0, step), i+1 {
		n := (38 + (i*7)%17) * step
		p := reports.Period{Start: day.Format(time.DateOnly), Figures: figures(n)}
		r.Periods = append(r.Periods, p)
	}
	r.Total = figures(1204)
	r.Operators = []reports.OperatorRow{
		{Operator: "+5511988887777", Name: "Maria Aparecida", Conversations: 96,
			FirstResponse: reports.Percentile{Count: 96, P50: ptr(245), P90: ptr(1830)},
			Handling:      reports.Percentile{Count: 90, P50: ptr(1260), P90: ptr(5400)}, CSATAnswers: 41, CSATAverage: ptr(4.6)},
		{Operator: "+5521977776666", Name: "Bruno", Conversations: 58,
			FirstResponse: reports.Percentile{Count: 58, P50: ptr(610), P90: ptr(4020)},
			Handling:      reports.Percentile{Count: 55, P50: ptr(1900), P90: ptr(9100)}},
	}
	r.Services = []reports.ServiceRow{
		{Service: "Cliente oculto", Label: "Cliente oculto", Figures: figures(702)},
		{Service: "Auditoria de loja", Label: "Auditoria de loja", Figures: figures(355)},
		{Service: "", Figures: figures(147)},
	}
	r.Demands = []reports.DemandGroup{
		{Text: "pesquisa de preço", Count: 23, Examples: []string{"levantamento de preços", "comparar preço da concorrência"}},
		{Text: "treinamento de vendedores", Count: 9, Examples: []string{"curso para equipe de vendas"}},
		{Text: "entrega de panfletos", Count: 4},
	}
	return r
}

// figures are the sums of n conversations in the sample's proportions.
func figures(n int) reports.Figures {
	cost := float64(n) * 0.0137
	registered := n * 31 / 100
	return reports.Figures{
		Funnel: reports.Funnel{Conversations: n, Qualified: n * 72 / 100, DataComplete: n * 44 / 100,
			Registered: registered, HandedOff: n * 13 / 100, Closed: n * 81 / 100, Abandoned: n * 17 / 100},
		HandoffWait: reports.Percentile{Count: n * 13 / 100, P50: ptr(312), P90: ptr(2710)},
		Handling:    reports.Percentile{Count: n * 12 / 100, P50: ptr(1500), P90: ptr(7260)},
		Usage: reports.Usage{Calls: n * 9, TokensInput: int64(n) * 14_200, TokensOutput: int64(n) * 1_150,
			Cost: &cost, PerConversation: ptr(cost / float64(n)), PerRegistered: ptr(cost / float64(registered))},
	}
}

// refresher counts the refreshes asked; err is what each answers.
type refresher struct {
	mu    sync.Mutex
	calls int
	err   error
}

func (r *refresher) Refresh(context.Context) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls++
	return r.err
}
