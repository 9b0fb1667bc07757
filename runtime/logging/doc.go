// Package logging builds Intake's one zap logger. Every entry goes both to
// the process output (a console encoder for the emulator, JSON for serve) and
// to a bounded in-process Ring that the dashboard reads and streams, so the
// local runner shows its own logs without a log stack. protoactor logs
// through log/slog; Slog bridges that into the same logger and ring, and
// Actor adds the rules that keep a member going away from logging errors.
// Capture turns what libraries print on stdout or through the log package
// into entries, so serve's output is JSON from its first line to its last.
//
// There is no global logger: New returns one and the composition root passes
// it down. logging imports no other Intake package but internal/redact.
package logging
