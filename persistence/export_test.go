package persistence

// EncodeReceiptReflectively encodes r the way every other record is encoded,
// with encodeRecord, withKeys and withIndex: the specification the hand-written
// EncodeReceipt is held to.
func EncodeReceiptReflectively(r Receipt) (Item, error) {
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

// ReceiptAttrs is the size EncodeReceipt makes the map of r's item.
var ReceiptAttrs = receiptAttrs
