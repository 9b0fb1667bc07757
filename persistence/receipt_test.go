package persistence_test

import (
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// brasilia is the customers' zone, behind UTC.
var brasilia = time.FixedZone("BRT", -3*60*60)

// Fields without omitempty are stored even when empty, and a step is stored
// whenever it is set, even to the zero time.
func TestEncodeZeroReceipt(t *testing.T) {
	item, err := persistence.EncodeReceipt(persistence.Receipt{CompletedAt: at(time.Time{})})
	if err != nil {
		t.Fatal(err)
	}
	want := `{
  "completed_at": {
    "S": "0001-01-01T00:00:00.000000000Z"
  },
  "content": {
    "S": ""
  },
  "instance": {
    "S": ""
  },
  "message_id": {
    "S": ""
  },
  "phone_number": {
    "S": ""
  },
  "pk": {
    "S": "RECEIPT#"
  },
  "received_at": {
    "S": "0001-01-01T00:00:00.000000000Z"
  },
  "sk": {
    "S": "RECEIPT"
  },
  "ttl": {
    "N": "0"
  }
}
`
	if got := string(itemJSON(t, item)); got != want {
		t.Errorf("zero receipt item\n got: %s\nwant: %s", got, want)
	}
}

// A receipt reads back as it was stored: times in UTC, no message type as
// text.
func TestEncodeReceiptDecodes(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 5000 {
		r := randomReceipt(rng)
		item, err := persistence.EncodeReceipt(r)
		if err != nil {
			t.Fatal(err)
		}
		got, err := persistence.DecodeReceipt(item)
		if err != nil {
			t.Fatalf("decode %s: %v", itemJSON(t, item), err)
		}
		if want := asStored(r); !reflect.DeepEqual(got, want) {
			t.Fatalf("round trip of %s\n got: %#v\nwant: %#v", itemJSON(t, item), got, want)
		}
	}
}

// A field added to Receipt but not to randomReceipt would be zero in every
// random receipt, and a round trip that lost it would pass.
func TestRandomReceiptsSetEveryField(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	fields := reflect.VisibleFields(reflect.TypeFor[persistence.Receipt]())
	set := make([]bool, len(fields))
	for range 100 {
		v := reflect.ValueOf(randomReceipt(rng))
		for i, f := range fields {
			set[i] = set[i] || !v.FieldByIndex(f.Index).IsZero()
		}
	}
	for i, f := range fields {
		if !set[i] {
			t.Errorf("randomReceipt never sets %s", f.Name)
		}
	}
}

// randomReceipt sets each field to a common, an empty or an odd value. Its
// times fall in the years 0001-9999 in UTC, which DecodeReceipt reads back.
func randomReceipt(rng *rand.Rand) persistence.Receipt {
	text := func(values ...string) string { return values[rng.IntN(len(values))] }
	r := persistence.Receipt{
		InboundTurn: domain.InboundTurn{
			PhoneNumber: text("+5511999990000", "", "5511"),
			MessageID:   text("wamid.IN1", "", "id with spaces#and#hashes"),
			Content:     text("Quero energia solar", "", "olá 👋", "\xff\xfe", "a\nb\tc"),
			ReceivedAt:  randomTime(rng),
			Instance:    text("instance_a", "", "x"),
			MessageType: domain.MessageType(text("text", "image", "", "unknown")),
			PushName:    text("Maria", "", "Zoë"),
			ReplyID:     text("", "btn_atendente", "row 2#x"),
			ReplyTo:     text("", "+551188887777"),
			Media: []*domain.Media{nil, voiceNote(), {ID: "m#1"},
				{ID: "MEDIA_2", MimeType: "application/pdf", FileName: "conta 👋.pdf", Caption: "a\nb", Size: math.MaxInt64}}[rng.IntN(4)],
			AcceptedAt: []*time.Time{nil, at(randomTime(rng))}[rng.IntN(2)],
		},
		TTL:          []int64{0, -1, 1, 99, 100, 1742558400, math.MaxInt64, math.MinInt64, rng.Int64(), -rng.Int64()}[rng.IntN(10)],
		EnqueueClaim: text("", "2026-03-01T12:00:00.000000000Z#9f3c"),
	}
	for _, step := range stepsOf(&r) {
		if rng.IntN(2) == 0 {
			*step = at(randomTime(rng))
		}
	}
	return r
}

// randomTime is the zero time or an instant of the years 0001-9999 in UTC,
// at any nanosecond, in one of several zones.
func randomTime(rng *rand.Rand) time.Time {
	if rng.IntN(8) == 0 {
		return time.Time{}
	}
	first := time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC).Unix()
	last := time.Date(9999, 12, 31, 23, 59, 59, 0, time.UTC).Unix()
	t := time.Unix(first+rng.Int64N(last-first+1), rng.Int64N(int64(time.Second)))
	zones := []*time.Location{time.UTC, time.Local, brasilia, time.FixedZone("", 14*60*60), time.FixedZone("", -12*60*60-30)}
	return t.In(zones[rng.IntN(len(zones))])
}

// asStored is r as DecodeReceipt reads it back.
func asStored(r persistence.Receipt) persistence.Receipt {
	r.ReceivedAt = r.ReceivedAt.UTC()
	if r.AcceptedAt != nil {
		r.AcceptedAt = at(r.AcceptedAt.UTC())
	}
	for _, step := range stepsOf(&r) {
		if *step != nil {
			*step = at((*step).UTC())
		}
	}
	if r.MessageType == "" {
		r.MessageType = domain.MessageText
	}
	return r
}

// stepsOf points at the step fields of r.
func stepsOf(r *persistence.Receipt) []**time.Time {
	return []**time.Time{&r.AgentRoutedAt, &r.DispatchedAt, &r.SyncClaimedAt, &r.CompletedAt}
}
