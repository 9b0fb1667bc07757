package atendimento_test

import (
	"context"
	"encoding/json"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"
)

// labelResult is the answer of an accepted label command.
type labelResult struct {
	Result struct {
		OK     bool     `json:"ok"`
		Labels []string `json:"labels"`
	} `json:"result"`
}

// Any operator labels a conversation, holder or not; the answer carries its
// labels, a refusal says why in pt-BR.
func TestOperatorsLabelAConversation(t *testing.T) {
	e := newEnv(t, nil)
	a, b := e.login(opA), e.login(opB)
	s := e.handoffSession("+5511999990001", t0, t0)
	steps := []struct {
		name    string
		cookie  string
		body    map[string]any
		status  int
		labels  []string
		code    string
		message string
	}{
		{"added", a, map[string]any{"label": "  urgente "}, fiber.StatusOK, []string{"urgente"}, "", ""},
		{"another operator adds one", b, map[string]any{"label": "retorno   amanhã"}, fiber.StatusOK, []string{"urgente", "retorno amanhã"}, "", ""},
		{"the same in another case", b, map[string]any{"label": "URGENTE"}, fiber.StatusOK, []string{"urgente", "retorno amanhã"}, "", ""},
		{"removed", a, map[string]any{"label": "Retorno Amanhã", "remove": true}, fiber.StatusOK, []string{"urgente"}, "", ""},
		{"empty", a, map[string]any{"label": " "}, fiber.StatusBadRequest, nil, "label_empty", "A etiqueta está vazia."},
		{"too long", a, map[string]any{"label": strings.Repeat("x", 31)}, fiber.StatusBadRequest, nil, "label_too_long", "Uma etiqueta tem no máximo 30 caracteres."},
	}
	for _, st := range steps {
		res := e.postJSON(apiURL(s)+"/labels", st.body, st.cookie)
		if res.status != st.status {
			t.Fatalf("%s: %d %s, want %d", st.name, res.status, res.body, st.status)
		}
		if st.code != "" {
			if d := errorBody(t, res); d.Code != st.code || d.Message != st.message {
				t.Errorf("%s: refusal %+v, want %s %q", st.name, d, st.code, st.message)
			}
			continue
		}
		var r labelResult
		if err := json.Unmarshal([]byte(res.body), &r); err != nil || !r.Result.OK || !slices.Equal(r.Result.Labels, st.labels) {
			t.Errorf("%s: %s, want labels %q", st.name, res.body, st.labels)
		}
	}
	for i := range 9 {
		e.postJSON(apiURL(s)+"/labels", map[string]any{"label": "etiqueta " + string(rune('a'+i))}, a)
	}
	res := e.postJSON(apiURL(s)+"/labels", map[string]any{"label": "a mais"}, a)
	if d := errorBody(t, res); res.status != fiber.StatusUnprocessableEntity || d.Code != "too_many_labels" ||
		d.Message != "Uma conversa tem no máximo 10 etiquetas; remova uma antes." {
		t.Errorf("an eleventh label: %d %+v", res.status, d)
	}
	stored, err := e.sessions.Get(context.Background(), s.PhoneNumber, s.SessionID)
	if err != nil || len(stored.Labels) != 10 || stored.Labels[0] != "urgente" {
		t.Errorf("stored labels %q (%v)", stored.Labels, err)
	}
}

// The queue and the history filter by label, in any case and spacing, and
// show each conversation's labels as chips; the conversation page shows
// them with a button to remove each.
func TestListsFilterByLabel(t *testing.T) {
	e := newEnv(t, nil)
	a := e.login(opA)
	urgent := e.handoffSession("+5511999990001", t0.Add(-2*time.Hour), t0)
	other := e.handoffSession("+5511999990002", t0.Add(-time.Hour), t0)
	if res := e.postJSON(apiURL(urgent)+"/labels", map[string]any{"label": "Urgente"}, a); res.status != fiber.StatusOK {
		t.Fatalf("label: %d %s", res.status, res.body)
	}
	chip := `<li class="label-chip">Urgente</li>`
	for _, tt := range []struct {
		name, target string
		want, absent string
		chip         bool
	}{
		{"queue filtered", "/atendimento?label=" + url.QueryEscape(" urgente "), urgent.SessionID, other.SessionID, true},
		{"queue whole", "/atendimento", other.SessionID, "", true},
		{"queue, an unused label", "/atendimento?label=vip", "", urgent.SessionID, false},
		{"history by label", "/atendimento/conversations?tab=open&by=label&q=URGENTE", urgent.SessionID, other.SessionID, true},
		{"history waiting by label", "/atendimento/conversations?tab=waiting&by=label&q=urgente", urgent.SessionID, other.SessionID, true},
		{"history closed by label", "/atendimento/conversations?tab=closed&by=label&q=urgente", "", urgent.SessionID, false},
	} {
		res := e.do("GET", tt.target, "", "", a)
		if res.status != fiber.StatusOK {
			t.Fatalf("%s: %d", tt.name, res.status)
		}
		if tt.want != "" && !strings.Contains(res.body, `data-session-id="`+tt.want+`"`) {
			t.Errorf("%s: %s not listed", tt.name, tt.want)
		}
		if tt.absent != "" && strings.Contains(res.body, `data-session-id="`+tt.absent+`"`) {
			t.Errorf("%s: %s listed", tt.name, tt.absent)
		}
		if strings.Contains(res.body, chip) != tt.chip {
			t.Errorf("%s: chip shown %v, want %v", tt.name, !tt.chip, tt.chip)
		}
	}

	var q struct {
		Label         string `json:"label"`
		Conversations []struct {
			SessionID string   `json:"session_id"`
			Labels    []string `json:"labels"`
		} `json:"conversations"`
	}
	res := e.do("GET", "/atendimento/api/queue?label=urgente", "", "", a)
	if err := json.Unmarshal([]byte(res.body), &q); err != nil || q.Label != "urgente" || len(q.Conversations) != 1 ||
		q.Conversations[0].SessionID != urgent.SessionID || !slices.Equal(q.Conversations[0].Labels, []string{"Urgente"}) {
		t.Errorf("queue JSON filtered by label = %s", res.body)
	}

	page := e.do("GET", "/atendimento/conversations/5511999990001/"+urgent.SessionID, "", "", a)
	for _, want := range []string{`id="label-text"`, `aria-label="Remover a etiqueta Urgente"`, `<label for="label-text">Nova etiqueta</label>`} {
		if !strings.Contains(page.body, want) {
			t.Errorf("conversation page lacks %s", want)
		}
	}
}
