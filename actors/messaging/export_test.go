package messaging

// ParseItemByItem exposes the slow path of ParseEnvelope, so tests can check
// that both paths read well-formed callbacks alike.
func (p *Parser) ParseItemByItem(body []byte) (Batch, error) { return p.parseItemByItem(body) }
