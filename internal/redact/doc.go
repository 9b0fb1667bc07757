// Package redact is Intake's one rule for provider text that may carry a
// credential: every outbound client (the model, messaging, CRM, ERP, the
// e-mail notifier) passes a provider's error text through a Redactor before
// it reaches a log line, a stored item or an API answer.
//
// A Redactor removes the secrets it was given (the client's own token or
// key) and anything shaped like one whatever its source: an Authorization
// bearer value, an OpenAI-style "sk-" key, a Meta-style "EAA" access token,
// and the value of a key=value or "key": "value" pair whose key names a
// credential (api_key, access_token, secret, password, ...). Providers echo
// keys in their errors ("Incorrect API key provided: sk-..."): a shape rule
// catches the key of another account too, which a literal rule cannot.
//
// It is also the one rule for phone numbers in logs: MaskPhone keeps the
// last four digits, Phone is the log field built on it, and Phones masks
// the numbers inside a longer text (a table key, a provider's error). No log
// line, at any level, holds a customer's or an operator's whole number.
//
// It imports nothing of Intake's.
package redact
