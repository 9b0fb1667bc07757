package atendimento_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/http/atendimento"
)

// liveQueue is what the queue's script reads for the SLA colour and the
// unread badges.
type liveQueue struct {
	Now           time.Time `json:"now"`
	Conversations []struct {
		SessionID        string `json:"session_id"`
		Late             bool   `json:"late"`
		CustomerMessages *int   `json:"customer_messages"`
	} `json:"conversations"`
}

// A customer waiting past HANDOFF_SLA is late, one under it is not, and a
// conversation an operator holds is never late (nobody waits for a person).
// The page carries the SLA, and the queue the server's clock, for the
// script's own count.
func TestQueueMarksWaitsPastTheSLA(t *testing.T) {
	e := newEnv(t, func(c *atendimento.Config) { c.SLA = 3 * time.Minute })
	a := e.login(opA)
	late := e.handoffSession("+5511999990001", t0.Add(-4*time.Minute), t0)
	onTime := e.handoffSession("+5511999990002", t0.Add(-2*time.Minute), t0)
	held := e.handoffSession("+5511999990003", t0.Add(-time.Hour), t0)
	e.postJSON(apiURL(held)+"/claim", map[string]any{}, a)

	var q liveQueue
	if err := json.Unmarshal([]byte(e.do("GET", "/atendimento/api/queue", "", "", a).body), &q); err != nil {
		t.Fatal(err)
	}
	if !q.Now.Equal(t0) {
		t.Errorf("queue's now = %s, want the server's clock %s", q.Now, t0)
	}
	want := map[string]bool{late.SessionID: true, onTime.SessionID: false, held.SessionID: false}
	for _, c := range q.Conversations {
		if c.Late != want[c.SessionID] {
			t.Errorf("%s late = %v, want %v", c.SessionID, c.Late, want[c.SessionID])
		}
	}
	page := e.do("GET", "/atendimento", "", "", a).body
	if !strings.Contains(page, `data-sla-ms="180000"`) || strings.Count(page, `class="waited late"`) != 1 {
		t.Errorf("queue page does not carry the SLA or the one late wait:\n%s", page)
	}
}

// The queue counts the customer's messages of the conversations the
// operator holds (the script's unread badges), and of those only.
func TestQueueCountsCustomerMessagesOfTheOperatorsConversations(t *testing.T) {
	e := newEnv(t, nil)
	a := e.login(opA)
	mine := e.handoffSession("+5511999990001", t0, t0)
	waiting := e.handoffSession("+5511999990002", t0, t0)
	e.postJSON(apiURL(mine)+"/claim", map[string]any{}, a)
	e.postJSON(apiURL(mine)+"/send", map[string]string{"text": "Olá!"}, a)
	err := e.messages.Append(context.Background(), domain.Message{
		MessageID: "in-2", SessionID: mine.SessionID, PhoneNumber: mine.PhoneNumber, Content: "Oi, tudo bem?",
		Timestamp: t0.Add(time.Minute), StateBefore: domain.StateHuman, StateAfter: domain.StateHuman,
		Direction: domain.DirectionInbound, MessageType: domain.MessageText,
	})
	if err != nil {
		t.Fatal(err)
	}

	var q liveQueue
	if err := json.Unmarshal([]byte(e.do("GET", "/atendimento/api/queue", "", "", a).body), &q); err != nil {
		t.Fatal(err)
	}
	for _, c := range q.Conversations {
		switch c.SessionID {
		case mine.SessionID:
			if c.CustomerMessages == nil || *c.CustomerMessages != 2 {
				t.Errorf("customer messages of the operator's conversation = %v, want 2", c.CustomerMessages)
			}
		case waiting.SessionID:
			if c.CustomerMessages != nil {
				t.Errorf("a waiting conversation is counted: %d", *c.CustomerMessages)
			}
		}
	}
}
