package session_test

import (
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/domain"
)

func TestMessageDuringModelCallSupersedesTheAnswer(t *testing.T) {
	h := newHarness(t, session.Config{DebounceWindow: 100 * time.Millisecond, DebounceMaxWait: time.Second}, func(n int) string {
		return []string{"", `{"s":0,"qualification_data":{}} primeira resposta`, `{"s":0,"qualification_data":{}} resposta final`}[min(n, 2)]
	})
	release := h.model.Hold(1)
	h.deliver("+5511900000010", "x1", "Oi")
	<-h.model.Arrived // the first call is in flight, held by the server
	h.deliver("+5511900000010", "x2", "quero uma pesquisa")
	release()

	sends := h.waitSends(1)
	time.Sleep(300 * time.Millisecond) // a second reply, if any, would show up here
	if sends = h.sender.Sends(); len(sends) != 1 || sends[0].Text != "resposta final" {
		t.Fatalf("sends = %+v, want only the final reply", sends)
	}
	calls := h.model.Calls()
	if len(calls) != 2 || !ordered(joinAll(calls[1]), "Oi", "quero uma pesquisa") {
		t.Fatalf("calls = %q, want a rerun holding the whole burst", calls)
	}
	var superseded, sent []domain.Message
	for _, m := range h.messages("+5511900000010") {
		switch {
		case m.IsSuperseded():
			superseded = append(superseded, m)
		case m.Direction == domain.DirectionOutbound:
			sent = append(sent, m)
		}
	}
	if len(superseded) != 1 || superseded[0].LLMRawResponse == "" || superseded[0].CleanMessageSent != "" {
		t.Errorf("superseded log = %+v, want the first answer, logged and never sent", superseded)
	}
	if len(sent) != 1 || sent[0].CleanMessageSent != "resposta final" {
		t.Errorf("outbound log = %+v, want the final reply", sent)
	}
}
