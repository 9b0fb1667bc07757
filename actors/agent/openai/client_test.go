package openai_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	goopenai "github.com/sashabaranov/go-openai"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/agent"
	"github.com/intake-runtime/intake/actors/agent/openai"
)

const answer = `{"s":1,"qualification_data":{"tema":"varejo"}} Ótimo! Qual é o seu nome completo?`

// responsesServer is an httptest server speaking the Responses API: it
// answers each POST /v1/responses with the next reply (the last one repeats)
// and records every request body.
type responsesServer struct {
	*httptest.Server
	// arrived receives a value as each request arrives.
	arrived chan struct{}
	mu      sync.Mutex
	bodies  []map[string]any
	headers []http.Header
}

// reply is one scripted answer: a status and a body, or a wait until the
// client gives up.
type reply struct {
	status int
	body   string
	hang   bool
}

var okReply = reply{status: http.StatusOK, body: `{
	"id": "resp_1", "object": "response", "status": "completed", "model": "gpt-test-2025",
	"output": [{"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": ` + quote(answer) + `}]}],
	"usage": {"input_tokens": 321, "output_tokens": 45, "total_tokens": 366}
}`}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func newResponsesServer(t *testing.T, replies ...reply) *responsesServer {
	t.Helper()
	s := &responsesServer{arrived: make(chan struct{}, 16)}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.URL.Path != "/v1/responses" {
			http.Error(w, "unexpected "+r.Method+" "+r.URL.Path, http.StatusNotFound)
			return
		}
		raw, _ := io.ReadAll(r.Body)
		var body map[string]any
		if err := json.Unmarshal(raw, &body); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		s.mu.Lock()
		s.bodies = append(s.bodies, body)
		s.headers = append(s.headers, r.Header.Clone())
		rep := replies[min(len(s.bodies), len(replies))-1]
		s.mu.Unlock()
		s.arrived <- struct{}{}
		if rep.hang {
			<-r.Context().Done()
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(rep.status)
		_, _ = io.WriteString(w, rep.body)
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *responsesServer) requests() []map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]map[string]any(nil), s.bodies...)
}

func (s *responsesServer) header(i int) http.Header {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.headers[i]
}

func newClient(t *testing.T, baseURL string, mutate func(*openai.Config)) *openai.Client {
	t.Helper()
	cfg := openai.Config{APIKey: "sk-test", BaseURL: baseURL + "/v1", Model: "gpt-test", RetryBackoff: time.Millisecond}
	if mutate != nil {
		mutate(&cfg)
	}
	c, err := openai.New(cfg, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func conversation() agent.Request {
	return agent.Request{
		Agent:        agent.AgentTriage,
		Instructions: "Você é o agente de triagem.",
		History: []agent.Turn{
			{Role: agent.RoleUser, Text: "Oi"},
			{Role: agent.RoleAssistant, Text: "Olá! Como posso ajudar?"},
			{Role: agent.RoleUser, Text: "preciso de uma pesquisa de mercado"},
		},
		Packages: []agent.Package{{ID: "pesquisa", Content: "Pesquisas sob medida."}},
	}
}

func TestCallSendsResponsesRequest(t *testing.T) {
	tests := []struct {
		name       string
		effort     string
		wantEffort any
	}{
		{name: "without reasoning", effort: "", wantEffort: nil},
		{name: "with reasoning", effort: "low", wantEffort: map[string]any{"effort": "low"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newResponsesServer(t, okReply)
			c := newClient(t, srv.URL, func(cfg *openai.Config) { cfg.ReasoningEffort = tt.effort })
			req := conversation()

			res, err := c.Call(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			want := agent.LLMCallResult{RawResponse: answer, Model: "gpt-test-2025", TokensInput: 321, TokensOutput: 45, LatencyMS: res.LatencyMS}
			if res != want || res.LatencyMS < 0 {
				t.Errorf("result = %+v, want %+v", res, want)
			}

			bodies := srv.requests()
			if len(bodies) != 1 {
				t.Fatalf("server got %d requests, want 1", len(bodies))
			}
			body := bodies[0]
			if got := srv.header(0).Get("Authorization"); got != "Bearer sk-test" {
				t.Errorf("Authorization = %q", got)
			}
			if body["model"] != "gpt-test" || body["instructions"] != req.SystemPrompt() {
				t.Errorf("model %v, instructions %q", body["model"], body["instructions"])
			}
			wantInput := []any{
				map[string]any{"role": "user", "content": "Oi"},
				map[string]any{"role": "assistant", "content": "Olá! Como posso ajudar?"},
				map[string]any{"role": "user", "content": "preciso de uma pesquisa de mercado"},
			}
			if !equalJSON(body["input"], wantInput) {
				t.Errorf("input = %v, want %v", body["input"], wantInput)
			}
			reasoning, sent := body["reasoning"]
			if sent != (tt.wantEffort != nil) || !equalJSON(reasoning, tt.wantEffort) {
				t.Errorf("reasoning = %v (sent: %v), want %v", reasoning, sent, tt.wantEffort)
			}
			for _, forbidden := range []string{"response_format", "text", "tools", "stream"} {
				if v, ok := body[forbidden]; ok {
					t.Errorf("request carries %s = %v", forbidden, v)
				}
			}
		})
	}
}

func TestCallRetries(t *testing.T) {
	serverError := reply{status: http.StatusInternalServerError, body: `{"error":{"message":"boom","type":"server_error"}}`}
	tests := []struct {
		name         string
		replies      []reply
		maxRetries   int
		wantRequests int
		wantStatus   int // 0: success
	}{
		{name: "500 then 200 succeeds", replies: []reply{serverError, okReply}, wantRequests: 2},
		{name: "429 then 200 succeeds", replies: []reply{{status: 429, body: `{"error":{"message":"slow down"}}`}, okReply}, wantRequests: 2},
		{name: "502 without JSON body is retried", replies: []reply{{status: 502, body: "<html>bad gateway</html>"}, okReply}, wantRequests: 2},
		{name: "persistent 500 gives up", replies: []reply{serverError}, maxRetries: 2, wantRequests: 3, wantStatus: 500},
		{name: "negative MaxRetries disables retries", replies: []reply{serverError, okReply}, maxRetries: -1, wantRequests: 1, wantStatus: 500},
		{name: "400 is not retried", replies: []reply{{status: 400, body: `{"error":{"message":"bad input","type":"invalid_request_error"}}`}, okReply}, wantRequests: 1, wantStatus: 400},
		{name: "401 is not retried", replies: []reply{{status: 401, body: `{"error":{"message":"bad key"}}`}, okReply}, wantRequests: 1, wantStatus: 401},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newResponsesServer(t, tt.replies...)
			c := newClient(t, srv.URL, func(cfg *openai.Config) { cfg.MaxRetries = tt.maxRetries })

			res, err := c.Call(context.Background(), conversation())
			if got := len(srv.requests()); got != tt.wantRequests {
				t.Errorf("server got %d requests, want %d", got, tt.wantRequests)
			}
			if tt.wantStatus == 0 {
				if err != nil || res.RawResponse != answer {
					t.Fatalf("Call = %+v, %v; want the answer", res, err)
				}
				return
			}
			if status := httpStatus(err); status != tt.wantStatus {
				t.Fatalf("Call error = %v (status %d), want status %d", err, status, tt.wantStatus)
			}
		})
	}
}

func TestCallTimesOutEachAttempt(t *testing.T) {
	srv := newResponsesServer(t, reply{hang: true})
	c := newClient(t, srv.URL, func(cfg *openai.Config) {
		cfg.Timeout = 50 * time.Millisecond
		cfg.MaxRetries = 1
	})
	_, err := c.Call(context.Background(), conversation())
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Call error = %v, want a deadline error", err)
	}
	if got := len(srv.requests()); got != 2 {
		t.Errorf("server got %d requests, want 2 (a timeout is retried)", got)
	}
}

func TestCallStopsWhenCallerGivesUp(t *testing.T) {
	srv := newResponsesServer(t, reply{hang: true})
	c := newClient(t, srv.URL, nil)
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-srv.arrived
		cancel()
	}()
	_, err := c.Call(ctx, conversation())
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Call error = %v, want context.Canceled", err)
	}
	if got := len(srv.requests()); got != 1 {
		t.Errorf("server got %d requests, want 1 (no retry after the caller gave up)", got)
	}
}

func TestCallRejectsInvalidRequest(t *testing.T) {
	srv := newResponsesServer(t, okReply)
	c := newClient(t, srv.URL, nil)
	_, err := c.Call(context.Background(), agent.Request{Agent: agent.AgentTriage, Instructions: "x"})
	if !errors.Is(err, agent.ErrBadRequest) {
		t.Fatalf("Call error = %v, want ErrBadRequest", err)
	}
	if got := len(srv.requests()); got != 0 {
		t.Errorf("server got %d requests, want 0", got)
	}
}

func TestCallWithoutOutputText(t *testing.T) {
	tests := []struct {
		name string
		body string
	}{
		{"incomplete", `{"id":"r","object":"response","status":"incomplete","incomplete_details":{"reason":"max_output_tokens"},"output":[]}`},
		{"failed", `{"id":"r","object":"response","status":"failed","error":{"code":"server_error","message":"oops"},"output":[]}`},
		{"refusal only", `{"id":"r","object":"response","status":"completed","output":[{"type":"message","role":"assistant","content":[{"type":"refusal","refusal":"no"}]}]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newResponsesServer(t, reply{status: 200, body: tt.body}, okReply)
			c := newClient(t, srv.URL, nil)
			_, err := c.Call(context.Background(), conversation())
			if !errors.Is(err, openai.ErrNoOutput) {
				t.Fatalf("Call error = %v, want ErrNoOutput", err)
			}
			if got := len(srv.requests()); got != 1 {
				t.Errorf("server got %d requests, want 1", got)
			}
		})
	}
}

func httpStatus(err error) int {
	var apiErr *goopenai.APIError
	var reqErr *goopenai.RequestError
	switch {
	case errors.As(err, &reqErr):
		return reqErr.HTTPStatusCode
	case errors.As(err, &apiErr):
		return apiErr.HTTPStatusCode
	}
	return 0
}

func equalJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}
