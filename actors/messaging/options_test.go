package messaging_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/leaktest"
)

func TestOptionsForm(t *testing.T) {
	letters := func(n int) string { return strings.Repeat("a", n) }
	many := func(n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = fmt.Sprintf("Opção %d", i+1)
		}
		return out
	}
	tests := []struct {
		name    string
		text    string
		options []string
		want    messaging.Form
	}{
		{"none", "Olá", nil, messaging.FormText},
		{"yes or no", "Confirma?", []string{"Sim", "Não"}, messaging.FormButtons},
		{"one", "Posso ajudar?", []string{"Falar com atendente"}, messaging.FormButtons},
		{"three of 20 characters", "Qual?", []string{letters(20), "B", "C"}, messaging.FormButtons},
		{"four", "Qual?", many(4), messaging.FormList},
		{"ten", "Qual?", many(10), messaging.FormList},
		{"eleven", "Qual?", many(11), messaging.FormText},
		{"a 21-character title makes two a list, never a cut title", "Qual?", []string{letters(21), "B"}, messaging.FormList},
		{"a 24-character title fits a row", "Qual?", append(many(5), letters(24)), messaging.FormList},
		{"a 25-character title fits nothing", "Qual?", []string{letters(25), "B"}, messaging.FormText},
		{"a body over the interactive limit", letters(messaging.MaxInteractiveBodyRunes + 1), []string{"Sim", "Não"}, messaging.FormText},
		{"limits count characters, not bytes", strings.Repeat("é", messaging.MaxInteractiveBodyRunes), []string{strings.Repeat("ã", 20)}, messaging.FormButtons},
	}
	for _, tt := range tests {
		if got := messaging.OptionsForm(tt.text, tt.options); got != tt.want {
			t.Errorf("%s: OptionsForm = %s, want %s", tt.name, got, tt.want)
		}
	}
}

// deliverOne sends one reply with options through Replies and returns what
// the platform got and the outbox steps.
func deliverOne(t *testing.T, deps messaging.RepliesDeps, m domain.Message) messaging.Sent {
	t.Helper()
	leaktest.Check(t)
	reports := make(chan messaging.Sent, 1)
	deps.Retry = messaging.Retry{Attempts: 3, Base: time.Hour, Max: time.Hour}
	r := messaging.NewReplies(deps, func(s messaging.Sent) { reports <- s })
	defer r.Close()
	r.Deliver(m)
	select {
	case s := <-reports:
		return s
	case <-time.After(5 * time.Second):
		t.Fatal("no report")
	}
	return messaging.Sent{}
}

func TestReplyOptionsAreSentInteractive(t *testing.T) {
	reply := domain.Message{MessageID: "r1", PhoneNumber: "+5511955550000", Content: "Confirma?", Options: []string{"Sim", "Não"}}
	many := reply
	many.Options = strings.Fields("A B C D E F G H I J K")
	tests := []struct {
		name     string
		m        domain.Message
		numbered bool
		want     string
	}{
		{"buttons", reply, false, "button: Confirma? [Sim|Não]"},
		{"turned off: numbered text", reply, true, "Confirma?\n\n1. Sim\n2. Não"},
		{"more than a list holds: numbered text", many, false, "Confirma?\n\n1. A\n2. B\n3. C\n4. D\n5. E\n6. F\n7. G\n8. H\n9. I\n10. J\n11. K"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			outbox, platform := &recordingOutbox{}, &scriptedPlatform{}
			deliverOne(t, messaging.RepliesDeps{Sender: platform, Outbox: outbox, NumberedOptions: tt.numbered}, tt.m)
			if got := platform.Texts(); !slices.Equal(got, []string{tt.want}) {
				t.Errorf("sent %q, want %q", got, tt.want)
			}
		})
	}
}

// A platform that refuses the buttons gets the same entry again at once as
// numbered text: one reply, two attempts, recorded as a retry; the
// fallback's own refusal fails the reply for good.
func TestRefusedInteractiveFallsBackToNumberedText(t *testing.T) {
	refused := failure(domain.ErrorKindPermanent, "HTTP 400: 131009 parameter value is not valid")
	reply := domain.Message{MessageID: "r1", PhoneNumber: "+5511955550000", Content: "Confirma?", Options: []string{"Sim", "Não"}}

	outbox, platform := &recordingOutbox{}, &scriptedPlatform{script: []domain.AdapterResult{refused}}
	sent := deliverOne(t, messaging.RepliesDeps{Sender: platform, Outbox: outbox}, reply)
	if !sent.Response.Success || sent.Entry.MessageID != "r1" {
		t.Errorf("report = %+v, want r1 sent", sent)
	}
	if got, want := platform.Texts(), []string{"button: Confirma? [Sim|Não]", "Confirma?\n\n1. Sim\n2. Não"}; !slices.Equal(got, want) {
		t.Errorf("sent %q, want %q", got, want)
	}
	wantSteps := []string{"begin r1", "retry(interactive message refused, sending numbered text: " + refused.Detail + ",false) r1", "begin r1", "sent:wamid.2 r1"}
	if got := outbox.Steps(); !slices.Equal(got, wantSteps) {
		t.Errorf("outbox steps = %q, want %q", got, wantSteps)
	}

	outbox, platform = &recordingOutbox{}, &scriptedPlatform{script: []domain.AdapterResult{refused, refused}}
	sent = deliverOne(t, messaging.RepliesDeps{Sender: platform, Outbox: outbox}, reply)
	if sent.Response.Success || len(platform.Texts()) != 2 {
		t.Errorf("report = %+v after %d sends, want a failure after the fallback", sent, len(platform.Texts()))
	}
	if steps := outbox.Steps(); !strings.HasPrefix(steps[len(steps)-1], "failed(") {
		t.Errorf("outbox steps = %q, want the reply failed for good", steps)
	}
}
