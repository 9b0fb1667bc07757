package persistence_test

import (
	"reflect"
	"testing"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/domain/domaintest"
	"github.com/intake-runtime/intake/persistence"
)

// roundTrip proves that v survives Go value → item → Go value and
// Go value → JSON → Go value, and that its item matches the golden file, which
// pins the stored format: a changed attribute name or time format shows up as
// a diff, and a golden file written by this release must load in later ones.
func roundTrip[T any](t *testing.T, goldenName string, v T,
	encode func(T) (persistence.Item, error), decode func(persistence.Item) (T, error)) {
	t.Helper()
	item, err := encode(v)
	if err != nil {
		t.Fatalf("encode: %v", err)
	}
	golden(t, goldenName, itemJSON(t, item))

	got, err := decode(item)
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	if !reflect.DeepEqual(got, v) {
		t.Errorf("item round trip changed the value\n got: %#v\nwant: %#v", got, v)
	}
	if !domaintest.Updating() {
		fromFile, err := decode(readItem(t, goldenName))
		if err != nil {
			t.Fatalf("decode golden: %v", err)
		}
		if !reflect.DeepEqual(fromFile, v) {
			t.Errorf("golden item decodes to another value\n got: %#v\nwant: %#v", fromFile, v)
		}
	}
	jsonRoundTrip(t, v)
}

func TestSessionRoundTrip(t *testing.T) {
	roundTrip(t, "session.golden.json", fullSession(), persistence.EncodeSession, persistence.DecodeSession)
}

func TestNewSessionRoundTrip(t *testing.T) {
	roundTrip(t, "session_new.golden.json", domain.NewSession("sess-2", "+5511999990000", "instance_b", t0),
		persistence.EncodeSession, persistence.DecodeSession)
}

func TestLegacySummarySessionRoundTrip(t *testing.T) {
	s := fullSession()
	s.OperationalSummary = domain.LegacySummary("Cliente pediu orçamento.")
	roundTrip(t, "session_legacy_summary.golden.json", s, persistence.EncodeSession, persistence.DecodeSession)
}

func TestMessageRoundTrip(t *testing.T) {
	roundTrip(t, "message.golden.json", fullMessage(), persistence.EncodeMessage, persistence.DecodeMessage)
}

func TestReceiptRoundTrip(t *testing.T) {
	roundTrip(t, "receipt.golden.json", fullReceipt(), persistence.EncodeReceipt, persistence.DecodeReceipt)
}

func TestLatestMarkerRoundTrip(t *testing.T) {
	m := persistence.LatestMarker{PhoneNumber: "+5511999990000", PendingMessageIDs: []string{"wamid.IN1", "wamid.IN2"}, Version: 2}
	roundTrip(t, "latest.golden.json", m, persistence.EncodeLatestMarker, persistence.DecodeLatestMarker)
}

func TestDebounceBufferRoundTrip(t *testing.T) {
	second := fullTurn()
	second.MessageID, second.Content, second.ReceivedAt = "wamid.IN2", "[image]", t1
	second.MessageType, second.PushName = domain.MessageImage, ""
	b := persistence.DebounceBuffer{PhoneNumber: "+5511999990000", Turns: []domain.InboundTurn{fullTurn(), second}}
	roundTrip(t, "buffer.golden.json", b, persistence.EncodeBuffer, persistence.DecodeBuffer)
}

func TestDemandRoundTrip(t *testing.T) {
	roundTrip(t, "demand.golden.json", fullDemand(), persistence.EncodeDemand, persistence.DecodeDemand)
}

func TestProjectionRoundTrip(t *testing.T) {
	roundTrip(t, "projection.golden.json", fullProjection(), persistence.EncodeProjection, persistence.DecodeProjection)
}

func TestSyncedProjectionLeavesIndex(t *testing.T) {
	p := fullProjection()
	p.Status = persistence.ProjectionSynced
	item, err := persistence.EncodeProjection(p)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := item[persistence.AttrGSI1PK]; ok {
		t.Errorf("a SYNCED projection must not be indexed: %v", item[persistence.AttrGSI1PK])
	}
}
