package persistence

import (
	"context"
	"fmt"
	"maps"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// The audit trail records who did what to whom, when and from where: every
// operator's and administrator's action. A day's entries are one partition,
// AUDIT#<yyyy-mm-dd> / <time>#<id>, so the newest entries of a day are one
// query and a range of days one query per day. One partition takes 1,000
// writes a second; people act at a few a second even in a large business,
// so the day needs no sharding. gsi1 lists a phone's entries,
// AUDITOF#<phone> / <time>#<id>, for a person's export and erasure.
const (
	auditPrefix   = "AUDIT#"
	auditOfPrefix = "AUDITOF#"
	auditDay      = "2006-01-02"
)

// AuditAPI is the Who of an action taken with the administration key, which
// names no person.
const AuditAPI = "api"

// MaxAuditEntries bounds the entries one listing returns.
const MaxAuditEntries = 1000

// AuditAction names what was done. The values are stored: never rename one.
type AuditAction string

// The actions the trail records.
const (
	AuditLogin        AuditAction = "login"
	AuditLoginFailed  AuditAction = "login_failed"
	AuditAdminLogin   AuditAction = "admin_login"
	AuditAdminFailed  AuditAction = "admin_login_failed"
	AuditClaim        AuditAction = "claim"
	AuditTakeover     AuditAction = "takeover"
	AuditSend         AuditAction = "send"
	AuditTemplate     AuditAction = "template"
	AuditTransfer     AuditAction = "transfer"
	AuditRelease      AuditAction = "release"
	AuditClose        AuditAction = "close"
	AuditReset        AuditAction = "reset"
	AuditLabel        AuditAction = "label"
	AuditNote         AuditAction = "note"
	AuditSettings     AuditAction = "settings"
	AuditSettingsBack AuditAction = "settings_restore"
	AuditExport       AuditAction = "export"
	AuditErase        AuditAction = "erase"
)

// AuditActions lists every action, in the order pages offer them.
var AuditActions = []AuditAction{
	AuditLogin, AuditLoginFailed, AuditAdminLogin, AuditAdminFailed, AuditClaim, AuditTakeover,
	AuditSend, AuditTemplate, AuditTransfer, AuditRelease, AuditClose, AuditReset, AuditLabel,
	AuditNote, AuditSettings, AuditSettingsBack, AuditExport, AuditErase,
}

// AuditEntry is one recorded action.
type AuditEntry struct {
	ID string    `dynamodbav:"audit_id" json:"id"`
	At time.Time `dynamodbav:"at" json:"at"`
	// Who is the operator's phone, or AuditAPI for the administration key.
	Who    string      `dynamodbav:"who" json:"who"`
	Action AuditAction `dynamodbav:"action" json:"action"`
	// Phone is the conversation's phone the action was on; empty for
	// logins and settings. It stays out of the process log.
	Phone     string `dynamodbav:"phone,omitempty" json:"phone,omitempty"`
	SessionID string `dynamodbav:"session_id,omitempty" json:"session_id,omitempty"`
	// Target is what else the action names: the operator a transfer hands
	// to, a label, a template, a settings document and its version.
	Target string `dynamodbav:"target,omitempty" json:"target,omitempty"`
	// Source is the client's address (login.Source), "whatsapp" for an
	// operator writing from their phone.
	Source string `dynamodbav:"source,omitempty" json:"source,omitempty"`
}

// Key is where e is stored: what a person's erasure deletes.
func (e AuditEntry) Key() Key { return Key{PK: auditPK(e.At), SK: auditSK(e)} }

func auditPK(day time.Time) string { return auditPrefix + day.UTC().Format(auditDay) }

func auditSK(e AuditEntry) string { return FormatTime(e.At) + "#" + e.ID }

func auditItem(e AuditEntry) (Item, error) {
	e.At = e.At.UTC()
	item, err := encodeRecord(e)
	if err != nil {
		return nil, fmt.Errorf("persistence: encode audit entry: %w", err)
	}
	item = withKeys(item, e.Key())
	if e.Phone != "" {
		item = withIndex(item, auditOfPrefix+e.Phone, auditSK(e))
	}
	return item, nil
}

// AuditTx is the write of e inside an operator command's transaction, so
// the action and its entry are stored together or not at all. Its ID is
// fresh for each commit built, so it needs no condition.
func AuditTx(e AuditEntry) (TxWrite, error) {
	item, err := auditItem(e)
	if err != nil {
		return TxWrite{}, err
	}
	return PutTx(item, nil), nil
}

// Audits stores and lists the audit trail. It is safe for concurrent use.
type Audits struct {
	table Table
}

// NewAudits returns the audit repository over table (wrap it with
// RetainAudit for the entries to expire).
func NewAudits(table Table) *Audits { return &Audits{table: table} }

// Record stores e; its ID must be unique (the caller makes a random one).
func (r *Audits) Record(ctx context.Context, e AuditEntry) error {
	item, err := auditItem(e)
	if err != nil {
		return err
	}
	if err := r.table.Put(ctx, item, NotExists(AttrPK).Ptr()); err != nil {
		return fmt.Errorf("persistence: record audit entry: %w", err)
	}
	return nil
}

// AuditFilter selects the entries from From up to (not including) To,
// optionally of one Who and one Action.
type AuditFilter struct {
	From, To time.Time
	Who      string
	Action   AuditAction
}

// MaxAuditDays bounds the days one listing reads: a query each.
const MaxAuditDays = 92

// List returns the entries f selects, newest first, at most
// MaxAuditEntries; more reports that older ones were left out.
func (r *Audits) List(ctx context.Context, f AuditFilter) (entries []AuditEntry, more bool, err error) {
	from, to := f.From.UTC().Truncate(24*time.Hour), f.To.Add(-time.Nanosecond).UTC().Truncate(24*time.Hour)
	if to.Sub(from) > MaxAuditDays*24*time.Hour {
		from = to.Add(-MaxAuditDays * 24 * time.Hour)
	}
	for day := to; !day.Before(from); day = day.Add(-24 * time.Hour) {
		items, err := queryAll(ctx, r.table, Query{PK: auditPK(day), Descending: true}, 0)
		if err != nil {
			return nil, false, fmt.Errorf("persistence: audit of %s: %w", day.Format(auditDay), err)
		}
		got, err := decodeRecords[AuditEntry](items, "audit entry")
		if err != nil {
			return nil, false, err
		}
		for _, e := range got {
			if e.At.Before(f.From) || !e.At.Before(f.To) ||
				f.Who != "" && e.Who != f.Who || f.Action != "" && e.Action != f.Action {
				continue
			}
			if len(entries) == MaxAuditEntries {
				return entries, true, nil
			}
			entries = append(entries, e)
		}
	}
	return entries, false, nil
}

// OfPhone returns the entries about phone, newest first: what a person's
// export holds and their erasure removes.
func (r *Audits) OfPhone(ctx context.Context, phone string) ([]AuditEntry, error) {
	items, err := queryIndexAll(ctx, r.table, IndexQuery{GSI1PK: auditOfPrefix + phone, Descending: true}, 0)
	if err != nil {
		return nil, fmt.Errorf("persistence: audit of a phone: %w", err)
	}
	return decodeRecords[AuditEntry](items, "audit entry")
}

// RetainAudit returns table with the audit entries it stores expiring
// retention after they were written (AUDIT_RETENTION): the stamp rides on
// the write, costing no request. With retention <= 0 entries are kept.
func RetainAudit(table Table, retention time.Duration, now func() time.Time) Table {
	if retention <= 0 {
		return table
	}
	return &auditRetained{Table: table, retention: retention, now: now}
}

type auditRetained struct {
	Table
	retention time.Duration
	now       func() time.Time
}

func (r *auditRetained) stamp(item Item) Item {
	pk, ok := item[AttrPK].(*types.AttributeValueMemberS)
	if !ok || !strings.HasPrefix(pk.Value, auditPrefix) {
		return item
	}
	stamped := maps.Clone(item)
	stamped[AttrTTL] = &types.AttributeValueMemberN{Value: strconv.FormatInt(r.now().Add(r.retention).Unix(), 10)}
	return stamped
}

func (r *auditRetained) Put(ctx context.Context, item Item, cond *Condition) error {
	return r.Table.Put(ctx, r.stamp(item), cond)
}

func (r *auditRetained) Transact(ctx context.Context, writes []TxWrite) error {
	stamped := make([]TxWrite, len(writes))
	for i, w := range writes {
		if w.Kind == TxPut {
			w.Item = r.stamp(w.Item)
		}
		stamped[i] = w
	}
	return r.Table.Transact(ctx, stamped)
}

// PersonAudit is the kind of a person's audit entries in their export.
const PersonAudit PersonKind = "audit"

// Kind makes the audit trail a PersonFinder: a person's export holds the
// entries about their phone, and their erasure removes them.
func (r *Audits) Kind() PersonKind { return PersonAudit }

// Find returns the audit entries about any of phones, as stored.
func (r *Audits) Find(ctx context.Context, phones []string) ([]Item, error) {
	var items []Item
	for _, phone := range phones {
		found, err := queryIndexAll(ctx, r.table, IndexQuery{GSI1PK: auditOfPrefix + phone}, 0)
		if err != nil {
			return nil, fmt.Errorf("persistence: audit entries of a person: %w", err)
		}
		items = append(items, found...)
	}
	return items, nil
}
