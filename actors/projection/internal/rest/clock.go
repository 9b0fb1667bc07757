package rest

import "github.com/intake-runtime/intake/internal/pacing"

// Clock is the time source of pacing and of 429 waits. Tests inject one whose
// Sleep returns at once, so waits are checked by what was asked, never by
// measuring wall-clock time.
type Clock = pacing.Clock

// SystemClock is the real clock.
type SystemClock = pacing.SystemClock
