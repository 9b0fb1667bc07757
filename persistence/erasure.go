package persistence

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"time"
)

// An erasure deletes everything held about a person (LGPD's right to
// deletion) and leaves a tombstone that proves it happened without keeping
// the number:
//
//	ERASURE / SALT                         the random salt of the phone hashes
//	ERASURE#<hash> / PENDING               an erasure begun and not finished
//	ERASURE#<hash> / DONE#<time>           the tombstone of a finished one
//
// The hash is SHA-256 over the salt and the canonical number: the same
// person always gets the same hash, so a rerun finds its pending erasure and
// a later question ("was this number erased?") finds the tombstone, while the
// table alone does not spell the number. The salt lives in the table, so
// whoever can read the whole table could still try every number: the hash
// keeps the number out of sight, it is not a secret.
const (
	erasurePK       = "ERASURE"
	erasureSaltSK   = "SALT"
	erasurePending  = "PENDING"
	erasureDoneFor  = "DONE#"
	eraseBatchItems = 25 // DynamoDB's BatchWriteItem limit
)

func erasureKey(hash, sk string) Key { return Key{PK: erasurePK + "#" + hash, SK: sk} }

// ExternalRecord is a record about the person in the CRM or ERP, which an
// erasure here cannot reach: the business deletes it there.
type ExternalRecord struct {
	// System is "crm" or "erp"; Kind "contact", "deal" or "customer".
	System    string `dynamodbav:"system" json:"system"`
	Kind      string `dynamodbav:"kind" json:"kind"`
	ID        string `dynamodbav:"id" json:"id"`
	SessionID string `dynamodbav:"session_id" json:"session_id"`
}

// Erasure is the record of one erasure: the pending marker while it runs,
// the tombstone after.
type Erasure struct {
	PhoneHash string `dynamodbav:"phone_hash" json:"phone_hash"`
	// RequestedBy is who asked: "api" for the admin key, the admin's phone
	// on a page.
	RequestedBy string     `dynamodbav:"requested_by" json:"requested_by"`
	StartedAt   time.Time  `dynamodbav:"started_at" json:"started_at"`
	ErasedAt    *time.Time `dynamodbav:"erased_at,omitempty" json:"erased_at,omitempty"`
	// Records are the CRM and ERP records the business must delete there,
	// gathered before the first item was deleted.
	Records []ExternalRecord `dynamodbav:"records" json:"records"`
	// Items is how many items the run that finished deleted (a rerun after
	// a crash counts only its own).
	Items int `dynamodbav:"items" json:"items"`
}

// ExternalRecords lists the CRM contact and deal and the ERP customer of
// every session and projection held, once each.
func (d PersonData) ExternalRecords() []ExternalRecord {
	var out []ExternalRecord
	add := func(system, kind, id, session string) {
		r := ExternalRecord{System: system, Kind: kind, ID: id, SessionID: session}
		if id != "" && !slices.ContainsFunc(out, func(o ExternalRecord) bool { return o.System == system && o.Kind == kind && o.ID == id }) {
			out = append(out, r)
		}
	}
	for _, item := range d.Items[PersonProjections] {
		session := stringAttr(item, attrActiveID)
		add("crm", "contact", stringAttr(item, "contact_id"), session)
		add("crm", "deal", stringAttr(item, "deal_id"), session)
		add("erp", "customer", stringAttr(item, "erp_customer_id"), session)
	}
	for _, item := range d.Items[PersonSessions] {
		session := stringAttr(item, attrActiveID)
		add("crm", "contact", stringAttr(item, "crm_contact_id"), session)
		add("crm", "deal", stringAttr(item, "crm_deal_id"), session)
	}
	return out
}

// PhoneHash is the salted hash an erasure's items are keyed by (see above);
// the salt is made on first use.
func (r *People) PhoneHash(ctx context.Context, canonical string) (string, error) {
	salt, err := r.salt(ctx)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256([]byte(salt + canonical))
	return hex.EncodeToString(sum[:]), nil
}

func (r *People) salt(ctx context.Context) (string, error) {
	key := Key{PK: erasurePK, SK: erasureSaltSK}
	for range 2 {
		item, err := r.table.Get(ctx, key)
		if err == nil {
			return stringAttr(item, "salt"), nil
		}
		if !errors.Is(err, ErrNotFound) {
			return "", fmt.Errorf("persistence: erasure salt: %w", err)
		}
		err = r.table.Put(ctx, withKeys(Item{"salt": str(rand.Text())}, key), NotExists(AttrPK).Ptr())
		if err != nil && !errors.Is(err, ErrConflict) {
			return "", fmt.Errorf("persistence: erasure salt: %w", err)
		}
	}
	return "", errors.New("persistence: erasure salt: not readable after its write")
}

// Erase deletes every item Find finds for phones (the canonical form
// first), in batches of at most 25, and leaves the tombstone. It first
// stores a pending marker holding the CRM and ERP records (which the
// deletions then make unfindable), so rerunning Erase after a crash, with
// any requester, finishes the same erasure with the same records. An
// erasure of a person with nothing held still leaves a tombstone.
func (r *People) Erase(ctx context.Context, phones []string, by string, now time.Time) (Erasure, error) {
	hash, err := r.PhoneHash(ctx, phones[0])
	if err != nil {
		return Erasure{}, err
	}
	data, err := r.Find(ctx, phones)
	if err != nil {
		return Erasure{}, err
	}
	e, err := r.begin(ctx, hash, data, by, now)
	if err != nil {
		return Erasure{}, err
	}
	var keys []Key
	for _, kind := range r.order() {
		for _, item := range data.Items[kind] {
			keys = append(keys, KeyOf(item))
		}
	}
	for batch := range slices.Chunk(keys, eraseBatchItems) {
		if err := r.table.BatchWrite(ctx, nil, batch); err != nil {
			return Erasure{}, fmt.Errorf("persistence: erase person: %w", err)
		}
	}
	e.Items = len(keys)
	at := now.UTC()
	e.ErasedAt = &at
	tomb, err := encodeRecord(e)
	if err != nil {
		return Erasure{}, fmt.Errorf("persistence: encode tombstone: %w", err)
	}
	err = r.table.Transact(ctx, []TxWrite{
		PutTx(withKeys(tomb, erasureKey(hash, erasureDoneFor+FormatTime(at))), nil),
		DeleteTx(erasureKey(hash, erasurePending), nil),
	})
	if err != nil {
		return Erasure{}, fmt.Errorf("persistence: write tombstone: %w", err)
	}
	return e, nil
}

// order is eraseOrder with the finders' kinds before the phone's own
// partition.
func (r *People) order() []PersonKind {
	order := slices.Clone(eraseOrder[:len(eraseOrder)-3])
	for _, f := range r.finders {
		order = append(order, f.Kind())
	}
	return append(order, eraseOrder[len(eraseOrder)-3:]...)
}

// begin returns the pending erasure of hash, storing it first when there is
// none; records found now that it lacks are added.
func (r *People) begin(ctx context.Context, hash string, data PersonData, by string, now time.Time) (Erasure, error) {
	key := erasureKey(hash, erasurePending)
	e := Erasure{PhoneHash: hash, RequestedBy: by, StartedAt: now.UTC()}
	item, err := r.table.Get(ctx, key)
	switch {
	case err == nil:
		if err := decodeRecord(item, &e); err != nil {
			return Erasure{}, fmt.Errorf("persistence: decode pending erasure: %w", err)
		}
	case !errors.Is(err, ErrNotFound):
		return Erasure{}, fmt.Errorf("persistence: read pending erasure: %w", err)
	}
	for _, rec := range data.ExternalRecords() {
		if !slices.Contains(e.Records, rec) {
			e.Records = append(e.Records, rec)
		}
	}
	if e.Records == nil {
		e.Records = []ExternalRecord{}
	}
	marker, err := encodeRecord(e)
	if err != nil {
		return Erasure{}, fmt.Errorf("persistence: encode pending erasure: %w", err)
	}
	if err := r.table.Put(ctx, withKeys(marker, key), nil); err != nil {
		return Erasure{}, fmt.Errorf("persistence: store pending erasure: %w", err)
	}
	return e, nil
}

// Tombstones returns the finished erasures of the number, oldest first.
func (r *People) Tombstones(ctx context.Context, canonical string) ([]Erasure, error) {
	hash, err := r.PhoneHash(ctx, canonical)
	if err != nil {
		return nil, err
	}
	items, err := queryAll(ctx, r.table, Query{PK: erasurePK + "#" + hash, SKPrefix: erasureDoneFor}, 0)
	if err != nil {
		return nil, fmt.Errorf("persistence: read tombstones: %w", err)
	}
	return decodeRecords[Erasure](items, "tombstone")
}
