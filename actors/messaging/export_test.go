package messaging

// ParseItemByItem exposes the slow path of ParseEnvelope, so tests can check
// that both paths read well-formed callbacks alike.
func (p *Parser) ParseItemByItem(body []byte) (Batch, error) { return p.parseItemByItem(body) }

// DecodesInOnePass tells whether body takes the fast path of ParseEnvelope.
func DecodesInOnePass(body []byte) bool {
	var env typedEnvelope
	return decodeTyped(body, &env) == nil
}
