package dynamo_test

import (
	"maps"
	"testing"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/dynamo"
)

// A platform status finds its message through the index by key alone: one
// index query and the update, nothing read in between. Statuses come three
// to a reply (sent, delivered, read), so a read there would be paid often.
func TestAStatusCostsOneIndexQueryAndOneUpdate(t *testing.T) {
	usage := &dynamo.Usage{}
	tbl := newTable(t, localClient(t))
	messages := persistence.NewMessages(tbl.WithUsage(usage))
	m := domain.Message{
		MessageID: "reply-1", SessionID: "s-1", PhoneNumber: "5511999990000",
		Direction: domain.DirectionOutbound, Content: "Olá!", Timestamp: time.Now().UTC(),
	}
	if err := messages.Append(t.Context(), m); err != nil {
		t.Fatal(err)
	}
	if err := messages.SetProviderMessageID(t.Context(), m, "wamid.1"); err != nil {
		t.Fatal(err)
	}
	usage.Reset()
	if err := messages.UpdateDeliveryStatus(t.Context(), "wamid.1", domain.DeliveryDelivered, time.Now()); err != nil {
		t.Fatal(err)
	}
	if got, want := usage.Snapshot().Requests, map[string]int64{"Query": 1, "UpdateItem": 1}; !maps.Equal(got, want) {
		t.Errorf("requests of a status = %v; want %v", got, want)
	}
	logged, err := messages.List(t.Context(), m.PhoneNumber, m.SessionID)
	if err != nil || len(logged) != 1 || logged[0].DeliveryStatus != domain.DeliveryDelivered {
		t.Fatalf("logged = %+v, %v; want the reply delivered", logged, err)
	}
}
