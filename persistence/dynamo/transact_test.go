package dynamo_test

import (
	"errors"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/dynamo"
)

// cancelled is DynamoDB's answer to a transaction cancelled for codes, one
// per write ("" for a write that was not the cause).
func cancelled(codes ...string) error {
	reasons := make([]types.CancellationReason, len(codes))
	for i, c := range codes {
		if c != "" {
			reasons[i].Code = aws.String(c)
		}
	}
	return &types.TransactionCanceledException{Message: aws.String("Transaction cancelled"), CancellationReasons: reasons}
}

func twoPuts() []persistence.TxWrite {
	its := items(2)
	return []persistence.TxWrite{persistence.PutTx(its[0], nil), persistence.PutTx(its[1], persistence.Exists("v").Ptr())}
}

func TestTransactRequest(t *testing.T) {
	var got *dynamodb.TransactWriteItemsInput
	api := &fakeAPI{transact: func(in *dynamodb.TransactWriteItemsInput) (*dynamodb.TransactWriteItemsOutput, error) {
		got = in
		return &dynamodb.TransactWriteItemsOutput{}, nil
	}}
	key := persistence.Key{PK: "P", SK: "S"}
	err := dynamo.New(api, "t").Transact(t.Context(), []persistence.TxWrite{
		persistence.PutTx(items(1)[0], persistence.NotExists(persistence.AttrPK).Ptr()),
		persistence.UpdateTx(key, persistence.Update{Add: map[string]int64{"version": 1}}, persistence.Equal("version", 1).Ptr()),
		persistence.DeleteTx(persistence.Key{PK: "P", SK: "D"}, nil),
		persistence.CheckTx(persistence.Key{PK: "P", SK: "C"}, persistence.Exists("v")),
	})
	if err != nil {
		t.Fatalf("Transact: %v", err)
	}
	if len(got.TransactItems) != 4 {
		t.Fatalf("%d transact items; want 4", len(got.TransactItems))
	}
	put, upd, del, check := got.TransactItems[0].Put, got.TransactItems[1].Update, got.TransactItems[2].Delete, got.TransactItems[3].ConditionCheck
	if put == nil || aws.ToString(put.TableName) != "t" || aws.ToString(put.ConditionExpression) != "attribute_not_exists(#n0)" {
		t.Errorf("put = %+v", put)
	}
	if upd == nil || aws.ToString(upd.UpdateExpression) != "ADD #n0 :v0" || aws.ToString(upd.ConditionExpression) != "#n0 = :v1" {
		t.Errorf("update = %+v", upd)
	}
	if del == nil || del.ConditionExpression != nil || del.ExpressionAttributeNames != nil {
		t.Errorf("delete = %+v", del)
	}
	if check == nil || aws.ToString(check.ConditionExpression) != "attribute_exists(#n0)" || check.ExpressionAttributeNames["#n0"] != "v" {
		t.Errorf("check = %+v", check)
	}
}

func TestTransactNamesTheFailedCondition(t *testing.T) {
	api := &fakeAPI{transact: func(*dynamodb.TransactWriteItemsInput) (*dynamodb.TransactWriteItemsOutput, error) {
		return nil, cancelled("", "ConditionalCheckFailed")
	}}
	err := dynamo.New(api, "t").Transact(t.Context(), twoPuts())
	var sdkErr *types.TransactionCanceledException
	if at, ok := persistence.CancelledAt(err); !ok || at != 1 || !errors.Is(err, persistence.ErrConflict) || !errors.As(err, &sdkErr) {
		t.Fatalf("Transact = %v; want cancelled at write 1, ErrConflict, the SDK error kept", err)
	}
}

func TestTransactRetriesConflicts(t *testing.T) {
	calls := 0
	api := &fakeAPI{transact: func(*dynamodb.TransactWriteItemsInput) (*dynamodb.TransactWriteItemsOutput, error) {
		calls++
		if calls < 3 {
			return nil, cancelled("TransactionConflict", "")
		}
		return &dynamodb.TransactWriteItemsOutput{}, nil
	}}
	tbl := dynamo.New(api, "t")
	dynamo.SetRetry(tbl, 4, time.Millisecond)
	if err := tbl.Transact(t.Context(), twoPuts()); err != nil || calls != 3 {
		t.Fatalf("Transact = %v after %d calls; want success on the third", err, calls)
	}
}

// TestTransactTransientFailures checks the cancellations that are not a
// failed condition: they are errors, not ErrConflict, after retrying only a
// conflict with another transaction.
func TestTransactTransientFailures(t *testing.T) {
	tests := []struct {
		name      string
		codes     []string
		wantCalls int
	}{
		{"conflict every time", []string{"", "TransactionConflict"}, 4},
		{"validation error", []string{"", "ValidationError"}, 1},
		{"throttled", []string{"ThrottlingError", ""}, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			calls := 0
			api := &fakeAPI{transact: func(*dynamodb.TransactWriteItemsInput) (*dynamodb.TransactWriteItemsOutput, error) {
				calls++
				return nil, cancelled(tc.codes...)
			}}
			tbl := dynamo.New(api, "t")
			dynamo.SetRetry(tbl, 4, time.Millisecond)
			err := tbl.Transact(t.Context(), twoPuts())
			if err == nil || calls != tc.wantCalls || errors.Is(err, persistence.ErrConflict) {
				t.Fatalf("Transact = %v after %d calls; want a non-conflict error after %d", err, calls, tc.wantCalls)
			}
		})
	}
}
