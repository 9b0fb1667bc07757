// Package messaging is Intake's platform-neutral messaging contract: what the
// webhook and the actors need of any business messaging platform, and
// [Replies], which sends one conversation's committed replies.
//
// # Inbound
//
// A platform's webhook parser (cloudapi.Parser for the Cloud API) turns a
// callback into a [Batch]: customer messages as [InboundMessage] (the sender
// normalized to "+digits" by [NormalizeSender], a Brazilian mobile with its
// ninth digit so one person is one identity, and the platform's own form
// kept in ReplyTo when it differs, for the replies), media as their caption or
// [Placeholder], unknown kinds as documents by [MediaType]), delivery
// statuses as [Status], and the items it could not use as [Rejection]s
// wrapping this package's errors. [Parser.ParseInternal] validates the
// internal route's payload, assigning a UUID when provider_message_id is
// absent and the default instance (the first configured one) when instance
// is absent.
//
// # Outbound
//
// [Sender] is what [Replies] call: Send for a text reply, MarkRead
// to mark a customer message read with the typing indicator. A platform's
// client implements it (cloudapi.Client); [Stub] records calls locally when
// MESSAGING_CLOUD_ENABLED=false; [Deliver] sends a reply's template through
// a [TemplateSender] when it has one. Every Sender returns the spec's
// domain.AdapterResult for every outcome; the error result is non-nil
// only when the caller is at fault (invalid arguments, checked alike by
// [CheckSend] and [CheckRead]: [ErrInvalidRecipient], [ErrEmptyText],
// [ErrTextTooLong], [ErrEmptyMessageID]) or its context ended, and even then
// the response is filled in, so code that only reads the response stays
// correct. The error kind tells the caller whether retrying can help:
// transient (the platform did not accept the message; retrying later may
// succeed), permanent (the same request will fail again), uncertain (the
// request was written but no answer came back: a blind retry may duplicate
// the message). [RecipientPauses] holds back the sends to a recipient the
// platform rate-limited on its own. The messagingtest package states this
// contract once as a suite (RunSender) that every Sender's tests run.
//
// [MediaSource] fetches a customer's file by the media ID the parser kept
// (domain.Media): the operator console and the dashboard serve it from
// their own URLs, and a voice note can be transcribed from it. A
// platform's media client implements it; [Stub] answers
// [ErrMediaUnavailable]. [ErrMediaNotFound] and [ErrMediaTooLarge] are its
// other failures.
//
// [Replies] works on its own lane beside the session actor, never in its
// mailbox: it sends a conversation's committed replies in commit order,
// records each step in its [Outbox], and retries transient failures as
// [Retry] paces them.
//
// Numbers people type (console login, take-over, operator lists) are read by
// [ParseTyped] in a default region, with github.com/nyaruka/phonenumbers, into
// the same identity form.
//
// Of Intake's packages it imports persistence and internal/pacing, recent
// and serial only;
// never http, runtime or emulator, nor a platform's package.
package messaging
