package replay

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/intake-runtime/intake/actors/agent"
)

// ModelName is the LLMCallResult.Model of replayed answers.
const ModelName = "replay"

// ErrExhausted reports a call after every recorded answer was used: the
// conversation asked the model more often than when it was recorded.
var ErrExhausted = errors.New("replay: no recorded answers left")

// Model answers each Call with the next recorded answer. It is safe for
// concurrent use; concurrent calls take answers in the order they arrive.
type Model struct {
	mu      sync.Mutex
	answers []string
	next    int
}

var _ agent.Model = (*Model)(nil)

// New returns a Model that answers answers in order. It keeps its own copy.
func New(answers []string) *Model {
	return &Model{answers: append([]string(nil), answers...)}
}

// Call returns the next recorded answer with estimated token counts and zero
// latency. A done ctx or an invalid request consumes no answer, so a replay
// stays aligned with its recording.
func (m *Model) Call(ctx context.Context, req agent.Request) (agent.LLMCallResult, error) {
	if err := ctx.Err(); err != nil {
		return agent.LLMCallResult{}, err
	}
	if err := req.Validate(); err != nil {
		return agent.LLMCallResult{}, err
	}
	answer, err := m.take()
	if err != nil {
		return agent.LLMCallResult{}, err
	}
	input, output := agent.EstimateUsage(req, answer)
	return agent.LLMCallResult{
		RawResponse:  answer,
		Model:        ModelName,
		TokensInput:  input,
		TokensOutput: output,
	}, nil
}

// Remaining is how many recorded answers no call has used yet; a harness
// checks it is zero at the end of a fixture.
func (m *Model) Remaining() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.answers) - m.next
}

func (m *Model) take() (string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.next == len(m.answers) {
		return "", fmt.Errorf("%w (all %d used)", ErrExhausted, len(m.answers))
	}
	answer := m.answers[m.next]
	m.next++
	return answer, nil
}
