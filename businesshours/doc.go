// Package businesshours is when people answer: the weekly windows of
// BUSINESS_HOURS in the business's zone (UI_TIMEZONE). A handoff outside
// them tells the customer when a person will reply, the operators' notice
// waits for the opening, and the renotification clock only runs while the
// business is open; the console shows whether it is open now.
//
// The zero Hours is always open, so a deployment without BUSINESS_HOURS
// behaves as before. Hours is an immutable value, parsed once in runtime and
// passed down, safe for concurrent use.
//
// It sits below every layer beside locale and imports no other Intake
// package but locale.
package businesshours
