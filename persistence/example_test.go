package persistence_test

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
)

func ExampleMessageSK() {
	ts := time.Date(2025, 1, 2, 3, 4, 5, 6, time.UTC)
	fmt.Println(persistence.MessageSK("s1", ts, "wamid.A"))
	// Output: M#s1#2025-01-02T03:04:05.000000006Z#wamid.A
}

// A session actor saves over the version it loaded; a stale copy cannot
// overwrite the newer state.
func ExampleSessions_Save() {
	ctx := context.Background()
	sessions := persistence.NewSessions(memory.New())
	now := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)

	s, _ := sessions.Create(ctx, domain.NewSession("s1", "+5511999990000", "instance_a", now))
	stale := s
	s.State = domain.StateQualifying
	s, _ = sessions.Save(ctx, s)
	_, err := sessions.Save(ctx, stale)

	fmt.Println(s.Version, errors.Is(err, persistence.ErrConflict))
	// Output: 2 true
}
