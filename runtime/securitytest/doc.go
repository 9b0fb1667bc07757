// Package securitytest is Intake's probe suite: what was tried from the
// outside against the whole application (bad webhook inputs, auth probes,
// cookie forgery, cross-site posts, script injection in a real browser,
// slow clients, a stalled table under load, leaking provider secrets), kept
// as tests that assert each refusal, so that it stays refused. It runs with
// `go test ./...` (and so `make test`); the fuzz targets of the parsers run
// for a bounded time with `make fuzz`.
//
// It holds tests only: nothing imports it.
package securitytest
