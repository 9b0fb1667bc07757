package conversation_test

import (
	"reflect"
	"testing"

	"github.com/intake-runtime/intake/domain"
)

func TestKnowledgeRequests(t *testing.T) {
	tests := []struct {
		name      string
		packages  string
		collected []string
		injected  []string
		count     int
		enrich    []string
	}{
		{"new packages, unknown ones dropped", `["grupo-focal","nao-existe","precos-prazos"]`, nil, nil, 0, []string{"grupo-focal", "precos-prazos"}},
		{"one ID as a string", `"empresa"`, nil, nil, 0, []string{"empresa"}},
		{"repeats dropped", `["empresa","empresa"]`, nil, nil, 1, []string{"empresa"}},
		{"already in the session", `["empresa"]`, []string{"empresa"}, nil, 0, nil},
		{"already injected this turn", `["empresa"]`, nil, []string{"empresa"}, 1, nil},
		{"nothing known", `["nao-existe"]`, nil, nil, 0, nil},
		{"no list", `null`, nil, nil, 0, nil},
		{"bound reached", `["empresa"]`, nil, nil, 2, nil},
	}
	e := newEngine(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := sessionIn(domain.StateQualifying)
			s.CollectedPackages = tt.collected
			s.ContextEnrichmentCount = tt.count
			in := input(s, burst)
			in.Packages = tt.injected
			out := e.Apply(in, parse(t, `{"s":5,"qualification_data":{},"packages":`+tt.packages+`}`))
			if !reflect.DeepEqual(out.Enrich, tt.enrich) {
				t.Fatalf("enrich = %v, want %v", out.Enrich, tt.enrich)
			}
			if tt.enrich != nil {
				want := append(append([]string{}, tt.collected...), tt.enrich...)
				if out.Reply != "" || out.Illegal != "" || !reflect.DeepEqual(out.Session.CollectedPackages, want) ||
					out.Session.ContextEnrichmentCount != tt.count+1 {
					t.Errorf("reply %q, illegal %q, collected %v, count %d", out.Reply, out.Illegal, out.Session.CollectedPackages, out.Session.ContextEnrichmentCount)
				}
				return
			}
			// Falls back without calling a person.
			if out.Reply != cfg.EnrichmentFallbackText || out.Illegal == "" || out.Handoff != "" ||
				out.Session.State != domain.StateQualifying {
				t.Errorf("fallback: reply %q, illegal %q, handoff %q, state %s", out.Reply, out.Illegal, out.Handoff, out.Session.State)
			}
		})
	}
}

func TestEnrichmentExhausted(t *testing.T) {
	e := newEngine(t)
	for _, state := range states {
		out := e.EnrichmentExhausted(input(sessionIn(state), burst))
		want := cfg.EnrichmentFallbackText
		if state == domain.StateHandoff || state == domain.StateHuman || state == domain.StateClosed {
			want = ""
		}
		if out.Reply != want || out.Handoff != "" || out.Session.State != state || out.Summarize {
			t.Errorf("%s: reply %q, handoff %q, state %s", state, out.Reply, out.Handoff, out.Session.State)
		}
	}
}
