// Package ses is the e-mail handoff notifier: it sends each handoff notice as
// one plain-text e-mail through Amazon SES v2 (SendEmail) from
// HANDOFF_EMAIL_FROM to HANDOFF_EMAIL_TO, with the subject and body composed
// by handoff.Compose from the session.
//
// Only the one SES call it makes is declared ([API]); *sesv2.Client satisfies
// it, tests run it against aws-ses-v2-local, and the emulator's in-memory
// mailer can stand in for it.
//
// It imports actors/handoff, internal/redact and persistence; never http,
// runtime or emulator.
package ses
