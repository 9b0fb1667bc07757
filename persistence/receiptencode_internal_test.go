package persistence

import (
	"reflect"
	"testing"
	"time"

	"github.com/intake-runtime/intake/domain"
)

// encodeReceiptReflectively is what EncodeReceipt wrote before it was written
// out: the reflective encoding of the record, the inbound index of an
// uncompleted receipt, and the keys.
func encodeReceiptReflectively(r Receipt) (Item, error) {
	item, err := encodeRecord(r)
	if err != nil {
		return nil, err
	}
	if r.CompletedAt == nil {
		pk, sk := r.inboundIndex()
		withIndex(item, pk, sk)
	}
	return withKeys(item, r.Key()), nil
}

// TestReceiptEncoderMatchesTheReflectiveOne: the hand-written receipt
// encoder writes what the reflective encoder writes, attribute for
// attribute, for a receipt with every field set, with none set, and with
// each field alone set (the fields of the turn it holds included); a field
// added to Receipt or domain.InboundTurn and not to the encoder fails here.
func TestReceiptEncoderMatchesTheReflectiveOne(t *testing.T) {
	full := filledReceipt(t)
	cases := map[string]Receipt{"every field": full, "no field": {}}
	for _, path := range fieldPaths(reflect.TypeFor[Receipt](), nil) {
		var one Receipt
		reflect.ValueOf(&one).Elem().FieldByIndex(path).Set(reflect.ValueOf(full).FieldByIndex(path))
		cases["only "+reflect.TypeFor[Receipt]().FieldByIndex(path).Name] = one
	}
	completed := full
	completed.CompletedAt = nil
	cases["uncompleted"] = completed
	for name, r := range cases {
		t.Run(name, func(t *testing.T) {
			want, err := encodeReceiptReflectively(r)
			if err != nil {
				t.Fatal(err)
			}
			got, err := EncodeReceipt(r)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("hand-written encoding differs:\n got %#v\nwant %#v", got, want)
			}
		})
	}
}

// fieldPaths lists the index paths of typ's fields, those of embedded
// structs in their place.
func fieldPaths(typ reflect.Type, prefix []int) [][]int {
	var paths [][]int
	for i := range typ.NumField() {
		path := append(append([]int{}, prefix...), i)
		if f := typ.Field(i); f.Anonymous && f.Type.Kind() == reflect.Struct {
			paths = append(paths, fieldPaths(f.Type, path)...)
			continue
		}
		paths = append(paths, path)
	}
	return paths
}

// filledReceipt is a receipt with every field set to a value that is not
// its type's zero, so that omitempty leaves nothing out.
func filledReceipt(t *testing.T) Receipt {
	at := time.Date(2026, 11, 27, 13, 4, 5, 6_000_000, time.FixedZone("BRT", -3*3600))
	r := Receipt{
		InboundTurn: domain.InboundTurn{
			PhoneNumber: "+5511999990000", MessageID: "wamid.1", Content: "Olá", ReceivedAt: at,
			Instance: "instance_a", MessageType: "image", PushName: "Ana", ReplyID: "r1", ReplyTo: "+551199990000",
			Media:      &domain.Media{ID: "m1", MimeType: "image/jpeg", SHA256: "ab", Size: 3, FileName: "f.jpg", Caption: "c", Voice: true},
			AcceptedAt: &at,
		},
		TTL: 1_800_000_000, AgentRoutedAt: &at, DispatchedAt: &at, SyncClaimedAt: &at, CompletedAt: &at,
		EnqueueClaim: "token",
	}
	v := reflect.ValueOf(r)
	for _, path := range fieldPaths(v.Type(), nil) {
		if v.FieldByIndex(path).IsZero() {
			t.Fatalf("filledReceipt leaves Receipt.%s zero: give it a value", v.Type().FieldByIndex(path).Name)
		}
	}
	return r
}

// BenchmarkReceiptEncoder compares the hand-written receipt encoder with
// the reflective one on the receipt of a customer's text message, as the
// webhook records it.
func BenchmarkReceiptEncoder(b *testing.B) {
	now := time.Now()
	r := NewReceipt(domain.InboundTurn{
		PhoneNumber: "+5511999990000", MessageID: "wamid.HBgNNTUxMTk5OTk5MDAwMBUCABIYFjNFQjBDMDdBRjk3", Content: "Olá, preciso de um orçamento",
		ReceivedAt: now, Instance: "instance_a", MessageType: "text", PushName: "Ana Souza", AcceptedAt: &now,
	}, now)
	r.EnqueueClaim = "1764248645000000000-abcdef"
	for _, enc := range []struct {
		name   string
		encode func(Receipt) (Item, error)
	}{
		{"reflective", encodeReceiptReflectively},
		{"hand-written", EncodeReceipt},
	} {
		b.Run(enc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := enc.encode(r); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
