package atendimento_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/http/atendimento"
	"github.com/intake-runtime/intake/locale"
)

// An operator reads what a customer's voice note said: its transcript sits
// under the note, labelled "Transcrição" (pt-BR) or "Transcript" (English),
// on the page and in the JSON its script redraws from.
func TestVoiceNoteTranscriptIsShownToOperators(t *testing.T) {
	for _, tc := range []struct {
		lang  locale.Lang
		label string
	}{
		{"", "Transcrição"},
		{locale.English, "Transcript"},
	} {
		e := newEnv(t, func(c *atendimento.Config) { c.Lang = tc.lang })
		a := e.login(opA)
		s := e.handoffSession("+5511999990001", t0, t0)
		for i, m := range []domain.Message{
			{MessageID: "wamid.V1", Content: "[audio]", MessageType: domain.MessageAudio, Transcript: "quero um orçamento <b>já</b>"},
			{MessageID: "wamid.V2", Content: "[audio]", MessageType: domain.MessageAudio}, // not transcribed
		} {
			m.SessionID, m.PhoneNumber, m.Direction = s.SessionID, s.PhoneNumber, domain.DirectionInbound
			m.Timestamp, m.StateBefore, m.StateAfter = t0.Add(time.Duration(i+1)*time.Second), domain.StateHandoff, domain.StateHandoff
			if err := e.messages.Append(context.Background(), m); err != nil {
				t.Fatal(err)
			}
		}

		page := e.do("GET", "/atendimento/conversations/5511999990001/"+s.SessionID, "", "", a).body
		want := `<p>[audio]</p><p class="transcript"><span class="label">` + tc.label + `:</span> quero um orçamento &lt;b&gt;já&lt;/b&gt;</p>`
		if !strings.Contains(page, want) {
			t.Errorf("%q page lacks the labelled, escaped transcript %s:\n%s", tc.lang, want, page)
		}
		if n := strings.Count(page, `class="transcript"`); n != 1 {
			t.Errorf("%q page shows %d transcripts, want 1 (the note without one shows none)", tc.lang, n)
		}

		var got struct {
			Conversation struct {
				Messages []struct {
					Text       string `json:"text"`
					Transcript string `json:"transcript"`
				} `json:"messages"`
			} `json:"conversation"`
		}
		if err := json.Unmarshal([]byte(e.do("GET", apiURL(s), "", "", a).body), &got); err != nil {
			t.Fatal(err)
		}
		msgs := got.Conversation.Messages
		if len(msgs) != 3 || msgs[1].Text != "[audio]" || msgs[1].Transcript != "quero um orçamento <b>já</b>" || msgs[2].Transcript != "" {
			t.Errorf("%q messages = %+v", tc.lang, msgs)
		}
	}
}
