// Package atendimento is the operator console at /atendimento: human
// operators log in with their messaging number, watch the collaborative
// handoff queue live, claim a conversation, read its history, write to the
// customer inside the platform's 24-hour customer-service window, release it
// back to the queue or close it.
//
// # Login
//
// An operator enters a number from OPERATOR_PHONES and receives a 6-digit
// code through the messaging platform (the Sender; with the local messaging
// stub the code is also logged at INFO, since nothing is delivered). The code
// expires after five minutes; five wrong tries lock the number for fifteen
// minutes. The answers never tell whether a number is an operator's: unknown
// numbers get the same pages and statuses, can be locked the same way, and
// membership and codes are compared in constant time; the code is sent in
// the background so response times do not tell either. A correct code sets a
// session cookie: HttpOnly, SameSite=Strict, scoped to /atendimento, signed
// with HMAC-SHA256 under Config.CookieKey and holding only the operator's
// number and its expiry. Removing a number from OPERATOR_PHONES shuts its
// cookies out at the next request.
//
// Codes and locks live in the process's memory: a multi-node deployment must
// route one operator's login to one node (or share the cookie key and accept
// per-node lock counters).
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
// JSON endpoints answer errors as {"error": {"code", "message"}} (http/httperr).
//
// It may import actors and persistence; never runtime, emulator or cmd.
package atendimento
