package persistence_test

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/intake-runtime/intake/persistence"
)

// Any timestamp ParseTime accepts must survive FormatTime unchanged.
func FuzzParseTime(f *testing.F) {
	for _, seed := range []string{
		"2024-11-02T09:15:00.250000+00:00", "2024-11-02 09:15:00", "2025-03-14T12:00:00.123456789Z", "garbage",
		"0000-01-01T00:00:00+01:00", "9999-12-31T23:59:59-01:00",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, s string) {
		parsed, err := persistence.ParseTime(s)
		if err != nil {
			return
		}
		again, err := persistence.ParseTime(persistence.FormatTime(parsed))
		if err != nil || !again.Equal(parsed) {
			t.Fatalf("%q parsed to %v, which reformats to %v (%v)", s, parsed, again, err)
		}
	})
}

// Any operational_summary JSON that decodes must encode and decode to the
// same summary: objects, legacy strings and null alike.
func FuzzSummaryJSON(f *testing.F) {
	for _, seed := range []string{
		`null`, `"texto"`, `{"resumo_texto":"r","pontos_chave":["a"]}`, `{"dados_coletados":{"n":1}}`, `[1]`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var s persistence.Summary
		if json.Unmarshal(data, &s) != nil {
			return
		}
		out, err := json.Marshal(s)
		if err != nil {
			t.Fatalf("marshal %#v: %v", s, err)
		}
		var back persistence.Summary
		if err := json.Unmarshal(out, &back); err != nil {
			t.Fatalf("unmarshal %s: %v", out, err)
		}
		if !reflect.DeepEqual(back, s) {
			t.Fatalf("%s → %#v → %s → %#v", data, s, out, back)
		}
	})
}

// Any receipt encodes by hand to the item the reflective encoder builds. Bit i
// of steps marks the i-th step, an hour after the one before.
func FuzzEncodeReceipt(f *testing.F) {
	f.Add("+5511999990000", "wamid.IN1", "Oi", "instance_a", "text", "Maria", t0.Unix(), int64(t0.Nanosecond()), 0, t0.Unix(), uint8(0))
	f.Add("", "", "", "", "", "", int64(0), int64(0), -3*60*60, int64(-1), uint8(15))
	f.Fuzz(func(t *testing.T, phone, id, content, instance, messageType, pushName string,
		sec, nsec int64, offset int, ttl int64, steps uint8) {
		received := time.Unix(sec, nsec).In(time.FixedZone("", offset))
		r := persistence.Receipt{
			InboundTurn: persistence.InboundTurn{PhoneNumber: phone, MessageID: id, Content: content, ReceivedAt: received,
				Instance: instance, MessageType: persistence.MessageType(messageType), PushName: pushName},
			TTL: ttl,
		}
		for i, step := range stepsOf(&r) {
			if steps&(1<<i) != 0 {
				*step = at(received.Add(time.Duration(i+1) * time.Hour))
			}
		}
		encodesLikeReflective(t, r)
	})
}
