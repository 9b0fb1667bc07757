package persistence_test

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// clear-chat deletes exactly the spec's scope: everything under
// SESSION#<phone> and DEBOUNCE#<phone>/BUFFER, nothing else.
func TestClearPhoneScope(t *testing.T) {
	ctx := context.Background()
	table := newTable(t)
	sessions := persistence.NewSessions(table)
	messages := persistence.NewMessages(table)
	const other = "+5511000000000"

	for _, id := range []string{"s1", "s2"} {
		_, err := sessions.Create(ctx, domain.NewSession(id, phone, "instance_a", t0))
		must(t, err)
	}
	for i, content := range []string{"oi", "tudo bem?", "quero solar"} {
		m := fullMessage()
		m.MessageID, m.Content, m.Timestamp = fmt.Sprintf("m%d", i), content, t0.Add(time.Duration(i)*time.Second)
		must(t, messages.Append(ctx, m))
	}
	putLegacyBuffer(t, table, phone, fullTurn())
	// Records the spec leaves out of clear-chat.
	_, err := sessions.Create(ctx, domain.NewSession("o1", other, "instance_a", t0))
	must(t, err)
	putLegacyBuffer(t, table, other, fullTurn())
	_, err = persistence.NewProjections(table).PutDesired(ctx, "s1", fullDesired(), t0)
	must(t, err)
	must(t, persistence.NewDemands(table).Add(ctx, fullDemand()))
	receipts := persistence.NewReceipts(table)
	must(t, receipts.Record(ctx, fullReceipt()))
	// The pending marker shares the RECEIPT# prefix and is left too.
	marker, err := persistence.EncodeLatestMarker(persistence.LatestMarker{PhoneNumber: phone, PendingMessageIDs: []string{"wamid.IN1"}})
	must(t, err)
	must(t, table.Put(ctx, marker, nil))

	before := keysOf(t, table)
	deleted, err := sessions.ClearPhone(ctx, phone)
	must(t, err)

	// 2 sessions + active pointer + 3 messages + buffer.
	if deleted != 7 {
		t.Errorf("ClearPhone deleted %d items, want 7", deleted)
	}
	var want []string
	for _, k := range before {
		if !strings.HasPrefix(k, persistence.SessionPK(phone)+"|") && k != persistence.DebouncePK(phone)+"|"+persistence.BufferSK {
			want = append(want, k)
		}
	}
	if got := keysOf(t, table); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("items left after clear-chat:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(before)-len(want) != deleted {
		t.Errorf("reported %d deletions, table lost %d items", deleted, len(before)-len(want))
	}

	again, err := sessions.ClearPhone(ctx, phone)
	must(t, err)
	if again != 0 {
		t.Errorf("second ClearPhone deleted %d items, want 0", again)
	}
}

func keysOf(t *testing.T, table persistence.Table) []string {
	t.Helper()
	var keys []string
	for _, item := range allItems(t, table) {
		pk := item[persistence.AttrPK]
		sk := item[persistence.AttrSK]
		keys = append(keys, avString(pk)+"|"+avString(sk))
	}
	sort.Strings(keys)
	return keys
}
