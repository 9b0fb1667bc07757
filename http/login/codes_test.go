package login_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"

	"github.com/intake-runtime/intake/http/login"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
)

const operator = "+5511988887777"

var start = time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)

func newCodes(t *testing.T, w login.Watch) *login.Codes {
	t.Helper()
	// The table's clock stays at start, so nothing expires under the test.
	table := memory.New(memory.WithClock(func() time.Time { return start }))
	return login.NewCodes(persistence.NewLogins(table), login.Rules{}, w)
}

// Two nodes racing for one number send one code: node B read the number's
// code before node A stored its own (so B's read says there is none), and
// the table's condition still refuses B's code.
func TestOneCodePerNumberAcrossNodes(t *testing.T) {
	ctx := context.Background()
	table := memory.New(memory.WithClock(func() time.Time { return start }))
	a := login.NewCodes(persistence.NewLogins(table), login.Rules{}, login.Watch{})
	b := login.NewCodes(readBeforeTheWrite{persistence.NewLogins(table)}, login.Rules{}, login.Watch{})
	if code, err := a.Issue(ctx, operator, addr(0), true, start); err != nil || code == "" {
		t.Fatalf("node A issued %q, %v; want a code", code, err)
	}
	if code, err := b.Issue(ctx, operator, addr(1), true, start); err != nil || code != "" {
		t.Errorf("node B issued %q, %v; want none, node A's code being stored", code, err)
	}
}

// readBeforeTheWrite is a node's store whose read of a code came before
// another node's write: it finds none.
type readBeforeTheWrite struct{ *persistence.Logins }

func (readBeforeTheWrite) Code(context.Context, persistence.LoginScope) (persistence.LoginCode, error) {
	return persistence.LoginCode{}, persistence.ErrNotFound
}

// addr is the i-th distinct source address.
func addr(i int) string { return fmt.Sprintf("198.51.100.%d", i+1) }

// A number has one code and one resend limit whatever the address: thirty
// addresses asking at once send one message, and the next goes out only
// after ResendAfter (30 s).
func TestOneCodePerNumberAcrossAddresses(t *testing.T) {
	ctx := context.Background()
	codes := newCodes(t, login.Watch{})
	cases := []struct {
		name  string
		after time.Duration // since start
		want  int           // codes issued to the 30 addresses asking at once
	}{
		{"30 addresses at once", 0, 1},
		{"again 29 s later", 29 * time.Second, 0},
		{"again 30 s later", 30 * time.Second, 1},
		{"again 45 s later", 45 * time.Second, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var sent atomic.Int32
			var wg sync.WaitGroup
			for i := range 30 {
				wg.Go(func() {
					code, err := codes.Issue(ctx, operator, addr(i), true, start.Add(tc.after))
					if err != nil {
						t.Error(err)
					}
					if code != "" {
						sent.Add(1)
					}
				})
			}
			wg.Wait()
			if int(sent.Load()) != tc.want {
				t.Errorf("%d codes sent, want %d", sent.Load(), tc.want)
			}
		})
	}
}

// The code went to the phone: it is good from any address, once, and a
// newer code replaces it.
func TestCodeIsTheNumbersNotTheAddresss(t *testing.T) {
	ctx := context.Background()
	codes := newCodes(t, login.Watch{})
	first, _ := codes.Issue(ctx, operator, addr(0), true, start)
	second, _ := codes.Issue(ctx, operator, addr(1), true, start.Add(31*time.Second))
	if first == "" || second == "" {
		t.Fatal("no code issued")
	}
	now := start.Add(32 * time.Second)
	cases := []struct {
		name string
		code string
		from string
		want login.Verdict
	}{
		{"the replaced code", first, addr(0), login.Rejected},
		{"the newer code from a third address", second, addr(2), login.Accepted},
		{"the same code again", second, addr(1), login.Rejected},
	}
	for _, tc := range cases {
		if tc.code == second && first == second {
			t.Skip("the two draws were equal")
		}
		v, _, err := codes.Verify(ctx, operator, tc.code, tc.from, true, now)
		if err != nil || v != tc.want {
			t.Errorf("%s: %v (%v), want %v", tc.name, v, err, tc.want)
		}
	}
}

// Wrong codes are bounded per number too: ten addresses each guessing once
// at one number make the eleventh wait, though no address reached its own
// bound; another number is not affected.
func TestGuessesLimitedPerNumber(t *testing.T) {
	ctx := context.Background()
	codes := newCodes(t, login.Watch{})
	if code, _ := codes.Issue(ctx, operator, addr(0), true, start); code == "" {
		t.Fatal("no code issued")
	}
	for i := range 9 {
		if v, _, err := codes.Verify(ctx, operator, "000000", addr(i), true, start); err != nil || v != login.Rejected {
			t.Fatalf("guess %d: %v (%v), want rejected", i+1, v, err)
		}
	}
	cases := []struct {
		name  string
		phone string
		from  string
		want  login.Verdict
	}{
		{"the tenth address's guess makes the number wait", operator, addr(9), login.Throttled},
		{"a fresh address at the number waits", operator, addr(10), login.Throttled},
		{"another number from a fresh address does not", "+5511977776666", addr(11), login.Rejected},
	}
	for _, tc := range cases {
		if v, wait, err := codes.Verify(ctx, tc.phone, "000000", tc.from, true, start); err != nil || v != tc.want {
			t.Errorf("%s: %v after %v (%v), want %v", tc.name, v, wait, err, tc.want)
		}
	}
}

// Every wrong code is counted and logged at warn with the number masked and
// never the code; a flood writes a bounded number of lines.
func TestWrongCodesAreLoggedAndCounted(t *testing.T) {
	ctx := context.Background()
	core, logs := observer.New(zapcore.WarnLevel)
	counted := 0
	codes := newCodes(t, login.Watch{Surface: "admin", Log: zap.New(core), Count: func(surface string) {
		if surface == "admin" {
			counted++
		}
	}})
	const guesses = 80
	for i := range guesses {
		if _, _, err := codes.Verify(ctx, operator, "123456", addr(i%200), true, start.Add(time.Duration(i)*time.Millisecond)); err != nil {
			t.Fatal(err)
		}
	}
	if counted != guesses {
		t.Errorf("counted %d wrong codes, want %d", counted, guesses)
	}
	lines := logs.All()
	if len(lines) == 0 || len(lines) > 20 {
		t.Errorf("%d warn lines for %d wrong codes, want between 1 and 20", len(lines), guesses)
	}
	for _, l := range lines {
		text := l.Message + fmt.Sprint(l.ContextMap())
		if strings.Contains(text, "123456") || strings.Contains(text, "988887777") {
			t.Errorf("log line %q holds the code or the full number", text)
		}
	}
	if len(lines) > 0 && lines[0].ContextMap()["phone"] != "…7777" {
		t.Errorf("phone logged as %v, want …7777", lines[0].ContextMap()["phone"])
	}
}
