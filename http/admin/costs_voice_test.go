package admin_test

import (
	"testing"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/http/admin"
)

// A voice note's transcription is logged on the voice note itself, with its
// model and tokens: the cost report counts and prices it with the model
// calls, under the transcription model's name.
func TestCostsCountVoiceNoteTranscriptions(t *testing.T) {
	f := newFixture(t, admin.Config{Prices: map[string]admin.Price{
		"gpt-4o-mini-transcribe": {Input: 3, Output: 5},
	}})
	s := f.seed()
	s.session("+5511900000001", "a", domain.StateQualifying, now.Add(-time.Hour), nil)
	s.message(domain.Message{MessageID: "wamid.V1", SessionID: "a", PhoneNumber: "+5511900000001", Content: "[audio]",
		Timestamp: now.Add(-time.Hour), StateBefore: domain.StateQualifying, StateAfter: domain.StateQualifying,
		Direction: domain.DirectionInbound, MessageType: domain.MessageAudio, Transcript: "quero um orçamento",
		LLMModel: "gpt-4o-mini-transcribe", TokensInput: 100_000, TokensOutput: 20_000, LatencyMS: 800})
	s.message(domain.Message{MessageID: "wamid.V2", SessionID: "a", PhoneNumber: "+5511900000001", Content: "[audio]",
		Timestamp: now.Add(-time.Hour), StateBefore: domain.StateQualifying, StateAfter: domain.StateQualifying,
		Direction: domain.DirectionInbound, MessageType: domain.MessageAudio}) // not transcribed: no cost

	var r admin.CostReport
	f.getJSON("/admin/api/llm-costs", &r)
	if len(r.Rows) != 1 {
		t.Fatalf("rows = %+v, want the transcription model's", r.Rows)
	}
	g := r.Rows[0]
	if g.Model != "gpt-4o-mini-transcribe" || g.Calls != 1 || g.TokensInput != 100_000 || g.TokensOutput != 20_000 ||
		g.Cost == nil || !near(*g.Cost, 0.4) {
		t.Errorf("row = %+v (cost %v), want one call of 100k/20k tokens costing 0.40", g, g.Cost)
	}
}
