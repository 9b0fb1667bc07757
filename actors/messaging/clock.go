package messaging

import "github.com/intake-runtime/intake/internal/pacing"

// Clock is the time source of pacing and backoff. Tests inject a fake whose
// Sleep advances its own time at once, so pacing is checked by counting and
// ordering, never by measuring wall-clock time.
type Clock = pacing.Clock

// SystemClock is the real clock.
type SystemClock = pacing.SystemClock
