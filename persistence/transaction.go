package persistence

import (
	"errors"
	"fmt"
)

// MaxTxWrites is the most writes one transaction may hold: DynamoDB's limit
// for TransactWriteItems. A caller with more work splits it into several
// transactions that are each complete on their own (a turn never commits half
// of its burst).
const MaxTxWrites = 100

// TxKind is what one write of a transaction does.
type TxKind int

// The kinds of transactional write, as TransactWriteItems has them.
const (
	TxPut    TxKind = iota + 1 // replace a whole item
	TxUpdate                   // change some attributes, creating the item when absent
	TxDelete                   // remove an item
	TxCheck                    // write nothing; the transaction needs Condition to hold
)

// TxWrite is one write of a transaction. Build it with PutTx, UpdateTx,
// DeleteTx or CheckTx. No two writes of one transaction may address the same
// item (DynamoDB rejects that as invalid, and so does every backend).
type TxWrite struct {
	Kind TxKind
	// Item is the whole item of a TxPut; it holds pk and sk.
	Item Item
	// Key addresses the item of a TxUpdate, TxDelete or TxCheck.
	Key Key
	// Update is the change of a TxUpdate.
	Update Update
	// Condition must hold for the stored item, or the whole transaction is
	// cancelled. Optional except for TxCheck.
	Condition *Condition
}

// PutTx writes item whole when cond (optional) holds.
func PutTx(item Item, cond *Condition) TxWrite {
	return TxWrite{Kind: TxPut, Item: item, Condition: cond}
}

// UpdateTx applies upd to the item at key when cond (optional) holds.
func UpdateTx(key Key, upd Update, cond *Condition) TxWrite {
	return TxWrite{Kind: TxUpdate, Key: key, Update: upd, Condition: cond}
}

// DeleteTx removes the item at key when cond (optional) holds.
func DeleteTx(key Key, cond *Condition) TxWrite {
	return TxWrite{Kind: TxDelete, Key: key, Condition: cond}
}

// CheckTx makes the transaction depend on cond holding for the item at key,
// without writing it.
func CheckTx(key Key, cond Condition) TxWrite {
	return TxWrite{Kind: TxCheck, Key: key, Condition: &cond}
}

// Target is the key of the item the write addresses.
func (w TxWrite) Target() Key {
	if w.Kind == TxPut {
		return Key{PK: stringAttr(w.Item, AttrPK), SK: stringAttr(w.Item, AttrSK)}
	}
	return w.Key
}

// TxCancelled reports a transaction that wrote nothing because the condition
// of one of its writes failed. It matches ErrConflict with errors.Is, so a
// caller that only needs "someone else changed it" treats it like any failed
// condition; one that needs to know which write lost reads Index.
type TxCancelled struct {
	// Index is the position, in the writes given, of the first write whose
	// condition failed.
	Index int
	// Key is that write's item.
	Key Key
}

func (e *TxCancelled) Error() string {
	return fmt.Sprintf("persistence: transaction cancelled: condition of write %d (%s/%s) failed", e.Index, e.Key.PK, e.Key.SK)
}

// Is makes errors.Is(err, ErrConflict) hold.
func (e *TxCancelled) Is(target error) bool { return target == ErrConflict }

// CancelledAt returns the index of the write whose condition cancelled the
// transaction behind err, and whether err is such a cancellation.
func CancelledAt(err error) (int, bool) {
	var c *TxCancelled
	if errors.As(err, &c) {
		return c.Index, true
	}
	return 0, false
}
