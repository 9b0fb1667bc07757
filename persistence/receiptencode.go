package persistence

import (
	"strconv"
	"strings"
	"time"
)

// encodeReceiptItem is EncodeReceipt written out: every inbound message's
// receipt is encoded on the webhook's path before its 200, and the
// reflective encoder spends about 30 allocations on it. This one puts the
// string attributes and the keys in the message encoder's arrays and builds
// the index sort key once, sharing it with received_at; only a media file
// goes through the reflective encoder. TestReceiptEncoderMatchesTheReflectiveOne
// holds it to encodeRecord plus the keys for every field of Receipt, so a
// field added to the struct and not here fails the test.
func encodeReceiptItem(r Receipt) (Item, error) {
	e := messageEncoder{item: make(Item, 20)}
	t := r.InboundTurn
	e.str(AttrPK, ReceiptPK(t.MessageID))
	e.str(AttrSK, ReceiptSK)
	var received string
	if r.CompletedAt == nil {
		// The index's sort key begins with received_at: one string for both.
		var at [len(TimeLayout)]byte
		var sk strings.Builder
		sk.Grow(len(TimeLayout) + 1 + len(t.MessageID))
		sk.Write(t.ReceivedAt.UTC().AppendFormat(at[:0], TimeLayout))
		sk.WriteByte('#')
		sk.WriteString(t.MessageID)
		e.str(AttrGSI1PK, inboundIndexPKs[WorkShard(t.PhoneNumber)])
		e.str(AttrGSI1SK, sk.String())
		received = sk.String()[:strings.IndexByte(sk.String(), '#')]
	} else {
		received = FormatTime(t.ReceivedAt)
	}
	e.str("phone_number", t.PhoneNumber)
	e.str("message_id", t.MessageID)
	e.str("content", t.Content)
	e.str("received_at", received)
	e.str("instance", t.Instance)
	e.optStr("message_type", string(t.MessageType))
	e.optStr("push_name", t.PushName)
	e.optStr("reply_id", t.ReplyID)
	e.optStr("reply_to", t.ReplyTo)
	e.nested("media", t.Media != nil, t.Media)
	e.optTime("accepted_at", t.AcceptedAt)
	e.numAlways("ttl", r.TTL)
	e.optTime(string(StepAgentRouted), r.AgentRoutedAt)
	e.optTime(string(StepDispatched), r.DispatchedAt)
	e.optTime(string(StepSyncClaimed), r.SyncClaimedAt)
	e.optTime(string(StepCompleted), r.CompletedAt)
	e.optStr(attrEnqueueClaim, r.EnqueueClaim)
	return e.item, e.err
}

// inboundIndexPKs are the partitions of inboundIndex by shard, formatted
// once rather than for every receipt.
var inboundIndexPKs = func() (pks [WorkShards]string) {
	for s := range pks {
		pks[s] = WorkIndexPK(WorkInbound, s)
	}
	return pks
}()

// optTime sets a timestamp attribute tagged omitempty: a nil one is left out.
func (e *messageEncoder) optTime(name string, t *time.Time) {
	if t != nil {
		e.str(name, FormatTime(*t))
	}
}

// numAlways sets a number attribute without omitempty: zero is written.
func (e *messageEncoder) numAlways(name string, v int64) {
	n := &e.numbers[e.usedN]
	e.usedN++
	n.Value = strconv.FormatInt(v, 10)
	e.item[name] = n
}
