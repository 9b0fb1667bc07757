package persistence

import (
	"strconv"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

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
	e := messageEncoder{item: make(Item, 16)}
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

// messageEncoder builds one message item. Its string and number values
// come from arrays of its own, so that a message's dozen strings and
// handful of numbers cost one allocation.
type messageEncoder struct {
	item    Item
	strings [32]types.AttributeValueMemberS
	numbers [8]types.AttributeValueMemberN
	usedS   int
	usedN   int
	err     error
}

// str sets a string attribute, empty or not.
func (e *messageEncoder) str(name, v string) {
	s := &e.strings[e.usedS] // the test sets every field: an index out of range there means grow the array
	e.usedS++
	s.Value = v
	e.item[name] = s
}

// optStr sets a string attribute tagged omitempty: an empty one is left out.
func (e *messageEncoder) optStr(name, v string) {
	if v != "" {
		e.str(name, v)
	}
}

// num sets a number attribute tagged omitempty: zero is left out.
func (e *messageEncoder) num(name string, v int64) {
	if v != 0 {
		n := &e.numbers[e.usedN] // as in str
		e.usedN++
		n.Value = strconv.FormatInt(v, 10)
		e.item[name] = n
	}
}

// strs sets a list of strings tagged omitempty: a nil one is left out (an
// empty one is kept, as the reflective encoder keeps it).
func (e *messageEncoder) strs(name string, vs []string) {
	if vs == nil {
		return
	}
	list := make([]types.AttributeValue, len(vs))
	members := make([]types.AttributeValueMemberS, len(vs))
	for i, v := range vs {
		members[i].Value = v
		list[i] = &members[i]
	}
	e.item[name] = &types.AttributeValueMemberL{Value: list}
}

// nested sets, when present, an attribute whose value has a shape of its
// own, through the reflective encoder.
func (e *messageEncoder) nested(name string, present bool, v any) {
	if !present || e.err != nil {
		return
	}
	av, err := recordEncoder.Encode(v)
	if err != nil {
		e.err = err
		return
	}
	if _, null := av.(*types.AttributeValueMemberNULL); !null {
		e.item[name] = av
	}
}
