package businesshours

import "sync/atomic"

// Live is the hours in force and what a customer is told outside them,
// replaced whole when the owner saves the hours in /admin. The engine, the
// handoff clock, the operators' deferred notice and the console all read
// this one holder, so an edit reaches them together; reading it is an
// atomic load, never a table request. A nil *Live is always open with no
// message of its own.
type Live struct{ current atomic.Pointer[Schedule] }

// Schedule is one version of the hours setting.
type Schedule struct {
	Hours Hours
	// AfterHoursText is what a customer queued while closed is told, with
	// "{quando}" for the next opening; "" keeps the engine's default.
	AfterHoursText string
}

// NewLive returns a holder with s in force.
func NewLive(s Schedule) *Live {
	l := &Live{}
	l.Set(s)
	return l
}

// Set puts s in force.
func (l *Live) Set(s Schedule) { l.current.Store(&s) }

// Current is the schedule in force.
func (l *Live) Current() Schedule {
	if l == nil {
		return Schedule{}
	}
	return *l.current.Load()
}

// Hours is the hours in force.
func (l *Live) Hours() Hours { return l.Current().Hours }
