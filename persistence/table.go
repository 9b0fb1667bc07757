package persistence

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// Item is one stored item: attribute name to DynamoDB attribute value. Using the
// DynamoDB value model in the port keeps every backend honest about what the
// production table can store.
type Item = map[string]types.AttributeValue

// Attribute names of the table's keys, its one global secondary index and TTL.
const (
	AttrPK     = "pk"
	AttrSK     = "sk"
	AttrGSI1PK = "gsi1pk"
	AttrGSI1SK = "gsi1sk"
	AttrTTL    = "ttl"
	// IndexGSI1 is the name of the global secondary index over gsi1pk/gsi1sk.
	IndexGSI1 = "gsi1"
)

// IndexEntryAttrs are the attributes gsi1 holds of an item: its table and
// index keys, nothing more (see Table.QueryIndex).
var IndexEntryAttrs = [...]string{AttrPK, AttrSK, AttrGSI1PK, AttrGSI1SK}

// Key addresses one item.
type Key struct {
	PK string
	SK string
}

// Query selects the items of one partition, ordered by sort key.
type Query struct {
	PK string
	// SKPrefix keeps only sort keys that begin with it; empty keeps all.
	SKPrefix string
	// SKFrom and SKTo, when both set, keep only sort keys between them,
	// both included (a range of days); not with SKPrefix.
	SKFrom, SKTo string
	// Descending returns the newest (greatest) sort keys first.
	Descending bool
	// Limit caps the items of one page; zero means the backend's page size.
	Limit int32
	// Cursor continues after the page that returned it; empty starts over.
	Cursor string
}

// IndexQuery selects the items of one gsi1 partition, ordered by gsi1sk.
type IndexQuery struct {
	GSI1PK string
	// SKUpTo keeps only items whose gsi1sk sorts at or before it; empty keeps all.
	// Projections use it as "due at or before now".
	SKUpTo string
	// Descending returns the greatest gsi1sk first (the session index lists
	// newest first).
	Descending bool
	Limit      int32
	Cursor     string
	// KeysOnly reads only the keys of each item (pk, sk, gsi1pk, gsi1sk),
	// for a reader that goes on by key: what the index itself holds, at the
	// price of one request per page instead of two (see QueryIndex).
	KeysOnly bool
}

// Scan walks the whole table. It is for maintenance only (clear-chat, admin
// overviews of the emulator); request paths use Query.
type Scan struct {
	// Filter keeps only items that satisfy it; nil keeps all.
	Filter *Condition
	Limit  int32
	Cursor string
}

// Page is one page of results. Next is empty on the last page.
type Page struct {
	Items []Item
	Next  string
}

// Update changes some attributes of one item, creating it when absent (as
// DynamoDB's UpdateItem does) unless a condition forbids it.
type Update struct {
	// Set assigns values, marshalled with attributevalue.Marshal (see MarshalValue).
	Set map[string]any
	// Remove deletes attributes.
	Remove []string
	// Add increments numeric attributes atomically (absent counts as zero).
	Add map[string]int64
	// NoReturn says the caller reads nothing back: Update returns a nil
	// item, and DynamoDB sends none (ReturnValues NONE), so a write whose
	// answer nobody reads does not pay for decoding the whole item. Writes
	// in a transaction return nothing anyway.
	NoReturn bool
}

// Table is the key-value table: one DynamoDB table in production, an in-memory
// map in the emulator and tests. Implementations are safe for concurrent use;
// every method honours ctx and reports failure through its error. A failed
// condition is ErrConflict, a missing item ErrNotFound (Get only).
type Table interface {
	// Get reads one item.
	Get(ctx context.Context, key Key) (Item, error)
	// Put writes a whole item (it must hold pk and sk), replacing any previous
	// one, when cond (optional) holds for the stored item.
	Put(ctx context.Context, item Item, cond *Condition) error
	// Update applies upd to one item when cond (optional) holds and returns the
	// item as it is after the update (nil with upd.NoReturn).
	Update(ctx context.Context, key Key, upd Update, cond *Condition) (Item, error)
	// Delete removes one item when cond (optional) holds; deleting an absent
	// item without a condition succeeds.
	Delete(ctx context.Context, key Key, cond *Condition) error
	// Query reads one page of a partition.
	Query(ctx context.Context, q Query) (Page, error)
	// QueryIndex reads one page of a gsi1 partition. The index holds only
	// keys (a write of an indexed item then costs the index one unit, not the
	// item's size again), so DynamoDB reads the page's items by key after the
	// index. Both reads are eventually consistent: a write of a moment ago may
	// be missing. An item that has left the partition since the index listed
	// it is left out.
	QueryIndex(ctx context.Context, q IndexQuery) (Page, error)
	// BatchWrite puts and deletes many items without conditions. It is not
	// atomic: on error some writes may have happened.
	BatchWrite(ctx context.Context, puts []Item, deletes []Key) error
	// BatchGet reads many items by key, eventually consistent, in as few
	// requests as the backend allows (100 keys each on DynamoDB); absent
	// items are left out, and the order is not the keys'.
	BatchGet(ctx context.Context, keys []Key) ([]Item, error)
	// Scan reads one page of the whole table.
	Scan(ctx context.Context, s Scan) (Page, error)
	// Transact applies up to MaxTxWrites writes all together or not at all.
	// When a write's condition fails nothing is written and the error is a
	// *TxCancelled naming it (errors.Is ErrConflict). Invalid writes (two on
	// one item, too many, a malformed item) are reported before anything is
	// written, as an error that is not ErrConflict.
	Transact(ctx context.Context, writes []TxWrite) error
}
