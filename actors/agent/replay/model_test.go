package replay_test

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"sync"
	"testing"

	"github.com/intake-runtime/intake/actors/agent"
	"github.com/intake-runtime/intake/actors/agent/replay"
)

func request() agent.Request {
	return agent.Request{
		Agent:        agent.AgentTriage,
		Instructions: "You are the triage agent.",
		History:      []agent.Turn{{Role: agent.RoleUser, Text: "Oi"}},
	}
}

func TestModelAnswersInOrder(t *testing.T) {
	answers := []string{`{"s":0,"qualification_data":{}} um`, `{"s":0,"qualification_data":{}} dois`}
	m := replay.New(answers)
	answers[0] = "mutated after New"
	for i, want := range []string{`{"s":0,"qualification_data":{}} um`, `{"s":0,"qualification_data":{}} dois`} {
		res, err := m.Call(context.Background(), request())
		if err != nil {
			t.Fatalf("call %d: %v", i, err)
		}
		if res.RawResponse != want {
			t.Errorf("call %d = %q, want %q", i, res.RawResponse, want)
		}
		if res.Model != replay.ModelName || res.LatencyMS != 0 {
			t.Errorf("call %d: model %q latency %d", i, res.Model, res.LatencyMS)
		}
	}
	if m.Remaining() != 0 {
		t.Errorf("Remaining() = %d, want 0", m.Remaining())
	}
	_, err := m.Call(context.Background(), request())
	if !errors.Is(err, replay.ErrExhausted) {
		t.Fatalf("exhausted call error = %v, want ErrExhausted", err)
	}
}

func TestModelEstimatesTokens(t *testing.T) {
	req := request()
	m := replay.New([]string{"12345678"})
	res, err := m.Call(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	wantInput := (len(req.SystemPrompt()) + len("Oi") + 3) / 4
	if res.TokensInput != wantInput || res.TokensOutput != 2 {
		t.Errorf("tokens = %d in, %d out; want %d in, 2 out", res.TokensInput, res.TokensOutput, wantInput)
	}
}

func TestModelRefusalsConsumeNothing(t *testing.T) {
	tests := []struct {
		name string
		ctx  func() context.Context
		req  agent.Request
		want error
	}{
		{
			name: "cancelled context",
			ctx: func() context.Context {
				ctx, cancel := context.WithCancel(context.Background())
				cancel()
				return ctx
			},
			req:  request(),
			want: context.Canceled,
		},
		{
			name: "invalid request",
			ctx:  context.Background,
			req:  agent.Request{Agent: agent.AgentTriage},
			want: agent.ErrBadRequest,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := replay.New([]string{"only"})
			if _, err := m.Call(tt.ctx(), tt.req); !errors.Is(err, tt.want) {
				t.Fatalf("error = %v, want %v", err, tt.want)
			}
			if m.Remaining() != 1 {
				t.Errorf("Remaining() = %d, want 1", m.Remaining())
			}
		})
	}
}

func TestModelConcurrentCallsTakeEachAnswerOnce(t *testing.T) {
	const n = 50
	answers := make([]string, n)
	for i := range answers {
		answers[i] = strconv.Itoa(i)
	}
	m := replay.New(answers)
	var (
		mu  sync.Mutex
		got []string
		wg  sync.WaitGroup
	)
	for range n + 5 {
		wg.Go(func() {
			res, err := m.Call(context.Background(), request())
			if errors.Is(err, replay.ErrExhausted) {
				return
			}
			if err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			got = append(got, res.RawResponse)
			mu.Unlock()
		})
	}
	wg.Wait()
	slices.Sort(got)
	slices.Sort(answers)
	if !slices.Equal(got, answers) {
		t.Fatalf("answers taken = %v, want each of %v once", got, answers)
	}
}
