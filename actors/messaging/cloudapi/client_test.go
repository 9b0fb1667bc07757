package cloudapi_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/messaging/cloudapi"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/httpcall"
)

func TestSendCapturedRequest(t *testing.T) {
	p := newPlatform(t, answer(http.StatusOK, okBody))
	c := newClient(t, p.URL, nil)

	resp, err := c.Send(context.Background(), "+55 (11) 98888-7777", `Olá! Veja <b>preços</b> & "prazos"`)
	if err != nil {
		t.Fatal(err)
	}
	want := domain.AdapterResult{Success: true, MockID: "wamid.OUT1", Detail: "accepted (HTTP 200)"}
	if resp != want {
		t.Errorf("response = %+v, want %+v", resp, want)
	}
	reqs := p.requests()
	if len(reqs) != 1 {
		t.Fatalf("platform got %d requests, want 1", len(reqs))
	}
	r := reqs[0]
	if r.Method != http.MethodPost || r.Path != "/v21.0/PNID_1/messages" {
		t.Errorf("request line = %s %s, want POST /v21.0/PNID_1/messages", r.Method, r.Path)
	}
	if got := r.Header.Get("Authorization"); got != "Bearer "+testToken {
		t.Errorf("Authorization = %q", got)
	}
	if got := r.Header.Get("Content-Type"); got != "application/json" {
		t.Errorf("Content-Type = %q", got)
	}
	golden(t, "send_request.golden.json", r.Body)
}

func TestMarkReadCapturedRequest(t *testing.T) {
	p := newPlatform(t, answer(http.StatusOK, `{"success":true}`))
	c := newClient(t, p.URL+"/", nil) // a trailing slash on the base URL is harmless

	resp, err := c.MarkRead(context.Background(), "wamid.IN1")
	if err != nil {
		t.Fatal(err)
	}
	if !resp.Success || resp.MockID != "" || resp.ErrorKind != "" {
		t.Errorf("response = %+v, want success without mock_id", resp)
	}
	r := p.requests()[0]
	if r.Path != "/v21.0/PNID_1/messages" || r.Header.Get("Authorization") != "Bearer "+testToken ||
		r.Header.Get("Content-Type") != "application/json" {
		t.Errorf("request = %s %v", r.Path, r.Header)
	}
	golden(t, "mark_read_request.golden.json", r.Body)
}

func TestSendAnswerKinds(t *testing.T) {
	tests := []struct {
		name   string
		status int
		body   string
		kind   domain.ErrorKind
		detail string
	}{
		{"429", http.StatusTooManyRequests, `{}`, domain.ErrorKindTransient, "HTTP 429"},
		{"500", http.StatusInternalServerError, `oops`, domain.ErrorKindTransient, "HTTP 500"},
		{"503 with a permanent-looking code", http.StatusServiceUnavailable, platformError(131000, "Something went wrong"), domain.ErrorKindTransient, "131000"},
		{"130429 in a 400", http.StatusBadRequest, platformError(130429, "Rate limit hit"), domain.ErrorKindTransient, "platform error 130429: (#130429) Rate limit hit"},
		{"131056 pair rate limit", http.StatusBadRequest, platformError(131056, "Pair rate limit hit"), domain.ErrorKindTransient, "recipient paused for 6s"},
		{"131047 outside the window", http.StatusBadRequest, platformError(131047, "Re-engagement message"), domain.ErrorKindPermanent, "131047"},
		{"131026 undeliverable", http.StatusBadRequest, platformError(131026, "Message undeliverable"), domain.ErrorKindPermanent, "131026"},
		{"100 invalid parameter", http.StatusBadRequest, platformError(100, "Invalid parameter"), domain.ErrorKindPermanent, "platform error 100"},
		{"190 expired token", http.StatusUnauthorized, platformError(190, "Access token has expired"), domain.ErrorKindPermanent, "HTTP 401"},
		{"404 without a body", http.StatusNotFound, ``, domain.ErrorKindPermanent, "HTTP 404"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newPlatform(t, answer(tt.status, tt.body))
			c := newClient(t, p.URL, func(cfg *cloudapi.ClientConfig) { cfg.Clock = newFakeClock(true) })
			resp, err := c.Send(context.Background(), "5511988887777", "oi")
			if err != nil {
				t.Fatalf("error = %v, want nil: platform failures are responses", err)
			}
			if resp.Success || resp.ErrorKind != tt.kind || resp.MockID != "" {
				t.Errorf("response = %+v, want failure of kind %s", resp, tt.kind)
			}
			if !strings.Contains(resp.Detail, tt.detail) {
				t.Errorf("detail %q lacks %q", resp.Detail, tt.detail)
			}
		})
	}
}

func TestSendSuccessWithoutMessageID(t *testing.T) {
	p := newPlatform(t, answer(http.StatusOK, `{"messages":[]}`))
	resp, err := newClient(t, p.URL, nil).Send(context.Background(), "5511988887777", "oi")
	if err != nil || !resp.Success || resp.MockID != "" || resp.ErrorKind != "" {
		t.Errorf("Send = %+v, %v; want success with a null mock_id", resp, err)
	}
}

func TestSendConnectionRefusedIsTransient(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there any more: the dial is refused

	resp, err := newClient(t, "http://"+addr, nil).Send(context.Background(), "5511988887777", "oi")
	if err != nil {
		t.Fatalf("error = %v, want nil", err)
	}
	if resp.Success || resp.ErrorKind != domain.ErrorKindTransient ||
		!strings.Contains(resp.Detail, "before the request was written") {
		t.Errorf("response = %+v, want transient before the write", resp)
	}
}

// A platform that reads the whole request and never answers may have sent
// the message: the outcome is uncertain, not transient.
func TestSendTimeoutAfterWriteIsUncertain(t *testing.T) {
	release := make(chan struct{})
	p := newPlatform(t, func(int, *http.Request) (int, string) {
		<-release
		return http.StatusOK, okBody
	})
	defer close(release) // before p.Close, which waits for the handler
	c := newClient(t, p.URL, func(cfg *cloudapi.ClientConfig) { cfg.Timeout = 200 * time.Millisecond })

	resp, err := c.Send(context.Background(), "5511988887777", "oi")
	if err != nil {
		t.Fatalf("error = %v, want nil: the client's own timeout is not the caller's", err)
	}
	if resp.Success || resp.ErrorKind != domain.ErrorKindUncertain ||
		!strings.Contains(resp.Detail, "after the request was written") {
		t.Errorf("response = %+v, want uncertain after the write", resp)
	}
	if n := len(p.requests()); n != 1 {
		t.Errorf("platform got %d requests, want 1 (no retry)", n)
	}
}

// A connection reset after the request was written is uncertain too.
func TestSendResetAfterWriteIsUncertain(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	done := make(chan struct{})
	go func() {
		defer close(done)
		conn, err := ln.Accept()
		if err != nil {
			return
		}
		if req, err := http.ReadRequest(bufio.NewReader(conn)); err == nil {
			_, _ = io.Copy(io.Discard, req.Body)
		}
		_ = conn.(*net.TCPConn).SetLinger(0) // close with RST
		conn.Close()
	}()

	resp, err := newClient(t, "http://"+ln.Addr().String(), nil).Send(context.Background(), "5511988887777", "oi")
	<-done
	if err != nil {
		t.Fatalf("error = %v, want nil", err)
	}
	if resp.Success || resp.ErrorKind != domain.ErrorKindUncertain {
		t.Errorf("response = %+v, want uncertain", resp)
	}
}

func TestSendCallerContext(t *testing.T) {
	p := newPlatform(t, answer(http.StatusOK, okBody))
	c := newClient(t, p.URL, nil)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()

	resp, err := c.Send(ctx, "5511988887777", "oi")
	if !errors.Is(err, context.Canceled) {
		t.Errorf("error = %v, want context.Canceled", err)
	}
	if resp.Success || resp.ErrorKind != domain.ErrorKindTransient {
		t.Errorf("response = %+v, want transient", resp)
	}
	if n := len(p.requests()); n != 0 {
		t.Errorf("platform got %d requests, want none", n)
	}
}

func TestSendRejectsBadArguments(t *testing.T) {
	p := newPlatform(t, answer(http.StatusOK, okBody))
	c := newClient(t, p.URL, nil)
	tests := []struct {
		name, to, text string
		err            error
	}{
		{"recipient without digits", "cliente", "oi", messaging.ErrInvalidRecipient},
		{"recipient too long", strings.Repeat("9", 30), "oi", messaging.ErrInvalidRecipient},
		{"empty text", "5511988887777", " \n", messaging.ErrEmptyText},
		{"text too long", "5511988887777", strings.Repeat("é", messaging.MaxTextRunes+1), messaging.ErrTextTooLong},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, err := c.Send(context.Background(), tt.to, tt.text)
			if !errors.Is(err, tt.err) {
				t.Errorf("error = %v, want %v", err, tt.err)
			}
			if resp.Success || resp.ErrorKind != domain.ErrorKindPermanent {
				t.Errorf("response = %+v, want permanent", resp)
			}
		})
	}
	if _, err := c.MarkRead(context.Background(), ""); !errors.Is(err, messaging.ErrEmptyMessageID) {
		t.Errorf("MarkRead(\"\") error = %v, want ErrEmptyMessageID", err)
	}
	if n := len(p.requests()); n != 0 {
		t.Errorf("platform got %d requests, want none", n)
	}
	// The longest allowed text goes through.
	if resp, err := c.Send(context.Background(), "5511988887777", strings.Repeat("é", messaging.MaxTextRunes)); err != nil || !resp.Success {
		t.Errorf("Send of %d characters = %+v, %v", messaging.MaxTextRunes, resp, err)
	}
}

// Whatever the platform echoes, the token reaches neither the detail nor the
// logs.
func TestTokenNeverInDetailOrLogs(t *testing.T) {
	p := newPlatform(t, func(_ int, r *http.Request) (int, string) {
		return http.StatusUnauthorized, `{"error":{"code":190,"message":"bad token ` + r.Header.Get("Authorization") + `"}}`
	})
	core, logs := observer.New(zap.DebugLevel)
	cfg := cloudapi.ClientConfig{Config: httpcall.Config{BaseURL: p.URL, AccessToken: testToken}, PhoneNumberID: "PNID_1"}
	c, err := cloudapi.NewClient(cfg, zap.New(core))
	if err != nil {
		t.Fatal(err)
	}
	resp, _ := c.Send(context.Background(), "5511988887777", "texto sigiloso")
	if strings.Contains(resp.Detail, testToken) || !strings.Contains(resp.Detail, "[redacted]") {
		t.Errorf("detail = %q", resp.Detail)
	}
	if logs.Len() == 0 {
		t.Fatal("the failure was not logged")
	}
	for _, e := range logs.All() {
		line := fmt.Sprint(e.Message, e.ContextMap())
		if strings.Contains(line, testToken) || strings.Contains(line, "texto sigiloso") || strings.Contains(line, "5511988887777") {
			t.Errorf("log entry holds a secret, the text or the full phone: %s", line)
		}
	}
}

// The response serialises to the spec's StubResponse shape.
func TestSendResponseJSON(t *testing.T) {
	p := newPlatform(t, answer(http.StatusTooManyRequests, `{}`))
	resp, _ := newClient(t, p.URL, nil).Send(context.Background(), "5511988887777", "oi")
	got, err := json.Marshal(resp)
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"success":false,"mock_id":null,"detail":"HTTP 429","error_kind":"transient"}`
	if string(got) != want {
		t.Errorf("JSON = %s, want %s", got, want)
	}
}
