package openai_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"testing"
	"time"

	goopenai "github.com/sashabaranov/go-openai"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/agent/openai"
)

func TestCallRetriesOnlyTransientErrors(t *testing.T) {
	tests := []struct {
		name      string
		err       error
		transient bool
	}{
		{"429", &goopenai.APIError{HTTPStatusCode: 429}, true},
		{"408", &goopenai.APIError{HTTPStatusCode: 408}, true},
		{"503", &goopenai.APIError{HTTPStatusCode: 503}, true},
		{"504 without JSON body", &goopenai.RequestError{HTTPStatusCode: 504}, true},
		{"request error wrapping a statusless API error", &goopenai.RequestError{HTTPStatusCode: 500, Err: &goopenai.APIError{}}, true},
		{"attempt timeout", fmt.Errorf("post: %w", context.DeadlineExceeded), true},
		{"connection refused", &net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connection refused")}, true},
		{"connection dropped mid-body", fmt.Errorf("decode: %w", io.ErrUnexpectedEOF), true},
		{"400", &goopenai.APIError{HTTPStatusCode: 400}, false},
		{"401", &goopenai.APIError{HTTPStatusCode: 401}, false},
		{"404 without JSON body", &goopenai.RequestError{HTTPStatusCode: 404}, false},
		{"other error", errors.New("unsupported protocol scheme"), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			calls := 0
			api := openai.ResponsesFunc(func(context.Context, goopenai.CreateResponseRequest) (goopenai.CreateResponseResponse, error) {
				calls++
				return goopenai.CreateResponseResponse{}, tt.err
			})
			c, err := openai.NewWithAPI(openai.Config{APIKey: "k", Model: "m", MaxRetries: 2, RetryBackoff: time.Microsecond}, api, zap.NewNop())
			if err != nil {
				t.Fatal(err)
			}
			_, err = c.Call(context.Background(), conversation())
			if !errors.Is(err, tt.err) {
				t.Errorf("Call error = %v, want it to wrap %v", err, tt.err)
			}
			want := 1
			if tt.transient {
				want = 3
			}
			if calls != want {
				t.Errorf("attempts = %d, want %d", calls, want)
			}
		})
	}
}

// A caller that gives up during the backoff wait is not kept waiting (the
// wait here is an hour) and no further attempt is made.
func TestCallStopsRetryingWhenCallerGivesUp(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	failed := make(chan struct{})
	calls := 0
	api := openai.ResponsesFunc(func(context.Context, goopenai.CreateResponseRequest) (goopenai.CreateResponseResponse, error) {
		calls++
		close(failed)
		return goopenai.CreateResponseResponse{}, &goopenai.APIError{HTTPStatusCode: 503}
	})
	go func() {
		<-failed
		cancel()
	}()
	c, err := openai.NewWithAPI(openai.Config{APIKey: "k", Model: "m", RetryBackoff: time.Hour}, api, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Call(ctx, conversation()); !errors.Is(err, context.Canceled) {
		t.Fatalf("Call error = %v, want context.Canceled", err)
	}
	if calls != 1 {
		t.Errorf("attempts = %d, want 1", calls)
	}
}

func TestCallGivesEachAttemptItsOwnDeadline(t *testing.T) {
	var deadlines []time.Time
	api := openai.ResponsesFunc(func(ctx context.Context, _ goopenai.CreateResponseRequest) (goopenai.CreateResponseResponse, error) {
		d, ok := ctx.Deadline()
		if !ok {
			t.Error("attempt without a deadline")
		}
		deadlines = append(deadlines, d)
		if len(deadlines) == 1 {
			return goopenai.CreateResponseResponse{}, context.DeadlineExceeded
		}
		return goopenai.CreateResponseResponse{OutputText: "{\"s\":0} ok", Model: "m"}, nil
	})
	c, err := openai.NewWithAPI(openai.Config{APIKey: "k", Model: "m", RetryBackoff: time.Microsecond}, api, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	res, err := c.Call(context.Background(), conversation())
	if err != nil {
		t.Fatal(err)
	}
	if res.RawResponse != "{\"s\":0} ok" || len(deadlines) != 2 || !deadlines[1].After(deadlines[0]) {
		t.Errorf("result %+v, deadlines %v", res, deadlines)
	}
}

func TestConfigValidate(t *testing.T) {
	tests := []struct {
		name string
		cfg  openai.Config
		ok   bool
	}{
		{"minimal", openai.Config{APIKey: "k", Model: "m"}, true},
		{"compatible server", openai.Config{APIKey: "k", Model: "m", BaseURL: "http://127.0.0.1:8000/v1"}, true},
		{"no key", openai.Config{Model: "m"}, false},
		{"no model", openai.Config{APIKey: "k"}, false},
		{"relative base URL", openai.Config{APIKey: "k", Model: "m", BaseURL: "/v1"}, false},
		{"non-http base URL", openai.Config{APIKey: "k", Model: "m", BaseURL: "ftp://host/v1"}, false},
		{"negative timeout", openai.Config{APIKey: "k", Model: "m", Timeout: -time.Second}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := tt.cfg.Validate(); (err == nil) != tt.ok {
				t.Errorf("Validate() = %v, want ok=%v", err, tt.ok)
			}
			_, err := openai.New(tt.cfg, zap.NewNop())
			if (err == nil) != tt.ok {
				t.Errorf("New error = %v, want ok=%v", err, tt.ok)
			}
		})
	}
}
