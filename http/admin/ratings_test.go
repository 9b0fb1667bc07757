package admin_test

import (
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/http/admin"
)

// The conversations list has a rating column ("5 de 5", a dash when the
// customer gave none) and each operator's average over the listed
// conversations.
func TestSessionsPageShowsTheRatings(t *testing.T) {
	f := newFixture(t, admin.Config{})
	s := f.seed()
	rated := func(op string, score int) func(*domain.Session) {
		return func(s *domain.Session) {
			at := now.Add(-time.Minute)
			s.AssignedTo, s.ClosedBy, s.CSATScore, s.CSATAnsweredAt = domain.NullString(op), domain.NullString(op), score, &at
		}
	}
	s.session("+5511922220001", "sess-1", domain.StateClosed, now.Add(-3*time.Hour), rated("+5511900000001", 5))
	s.session("+5511922220002", "sess-2", domain.StateClosed, now.Add(-2*time.Hour), rated("+5511900000001", 4))
	s.session("+5511922220003", "sess-3", domain.StateClosed, now.Add(-time.Hour), nil)
	status, body := f.do("GET", "/admin/sessions?state=CLOSED", "", nil)
	if status != 200 {
		t.Fatalf("GET /admin/sessions = %d %s", status, body)
	}
	for _, want := range []string{"<th>Avaliação</th>", ">5 de 5</td>", ">4 de 5</td>", ">—</td>", "Avaliação média nesta página", "4,5 de 5 (2 avaliações)"} {
		if !strings.Contains(body, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
}
