// Package login holds the WhatsApp-code login that the operator console and
// the admin pages share: the code rules and throttles (codes.go), the
// table-backed sessions behind a cookie (sessions.go) and the client
// address the throttles count by (source.go). Each surface keeps its own
// pages, its own list of who may log in and its own cookie; the rules are
// one copy, so the two cannot drift apart.
package login
