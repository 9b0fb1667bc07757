package domain_test

import "github.com/intake-runtime/intake/domain/domaintest"

// The fixtures are domaintest's, the one copy both domain and persistence test.
var (
	t0, t1, t2 = domaintest.T0, domaintest.T1, domaintest.T2
	at         = domaintest.At

	fullSession = domaintest.Session
	fullTurn    = domaintest.Turn
	fullDemand  = domaintest.Demand
	fullDesired = domaintest.Desired
)
