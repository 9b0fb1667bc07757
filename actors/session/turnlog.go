package session

import (
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/redact"
)

// logTurn writes the one INFO line of a committed customer turn, which the
// dashboard's Logs tab shows at the default level: the phone (masked: the
// last four digits tell conversations apart without exposing the number),
// the state change, the agent, and the model's latency and tokens summed over
// the turn's calls (retries, knowledge requests and the summary included).
func (c *conversationActor) logTurn(t *turn, s domain.Session) {
	var calls int
	var latency int64
	var in, out int
	model := ""
	for _, m := range append(t.log, t.summary...) {
		if m.LLMModel == "" {
			continue
		}
		calls++
		latency += m.LatencyMS
		in, out = in+m.TokensInput, out+m.TokensOutput
		model = m.LLMModel
	}
	c.deps.Logger.Info("turn",
		redact.Phone("phone", c.phone),
		zap.String("state", string(t.before)+" -> "+string(s.State)),
		zap.String("agent", string(s.CurrentAgent)),
		zap.String("model", model),
		zap.Int("model_calls", calls),
		zap.Int64("latency_ms", latency),
		zap.Int("tokens_input", in),
		zap.Int("tokens_output", out),
		zap.Bool("replied", t.reply != nil),
	)
}
