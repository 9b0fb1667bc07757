package dashboard_test

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/http/dashboard"
	"github.com/intake-runtime/intake/persistence"
)

// clear-chat deletes SESSION#<phone> and DEBOUNCE#<phone>/BUFFER, and
// leaves CRM projections, demands, receipts and other phones alone.
func TestClearChatDeletesOnlyThePhonesConversation(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	const other = "+5511977776666"
	e.seedSession(t, phone, "s1")
	e.seedSession(t, other, "o1")
	messages := persistence.NewMessages(e.table)
	for i, text := range []string{"oi", "quero uma pesquisa"} {
		m := domain.Message{
			MessageID: "m" + string(rune('1'+i)), SessionID: "s1", PhoneNumber: phone, Content: text,
			Timestamp: t0.Add(time.Duration(i) * time.Second), StateBefore: domain.StateNew, StateAfter: domain.StateNew,
			Direction: domain.DirectionInbound, MessageType: domain.MessageText,
		}
		if err := messages.Append(ctx, m); err != nil {
			t.Fatal(err)
		}
	}
	// Debounce buffers as an older release left them: clear-chat deletes them too.
	for _, p := range []string{phone, other} {
		turn := domain.InboundTurn{PhoneNumber: p, MessageID: "wamid.1", Content: "oi", ReceivedAt: t0, Instance: "instance_a"}
		item, err := persistence.EncodeBuffer(persistence.DebounceBuffer{PhoneNumber: p, Turns: []domain.InboundTurn{turn}})
		if err != nil {
			t.Fatal(err)
		}
		if err := e.table.Put(ctx, item, nil); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := persistence.NewProjections(e.table).PutDesired(ctx, "s1", domain.Desired{Stage: "lead"}, t0); err != nil {
		t.Fatal(err)
	}
	if err := persistence.NewDemands(e.table).Add(ctx, domain.OutOfPortfolioDemand{
		DemandID: "d1", SessionID: "s1", PhoneNumber: phone, ServiceRequested: "pintura", CreatedAt: t0,
	}); err != nil {
		t.Fatal(err)
	}

	before := e.keys(t)
	r := e.postForm(t, "/dashboard/clear-chat", url.Values{"phone": {"+55 (11) 98888-7777"}})
	wantStatus(t, r, http.StatusOK)
	var got dashboard.ClearChatResult
	r.json(t, &got)

	var kept []string
	for _, k := range before {
		if !strings.HasPrefix(k, "SESSION#"+phone+" ") && k != "DEBOUNCE#"+phone+" BUFFER" {
			kept = append(kept, k)
		}
	}
	after := e.keys(t)
	if !slices.Equal(after, kept) {
		t.Errorf("items after clear-chat:\n%s\nwant:\n%s", strings.Join(after, "\n"), strings.Join(kept, "\n"))
	}
	// 1 session + active pointer + 2 messages + buffer.
	if got.Deleted != 5 || got.Deleted != len(before)-len(after) || got.Phone != phone {
		t.Errorf("answer = %+v, want 5 items of %s deleted (table lost %d)", got, phone, len(before)-len(after))
	}
	for _, want := range []string{"CRM_SYNC", "DEMAND"} {
		if !strings.Contains(strings.Join(got.Untouched, " "), want) || !strings.Contains(got.Message, "not touched") {
			t.Errorf("answer does not say %s is untouched: %+v", want, got)
		}
	}
	for _, want := range []string{"CRM_SYNC#s1 META", "DEMAND ", "SESSION#" + other + " ACTIVE", "DEBOUNCE#" + other + " BUFFER"} {
		if !slices.ContainsFunc(after, func(k string) bool { return strings.HasPrefix(k, want) }) {
			t.Errorf("%s was deleted", want)
		}
	}
	wantStatus(t, e.get(t, "/dashboard/session/%2B5511988887777"), http.StatusNotFound)

	r = e.postForm(t, "/dashboard/clear-chat", url.Values{"phone": {phone}})
	wantStatus(t, r, http.StatusOK)
	r.json(t, &got)
	if got.Deleted != 0 {
		t.Errorf("second clear deleted %d items", got.Deleted)
	}
}

type forgetter struct{ phones []string }

func (f *forgetter) Forget(_ context.Context, phone string) error {
	f.phones = append(f.phones, phone)
	return nil
}

// With the live conversations at hand, clear-chat tells the phone's one to
// drop its memory; without them, the answer warns of the one failed message.
func TestClearChatTellsTheLiveConversation(t *testing.T) {
	f := &forgetter{}
	e := newEnv(t, func(_ *dashboard.Config, d *dashboard.Deps) { d.Conversations = f })
	var got dashboard.ClearChatResult
	e.postForm(t, "/dashboard/clear-chat", url.Values{"phone": {phone}}).json(t, &got)
	if !slices.Equal(f.phones, []string{phone}) || !strings.HasSuffix(got.Message, "not touched. The next message starts a new session.") {
		t.Errorf("forgot %v; message %q", f.phones, got.Message)
	}

	e = newEnv(t)
	e.postForm(t, "/dashboard/clear-chat", url.Values{"phone": {phone}}).json(t, &got)
	if !strings.Contains(got.Message, "may fail once") {
		t.Errorf("without Conversations the message does not warn: %q", got.Message)
	}
}

func TestClearChatNeedsAPhone(t *testing.T) {
	e := newEnv(t)
	r := e.postForm(t, "/dashboard/clear-chat", url.Values{"phone": {""}})
	wantStatus(t, r, http.StatusBadRequest)
	if code := r.errorCode(t); code != "invalid_phone" {
		t.Errorf("code %q", code)
	}
}

// keys lists every item as "pk sk", sorted.
func (e *env) keys(t *testing.T) []string {
	t.Helper()
	var keys []string
	cursor := ""
	for {
		page, err := e.table.Scan(context.Background(), persistence.Scan{Cursor: cursor})
		if err != nil {
			t.Fatal(err)
		}
		for _, item := range page.Items {
			k := persistence.KeyOf(item)
			keys = append(keys, k.PK+" "+k.SK)
		}
		if cursor = page.Next; cursor == "" {
			break
		}
	}
	slices.Sort(keys)
	return keys
}
