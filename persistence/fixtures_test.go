package persistence_test

import (
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/domain/domaintest"
	"github.com/intake-runtime/intake/persistence"
)

// The fixtures are domaintest's, the one copy both domain and persistence test.
var (
	t0, t1, t2 = domaintest.T0, domaintest.T1, domaintest.T2
	at         = domaintest.At

	fullSession = domaintest.Session
	fullMessage = domaintest.Message
	fullTurn    = domaintest.Turn
	fullDemand  = domaintest.Demand
	fullDesired = domaintest.Desired
)

func fullReceipt() persistence.Receipt {
	r := persistence.NewReceipt(fullTurn(), t0)
	r.DispatchedAt = at(t0)
	r.AgentRoutedAt = at(t1)
	r.SyncClaimedAt = at(t1)
	r.CompletedAt = at(t2)
	return r
}

func fullProjection() persistence.CRMProjection {
	return persistence.CRMProjection{
		SessionID:         "sess-1",
		Desired:           fullDesired(),
		Revision:          "rev-2",
		ConfirmedRevision: "rev-1",
		ETag:              "etag-9",
		ContactID:         "c-1",
		DealID:            "d-1",
		CreationStarted:   at(t0),
		Status:            persistence.ProjectionUncertain,
		Attempts:          3,
		NextAttemptAt:     t2,
		PendingSince:      at(t0),
		CreatedAt:         t0,
		UpdatedAt:         t1,
		LeaseOwner:        "worker-1",
		LeaseUntil:        at(t1),
		LastError:         "timeout creating deal",
		LastErrorKind:     domain.ErrorKindUncertain,
	}
}
