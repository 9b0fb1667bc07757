package conversation_test

import (
	"bufio"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/domain"
)

// states is the one state list, persistence's: a state added there is
// checked here without a second list to update.
var states = domain.States()

// codes are the contract's action codes and a few outside it.
var codes = []int{0, 1, 2, 3, 4, 5, 6, 9, 7, 8, -1, 42}

// legalAnswer is, per code, an answer whose payload makes the code's legal
// path succeed, so the table shows the state machine and not payload checks.
var legalAnswer = map[int]string{
	0: `{"s":0,"qualification_data":{"regiao":"Campinas"}} ` + modelMsg,
	1: `{"s":1,"qualification_data":{"porte":"12 lojas"},"service":"mystery shopper","segment":"consultoria","intent":"Orçamento"} ` + modelMsg,
	2: `{"s":2,"qualification_data":{},"cadastral_data":{"nome":"Maria Souza","email":" Maria@Exemplo.com ","cpf_cnpj":"529.982.247-25","telefone":"(19) 99123-4567"}} ` + modelMsg,
	3: `{"s":3,"qualification_data":{}} ` + modelMsg,
	4: `{"s":4,"qualification_data":{},"service_requested":"desenvolvimento de aplicativo","segment":"Consultoria empresarial"} ` + modelMsg,
	5: `{"s":5,"qualification_data":{},"packages":["empresa","nao-existe"]}`,
	6: `{"s":6,"qualification_data":{}} ` + modelMsg,
	9: `{"s":9,"qualification_data":{}} ` + modelMsg,
}

func answerFor(code int) string {
	if raw, ok := legalAnswer[code]; ok {
		return raw
	}
	return fmt.Sprintf(`{"s":%d,"qualification_data":{"x":"y"}} %s`, code, modelMsg)
}

// TestTransitionTable applies every (state, code) pair and checks the
// outcome against the table in the package documentation, so the documented
// table and the rules cannot drift apart.
func TestTransitionTable(t *testing.T) {
	table := docTable(t)
	e := newEngine(t)
	pairs := 0
	for _, state := range states {
		for _, code := range codes {
			cell := table[state][code]
			if cell == "" {
				cell = table[state][-1] // the "other" column
			}
			name := fmt.Sprintf("%s/s=%d/%s", state, code, cell)
			t.Run(name, func(t *testing.T) {
				pairs++
				in := input(sessionIn(state), burst)
				before := sessionIn(state)
				out := e.Apply(in, parse(t, answerFor(code)))
				if !reflect.DeepEqual(in.Session, before) {
					t.Fatal("Apply changed its input session")
				}
				check, ok := cellChecks[cell]
				if !ok {
					t.Fatalf("no check for table cell %q", cell)
				}
				check(t, in, out)
			})
		}
	}
	if want := len(states) * len(codes); pairs != want {
		t.Errorf("checked %d pairs, want %d", pairs, want)
	}
}

// docTable reads the transition grid of doc.go: state -> code -> cell, with
// the "other" column under code -1.
func docTable(t *testing.T) map[domain.SessionState]map[int]string {
	t.Helper()
	f, err := os.Open("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	table := map[domain.SessionState]map[int]string{}
	var header []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(strings.TrimPrefix(sc.Text(), "//"))
		if len(fields) == 0 {
			continue
		}
		if fields[0] == "state" {
			header = fields[1:]
			continue
		}
		state := domain.SessionState(fields[0])
		if header == nil || !contains(states, state) {
			continue
		}
		row := map[int]string{}
		if fields[1] == "silent" {
			row[-1] = "silent"
		} else {
			if len(fields)-1 != len(header) {
				t.Fatalf("doc.go row %s has %d cells, header has %d", state, len(fields)-1, len(header))
			}
			for i, h := range header {
				code := -1
				if h != "other" {
					fmt.Sscanf(h, "s=%d", &code)
				}
				row[code] = fields[i+1]
			}
		}
		table[state] = row
	}
	if len(table) != len(states) {
		t.Fatalf("doc.go table has %d states, want %d", len(table), len(states))
	}
	return table
}

func contains[T comparable](list []T, v T) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// cellChecks verify what each cell of the documented table promises.
var cellChecks = map[string]func(t *testing.T, in conversation.Input, out conversation.Outcome){
	"stay": func(t *testing.T, in conversation.Input, out conversation.Outcome) {
		wantSideEffects(t, out, sideEffects{})
		wantState(t, out, in.Session.State, in.Session.CurrentAgent)
		wantReply(t, out, modelMsg)
		if out.Session.QualificationData["regiao"] != "Campinas" {
			t.Errorf("qualification_data not merged: %v", out.Session.QualificationData)
		}
	},
	"QUALIFY": func(t *testing.T, in conversation.Input, out conversation.Outcome) {
		wantSideEffects(t, out, sideEffects{})
		wantState(t, out, domain.StateQualifying, domain.AgentQualifier)
		wantReply(t, out, modelMsg)
	},
	"SERVICE": func(t *testing.T, in conversation.Input, out conversation.Outcome) {
		wantSideEffects(t, out, sideEffects{})
		wantState(t, out, domain.StateDataCollect, domain.AgentRegistrar)
		wantReply(t, out, modelMsg)
		s := out.Session
		if s.ServiceIdentified != "Cliente Oculto" || s.Segment != "pesquisa" || s.Intent != "orcamento" {
			t.Errorf("service, segment, intent = %q, %q, %q; want the catalogue's canonical values", s.ServiceIdentified, s.Segment, s.Intent)
		}
	},
	"CHECK": func(t *testing.T, in conversation.Input, out conversation.Outcome) {
		want := sideEffects{project: true}
		if in.Session.State == domain.StateDataCollect {
			want = sideEffects{project: true, handoff: domain.HandoffDataComplete, summarize: true}
		}
		wantSideEffects(t, out, want)
		wantState(t, out, domain.StateCompleted, domain.AgentRegistrar)
		wantReply(t, out, modelMsg)
		want2 := map[string]any{"nome": "Maria Souza", "email": "maria@exemplo.com", "cpf_cnpj": "52998224725", "telefone": "+5519991234567"}
		if !reflect.DeepEqual(out.Session.CadastralData, want2) {
			t.Errorf("cadastral_data = %v, want %v", out.Session.CadastralData, want2)
		}
		if out.Session.HandoffReason != domain.HandoffDataComplete {
			t.Errorf("handoff_reason = %q", out.Session.HandoffReason)
		}
	},
	"PERSON": func(t *testing.T, in conversation.Input, out conversation.Outcome) {
		wantSideEffects(t, out, sideEffects{handoff: domain.HandoffCustomerRequest, summarize: true})
		wantState(t, out, domain.StateHandoff, in.Session.CurrentAgent)
		wantReply(t, out, modelMsg)
		if out.Session.HandoffReason != domain.HandoffCustomerRequest {
			t.Errorf("handoff_reason = %q", out.Session.HandoffReason)
		}
	},
	"DEMAND": func(t *testing.T, in conversation.Input, out conversation.Outcome) {
		wantSideEffects(t, out, sideEffects{demand: true, summarize: true})
		wantState(t, out, domain.StateClosed, in.Session.CurrentAgent)
		wantReply(t, out, modelMsg)
		wantClosed(t, out)
		d := *out.Demand
		if len(d.DemandID) != 36 || !d.CreatedAt.Equal(now) {
			t.Errorf("demand id %q, created_at %v: want a UUID and now", d.DemandID, d.CreatedAt)
		}
		d.DemandID = ""
		want := domain.OutOfPortfolioDemand{
			SessionID: "sess-1", PhoneNumber: phone, PushName: "Maria",
			ServiceRequested: "desenvolvimento de aplicativo", EstimatedSegment: "consultoria",
			MessagingInstance: "instance_a", OriginalMessage: burst, CreatedAt: d.CreatedAt,
		}
		if d != want {
			t.Errorf("demand = %+v\nwant %+v", d, want)
		}
	},
	"ENRICH": func(t *testing.T, in conversation.Input, out conversation.Outcome) {
		wantSideEffects(t, out, sideEffects{enrich: []string{"empresa"}})
		wantState(t, out, in.Session.State, in.Session.CurrentAgent)
		wantReply(t, out, "")
		if !reflect.DeepEqual(out.Session.CollectedPackages, []string{"empresa"}) || out.Session.ContextEnrichmentCount != 1 {
			t.Errorf("collected %v, count %d", out.Session.CollectedPackages, out.Session.ContextEnrichmentCount)
		}
	},
	"HOLD": func(t *testing.T, in conversation.Input, out conversation.Outcome) {
		wantSideEffects(t, out, sideEffects{})
		wantState(t, out, domain.StateConfirmSubject, in.Session.CurrentAgent)
		wantReply(t, out, modelMsg)
		if out.Session.PendingSubjectChangeText != burst {
			t.Errorf("pending = %q, want the customer's burst", out.Session.PendingSubjectChangeText)
		}
	},
	"CONFIRM": func(t *testing.T, in conversation.Input, out conversation.Outcome) {
		// Without "confirm" the question stays open (the decisions are
		// tested in subject_test.go).
		wantSideEffects(t, out, sideEffects{})
		wantState(t, out, domain.StateConfirmSubject, in.Session.CurrentAgent)
		wantReply(t, out, modelMsg)
		if out.Session.PendingSubjectChangeText != in.Session.PendingSubjectChangeText {
			t.Error("pending subject lost")
		}
	},
	"CLOSE": func(t *testing.T, in conversation.Input, out conversation.Outcome) {
		wantSideEffects(t, out, sideEffects{summarize: true})
		wantState(t, out, domain.StateClosed, in.Session.CurrentAgent)
		wantReply(t, out, modelMsg)
		wantClosed(t, out)
	},
	"refused": func(t *testing.T, in conversation.Input, out conversation.Outcome) {
		wantSideEffects(t, out, sideEffects{handoff: domain.HandoffAgentFailure, summarize: true, illegal: true})
		wantState(t, out, domain.StateHandoff, in.Session.CurrentAgent)
		wantReply(t, out, cfg.FallbackText)
		if out.Session.HandoffReason != domain.HandoffAgentFailure {
			t.Errorf("handoff_reason = %q", out.Session.HandoffReason)
		}
		if _, merged := out.Session.QualificationData["x"]; merged {
			t.Error("a refused answer's data was merged")
		}
	},
	"silent": func(t *testing.T, in conversation.Input, out conversation.Outcome) {
		wantSideEffects(t, out, sideEffects{illegal: true})
		wantReply(t, out, "")
		if !reflect.DeepEqual(out.Session, in.Session) {
			t.Errorf("a silent state changed the session:\n%+v\nwant\n%+v", out.Session, in.Session)
		}
	},
}

type sideEffects struct {
	enrich    []string
	demand    bool
	handoff   domain.HandoffReason
	project   bool
	summarize bool
	illegal   bool
}

func wantSideEffects(t *testing.T, out conversation.Outcome, want sideEffects) {
	t.Helper()
	got := sideEffects{enrich: out.Enrich, demand: out.Demand != nil, handoff: out.Handoff,
		project: out.Project, summarize: out.Summarize, illegal: out.Illegal != ""}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("side effects = %+v, want %+v (illegal: %q)", got, want, out.Illegal)
	}
}

func wantState(t *testing.T, out conversation.Outcome, state domain.SessionState, agent domain.AgentName) {
	t.Helper()
	if out.Session.State != state || out.Session.CurrentAgent != agent {
		t.Errorf("state, agent = %s, %s; want %s, %s", out.Session.State, out.Session.CurrentAgent, state, agent)
	}
}

func wantReply(t *testing.T, out conversation.Outcome, reply string) {
	t.Helper()
	if out.Reply != reply {
		t.Errorf("reply = %q, want %q", out.Reply, reply)
	}
}

func wantClosed(t *testing.T, out conversation.Outcome) {
	t.Helper()
	if out.Session.ClosedAt == nil || !out.Session.ClosedAt.Equal(now) {
		t.Errorf("closed_at = %v, want now", out.Session.ClosedAt)
	}
}
