package persistence

import (
	"fmt"

	"github.com/intake-runtime/intake/domain"
)

// SessionIndexPK is the gsi1 partition of one shard of the sessions in
// state, for the admin and console lists. A session outside the handoff
// queue (which keeps its own partition, HANDOFF) is indexed here by the
// session encoder, so every session is in gsi1 under exactly one key and the
// lists are index queries, never a scan. The shard is the phone's work shard:
// every turn writes its session, and one key per state would cap the
// service at one partition's write rate.
func SessionIndexPK(state domain.SessionState, shard int) string {
	return fmt.Sprintf("SESSIONS#%s#%02d", state, shard)
}

// SessionIndexSK orders a session index partition by creation time; the
// session ID keeps two sessions of the same instant apart. Creation time
// never changes, so a session does not move within its partition while a
// list pages through it.
func SessionIndexSK(s domain.Session) string { return FormatTime(s.CreatedAt) + "#" + s.SessionID }

// sessionIndexKeys are the gsi1 keys of s: the handoff queue while it waits
// for or is held by an operator, its state's shard otherwise.
func sessionIndexKeys(s domain.Session) (pk, sk string) {
	if inHandoffQueue(s) {
		return HandoffIndexPK, HandoffIndexSK(s)
	}
	return SessionIndexPK(s.State, WorkShard(s.PhoneNumber)), SessionIndexSK(s)
}

// queued reports whether sessions in state s are always in the handoff
// queue, never in a state shard.
func queued(s domain.SessionState) bool { return s == domain.StateHandoff || s == domain.StateHuman }

// mayQueue reports whether a session in state s can be in the handoff
// queue: HANDOFF and HUMAN always are, COMPLETED when it waits for the sale.
func mayQueue(s domain.SessionState) bool { return queued(s) || s == domain.StateCompleted }
