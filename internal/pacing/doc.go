// Package pacing spaces outbound calls to a provider's rate limit: a token
// bucket with a burst of one over an injectable clock, shared by the
// messaging adapter and the CRM and ERP clients.
//
// It imports nothing of Intake.
package pacing
