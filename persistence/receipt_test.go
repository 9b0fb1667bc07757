package persistence_test

import (
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/intake-runtime/intake/persistence"
)

// EncodeReceipt is written by hand for speed; the reflective encoder of every
// other record is its specification. These tests hold it to that encoder,
// attribute for attribute, and to DecodeReceipt.

// brasilia is the customers' zone, behind UTC.
var brasilia = time.FixedZone("BRT", -3*60*60)

func TestEncodeReceiptMatchesReflectiveEncoder(t *testing.T) {
	inZone := fullReceipt()
	inZone.ReceivedAt = t0.In(brasilia)
	inZone.CompletedAt = at(t2.In(time.FixedZone("NPT", 5*60*60+45*60)))
	bare := fullTurn()
	bare.MessageType, bare.PushName = "", ""
	odd := fullTurn()
	odd.Content, odd.PushName, odd.MessageType = "olá 👋\x00\xff", "\xc3", "sticker\n"

	tests := []struct {
		name string
		r    persistence.Receipt
	}{
		{"as the webhook records it", persistence.NewReceipt(fullTurn(), t0)},
		{"every step marked", fullReceipt()},
		{"zero receipt", persistence.Receipt{}},
		{"no message type or push name", persistence.NewReceipt(bare, t0)},
		{"times outside UTC", inZone},
		{"time with a monotonic reading", persistence.Receipt{InboundTurn: persistence.InboundTurn{ReceivedAt: time.Now()}}},
		{"step marked at the zero time", persistence.Receipt{AgentRoutedAt: at(time.Time{})}},
		{"years ParseTime rejects", persistence.Receipt{
			InboundTurn:  persistence.InboundTurn{ReceivedAt: time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)},
			DispatchedAt: at(time.Date(-1, 12, 31, 23, 59, 59, 999999999, brasilia)),
		}},
		{"negative ttl", persistence.Receipt{TTL: -1}},
		{"largest ttl", persistence.Receipt{TTL: math.MaxInt64}},
		{"smallest ttl", persistence.Receipt{TTL: math.MinInt64}},
		{"control bytes and invalid UTF-8", persistence.NewReceipt(odd, t0)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { encodesLikeReflective(t, tc.r) })
	}
}

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

func TestEncodeReceiptMatchesReflectiveEncoderOnRandomReceipts(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 5000 {
		if encodesLikeReflective(t, randomReceipt(rng)); t.Failed() {
			return
		}
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
// random receipt, and an encoder that forgot it would pass.
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

// BenchmarkEncodeReceipt encodes the receipt the webhook records for every
// inbound message: a new turn, no step marked yet.
func BenchmarkEncodeReceipt(b *testing.B) {
	r := persistence.NewReceipt(fullTurn(), t0)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := persistence.EncodeReceipt(r); err != nil {
			b.Fatal(err)
		}
	}
}

// encodesLikeReflective checks that EncodeReceipt builds the item the
// reflective encoder builds for r, in a map made at its final size.
func encodesLikeReflective(t *testing.T, r persistence.Receipt) {
	t.Helper()
	got, err := persistence.EncodeReceipt(r)
	if err != nil {
		t.Fatalf("EncodeReceipt(%#v): %v", r, err)
	}
	want, err := persistence.EncodeReceiptReflectively(r)
	if err != nil {
		t.Fatalf("reflective encode of %#v: %v", r, err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%#v\nhand-written: %s\n  reflective: %s", r, itemJSON(t, got), itemJSON(t, want))
	}
	if size := persistence.ReceiptAttrs(r); size != len(got) {
		t.Errorf("%#v: map made for %d attributes holds %d", r, size, len(got))
	}
}

// randomReceipt sets each field to a common, an empty or an odd value. Its
// times fall in the years 0001-9999 in UTC, which DecodeReceipt reads back.
func randomReceipt(rng *rand.Rand) persistence.Receipt {
	text := func(values ...string) string { return values[rng.IntN(len(values))] }
	r := persistence.Receipt{
		InboundTurn: persistence.InboundTurn{
			PhoneNumber: text("+5511999990000", "", "5511"),
			MessageID:   text("wamid.IN1", "", "id with spaces#and#hashes"),
			Content:     text("Quero energia solar", "", "olá 👋", "\xff\xfe", "a\nb\tc"),
			ReceivedAt:  randomTime(rng),
			Instance:    text("instance_a", "", "x"),
			MessageType: persistence.MessageType(text("text", "image", "", "unknown")),
			PushName:    text("Maria", "", "Zoë"),
		},
		TTL: []int64{0, -1, 1, 99, 100, 1742558400, math.MaxInt64, math.MinInt64, rng.Int64(), -rng.Int64()}[rng.IntN(10)],
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
	for _, step := range stepsOf(&r) {
		if *step != nil {
			*step = at((*step).UTC())
		}
	}
	if r.MessageType == "" {
		r.MessageType = persistence.MessageText
	}
	return r
}

// stepsOf points at the step fields of r.
func stepsOf(r *persistence.Receipt) []**time.Time {
	return []**time.Time{&r.AgentRoutedAt, &r.DispatchedAt, &r.SyncClaimedAt, &r.CompletedAt}
}
