// Package llmtest is test support: an httptest server speaking the Responses
// API of a language-model provider, recording what each call asked and
// answering with scripted texts, optionally holding a call until released;
// and one speaking its audio transcription endpoint (transcription.go).
//
// Production code never imports it.
package llmtest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

// Server is an httptest server speaking the Responses API. It records the
// user texts and the instructions of every call and answers with answer(call number), optionally
// holding a call until the test releases it.
type Server struct {
	*httptest.Server
	answer func(call int, users []string) string

	mu           sync.Mutex
	inputs       [][]string
	instructions []string
	holds        map[int]chan struct{}
	// Arrived receives the number of each call as it arrives, earlier
	// calls' included: to wait for given calls, use AwaitCalls.
	Arrived chan int
}

// AwaitCalls waits until the calls numbered calls have all arrived, passing
// over the others, and fails t after ten seconds.
func (m *Server) AwaitCalls(t testing.TB, calls ...int) {
	t.Helper()
	arrived := map[int]bool{}
	timeout := time.After(10 * time.Second)
	for _, n := range calls {
		for !arrived[n] {
			select {
			case got := <-m.Arrived:
				arrived[got] = true
			case <-timeout:
				t.Fatalf("model calls %v did not all arrive", calls)
			}
		}
	}
}

// NewServer starts a server answering call n (from 1) with answer(n); the
// test's cleanup closes it.
func NewServer(t testing.TB, answer func(call int) string) *Server {
	return NewServerByInput(t, func(call int, _ []string) string { return answer(call) })
}

// NewServerByInput starts a server whose answer depends on what the call
// asks (its user texts, oldest first) as well as on its number: an answer
// that the input alone decides stays the same when a crash makes a turn ask
// again.
func NewServerByInput(t testing.TB, answer func(call int, users []string) string) *Server {
	m := &Server{answer: answer, holds: map[int]chan struct{}{}, Arrived: make(chan int, 100)}
	m.Server = httptest.NewServer(http.HandlerFunc(m.serve))
	t.Cleanup(m.Close)
	return m
}

// Hold makes call n wait until the returned function is called.
func (m *Server) Hold(n int) (release func()) {
	ch := make(chan struct{})
	m.mu.Lock()
	m.holds[n] = ch
	m.mu.Unlock()
	var once sync.Once
	return func() { once.Do(func() { close(ch) }) }
}

func (m *Server) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	var req struct {
		Instructions string `json:"instructions"`
		Input        []struct {
			Role    string `json:"role"`
			Content string `json:"content"`
		} `json:"input"`
	}
	_ = json.Unmarshal(body, &req)
	var users []string
	for _, in := range req.Input {
		if in.Role == "user" {
			users = append(users, in.Content)
		}
	}
	m.mu.Lock()
	m.inputs = append(m.inputs, users)
	m.instructions = append(m.instructions, req.Instructions)
	n := len(m.inputs)
	hold := m.holds[n]
	m.mu.Unlock()
	m.Arrived <- n
	if hold != nil {
		select {
		case <-hold:
		case <-r.Context().Done():
			return
		}
	}
	text, _ := json.Marshal(m.answer(n, users))
	w.Header().Set("Content-Type", "application/json")
	fmt.Fprintf(w, `{"id":"resp_%d","object":"response","status":"completed","model":"test-model",`+
		`"output":[{"type":"message","role":"assistant","content":[{"type":"output_text","text":%s}]}],`+
		`"usage":{"input_tokens":12,"output_tokens":7,"total_tokens":19}}`, n, text)
}

// Calls returns the user texts of each call so far.
func (m *Server) Calls() [][]string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([][]string(nil), m.inputs...)
}

// Instructions returns the instructions (the system prompt) of each call
// so far: what the agents were told, catalogue included.
func (m *Server) Instructions() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]string(nil), m.instructions...)
}

// AnswerWith answers every call with the same continue-answer.
func AnswerWith(text string) func(int) string {
	return func(int) string { return `{"s":0,"qualification_data":{}} ` + text }
}
