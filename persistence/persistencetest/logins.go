package persistencetest

import (
	"errors"
	"testing"
	"time"

	"github.com/intake-runtime/intake/persistence"
)

// testOperatorSessions: a session round-trips, expires at its time and is
// gone everywhere once revoked.
func testOperatorSessions(t *testing.T, tbl persistence.Table) {
	ctx := t.Context()
	sessions := persistence.NewOperatorSessions(tbl)
	now := time.Now().UTC().Truncate(time.Second) // the memory table hides items past their ttl
	want := persistence.OperatorSession{Operator: "+5511988887777", CreatedAt: now, ExpiresAt: now.Add(time.Hour)}
	if err := sessions.Create(ctx, "id-1", want); err != nil {
		t.Fatal(err)
	}
	if err := sessions.Create(ctx, "id-1", want); !errors.Is(err, persistence.ErrConflict) {
		t.Errorf("Create of a taken ID: %v, want ErrConflict", err)
	}
	got, err := sessions.Get(ctx, "id-1", now)
	want.TTL = want.ExpiresAt.Unix()
	if err != nil || got != want {
		t.Errorf("Get = %+v, %v; want %+v", got, err, want)
	}
	if _, err := sessions.Get(ctx, "id-1", want.ExpiresAt); !errors.Is(err, persistence.ErrNotFound) {
		t.Errorf("Get at expiry: %v, want ErrNotFound", err)
	}
	if _, err := sessions.Get(ctx, "id-2", now); !errors.Is(err, persistence.ErrNotFound) {
		t.Errorf("Get of an unknown ID: %v, want ErrNotFound", err)
	}
	if err := sessions.Revoke(ctx, "id-1"); err != nil {
		t.Fatal(err)
	}
	if _, err := sessions.Get(ctx, "id-1", now); !errors.Is(err, persistence.ErrNotFound) {
		t.Errorf("Get after Revoke: %v, want ErrNotFound", err)
	}
	if err := sessions.Revoke(ctx, "id-1"); err != nil {
		t.Errorf("second Revoke: %v", err)
	}
}

// testLogins: a code round-trips and logs in once; failure counters count
// atomically per scope and block when asked.
func testLogins(t *testing.T, tbl persistence.Table) {
	ctx := t.Context()
	logins := persistence.NewLogins(tbl)
	now := time.Now().UTC().Truncate(time.Second) // the memory table hides items past their ttl
	phone := "+5511988887777"
	scope := persistence.LoginScope{Phone: phone, Source: "192.0.2.1"}
	elsewhere := persistence.LoginScope{Phone: phone, Source: "198.51.100.7"}
	if _, err := logins.Code(ctx, scope); !errors.Is(err, persistence.ErrNotFound) {
		t.Errorf("Code without one: %v, want ErrNotFound", err)
	}
	code := persistence.LoginCode{Salt: "s", Hash: "h1", IssuedAt: now, ExpiresAt: now.Add(5 * time.Minute)}
	if err := logins.PutCode(ctx, scope, code, now); err != nil {
		t.Fatal(err)
	}
	// A code not yet due for replacement stays: the second writer loses.
	if err := logins.PutCode(ctx, scope, persistence.LoginCode{Hash: "h2", IssuedAt: now, ExpiresAt: now.Add(5 * time.Minute)}, now); !errors.Is(err, persistence.ErrConflict) {
		t.Errorf("PutCode over a code not due = %v, want ErrConflict", err)
	}
	code.TTL = code.ExpiresAt.Unix()
	if got, err := logins.Code(ctx, scope); err != nil || got != code {
		t.Errorf("Code = %+v, %v; want %+v", got, err, code)
	}
	if _, err := logins.Code(ctx, elsewhere); !errors.Is(err, persistence.ErrNotFound) {
		t.Errorf("Code from another address: %v, want ErrNotFound", err)
	}
	if err := logins.UseCode(ctx, scope, "other"); !errors.Is(err, persistence.ErrConflict) {
		t.Errorf("UseCode of another hash: %v, want ErrConflict", err)
	}
	if err := logins.UseCode(ctx, scope, "h1"); err != nil {
		t.Fatal(err)
	}
	if err := logins.UseCode(ctx, scope, "h1"); !errors.Is(err, persistence.ErrConflict) {
		t.Errorf("second UseCode: %v, want ErrConflict", err)
	}

	other := persistence.LoginScope{Source: "192.0.2.1"}
	block := func(n int) time.Duration {
		if n < 2 {
			return 0
		}
		return time.Minute
	}
	f, err := logins.Fail(ctx, scope, now, block, time.Hour)
	if err != nil || f.Count != 1 || !f.BlockedUntil.IsZero() {
		t.Errorf("first Fail = %+v, %v; want 1, not blocked", f, err)
	}
	f, err = logins.Fail(ctx, scope, now, block, time.Hour)
	if err != nil || f.Count != 2 || !f.BlockedUntil.Equal(now.Add(time.Minute)) {
		t.Errorf("second Fail = %+v, %v; want 2, blocked a minute", f, err)
	}
	if got, err := logins.Failures(ctx, scope); err != nil || got.Count != 2 || !got.BlockedUntil.Equal(f.BlockedUntil) {
		t.Errorf("Failures = %+v, %v; want %+v", got, err, f)
	}
	if got, err := logins.Failures(ctx, other); err != nil || got.Count != 0 {
		t.Errorf("another scope's Failures = %+v, %v; want none", got, err)
	}
	if err := logins.ClearFailures(ctx, scope); err != nil {
		t.Fatal(err)
	}
	if got, err := logins.Failures(ctx, scope); err != nil || got.Count != 0 {
		t.Errorf("Failures after ClearFailures = %+v, %v; want none", got, err)
	}
}
