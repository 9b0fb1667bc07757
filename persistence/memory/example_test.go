package memory_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"

	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
)

// A receipt written with a conditional put stops a repeated delivery.
func Example() {
	ctx := context.Background()
	tbl := memory.New()
	receipt, _ := attributevalue.MarshalMap(map[string]any{
		persistence.AttrPK: "RECEIPT#wamid.1",
		persistence.AttrSK: "RECEIPT",
		"phone_number":     "5511999990000",
	})
	onlyNew := persistence.NotExists(persistence.AttrPK).Ptr()

	fmt.Println(tbl.Put(ctx, receipt, onlyNew))
	err := tbl.Put(ctx, receipt, onlyNew)
	fmt.Println(errors.Is(err, persistence.ErrConflict))
	// Output:
	// <nil>
	// true
}
