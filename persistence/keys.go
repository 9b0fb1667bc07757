package persistence

import (
	"fmt"
	"time"
)

// The key schema of the one table (docs/architecture.md, "Key schema").
// Everything that
// belongs to a phone's conversations lives in its SESSION# partition, so
// clear-chat and history are single-partition queries.
const (
	// ActiveSK is the sort key of the pointer to a phone's active session.
	ActiveSK = "ACTIVE"
	// ResetPointer is the active pointer's value after an admin reset: the
	// phone has no active session, its history stays.
	ResetPointer = "<reset>"
	// BufferSK is the sort key of a phone's debounce buffer.
	BufferSK = "BUFFER"
	// ReceiptSK is the sort key of an inbound message receipt.
	ReceiptSK = "RECEIPT"
	// LatestSK is the sort key of a phone's pending-message marker.
	LatestSK = "latest"
	// ProjectionSK is the sort key of a session's CRM projection.
	ProjectionSK = "META"
	// DemandPK is the one partition of out-of-portfolio demands.
	DemandPK = "DEMAND"
)

// SessionPK is the partition of a phone's sessions, active pointer and
// message log.
func SessionPK(phone string) string { return "SESSION#" + phone }

// SessionSK is the sort key of one session.
func SessionSK(sessionID string) string { return sessionSKPrefix + sessionID }

// Sort key prefixes of a phone's partition: sessionSKPrefix selects its
// sessions, messageSKPrefix its message log.
const (
	sessionSKPrefix = "S#"
	messageSKPrefix = "M#"
)

// MessageSK is the sort key of one message log item. The fixed-width UTC
// timestamp makes a session's messages sort oldest first; the message ID keeps
// two messages of the same instant apart.
func MessageSK(sessionID string, ts time.Time, messageID string) string {
	return MessagePrefix(sessionID) + FormatTime(ts) + "#" + messageID
}

// MessagePrefix selects the message log of one session.
func MessagePrefix(sessionID string) string { return messageSKPrefix + sessionID + "#" }

// DebouncePK is the partition of a phone's debounce buffer.
func DebouncePK(phone string) string { return "DEBOUNCE#" + phone }

// ReceiptPK is the partition of the receipt of one platform message ID.
func ReceiptPK(platformMessageID string) string { return "RECEIPT#" + platformMessageID }

// LatestPK is the partition of a phone's pending-message marker. It shares the
// RECEIPT# prefix with receipts, as the design's schema has it; the sort key
// tells them apart.
func LatestPK(phone string) string { return "RECEIPT#" + phone }

// ProjectionPK is the partition of a session's CRM projection.
func ProjectionPK(sessionID string) string { return "CRM_SYNC#" + sessionID }

// ProjectionIndexPK is the gsi1 partition of a session's projection while it
// is in status. The due statuses (PENDING and UNCERTAIN, between which a
// projection moves without changing partition) are spread over the session's
// shard: every turn that changes a CRM intent writes there, and one key for
// all of them would cap the service at one partition's write rate. BLOCKED
// keeps one partition: only the sync job writes it, on a permanent failure.
// SYNCED projections leave the index, which keeps it as small as the backlog.
func ProjectionIndexPK(status ProjectionStatus, sessionID string) string {
	if !status.due() {
		return legacyProjectionIndexPK(status)
	}
	return projectionDuePK(WorkShard(sessionID))
}

// projectionDuePK is one shard of the due projections' partitions.
func projectionDuePK(shard int) string { return fmt.Sprintf("CRM_SYNC#DUE#%02d", shard) }

// legacyProjectionIndexPK is the one partition per status every projection
// was indexed under before the due ones were sharded. The sync job still
// reads the due ones, so a backlog an upgrade left there is synced; leasing
// a projection moves it to its shard.
func legacyProjectionIndexPK(status ProjectionStatus) string { return "CRM_SYNC#" + string(status) }

// ProjectionIndexSK orders a projection index partition by next attempt time.
func ProjectionIndexSK(nextAttemptAt time.Time, sessionID string) string {
	return FormatTime(nextAttemptAt) + "#" + sessionID
}

// dueUpTo is the IndexQuery.SKUpTo that keeps the index entries due at or
// before now: '$' sorts right after the '#' that follows the timestamp.
func dueUpTo(now time.Time) string { return FormatTime(now) + "$" }

// ProviderIndexPK is the gsi1 partition that finds an outbound message by the
// platform's message ID, for delivery statuses. Its gsi1sk is the message's
// sort key.
func ProviderIndexPK(providerMessageID string) string { return "PMID#" + providerMessageID }

// DemandSK orders demands by creation time.
func DemandSK(createdAt time.Time, demandID string) string {
	return FormatTime(createdAt) + "#" + demandID
}
