package atendimento_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/http/atendimento"
	"github.com/intake-runtime/intake/http/httperr"
	"github.com/intake-runtime/intake/internal/clocktest"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
)

var t0 = time.Date(2025, 3, 14, 12, 0, 0, 0, time.UTC)

// The operators of the tests, and a number that is not one.
const (
	opA      = "+5511400000001"
	opB      = "+5511400000002"
	stranger = "+5511400000099"
)

// env is one console over a memory table, a messaging stub and the fake
// conversations, served by a fiber app.
type env struct {
	t        *testing.T
	console  *atendimento.Console
	app      *fiber.App
	clock    *clocktest.Clock
	table    persistence.Table
	sessions *persistence.Sessions
	messages *persistence.Messages
	sender   *messaging.Stub
	// source is the client address of the requests (X-Forwarded-For).
	source string
}

func newEnv(t *testing.T, mutate func(*atendimento.Config)) *env {
	t.Helper()
	clk := clocktest.New(t0)
	return newEnvOver(t, memory.New(memory.WithClock(clk.Now)), clk, mutate)
}

// newEnvOver is a console over table and clk: two of them over one table
// are two nodes of one deployment.
func newEnvOver(t *testing.T, table persistence.Table, clk *clocktest.Clock, mutate func(*atendimento.Config)) *env {
	t.Helper()
	e := &env{
		t:        t,
		clock:    clk,
		table:    table,
		sessions: persistence.NewSessions(table),
		messages: persistence.NewMessages(table),
		sender:   messaging.NewStub(nil),
		source:   "192.0.2.10",
	}
	// fiber's Test connections come from 0.0.0.0: trusted as the proxy, so
	// X-Forwarded-For (e.source) is each request's address.
	e.seed(opA, opB)
	cfg := atendimento.Config{Now: e.clock.Now,
		TrustedProxies: []netip.Prefix{netip.MustParsePrefix("0.0.0.0/32")}}
	if mutate != nil {
		mutate(&cfg)
	}
	fake := &fakeConversations{sessions: e.sessions, messages: e.messages, sender: e.sender, now: e.clock.Now}
	console, err := atendimento.New(cfg, e.deps(fake), zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	e.console = console
	e.app = fiber.New(fiber.Config{ErrorHandler: httperr.Handler, DisableStartupMessage: true})
	console.Register(e.app)
	t.Cleanup(console.Close)
	return e
}

// seed puts phones in the roster, enabled, as OPERATOR_PHONES does at start.
func (e *env) seed(phones ...string) {
	e.t.Helper()
	if _, err := persistence.NewOperatorRoster(e.table).Seed(context.Background(), phones, e.clock.Now()); err != nil {
		e.t.Fatal(err)
	}
}

// deps are the console's collaborators over the env's table.
func (e *env) deps(conv handoff.Conversations) atendimento.Deps {
	return atendimento.Deps{
		Conversations:    conv,
		Queue:            handoff.NewQueue(e.table),
		Sessions:         e.sessions,
		Messages:         e.messages,
		Sender:           e.sender,
		Logins:           persistence.NewLogins(e.table),
		OperatorSessions: persistence.NewOperatorSessions(e.table),
		Search:           e.sessions,
		Projections:      persistence.NewProjections(e.table),
		SavedReplies:     persistence.NewSavedReplies(e.table),
		Notes:            persistence.NewNotes(e.table),
		Availability:     persistence.NewAvailabilities(e.table),
		Roster:           persistence.NewOperatorRoster(e.table),
	}
}

// response is a read answer.
type response struct {
	status int
	header http.Header
	body   string
}

func (r response) cookie(name string) *http.Cookie {
	for _, c := range (&http.Response{Header: r.header}).Cookies() {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// do sends one request to the console; cookie (optional) is the session.
func (e *env) do(method, target, contentType, body, cookie string) response {
	e.t.Helper()
	req := httptest.NewRequest(method, target, strings.NewReader(body))
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if cookie != "" {
		req.AddCookie(&http.Cookie{Name: atendimento.CookieName, Value: cookie})
	}
	req.Header.Set(fiber.HeaderXForwardedFor, e.source)
	res, err := e.app.Test(req, -1)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	return response{status: res.StatusCode, header: res.Header, body: string(raw)}
}

func (e *env) form(target string, values url.Values, cookie string) response {
	e.t.Helper()
	return e.do("POST", target, "application/x-www-form-urlencoded", values.Encode(), cookie)
}

func (e *env) postJSON(target string, v any, cookie string) response {
	e.t.Helper()
	raw, _ := json.Marshal(v)
	return e.do("POST", target, "application/json", string(raw), cookie)
}

var codePattern = regexp.MustCompile(`\b(\d{6})\b`)

// requestCode asks for a code for phone and returns the codes the stub
// delivered to it so far (the last is the newest).
func (e *env) requestCode(phone string) (response, []string) {
	e.t.Helper()
	res := e.form("/atendimento/login", url.Values{"phone": {phone}}, "")
	e.console.Close() // wait for the background delivery
	var codes []string
	for _, s := range e.sender.Sends() {
		if s.To == messaging.Digits(phone) {
			if m := codePattern.FindStringSubmatch(s.Text); m != nil {
				codes = append(codes, m[1])
			}
		}
	}
	return res, codes
}

func (e *env) verify(phone, code string) response {
	e.t.Helper()
	return e.form("/atendimento/verify", url.Values{"phone": {phone}, "code": {code}}, "")
}

// login runs the whole login of an operator and returns the session cookie.
func (e *env) login(phone string) string {
	e.t.Helper()
	_, codes := e.requestCode(phone)
	if len(codes) == 0 {
		e.t.Fatalf("no code was delivered to %s", phone)
	}
	res := e.verify(phone, codes[len(codes)-1])
	c := res.cookie(atendimento.CookieName)
	if res.status != fiber.StatusSeeOther || c == nil || c.Value == "" {
		e.t.Fatalf("login of %s: status %d, cookie %v, body %s", phone, res.status, c, res.body)
	}
	return c.Value
}

// handoffSession stores a conversation waiting in HANDOFF with one customer
// message at customerAt, and returns it.
func (e *env) handoffSession(phone string, at, customerAt time.Time) domain.Session {
	e.t.Helper()
	ctx := context.Background()
	s := domain.NewSession(uuid.NewString(), phone, "instance_a", at)
	s.State = domain.StateHandoff
	s.HandoffReason = domain.HandoffCustomerRequest
	s.HandoffAt = &at
	s.ServiceIdentified = "Pesquisa de mercado"
	s.CadastralData = map[string]any{"nome": "Maria Silva"}
	s, err := e.sessions.Create(ctx, s)
	if err != nil {
		e.t.Fatal(err)
	}
	err = e.messages.Append(ctx, domain.Message{
		MessageID: "in-" + s.SessionID, SessionID: s.SessionID, PhoneNumber: phone, Content: "Quero falar com uma pessoa",
		Timestamp: customerAt, StateBefore: domain.StateQualifying, StateAfter: domain.StateHandoff,
		Direction: domain.DirectionInbound, MessageType: domain.MessageText,
	})
	if err != nil {
		e.t.Fatal(err)
	}
	return s
}

func apiURL(s domain.Session) string {
	return "/atendimento/api/conversations/" + messaging.Digits(s.PhoneNumber) + "/" + s.SessionID
}

// errorBody reads the JSON error shape.
func errorBody(t *testing.T, r response) httperr.Detail {
	t.Helper()
	var b httperr.Body
	if err := json.Unmarshal([]byte(r.body), &b); err != nil || b.Error.Code == "" {
		t.Fatalf("status %d: body %q is not the error shape", r.status, r.body)
	}
	return b.Error
}

// fakeConversations stands in for the session supervisor: it applies claims
// through persistence.Sessions.Claim (the table's conditional write decides
// races) and logs and sends operator messages.
type fakeConversations struct {
	sessions *persistence.Sessions
	messages *persistence.Messages
	sender   messaging.Sender
	now      func() time.Time
}

func refuse(code string) *sessionpb.OperatorResult {
	return &sessionpb.OperatorResult{Code: code, Message: "refused: " + code}
}

func (f *fakeConversations) Operate(ctx context.Context, cmd *sessionpb.OperatorCommand) (*sessionpb.OperatorResult, error) {
	phone, op := cmd.GetPhoneNumber(), cmd.GetOperatorPhone()
	s, err := f.sessions.Get(ctx, phone, cmd.GetSessionId())
	if errors.Is(err, persistence.ErrNotFound) {
		return refuse("not_found"), nil
	}
	if err != nil {
		return nil, err
	}
	held := string(s.AssignedTo) == op && s.State == domain.StateHuman
	switch cmd.GetAction() {
	case sessionpb.OperatorAction_OPERATOR_ACTION_CLAIM:
		switch {
		case s.AssignedTo != "" && !held:
			return refuse("already_claimed"), nil
		case !conversation.Claimable(s) && !conversation.TakeOver(s) && !held:
			return refuse("invalid_state"), nil
		}
		claimed, err := f.sessions.Claim(ctx, phone, s.SessionID, op)
		if errors.Is(err, persistence.ErrConflict) {
			return refuse("already_claimed"), nil
		}
		if err != nil {
			return nil, err
		}
		claimed.State = domain.StateHuman
		if s, err = f.sessions.Save(ctx, claimed); err != nil {
			return refuse("failed"), nil
		}
	case sessionpb.OperatorAction_OPERATOR_ACTION_SEND:
		if !held {
			return refuse("not_assigned"), nil
		}
		m := domain.Message{
			MessageID: uuid.NewString(), SessionID: s.SessionID, PhoneNumber: phone, Content: cmd.GetText(),
			CleanMessageSent: cmd.GetText(), Timestamp: f.now(), StateBefore: s.State, StateAfter: s.State,
			Direction: domain.DirectionOutbound, MessageType: domain.MessageText, OperatorPhone: op,
		}
		if err := f.messages.Append(ctx, m); err != nil {
			return nil, err
		}
		if _, err := f.sender.Send(ctx, phone, cmd.GetText()); err != nil {
			return refuse("failed"), nil
		}
		return &sessionpb.OperatorResult{Ok: true, State: string(s.State), AssignedTo: op, MessageId: m.MessageID}, nil
	case sessionpb.OperatorAction_OPERATOR_ACTION_TRANSFER:
		if !held {
			return refuse("not_assigned"), nil
		}
		s.AssignedTo = domain.NullString(cmd.GetToOperator())
		if s, err = f.sessions.Save(ctx, s); err != nil {
			return refuse("failed"), nil
		}
	case sessionpb.OperatorAction_OPERATOR_ACTION_LABEL:
		// The conversation's own rule; the session actor's tests show it
		// keeps concurrent labels, which this fake does not serialise.
		out, _, refused := conversation.Operate(s, nil, cmd, f.now())
		if refused != nil {
			return &sessionpb.OperatorResult{Code: string(refused.Code), Message: refused.Message}, nil
		}
		if s, err = f.sessions.Save(ctx, out.Session); err != nil {
			return refuse("failed"), nil
		}
		return &sessionpb.OperatorResult{Ok: true, State: string(s.State), AssignedTo: string(s.AssignedTo), Labels: s.Labels}, nil
	case sessionpb.OperatorAction_OPERATOR_ACTION_RELEASE, sessionpb.OperatorAction_OPERATOR_ACTION_CLOSE:
		if !held {
			return refuse("not_assigned"), nil
		}
		s.AssignedTo, s.State = "", domain.StateHandoff
		if cmd.GetAction() == sessionpb.OperatorAction_OPERATOR_ACTION_CLOSE {
			s.AssignedTo, s.State = domain.NullString(op), domain.StateClosed
		}
		if s, err = f.sessions.Save(ctx, s); err != nil {
			return refuse("failed"), nil
		}
	}
	return &sessionpb.OperatorResult{Ok: true, State: string(s.State), AssignedTo: string(s.AssignedTo)}, nil
}
