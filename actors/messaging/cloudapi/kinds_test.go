package cloudapi_test

import (
	"reflect"
	"testing"

	"github.com/intake-runtime/intake/actors/messaging"
)

func replied(m messaging.InboundMessage, replyID string) messaging.InboundMessage {
	m.ReplyID = replyID
	return m
}

// The customer's taps and shares reach the conversation as what they mean:
// the tapped title (the reply or item ID kept), a location and contact cards
// in words; a reaction is recorded apart, never a message; an unsupported
// message stays "[document]".
func TestParseAnswersAndShares(t *testing.T) {
	const ana = "+5511988887777"
	b, err := newParser(t).ParseEnvelope(readTestdata(t, "answers.json"))
	if err != nil {
		t.Fatal(err)
	}
	rule := "answers and shares"
	assertMessages(t, rule, b.Messages, []messaging.InboundMessage{
		named(replied(msg(ana, "wamid.A1", "text", "Falar com atendente", epoch(1700000500)), "btn_atendente"), "Ana"),
		named(replied(msg(ana, "wamid.A2", "text", "Pesquisa de mercado", epoch(1700000501)), "svc_pesquisa"), "Ana"),
		named(replied(msg(ana, "wamid.A3", "text", "Confirmar visita", epoch(1700000502)), "CONFIRMAR_VISITA"), "Ana"),
		named(msg(ana, "wamid.A4", "document", "[location] Escritório Paulista, Av. Paulista, 1000 - São Paulo (-23.561684, -46.655981)", epoch(1700000503)), "Ana"),
		named(msg(ana, "wamid.A5", "document", "[contact] Bruno Lima +55 11 97777-1234 +55 11 3333-4444\n[contact] Carla Dias 5511966665555", epoch(1700000504)), "Ana"),
		named(msg(ana, "wamid.A8", "document", "[document]", epoch(1700000507)), "Ana"),
	})
	want := []messaging.Reaction{
		{ID: "wamid.A6", PhoneNumber: ana, MessageID: "wamid.OUT1", Emoji: "❤️", At: epoch(1700000505)},
		{ID: "wamid.A7", PhoneNumber: ana, MessageID: "wamid.OUT2", Emoji: "", At: epoch(1700000506)},
	}
	if !reflect.DeepEqual(b.Reactions, want) {
		t.Errorf("reactions = %+v\nwant %+v", b.Reactions, want)
	}
	assertRejected(t, rule, b.Rejected, []rejection{{messaging.ItemMessage, "wamid.A9", messaging.ErrEmptyContent}})
}
