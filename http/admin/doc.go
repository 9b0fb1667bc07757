// Package admin serves Intake's admin surface:
//
//   - the inspection pages /admin (overview), /admin/demands,
//     /admin/llm-costs and /admin/alerts, server-rendered from embedded
//     html/template files, and POST /admin/reset. They are development
//     surfaces: the runtime's development gate hides them in production.
//   - the JSON API under /admin/api/*, which every deployment serves and
//     which checks its own key: header X-Admin-Key must equal the configured
//     key (compared in constant time). Without a configured key the API is
//     closed and answers 401, never 200.
//
// # Answers
//
// The API wraps its payload: {"session": {...}}, {"messages": [...]} (oldest
// first), {"projection": {...}}, {"demands": [...]} (newest first),
// {"prompt": {...}}, {"costs": [...], ...} and {"alerts": [...], ...}. Every
// failure answers {"error": {"code": "...", "message": "..."}} (http/httperr)
// with 400 (bad phone, session ID or query), 401 (key), 404 (nothing there),
// 413 (prompt too large), 422 (empty prompt) or 500. Phones are accepted with
// or without "+", URL-encoded or not.
//
// # Scans
//
// The overview's conversation and projection counts, the cost report and
// the message alerts read the whole table with Table.Scan, which the port
// reserves for maintenance: it suits the emulator's in-memory table and
// small deployments. A scan stops after MaxScanItems items and says so
// (scan.truncated). A large production table needs indexes for these views
// (sessions by state, messages with an error, model usage by day) instead.
// The handoff queue and the projection alerts come from their indexes
// (persistence.HandoffQueue, Projections.InStatus) and never scan.
//
// # Settings
//
// What the owner edits (prompts included) is a document versioned in the
// table through settings.Live (Config.Settings): a save checks the text,
// stores the next version and applies it on this node at once; the other
// nodes apply it at their next refresh (PROMPT_REFRESH). A restore is a new
// version with an old text, so the history only grows.
//
// It imports fiber, persistence, settings and actors/messaging (phone
// normalization); never runtime, emulator or cmd.
package admin
