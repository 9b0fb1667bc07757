package messaging_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/messaging/messagingtest"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/leaktest"
	"github.com/intake-runtime/intake/persistence"
)

// recordingOutbox keeps the steps the child records, in order, and fails
// the calls a test tells it to.
type recordingOutbox struct {
	mu    sync.Mutex
	steps []string
	// fail makes the next n calls of a step fail ("begin", "sent", ...).
	fail map[string]int
	// done makes Begin report these replies as having a result already.
	done map[string]bool
	// uncertain makes Begin report an earlier call with no result.
	uncertain bool
}

var errTable = errors.New("table unavailable")

func (o *recordingOutbox) record(step string, m domain.Message) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.fail[step] > 0 {
		o.fail[step]--
		o.steps = append(o.steps, step+" failed")
		return errTable
	}
	o.steps = append(o.steps, step+" "+m.MessageID)
	return nil
}

func (o *recordingOutbox) Begin(_ context.Context, m domain.Message) (bool, error) {
	if o.done[m.MessageID] {
		return false, persistence.ErrOutboxDone
	}
	return o.uncertain, o.record("begin", m)
}

func (o *recordingOutbox) Sent(_ context.Context, m domain.Message, id string) error {
	return o.record("sent:"+id, m)
}

func (o *recordingOutbox) Retry(_ context.Context, m domain.Message, detail string, uncertain bool) error {
	return o.record(fmt.Sprintf("retry(%s,%v)", detail, uncertain), m)
}

func (o *recordingOutbox) Failed(_ context.Context, m domain.Message, detail string) error {
	return o.record("failed("+detail+")", m)
}

func (o *recordingOutbox) Steps() []string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return slices.Clone(o.steps)
}

// scriptedPlatform answers the sends in order from its script, then succeeds.
type scriptedPlatform struct {
	mu     sync.Mutex
	script []domain.AdapterResult
	texts  []string
}

func (p *scriptedPlatform) Send(ctx context.Context, to, text string) (domain.AdapterResult, error) {
	if res, err := refuse(ctx, func() error { _, err := messaging.CheckSend(to, text); return err }); err != nil {
		return res, err
	}
	return p.answer(text)
}

// SendOptions is recorded as "<form>: text [option|option…]".
func (p *scriptedPlatform) SendOptions(ctx context.Context, to, text string, options []string) (domain.AdapterResult, error) {
	var form messaging.Form
	if res, err := refuse(ctx, func() (err error) { _, form, err = messaging.CheckOptions(to, text, options); return err }); err != nil {
		return res, err
	}
	return p.answer(fmt.Sprintf("%s: %s [%s]", form, text, strings.Join(options, "|")))
}

func (p *scriptedPlatform) answer(text string) (domain.AdapterResult, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.texts = append(p.texts, text)
	if len(p.script) > 0 {
		res := p.script[0]
		p.script = p.script[1:]
		return res, nil
	}
	return domain.AdapterResult{Success: true, MockID: domain.NullString(fmt.Sprintf("wamid.%d", len(p.texts)))}, nil
}

func (p *scriptedPlatform) MarkRead(ctx context.Context, id string) (domain.AdapterResult, error) {
	if res, err := refuse(ctx, func() error { return messaging.CheckRead(id) }); err != nil {
		return res, err
	}
	return domain.AdapterResult{Success: true}, nil
}

// refuse is what the fakes share with every Sender (messagingtest.RunSender):
// arguments that fail check are refused first, as a permanent failure, then
// an ended ctx, as a transient one.
func refuse(ctx context.Context, check func() error) (domain.AdapterResult, error) {
	if err := check(); err != nil {
		return failure(domain.ErrorKindPermanent, err.Error()), err
	}
	if err := ctx.Err(); err != nil {
		return failure(domain.ErrorKindTransient, err.Error()), err
	}
	return domain.AdapterResult{}, nil
}

// The fakes keep the port's contract, so what the tests above see of them
// is what a platform would do.
func TestFakesKeepTheSenderContract(t *testing.T) {
	for name, newSender := range map[string]func() messaging.Sender{
		"scriptedPlatform": func() messaging.Sender { return &scriptedPlatform{} },
		"blockingPlatform": func() messaging.Sender {
			release := make(chan struct{})
			close(release)
			return blockingPlatform{release}
		},
	} {
		t.Run(name, func(t *testing.T) {
			messagingtest.RunSender(t, messagingtest.Senders{New: func(*testing.T) messaging.Sender { return newSender() }})
		})
	}
}

func (p *scriptedPlatform) Texts() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.texts)
}

func failure(kind domain.ErrorKind, detail string) domain.AdapterResult {
	return domain.AdapterResult{ErrorKind: kind, Detail: detail}
}

// deliver hands replies to a conversation's Replies and collects the
// reports until want of them arrived.
func deliver(t *testing.T, outbox messaging.Outbox, platform messaging.Sender, want int, replies ...string) []messaging.Sent {
	t.Helper()
	return deliverWith(t, outbox, platform, want, (*messaging.Replies).Deliver, replies...)
}

// deliverWith is deliver handing each reply over with queue.
func deliverWith(t *testing.T, outbox messaging.Outbox, platform messaging.Sender, want int,
	queue func(*messaging.Replies, domain.Message), replies ...string) []messaging.Sent {
	t.Helper()
	leaktest.Check(t)
	reports := make(chan messaging.Sent, len(replies))
	r := messaging.NewReplies(messaging.RepliesDeps{
		Sender: platform, Outbox: outbox,
		Retry: messaging.Retry{Attempts: 3, Base: time.Millisecond, Max: 4 * time.Millisecond},
	}, func(s messaging.Sent) { reports <- s })
	defer r.Close()
	for i, text := range replies {
		queue(r, domain.Message{MessageID: fmt.Sprintf("r%d", i+1), PhoneNumber: "+5511955550000", Content: text})
	}
	var got []messaging.Sent
	for len(got) < want {
		select {
		case s := <-reports:
			got = append(got, s)
		case <-time.After(5 * time.Second):
			t.Fatalf("got %d reports, want %d", len(got), want)
		}
	}
	return got
}

func TestRepliesAreRecordedBeforeAndAfterEachCall(t *testing.T) {
	outbox, platform := &recordingOutbox{}, &scriptedPlatform{}
	reports := deliver(t, outbox, platform, 2, "primeira", "segunda")
	want := []string{"begin r1", "sent:wamid.1 r1", "begin r2", "sent:wamid.2 r2"}
	if got := outbox.Steps(); !slices.Equal(got, want) {
		t.Errorf("outbox steps = %q, want %q", got, want)
	}
	if got := platform.Texts(); !slices.Equal(got, []string{"primeira", "segunda"}) {
		t.Errorf("sent %q, want the replies once each, in order", got)
	}
	if reports[0].Entry.MessageID != "r1" || !reports[0].Response.Success || reports[0].Uncertain {
		t.Errorf("first report = %+v", reports[0])
	}
}

func TestTransientFailuresAreRetriedThenFailedForGood(t *testing.T) {
	outbox := &recordingOutbox{}
	platform := &scriptedPlatform{script: []domain.AdapterResult{
		failure(domain.ErrorKindTransient, "429"),
		failure(domain.ErrorKindUncertain, "timeout"),
		failure(domain.ErrorKindTransient, "503"),
	}}
	reports := deliver(t, outbox, platform, 1, "oi")
	want := []string{"begin r1", "retry(429,false) r1", "begin r1", "retry(timeout,true) r1", "begin r1", "failed(gave up after 3 attempts: 503) r1"}
	if got := outbox.Steps(); !slices.Equal(got, want) {
		t.Errorf("outbox steps = %q, want %q", got, want)
	}
	if !reports[0].Uncertain || reports[0].Response.Success {
		t.Errorf("report = %+v, want a failure flagged uncertain (one call's outcome was unknown)", reports[0])
	}
}

func TestPermanentFailureIsNotRetried(t *testing.T) {
	outbox := &recordingOutbox{}
	platform := &scriptedPlatform{script: []domain.AdapterResult{failure(domain.ErrorKindPermanent, "131047 window closed")}}
	deliver(t, outbox, platform, 1, "oi")
	want := []string{"begin r1", "failed(131047 window closed) r1"}
	if got := outbox.Steps(); !slices.Equal(got, want) {
		t.Errorf("outbox steps = %q, want %q", got, want)
	}
	if len(platform.Texts()) != 1 {
		t.Errorf("sent %d times, want once", len(platform.Texts()))
	}
}

// Without a record of the call starting, a crash could not tell "never
// tried" from "under way": no call is made until Begin is stored. A result
// the table refused is recorded again, never sent again.
func TestTableFailuresNeverCauseASecondCall(t *testing.T) {
	outbox := &recordingOutbox{fail: map[string]int{"begin": 2, "sent:wamid.1": 1}}
	platform := &scriptedPlatform{}
	deliver(t, outbox, platform, 1, "oi")
	want := []string{"begin failed", "begin failed", "begin r1", "sent:wamid.1 failed", "sent:wamid.1 r1"}
	if got := outbox.Steps(); !slices.Equal(got, want) {
		t.Errorf("outbox steps = %q, want %q", got, want)
	}
	if len(platform.Texts()) != 1 {
		t.Errorf("sent %d times, want once", len(platform.Texts()))
	}
}

func TestReplyWithAResultIsNotSentAgain(t *testing.T) {
	outbox, platform := &recordingOutbox{done: map[string]bool{"r1": true}}, &scriptedPlatform{}
	reports := deliver(t, outbox, platform, 1, "já enviada", "nova")
	if got := platform.Texts(); !slices.Equal(got, []string{"nova"}) {
		t.Errorf("sent %q, want only the reply without a result", got)
	}
	if reports[0].Entry.MessageID != "r2" {
		t.Errorf("reported %s, want only r2", reports[0].Entry.MessageID)
	}
}

func TestResendAfterUnknownOutcomeIsReportedUncertain(t *testing.T) {
	outbox, platform := &recordingOutbox{uncertain: true}, &scriptedPlatform{}
	reports := deliver(t, outbox, platform, 1, "oi")
	if !reports[0].Uncertain || !reports[0].Response.Success {
		t.Errorf("report = %+v, want sent and flagged uncertain", reports[0])
	}
}

// A reply whose commit recorded its first call as begun is sent without the
// outbox write before it; a retry is begun like any other call.
func TestBegunReplySkipsTheFirstBegin(t *testing.T) {
	outbox := &recordingOutbox{}
	platform := &scriptedPlatform{script: []domain.AdapterResult{failure(domain.ErrorKindTransient, "503")}}
	deliverWith(t, outbox, platform, 1, (*messaging.Replies).DeliverBegun, "oi")
	want := []string{"retry(503,false) r1", "begin r1", "sent:wamid.2 r1"}
	if got := outbox.Steps(); !slices.Equal(got, want) {
		t.Errorf("outbox steps = %q, want %q", got, want)
	}
}

func TestRepliesAreIdleOnlyWithNothingQueued(t *testing.T) {
	leaktest.Check(t)
	release := make(chan struct{})
	r := messaging.NewReplies(messaging.RepliesDeps{Sender: blockingPlatform{release}, Outbox: &recordingOutbox{}}, func(messaging.Sent) {})
	defer r.Close()
	if !r.Idle() {
		t.Fatal("a new conversation's Replies are not idle")
	}
	r.Deliver(domain.Message{MessageID: "r1", PhoneNumber: "+5511955550000", Content: "oi"})
	if r.Idle() {
		t.Error("idle while a reply is being sent")
	}
	close(release)
	deadline := time.Now().Add(5 * time.Second)
	for !r.Idle() && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if !r.Idle() {
		t.Error("not idle after the reply was sent")
	}
}

// blockingPlatform answers each valid send once release is closed, or
// fails it when its ctx ends first.
type blockingPlatform struct{ release chan struct{} }

func (p blockingPlatform) Send(ctx context.Context, to, text string) (domain.AdapterResult, error) {
	if res, err := refuse(ctx, func() error { _, err := messaging.CheckSend(to, text); return err }); err != nil {
		return res, err
	}
	select {
	case <-p.release:
		return domain.AdapterResult{Success: true, MockID: "wamid.OUT"}, nil
	case <-ctx.Done():
		return failure(domain.ErrorKindUncertain, ctx.Err().Error()), ctx.Err()
	}
}

func (p blockingPlatform) MarkRead(ctx context.Context, id string) (domain.AdapterResult, error) {
	if res, err := refuse(ctx, func() error { return messaging.CheckRead(id) }); err != nil {
		return res, err
	}
	return domain.AdapterResult{Success: true}, nil
}
