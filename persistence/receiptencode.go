package persistence

// encodeReceiptItem is EncodeReceipt written out: every inbound message's
// receipt is encoded on the webhook's path before its 200, and the
// reflective encoder spends about 30 allocations on it. This one puts the
// string attributes and the keys in an itemEncoder's arrays; only a media
// file goes through the reflective encoder. TestReceiptEncoderMatchesTheReflectiveOne
// holds it to encodeRecord plus the keys for every field of Receipt, so a
// field added to the struct and not here fails the test.
func encodeReceiptItem(r Receipt) (Item, error) {
	e := itemEncoder{item: make(Item, 20)}
	t := r.InboundTurn
	e.str(AttrPK, ReceiptPK(t.MessageID))
	e.str(AttrSK, ReceiptSK)
	if r.CompletedAt == nil {
		pk, sk := r.inboundIndex()
		e.str(AttrGSI1PK, pk)
		e.str(AttrGSI1SK, sk)
	}
	e.str("phone_number", t.PhoneNumber)
	e.str("message_id", t.MessageID)
	e.str("content", t.Content)
	e.str("received_at", FormatTime(t.ReceivedAt))
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
