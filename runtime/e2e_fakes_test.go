package runtime_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync/atomic"
	"testing"
	"time"
)

// e2eFakes are the zero-latency providers of the end-to-end benchmark: a
// language model speaking the Responses API and the messaging platform's
// Cloud API. Both the application and the yardstick call them, so their cost
// is in both sides of every ratio. Each round of the benchmark counts into a
// round of its own.
type e2eFakes struct {
	model, platform *httptest.Server
	round           atomic.Pointer[e2eRound]
}

// e2eRound counts what the fakes received during one run of N phones.
type e2eRound struct {
	phones int64
	// window holds one token per phone posted and not yet answered; each
	// reply takes one back. Posting waits for room, so at most cap(window)
	// conversations await their reply at once.
	window chan struct{}
	// done is closed by the reply that completes the round, at end.
	done chan struct{}
	end  time.Time

	replies, dups, reads, other      atomic.Int64
	modelCalls, modelBytes, newConns atomic.Int64
	replied                          []atomic.Bool // by phone index
	// repliedAt is when each phone's first reply came, in unix nanoseconds.
	repliedAt []atomic.Int64
	// halfConns and halfCalls are newConns and the calls made when half
	// the phones had their reply: past it the connection pools have
	// filled to the round's peak of calls in flight, and what is opened
	// after is churn.
	halfConns, halfCalls int64
}

// e2eCounts are what the fakes counted in a round: replies (first sends to
// a phone), duplicate replies, mark-reads, other platform calls, model calls
// and their request bytes, and new connections to either fake, in all and
// at half the round (e2eRound.halfConns).
type e2eCounts struct {
	replies, dups, reads, other      int64
	modelCalls, modelBytes, newConns int64
	halfConns, halfCalls             int64
}

func (r *e2eRound) counts() e2eCounts {
	return e2eCounts{
		replies: r.replies.Load(), dups: r.dups.Load(), reads: r.reads.Load(), other: r.other.Load(),
		modelCalls: r.modelCalls.Load(), modelBytes: r.modelBytes.Load(), newConns: r.newConns.Load(),
		halfConns: r.halfConns, halfCalls: r.halfCalls,
	}
}

// calls is every call the fakes answered so far in the round.
func (r *e2eRound) calls() int64 {
	return r.reads.Load() + r.modelCalls.Load() + r.replies.Load() + r.dups.Load() + r.other.Load()
}

// e2eAnswer is the model's answer to every call: a continue-answer.
const e2eAnswer = `{"s":0,"qualification_data":{}} Olá! Recebi sua mensagem.`

// e2eModelResponse is the Responses API answer carrying e2eAnswer.
var e2eModelResponse = func() []byte {
	text, _ := json.Marshal(e2eAnswer)
	return fmt.Appendf(nil, `{"id":"resp_1","object":"response","status":"completed","model":"test-model",`+
		`"output":[{"type":"message","role":"assistant","content":[{"type":"output_text","text":%s}]}],`+
		`"usage":{"input_tokens":12,"output_tokens":7,"total_tokens":19}}`, text)
}()

func newE2EFakes(b testing.TB) *e2eFakes {
	f := &e2eFakes{}
	f.round.Store(newE2ERound(0, 1))
	f.model = f.serve(b, f.answerModel)
	f.platform = f.serve(b, f.answerPlatform)
	return f
}

// serve starts a fake that counts the connections opened to it.
func (f *e2eFakes) serve(b testing.TB, h http.HandlerFunc) *httptest.Server {
	s := httptest.NewUnstartedServer(h)
	s.Config.ConnState = func(_ net.Conn, state http.ConnState) {
		if state == http.StateNew {
			f.round.Load().newConns.Add(1)
		}
	}
	s.Start()
	b.Cleanup(s.Close)
	return s
}

func newE2ERound(phones, window int) *e2eRound {
	return &e2eRound{
		phones:    int64(phones),
		window:    make(chan struct{}, window),
		done:      make(chan struct{}),
		replied:   make([]atomic.Bool, phones),
		repliedAt: make([]atomic.Int64, phones),
	}
}

// begin starts a round of phones conversations.
func (f *e2eFakes) begin(phones, window int) *e2eRound {
	r := newE2ERound(phones, window)
	f.round.Store(r)
	return r
}

func (f *e2eFakes) answerModel(w http.ResponseWriter, r *http.Request) {
	n, _ := io.Copy(io.Discard, r.Body)
	round := f.round.Load()
	round.modelCalls.Add(1)
	round.modelBytes.Add(n)
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(e2eModelResponse)
}

// answerPlatform answers the Cloud API's messages endpoint: a mark-read
// with success, a text send with a message ID. A send to a phone of the
// round counts as its reply.
func (f *e2eFakes) answerPlatform(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Status string `json:"status"`
		To     string `json:"to"`
		Type   string `json:"type"`
	}
	body, _ := io.ReadAll(r.Body)
	_ = json.Unmarshal(body, &req)
	round := f.round.Load()
	w.Header().Set("Content-Type", "application/json")
	switch {
	case req.Status == "read":
		round.reads.Add(1)
		_, _ = io.WriteString(w, `{"success":true}`)
		return
	case req.Type == "text" && req.To != "":
		round.reply(req.To)
	default:
		round.other.Add(1)
	}
	n := round.replies.Load()
	fmt.Fprintf(w, `{"messaging_product":"whatsapp","contacts":[{"input":%q,"wa_id":%q}],"messages":[{"id":"wamid.out.%d"}]}`, req.To, req.To, n)
}

// reply counts the reply to phone (its digits); the first reply of the last
// phone ends the round.
func (r *e2eRound) reply(to string) {
	i, ok := e2ePhoneIndex(to)
	if !ok || i >= len(r.replied) {
		r.other.Add(1)
		return
	}
	if r.replied[i].Swap(true) {
		r.dups.Add(1)
		return
	}
	r.repliedAt[i].Store(time.Now().UnixNano())
	select {
	case <-r.window:
	default:
	}
	switch r.replies.Add(1) {
	case r.phones / 2:
		r.halfConns, r.halfCalls = r.newConns.Load(), r.calls()
	case r.phones:
		r.end = time.Now()
		close(r.done)
	}
}

// e2ePhone is the digits of phone i, as the platform sends them.
func e2ePhone(i int) string { return fmt.Sprintf("55219%08d", i) }

// e2ePhoneIndex is the inverse of e2ePhone.
func e2ePhoneIndex(digits string) (int, bool) {
	if len(digits) != 13 || digits[:5] != "55219" {
		return 0, false
	}
	i, err := strconv.Atoi(digits[5:])
	return i, err == nil
}
