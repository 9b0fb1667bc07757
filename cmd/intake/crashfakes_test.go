//go:build linux

package main_test

// The stand-ins of the crash test (crash_test.go): the scripted customers and
// the model answers they get, a fake Responses API and a fake messaging
// platform that record what they are asked, and an SQS front that long-polls
// the way SQS does.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// The script: conversation c (from 0) is the phone crashPhone(c) writing
// crashMessages texts, one at a time. Every text names its conversation, and
// every reply quotes the text it answers, so each reply is unique and a
// duplicate send is visible as such.
const crashMessages = 4

func crashPhone(c int) string { return fmt.Sprintf("5511970%06d", c+1) }

func crashMessageID(c, k int) string { return fmt.Sprintf("wamid.crash.%03d.%d", c, k) }

// crashText is the customer's k-th (from 0) message of conversation c.
func crashText(c, k int) string {
	switch k {
	case 0:
		return fmt.Sprintf("oi, aqui é o cliente %03d", c)
	case 1:
		return fmt.Sprintf("quero uma pesquisa de satisfação, cliente %03d", c)
	case 2:
		return fmt.Sprintf("meu nome é Cliente %03d", c)
	default:
		return fmt.Sprintf("obrigado, pode encerrar, cliente %03d", c)
	}
}

// crashAnswer is the model's answer to a customer text: the action code
// object and the reply. The code depends on the text only, so a turn that a
// crash makes ask again gets the same answer:
//
//	"oi, ..."       s=0  NEW → QUALIFYING (QUALIFIER)
//	"quero falar com uma pessoa ..."  s=3  → HANDOFF (the assignment run)
//	"quero ..."     s=1  → DATA_COLLECT (REGISTRAR), service identified
//	"meu nome ..."  s=0  stays in DATA_COLLECT
//	"obrigado ..."  s=9  → CLOSED, with a SUMMARIZER call
func crashAnswer(text string) string {
	head := `{"s":0,"qualification_data":{}}`
	switch {
	case strings.HasPrefix(text, "quero falar com uma pessoa"):
		head = `{"s":3,"qualification_data":{}}`
	case strings.HasPrefix(text, "quero "):
		head = `{"s":1,"service":"Pesquisa de Satisfação de Clientes","segment":"pesquisa","intent":"orcamento",` +
			`"qualification_data":{"tema":"satisfação de clientes"}}`
	case strings.HasPrefix(text, "obrigado"):
		head = `{"s":9,"qualification_data":{}}`
	}
	return head + " " + crashReply(text)
}

// crashReply is the customer-facing text of the answer to text.
func crashReply(text string) string { return "Resposta a «" + text + "»." }

// crashSummary is the SUMMARIZER's answer.
const crashSummary = `{"motivo_encerramento":"cliente encerrou","pontos_chave":["pesquisa de satisfação"],` +
	`"proxima_acao":"enviar proposta","resumo_texto":"Cliente quer uma pesquisa de satisfação e encerrou a conversa."}`

// fakeModel is an httptest server speaking the Responses API. It answers
// from the request alone: the SUMMARIZER (recognized by its prompt) gets
// crashSummary, every other agent crashAnswer of the last line of the last
// customer turn (a debounced burst is one turn, its messages a line each).
type fakeModel struct {
	*httptest.Server
	calls atomic.Int64
	// latency is how long each call takes; nil is 20 ms.
	latency func() time.Duration
}

func newFakeModel(t *testing.T) *fakeModel { return newSlowModel(t, nil) }

// newSlowModel is a fakeModel whose calls each take latency().
func newSlowModel(t *testing.T, latency func() time.Duration) *fakeModel {
	m := &fakeModel{latency: latency}
	m.Server = httptest.NewServer(http.HandlerFunc(m.serve))
	t.Cleanup(m.Close)
	return m
}

func (m *fakeModel) serve(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.URL.Path != "/v1/responses" {
		http.Error(w, "unexpected "+r.Method+" "+r.URL.Path, http.StatusNotFound)
		return
	}
	var req struct {
		Instructions string `json:"instructions"`
		Input        []struct {
			Role    string `json:"role"`
			Content string `json:"content"`
		} `json:"input"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	n := m.calls.Add(1)
	// A little latency, so some kills land while a call is under way.
	wait := 20 * time.Millisecond
	if m.latency != nil {
		wait = m.latency()
	}
	time.Sleep(wait)
	var answer string
	if strings.HasPrefix(strings.TrimSpace(req.Instructions), "# Agente SUMMARIZER") {
		answer = crashSummary
	} else {
		last := ""
		for _, in := range req.Input {
			if in.Role == "user" {
				last = in.Content
			}
		}
		lines := strings.Split(strings.TrimSpace(last), "\n")
		answer = crashAnswer(strings.TrimSpace(lines[len(lines)-1]))
	}
	text, _ := json.Marshal(answer)
	w.Header().Set("Content-Type", "application/json")
	fmt.Fprintf(w, `{"id":"resp_%d","object":"response","status":"completed","model":"test-model",`+
		`"output":[{"type":"message","role":"assistant","content":[{"type":"output_text","text":%s}]}],`+
		`"usage":{"input_tokens":12,"output_tokens":7,"total_tokens":19}}`, n, text)
}

// fakeMessaging is the messaging platform's messages endpoint: it records
// every text sent (recipient and body), answers it with a new message ID, and
// accepts mark-read calls.
type fakeMessaging struct {
	*httptest.Server
	path string // /{version}/{phone_number_id}/messages

	mu      sync.Mutex
	sends   map[sentText]int
	total   int
	changed chan struct{} // closed and replaced on every recorded send
}

// sentText is one text as the platform received it.
type sentText struct{ to, body string }

func newFakeMessaging(t *testing.T, version, phoneNumberID string) *fakeMessaging {
	f := &fakeMessaging{
		path:    "/" + version + "/" + phoneNumberID + "/messages",
		sends:   map[sentText]int{},
		changed: make(chan struct{}),
	}
	f.Server = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.Close)
	return f
}

func (f *fakeMessaging) serve(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.URL.Path != f.path {
		http.Error(w, "unexpected "+r.Method+" "+r.URL.Path, http.StatusNotFound)
		return
	}
	var req struct {
		To     string `json:"to"`
		Type   string `json:"type"`
		Status string `json:"status"`
		Text   struct {
			Body string `json:"body"`
		} `json:"text"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	switch {
	case req.Status == "read":
		fmt.Fprint(w, `{"success":true}`)
	case req.Type == "text" && req.To != "":
		// A little latency before recording, so some kills land while a
		// send is under way (the uncertain case).
		time.Sleep(5 * time.Millisecond)
		f.mu.Lock()
		f.sends[sentText{req.To, req.Text.Body}]++
		f.total++
		n := f.total
		close(f.changed)
		f.changed = make(chan struct{})
		f.mu.Unlock()
		fmt.Fprintf(w, `{"messaging_product":"whatsapp","contacts":[{"input":%q,"wa_id":%q}],"messages":[{"id":"wamid.out.%d"}]}`,
			req.To, req.To, n)
	default:
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprint(w, `{"error":{"message":"unsupported request","type":"OAuthException","code":100}}`)
	}
}

// count returns how many times text went to the recipient to.
func (f *fakeMessaging) count(to, body string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.sends[sentText{to, body}]
}

// snapshot returns a copy of the recorded sends and their total.
func (f *fakeMessaging) snapshot() (map[sentText]int, int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make(map[sentText]int, len(f.sends))
	for k, v := range f.sends {
		out[k] = v
	}
	return out, f.total
}

// waitFor waits until body was sent to the recipient to, ctx ends or timeout
// passes, and reports whether it was sent.
func (f *fakeMessaging) waitFor(ctx context.Context, to, body string, timeout time.Duration) bool {
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	for {
		f.mu.Lock()
		n, changed := f.sends[sentText{to, body}], f.changed
		f.mu.Unlock()
		if n > 0 {
			return true
		}
		select {
		case <-changed:
		case <-timer.C:
			return false
		case <-ctx.Done():
			return false
		}
	}
}

// newSQSFront puts a proxy before local-aws-sqs that long-polls the way SQS
// does. local-aws-sqs holds a ReceiveMessage for its whole WaitTimeSeconds
// unless MaxNumberOfMessages arrive, where SQS answers as soon as it has a
// message; serve waits 20 s per receive, so one message would wait up to 20 s
// there. The front turns a long poll into short polls (WaitTimeSeconds 0,
// which local-aws-sqs answers after about 40 ms with what is visible) until
// one returns messages or the wait is over. Everything else passes through.
// local-aws-sqs does not check signatures, so rewriting the body is harmless.
func newSQSFront(t *testing.T, target string) string {
	client := &http.Client{}
	forward := func(r *http.Request, body []byte) (int, http.Header, []byte, error) {
		req, err := http.NewRequestWithContext(r.Context(), r.Method, target+r.URL.RequestURI(), bytes.NewReader(body))
		if err != nil {
			return 0, nil, nil, err
		}
		for k, v := range r.Header {
			if k != "Content-Length" {
				req.Header[k] = v
			}
		}
		resp, err := client.Do(req)
		if err != nil {
			return 0, nil, nil, err
		}
		defer resp.Body.Close()
		data, err := io.ReadAll(resp.Body)
		return resp.StatusCode, resp.Header, data, err
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			return
		}
		var wait time.Duration
		if r.Header.Get("X-Amz-Target") == "AmazonSQS.ReceiveMessage" {
			var in map[string]any
			if json.Unmarshal(body, &in) == nil {
				if s, ok := in["WaitTimeSeconds"].(float64); ok {
					wait = time.Duration(s * float64(time.Second))
				}
				in["WaitTimeSeconds"] = 0
				body, _ = json.Marshal(in)
			}
		}
		deadline := time.Now().Add(wait)
		for {
			status, header, data, err := forward(r, body)
			if err != nil {
				if r.Context().Err() == nil {
					http.Error(w, err.Error(), http.StatusBadGateway)
				}
				return
			}
			if wait == 0 || status != http.StatusOK || bytes.Contains(data, []byte(`"Messages"`)) || !time.Now().Before(deadline) {
				for k, v := range header {
					if k != "Content-Length" {
						w.Header()[k] = v
					}
				}
				w.WriteHeader(status)
				_, _ = w.Write(data)
				return
			}
			select {
			case <-r.Context().Done():
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}
