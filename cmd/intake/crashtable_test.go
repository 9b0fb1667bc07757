//go:build linux

package main_test

// What the table says about a run of the crash test (crash_test.go), read
// with a Scan and decoded with the persistence package.

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	ddbtypes "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// tableView is what the table says about a run.
type tableView struct {
	items    int                            // scanned, of every kind
	receipts map[string]persistence.Receipt // by platform message ID
	inbound  map[string]int                 // inbound log items by message ID
	// uncertain sums outbox_uncertain over the message log.
	uncertain int
	// outbox holds the committed replies (outbox entries) by recipient and
	// text.
	outbox map[sentText]outboxEntries
	// outboxNotSent counts committed replies whose outbox status is not
	// sent (pending, sending or failed).
	outboxNotSent int
	// The unfinished work: receipts without completed_at, replies waiting
	// for a send result, turns in debounce buffers, pending markers.
	openReceipts, openReplies, bufferedTurns, pendingMarked int
	// finals is each phone's final conversation, as a comparable line.
	finals map[string]string
}

// outboxEntries counts the outbox entries of one reply text and their
// uncertain sends.
type outboxEntries struct{ entries, uncertain int }

// fingerprint tells two reads of the table apart when a write landed
// during or between them. Every commit adds log items; the only items it
// deletes (a pending marker, an older release's debounce buffer) count as
// unfinished work, so a read that saw one is not settled. Items only added,
// equal counts on two settled reads mean the table held still.
func (v tableView) fingerprint() int { return v.items }

func (v tableView) unfinished() string {
	if v.openReceipts+v.openReplies+v.bufferedTurns+v.pendingMarked == 0 {
		return ""
	}
	return fmt.Sprintf("%d receipts not completed, %d replies without a send result, %d turns buffered, %d messages marked pending",
		v.openReceipts, v.openReplies, v.bufferedTurns, v.pendingMarked)
}

// view scans the run's table and decodes it with the persistence package.
func (r *crashRun) view(t *testing.T, ctx context.Context) tableView {
	t.Helper()
	v := tableView{
		receipts: map[string]persistence.Receipt{}, inbound: map[string]int{},
		outbox: map[sentText]outboxEntries{}, finals: map[string]string{},
	}
	pointers := map[string]string{}           // phone → active session ID
	sessions := map[string][]domain.Session{} // phone → sessions
	messages := map[string][]domain.Message{} // session ID → log
	var start persistence.Item
	for {
		out, err := r.env.db.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String(r.table), ExclusiveStartKey: start, ConsistentRead: aws.Bool(true)})
		if err != nil {
			if ctx.Err() != nil {
				return v
			}
			t.Fatalf("%s: scan the table: %v", r.name, err)
		}
		v.items += len(out.Items)
		for _, item := range out.Items {
			pk, sk := attrString(item, persistence.AttrPK), attrString(item, persistence.AttrSK)
			var err error
			switch {
			case strings.HasPrefix(pk, "RECEIPT#") && sk == persistence.ReceiptSK:
				var rec persistence.Receipt
				if rec, err = persistence.DecodeReceipt(item); err == nil {
					v.receipts[rec.MessageID] = rec
					if rec.CompletedAt == nil {
						v.openReceipts++
					}
				}
			case strings.HasPrefix(pk, "RECEIPT#") && sk == persistence.LatestSK:
				var m persistence.LatestMarker
				if m, err = persistence.DecodeLatestMarker(item); err == nil {
					v.pendingMarked += len(m.PendingMessageIDs)
				}
			case strings.HasPrefix(pk, "DEBOUNCE#"):
				var b persistence.DebounceBuffer
				if b, err = persistence.DecodeBuffer(item); err == nil {
					v.bufferedTurns += len(b.Turns)
				}
			case strings.HasPrefix(pk, "SESSION#") && sk == persistence.ActiveSK:
				pointers[strings.TrimPrefix(pk, "SESSION#")] = attrString(item, "session_id")
			case strings.HasPrefix(pk, "SESSION#") && strings.HasPrefix(sk, "S#"):
				var s domain.Session
				if s, err = persistence.DecodeSession(item); err == nil {
					sessions[s.PhoneNumber] = append(sessions[s.PhoneNumber], s)
				}
			case strings.HasPrefix(pk, "SESSION#") && strings.HasPrefix(sk, "M#"):
				var m domain.Message
				if m, err = persistence.DecodeMessage(item); err == nil {
					messages[m.SessionID] = append(messages[m.SessionID], m)
					v.uncertain += m.OutboxUncertain
					if m.Direction == domain.DirectionInbound {
						v.inbound[m.MessageID]++
					}
					if m.Unfinished() {
						v.openReplies++
					}
					if m.OutboxStatus != "" {
						key := sentText{strings.TrimPrefix(m.PhoneNumber, "+"), m.Content}
						e := v.outbox[key]
						e.entries++
						e.uncertain += m.OutboxUncertain
						v.outbox[key] = e
						if m.OutboxStatus != domain.OutboxSent {
							v.outboxNotSent++
						}
					}
				}
			}
			if err != nil {
				t.Fatalf("%s: item %s / %s: %v", r.name, pk, sk, err)
			}
		}
		if len(out.LastEvaluatedKey) == 0 {
			break
		}
		start = out.LastEvaluatedKey
	}
	for phone, list := range sessions {
		v.finals[phone] = finalLine(pointers[phone], list, messages)
	}
	return v
}

// settle reads the table until it shows no unfinished work and done holds,
// for at most within, and returns the last read and whether it settled. A
// settled read counts only when the read before it was settled too and found
// the same items: a scan is no snapshot, and one that a commit overtakes half
// way can see a message's receipt completed but not its log item, or miss
// both. When within runs out, the read its end cut short (a partial view,
// which would report every message lost) is not used: two full reads decide.
func (r *crashRun) settle(t *testing.T, ctx context.Context, within time.Duration, done func() bool) (tableView, bool) {
	t.Helper()
	ctx, cancel := context.WithTimeout(ctx, within)
	defer cancel()
	var last tableView
	lastSettled := false
	for ctx.Err() == nil {
		v := r.view(t, ctx)
		if ctx.Err() != nil {
			break // v may be partial
		}
		settled := v.unfinished() == "" && done()
		if settled && lastSettled && v.fingerprint() == last.fingerprint() {
			return v, true
		}
		last, lastSettled = v, settled
		time.Sleep(250 * time.Millisecond)
	}
	// Out of time: two full reads, settled only if they agree.
	full, cancelFull := context.WithTimeout(context.Background(), time.Minute)
	defer cancelFull()
	first, second := r.view(t, full), r.view(t, full)
	settled := second.unfinished() == "" && done() && first.fingerprint() == second.fingerprint()
	return second, settled
}

// dumpTable writes every item of the run's table to path, one JSON object
// per line, for the post-mortem of a failed run.
func (r *crashRun) dumpTable(t *testing.T, path string) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Logf("%s: dump the table: %v", r.name, err)
		return
	}
	defer f.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	enc := json.NewEncoder(f)
	dec := attributevalue.NewDecoder(func(o *attributevalue.DecoderOptions) { o.UseNumber = true })
	var start persistence.Item
	for {
		out, err := r.env.db.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String(r.table), ExclusiveStartKey: start, ConsistentRead: aws.Bool(true)})
		if err != nil {
			t.Logf("%s: dump the table: %v", r.name, err)
			return
		}
		for _, item := range out.Items {
			var fields map[string]any
			if err := dec.Decode(&ddbtypes.AttributeValueMemberM{Value: item}, &fields); err == nil {
				err = enc.Encode(fields)
			}
			if err != nil {
				t.Logf("%s: dump the table: %v", r.name, err)
				return
			}
		}
		if len(out.LastEvaluatedKey) == 0 {
			return
		}
		start = out.LastEvaluatedKey
	}
}

// finalLine describes a phone's final conversation: the session its active
// pointer names, else its latest one.
func finalLine(pointer string, list []domain.Session, messages map[string][]domain.Message) string {
	sort.Slice(list, func(i, j int) bool { return list[i].CreatedAt.Before(list[j].CreatedAt) })
	final := list[len(list)-1]
	for _, s := range list {
		if s.SessionID == pointer {
			final = s
		}
	}
	count := map[domain.Direction]int{}
	replies := 0
	for _, m := range messages[final.SessionID] {
		count[m.Direction]++
		if m.Direction == domain.DirectionOutbound && m.CleanMessageSent != "" {
			replies++
		}
	}
	qd, _ := json.Marshal(final.QualificationData)
	summary := "none"
	if o := final.OperationalSummary.Structured; o != nil {
		summary = o.MotivoEncerramento
	}
	return fmt.Sprintf("sessions=%d state=%s agent=%s service=%q segment=%q intent=%q qualification=%s "+
		"inbound=%d outbound=%d system=%d replies=%d summary=%q active=%t",
		len(list), final.State, final.CurrentAgent, final.ServiceIdentified, final.Segment, final.Intent, qd,
		count[domain.DirectionInbound], count[domain.DirectionOutbound], count[domain.DirectionSystem],
		replies, summary, pointer == final.SessionID)
}

// attrString is a string attribute of an item, "" when absent.
func attrString(item persistence.Item, name string) string {
	if s, ok := item[name].(*ddbtypes.AttributeValueMemberS); ok {
		return s.Value
	}
	return ""
}
