package persistence

import (
	"fmt"
	"time"

	"github.com/intake-runtime/intake/domain"
)

// ProjectionStatus is the sync status of a CRM projection: of the CRM, and of
// the ERP customer when the desired state holds one. It is not a SessionState.
type ProjectionStatus string

// The projection statuses.
const (
	// ProjectionPending: the CRM has not confirmed the desired revision yet,
	// or the ERP the desired customer.
	ProjectionPending ProjectionStatus = "PENDING"
	// ProjectionSynced: the CRM holds the desired revision and the ERP the
	// desired customer, if any.
	ProjectionSynced ProjectionStatus = "SYNCED"
	// ProjectionBlocked: a permanent failure needs a person; no retries.
	ProjectionBlocked ProjectionStatus = "BLOCKED"
	// ProjectionUncertain: a call may or may not have taken effect; the next
	// attempt must look before it writes.
	ProjectionUncertain ProjectionStatus = "UNCERTAIN"
)

// due reports whether the sync job works on projections in status s.
func (s ProjectionStatus) due() bool { return s == ProjectionPending || s == ProjectionUncertain }

// indexed reports whether projections in status s are kept in gsi1: the due
// ones, and BLOCKED so the sync job can count them.
func (s ProjectionStatus) indexed() bool { return s.due() || s == ProjectionBlocked }

// CRMProjection is the durable intent of a session's CRM state and ERP
// customer (spec "CRM sync projection"), converged by the sync job.
type CRMProjection struct {
	SessionID string         `dynamodbav:"session_id" json:"session_id"`
	Desired   domain.Desired `dynamodbav:"desired" json:"desired"`
	// Revision is domain.Revision(Desired); ConfirmedRevision the last one the CRM
	// confirmed.
	Revision          string `dynamodbav:"revision" json:"revision"`
	ConfirmedRevision string `dynamodbav:"confirmed_revision,omitempty" json:"confirmed_revision,omitempty"`
	ETag              string `dynamodbav:"etag,omitempty" json:"etag,omitempty"`
	ContactID         string `dynamodbav:"contact_id,omitempty" json:"contact_id,omitempty"`
	DealID            string `dynamodbav:"deal_id,omitempty" json:"deal_id,omitempty"`
	// CreationStarted is when a worker first began creating the CRM contact or
	// deal; nil before. A timestamp rather than a flag: a set value without
	// IDs means an earlier create may have succeeded unseen, and its age tells
	// the worker how long ago.
	CreationStarted *time.Time `dynamodbav:"creation_started,omitempty" json:"creation_started,omitempty"`

	// ERPCustomerID is the ERP's ID of the desired customer and ERPSyncedAt
	// when the ERP confirmed it (created or found by document); both empty
	// before. The customer is made once: a later revision does not send it
	// again. ERPLastError is the ERP's last failure, kept until it confirms
	// the customer (LastError is the failure that ended the last attempt, of
	// either system).
	ERPCustomerID string     `dynamodbav:"erp_customer_id,omitempty" json:"erp_customer_id,omitempty"`
	ERPSyncedAt   *time.Time `dynamodbav:"erp_synced_at,omitempty" json:"erp_synced_at,omitempty"`
	ERPLastError  string     `dynamodbav:"erp_last_error,omitempty" json:"erp_last_error,omitempty"`

	Status ProjectionStatus `dynamodbav:"status" json:"status"`
	// Attempts counts leases taken on the current revision.
	Attempts      int       `dynamodbav:"attempts" json:"attempts"`
	NextAttemptAt time.Time `dynamodbav:"next_attempt_at" json:"next_attempt_at"`
	// PendingSince is when the projection last left SYNCED; nil while synced.
	PendingSince *time.Time `dynamodbav:"pending_since,omitempty" json:"pending_since,omitempty"`
	CreatedAt    time.Time  `dynamodbav:"created_at" json:"created_at"`
	UpdatedAt    time.Time  `dynamodbav:"updated_at" json:"updated_at"`

	LeaseOwner    string           `dynamodbav:"lease_owner,omitempty" json:"lease_owner,omitempty"`
	LeaseUntil    *time.Time       `dynamodbav:"lease_until,omitempty" json:"lease_until,omitempty"`
	LastError     string           `dynamodbav:"last_error,omitempty" json:"last_error,omitempty"`
	LastErrorKind domain.ErrorKind `dynamodbav:"last_error_kind,omitempty" json:"last_error_kind,omitempty"`
}

// CRMConfirmed reports whether the CRM confirmed the desired revision.
func (p CRMProjection) CRMConfirmed() bool {
	return p.ConfirmedRevision != "" && p.ConfirmedRevision == p.Revision
}

// ERPWanted reports whether the desired state holds a customer the ERP has
// not confirmed yet.
func (p CRMProjection) ERPWanted() bool { return len(p.Desired.Customer) > 0 && p.ERPSyncedAt == nil }

// Key is where the projection is stored.
func (p CRMProjection) Key() Key { return Key{PK: ProjectionPK(p.SessionID), SK: ProjectionSK} }

// EncodeProjection returns the stored item of p, keys included; projections
// in an indexed status also get their gsi1 keys.
func EncodeProjection(p CRMProjection) (Item, error) {
	p.Desired.Normalize()
	item, err := encodeRecord(p)
	if err != nil {
		return nil, fmt.Errorf("persistence: encode projection %s: %w", p.SessionID, err)
	}
	if p.Status.indexed() {
		withIndex(item, ProjectionIndexPK(p.Status, p.SessionID), ProjectionIndexSK(p.NextAttemptAt, p.SessionID))
	}
	return withKeys(item, p.Key()), nil
}

// DecodeProjection reads a stored projection item.
func DecodeProjection(item Item) (CRMProjection, error) {
	var p CRMProjection
	if err := decodeRecord(item, &p); err != nil {
		return CRMProjection{}, fmt.Errorf("persistence: decode projection: %w", err)
	}
	p.Desired.Normalize()
	if p.Status == "" {
		p.Status = ProjectionPending
	}
	return p, nil
}
