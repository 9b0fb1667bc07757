package runtime_test

import (
	"context"
	"html"
	"io"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/internal/leaktest"
	"github.com/intake-runtime/intake/persistence"
)

// Closing with care through the whole application and the platform's API
// (issue 32's acceptance): with CSAT_ENABLED, an operator's close sends the
// customer the farewell and the 1–5 question as a choice; the customer's tap
// on the fifth is stored on the closed session and shown in the admin list.
func TestCloseSendsTheFarewellAndTheQuestionAndStoresTheTap(t *testing.T) {
	leaktest.Check(t)
	const operator, customer = "+5511400000001", "+5511988887711"
	platform := newConsolePlatform(t)
	app := consoleApp(t, platform, []string{operator}, map[string]string{"CSAT_ENABLED": "true"})
	sessionID := consoleHandOff(t, app, customer)
	for _, action := range []sessionpb.OperatorAction{sessionpb.OperatorAction_OPERATOR_ACTION_CLAIM, sessionpb.OperatorAction_OPERATOR_ACTION_CLOSE} {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		res, err := app.Conversations().Operate(ctx, &sessionpb.OperatorCommand{
			PhoneNumber: customer, SessionId: sessionID, OperatorPhone: operator, Action: action,
		})
		cancel()
		if err != nil || !res.GetOk() {
			t.Fatalf("%s = %v, %v", action, res, err)
		}
	}
	to := messaging.Digits(customer)
	platform.waitText(t, to, func(body string) bool { return body == conversation.DefaultFarewell })
	question := platform.waitText(t, to, func(body string) bool { return body == conversation.DefaultCSATQuestion })
	for _, sent := range platform.texts() {
		if sent.Body == question && !slices.Equal(sent.Choices, conversation.CSATOptions) {
			t.Errorf("the question came with choices %q, want %q", sent.Choices, conversation.CSATOptions)
		}
	}

	// The tap comes back as the option's title, as the webhook delivers it.
	consoleChat(t, app, customer, conversation.CSATOptions[4])
	platform.waitText(t, to, func(body string) bool { return body == conversation.DefaultCSATThanks })
	s, err := persistence.NewSessions(app.Table()).Get(context.Background(), customer, sessionID)
	if err != nil || s.CSATScore != 5 || s.CSATAnsweredAt == nil {
		t.Fatalf("closed session: score %d answered %v, %v; want 5", s.CSATScore, s.CSATAnsweredAt, err)
	}
	res, err := app.HTTP().Test(httptest.NewRequest("GET", "/admin/sessions?state=CLOSED", nil), 10_000)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(res.Body)
	if !strings.Contains(html.UnescapeString(string(page)), "5 de 5") {
		t.Errorf("the admin list does not show the score: %d", res.StatusCode)
	}
}
