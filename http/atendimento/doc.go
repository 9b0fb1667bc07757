// Package atendimento is the operator console at /atendimento: human
// operators log in with their messaging number, watch the collaborative
// handoff queue live, claim a conversation, read its history, write to the
// customer inside the platform's 24-hour customer-service window, release it
// back to the queue or close it.
//
// # Login
//
// An operator enters a number of the operator roster (which OPERATOR_PHONES
// seeds and admins edit), not disabled, and receives a 6-digit
// code through the messaging platform (the Sender; with the local messaging
// stub the code is also logged at INFO, since nothing is delivered: sendCode
// is the one place a code surfaces, for such a hook). The code expires after
// five minutes and only the address that asked for it can use it, once. The
// answers never tell whether a number is an operator's: unknown numbers get
// the same pages and statuses and are throttled the same way; the code is
// sent in the background so response times do not tell either.
//
// Wrong codes are counted per number and address, and per address over
// every number; past a few, that address waits before each next try, the
// wait doubling up to fifteen minutes (codes.go). What one address does
// never voids the code of, nor blocks, an operator at another. Behind
// Config.TrustedProxies the address is the one they forwarded (source.go).
//
// A correct code starts a session: a random 256-bit ID in a cookie
// (HttpOnly, SameSite=Strict, scoped to /atendimento, Secure unless
// PUBLIC_BASE_URL is plain http) and the session in the table, keyed by a
// hash of the ID. Nothing is signed, so no key (the admin key least of all)
// can mint a session; logout and expiry revoke it on every node, and
// disabling an operator in the roster shuts their sessions out at the next
// request. Codes, counters and sessions all live in the table (persistence
// Logins and OperatorSessions), so the console works across nodes.
//
// # Conversations
//
// Pages are rendered on the server (html/template through
// gofiber/template/html, embedded); a little vanilla JavaScript polls the
// JSON endpoints every two seconds, so new conversations and messages appear
// without reloading, and posts the operator's actions. Claim, send, release
// and close go through the session actor of the conversation
// (Deps.Conversations), never to the table directly, so they are
// serialised with the customer's own turns and two operators claiming
// together get one winner.
//
// A customer's photo, voice note, video or document shows in the
// conversation (an image, a player, a link) from
// /atendimento/media/{phone}/{session}/{message}: the route wants the
// operator's session, finds the message in that conversation's log, and
// fetches the file from the platform then (Deps.Media, bounded by
// MEDIA_MAX_BYTES), so the page never holds the platform's URL or token.
//
// The queue page is a live inbox: waits tick every second and turn red once
// a waiting customer is past HANDOFF_SLA (Config.SLA); the conversations an
// operator holds carry the count of the customer's messages, from which the
// script draws unread badges against the count the operator's browser saw
// last (localStorage: per browser, no table writes); a button turns on a
// desktop notification and a sound for each new handoff (browsers require
// the click). The arrow keys move through the queue, Ctrl+Enter sends.
//
// Every text is the catalogue's (text_<area>.go; pt-BR by default, English
// with UI_LANG=en), dates are shown in UI_TIMEZONE, and the JSON errors the
// page shows are in the page's language too (failures.go).
//
// JSON endpoints answer errors as {"error": {"code", "message"}} (http/httperr).
//
// It may import actors and persistence; never runtime, emulator or cmd.
package atendimento
