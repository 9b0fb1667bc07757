// Package businesshours is when people answer: the weekly windows of
// BUSINESS_HOURS in the business's zone (UI_TIMEZONE), less the holidays
// the owner closes all day. A handoff outside
// them tells the customer when a person will reply, the operators' notice
// waits for the opening, and the renotification clock only runs while the
// business is open; the console shows whether it is open now.
//
// The zero Hours is always open, so a deployment without BUSINESS_HOURS
// behaves as before. Hours is an immutable value, safe for concurrent use;
// the owner's edits in /admin replace it whole in a Live, the one holder
// every reader is given.
//
// It sits below every layer beside locale and imports no other Intake
// package but locale.
package businesshours
