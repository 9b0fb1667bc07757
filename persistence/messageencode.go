package persistence

import (
	"github.com/intake-runtime/intake/domain"
)

// encodeMessageRecord is encodeRecord(m) written out. A turn encodes two
// or three messages (the customer's, the reply, the receipt's copy), and
// the reflective encoder spends about 40 allocations on each; this one
// puts every string attribute in one backing array and hands only the
// nested values (the parsed answer, a media file, a template) to the
// reflective encoder. TestMessageEncoderMatchesTheReflectiveOne holds it
// to encodeRecord for every field of domain.Message, so a field added to
// the struct and not here fails the test.
func encodeMessageRecord(m domain.Message) (Item, error) {
	e := itemEncoder{item: make(Item, 16)}
	e.str("message_id", m.MessageID)
	e.str("session_id", m.SessionID)
	e.str("phone_number", m.PhoneNumber)
	e.str("content", m.Content)
	e.str("timestamp", FormatTime(m.Timestamp))
	e.str("state_before", string(m.StateBefore))
	e.str("state_after", string(m.StateAfter))
	e.str("direction", string(m.Direction))
	e.str("message_type", string(m.MessageType))

	e.strs("debounced_with", m.DebouncedWith)
	e.optStr("llm_raw_response", m.LLMRawResponse)
	e.nested("llm_parsed_json", m.LLMParsedJSON != nil, m.LLMParsedJSON)
	e.optStr("clean_message_sent", m.CleanMessageSent)
	e.optStr("agent", string(m.Agent))
	e.optStr("operator_phone", m.OperatorPhone)
	e.optStr("provider_message_id", m.ProviderMessageID)
	e.strs("context_packages_active", m.ContextPackagesActive)
	e.optStr("llm_model", m.LLMModel)
	e.num("tokens_input", int64(m.TokensInput))
	e.num("tokens_output", int64(m.TokensOutput))
	e.num("latency_ms", m.LatencyMS)
	e.optStr("error", m.Error)
	e.optStr("delivery_status", string(m.DeliveryStatus))
	if m.DeliveryUpdatedAt != nil {
		e.str("delivery_updated_at", FormatTime(*m.DeliveryUpdatedAt))
	}
	e.optStr("reply_id", m.ReplyID)
	e.nested("media", m.Media != nil, m.Media)
	e.optStr("reaction", m.Reaction)
	if m.ReactionAt != nil {
		e.str("reaction_at", FormatTime(*m.ReactionAt))
	}
	e.optStr("outbox_status", string(m.OutboxStatus))
	e.num("outbox_attempts", int64(m.OutboxAttempts))
	e.num("outbox_uncertain", int64(m.OutboxUncertain))
	e.nested("template", m.Template != nil, m.Template)
	e.optStr("reply_to", m.ReplyTo)
	e.strs("options", m.Options)
	e.optStr("transcript", m.Transcript)
	return e.item, e.err
}
