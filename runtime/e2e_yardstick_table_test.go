package runtime_test

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/intake-runtime/intake/persistence"
)

// yardstickTable is what the yardstick keeps of a message, so that it
// answers as durably as a service can in the fewest table requests a new
// phone's message costs the application (docs/table-budget.md): the
// receipt's conditional put before the 200 (the deduplication), a read of
// the phone's active pointer, one transaction with the turn (the session
// and its pointer, the customer's and the reply's log items, the receipt
// completed, the reply's outbox entry) and the send's result. Items are
// built by hand, as a minimal service would, with the attributes the
// application stores for the same turn.
type yardstickTable struct {
	table persistence.Table
}

// ys and yn are a string and a number attribute value.
func ys(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }

func yn(v int64) types.AttributeValue {
	return &types.AttributeValueMemberN{Value: strconv.FormatInt(v, 10)}
}

// receive records the receipt of message id from phone: a second delivery
// of it is a conflict.
func (y yardstickTable) receive(ctx context.Context, phone, id, text string, at time.Time) error {
	return y.table.Put(ctx, persistence.Item{
		persistence.AttrPK: ys("RECEIPT#" + id), persistence.AttrSK: ys("RECEIPT"),
		persistence.AttrGSI1PK: ys("INBOUND#00"), persistence.AttrGSI1SK: ys(at.UTC().Format(time.RFC3339Nano)),
		"phone": ys(phone), "content": ys(text), "received_at": yn(at.UnixMilli()), "status": ys("received"),
	}, persistence.NotExists(persistence.AttrPK).Ptr())
}

// active reads the phone's active pointer; a new phone has none.
func (y yardstickTable) active(ctx context.Context, phone string) error {
	_, err := y.table.Get(ctx, persistence.Key{PK: "PHONE#" + phone, SK: "ACTIVE"})
	if errors.Is(err, persistence.ErrNotFound) {
		return nil
	}
	return err
}

// commit stores the turn: the session and its pointer (new), the customer's
// message and the reply in the log, the receipt completed and the reply's
// outbox entry, all or nothing.
func (y yardstickTable) commit(ctx context.Context, phone, id, text, reply string, at time.Time) error {
	session := "SESSION#" + id
	ms := yn(at.UnixMilli())
	return y.table.Transact(ctx, []persistence.TxWrite{
		persistence.PutTx(persistence.Item{
			persistence.AttrPK: ys("PHONE#" + phone), persistence.AttrSK: ys("ACTIVE"), "session": ys(session),
		}, persistence.NotExists(persistence.AttrPK).Ptr()),
		persistence.PutTx(persistence.Item{
			persistence.AttrPK: ys(session), persistence.AttrSK: ys("SESSION"),
			persistence.AttrGSI1PK: ys("PHONE#" + phone), persistence.AttrGSI1SK: ys(session),
			"phone": ys(phone), "state": ys("greeting"), "version": yn(1), "created_at": ms, "updated_at": ms,
		}, persistence.NotExists(persistence.AttrPK).Ptr()),
		persistence.PutTx(persistence.Item{
			persistence.AttrPK: ys(session), persistence.AttrSK: ys("LOG#0001"),
			"role": ys("user"), "content": ys(text), "message_id": ys(id), "at": ms,
		}, nil),
		persistence.PutTx(persistence.Item{
			persistence.AttrPK: ys(session), persistence.AttrSK: ys("LOG#0002"),
			"role": ys("assistant"), "content": ys(reply), "at": ms,
		}, nil),
		persistence.UpdateTx(persistence.Key{PK: "RECEIPT#" + id, SK: "RECEIPT"}, persistence.Update{
			Set:    map[string]any{"status": "done", "done_at": at.UnixMilli()},
			Remove: []string{persistence.AttrGSI1PK, persistence.AttrGSI1SK},
		}, persistence.Exists(persistence.AttrPK).Ptr()),
		persistence.PutTx(persistence.Item{
			persistence.AttrPK: ys(session), persistence.AttrSK: ys("OUT#0001"),
			persistence.AttrGSI1PK: ys("OUTBOX"), persistence.AttrGSI1SK: ys(session),
			"phone": ys(phone), "body": ys(reply), "status": ys("sending"), "attempts": yn(1), "begun_at": ms,
		}, nil),
	})
}

// sent records the send's result on the reply's outbox entry, asking
// nothing back.
func (y yardstickTable) sent(ctx context.Context, id, providerID string) error {
	_, err := y.table.Update(ctx, persistence.Key{PK: "SESSION#" + id, SK: "OUT#0001"}, persistence.Update{
		Set:      map[string]any{"status": "sent", "provider_id": providerID, persistence.AttrGSI1PK: "PMID#" + providerID, persistence.AttrGSI1SK: "OUT"},
		NoReturn: true,
	}, persistence.Equal("status", "sending").Ptr())
	return err
}
