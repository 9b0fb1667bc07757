package session

import (
	"time"

	"github.com/google/uuid"

	"github.com/intake-runtime/intake/actors/agent"
	"github.com/intake-runtime/intake/domain"
)

// The message log items a turn writes. They are built by the actor, which
// alone knows the states before and after the turn, and written by its store
// child.

// inboundMessages logs the customer messages of a turn. Each one lists, in
// debounced_with, the other messages merged into the same turn.
func inboundMessages(phone string, t *turn, after domain.SessionState) []domain.Message {
	ids := make([]string, 0, len(t.turns))
	for _, m := range t.turns {
		ids = append(ids, m.GetMessageId())
	}
	messages := make([]domain.Message, 0, len(t.turns))
	for _, m := range t.turns {
		msg := domain.Message{
			MessageID:         m.GetMessageId(),
			SessionID:         t.session.SessionID,
			PhoneNumber:       phone,
			Content:           m.GetContent(),
			Timestamp:         m.GetReceivedAt().AsTime().UTC(),
			StateBefore:       t.before,
			StateAfter:        after,
			Direction:         domain.DirectionInbound,
			MessageType:       domain.MessageType(m.GetMessageType()),
			ProviderMessageID: m.GetMessageId(),
			ReplyID:           m.GetReplyId(),
			Media:             loggedMedia(m.GetMedia()),
		}
		if msg.MessageType == "" {
			msg.MessageType = domain.MessageText
		}
		withHeard(&msg, t)
		if len(ids) > 1 {
			msg.DebouncedWith = othersThan(ids, m.GetMessageId())
		}
		messages = append(messages, msg)
	}
	return messages
}

func othersThan(ids []string, id string) []string {
	others := make([]string, 0, len(ids)-1)
	for _, other := range ids {
		if other != id {
			others = append(others, other)
		}
	}
	return others
}

// answerMessage logs one model call of a turn as an outbound message with
// everything needed to audit it and to count its cost: raw answer, parsed head,
// model, tokens, latency, and the knowledge packages it saw. failure is the
// call or parse error. clean_message_sent stays empty until the turn commits
// with this answer's text; answers never sent keep it empty.
func (c *conversationActor) answerMessage(t *turn, a *answer, parsed agent.ParsedLLMResponse, failure error) domain.Message {
	state := t.session.State
	msg := domain.Message{
		MessageID:             uuid.NewString(),
		SessionID:             t.session.SessionID,
		PhoneNumber:           c.phone,
		Content:               parsed.Message,
		Timestamp:             c.deps.Now().UTC(),
		StateBefore:           state,
		StateAfter:            state,
		Direction:             domain.DirectionOutbound,
		MessageType:           domain.MessageText,
		LLMRawResponse:        a.result.RawResponse,
		LLMModel:              a.result.Model,
		TokensInput:           a.result.TokensInput,
		TokensOutput:          a.result.TokensOutput,
		LatencyMS:             a.result.LatencyMS,
		ContextPackagesActive: append([]string(nil), t.packages...),
	}
	msg.Agent = t.session.CurrentAgent
	if parsed.JSONPart != nil {
		msg.LLMParsedJSON = parsed.JSONPart
	}
	if failure != nil {
		msg.Error = failure.Error()
	}
	return msg
}

// replyMessage is the outbound message id that carries a reply no model
// answer produced: the fallback text after a failure, for instance.
func replyMessage(phone string, t *turn, s domain.Session, text, id string, now time.Time) domain.Message {
	return domain.Message{
		MessageID:        id,
		SessionID:        s.SessionID,
		PhoneNumber:      phone,
		Content:          text,
		CleanMessageSent: text,
		Timestamp:        now.UTC(),
		StateBefore:      t.before,
		StateAfter:       s.State,
		Direction:        domain.DirectionOutbound,
		MessageType:      domain.MessageText,
	}
}
