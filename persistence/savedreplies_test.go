package persistence_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/intake-runtime/intake/persistence"
)

// Saved replies are put by code (typed with or without its "/", any case),
// listed in code order, replaced in place and deleted; unusable codes and
// empty texts are refused.
func TestSavedReplies(t *testing.T) {
	ctx := context.Background()
	r := persistence.NewSavedReplies(newTable(t))
	at := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	for _, s := range []persistence.SavedReply{
		{Code: "/Preco", Text: "A consulta custa R$ 200.", UpdatedAt: at},
		{Code: "horario", Text: "Atendemos das 8h às 18h.", UpdatedAt: at},
		{Code: "preco", Text: "A consulta custa R$ 250.", UpdatedAt: at},
	} {
		if _, err := r.Put(ctx, s); err != nil {
			t.Fatal(err)
		}
	}
	for _, bad := range []persistence.SavedReply{{Code: "pre ço", Text: "x"}, {Code: "", Text: "x"}, {Code: "ok", Text: "  "}} {
		if _, err := r.Put(ctx, bad); !errors.Is(err, persistence.ErrBadSavedReply) {
			t.Errorf("Put(%+v) = %v, want ErrBadSavedReply", bad, err)
		}
	}
	list, err := r.List(ctx)
	if err != nil || len(list) != 2 || list[0].Code != "horario" || list[1].Code != "preco" || list[1].Text != "A consulta custa R$ 250." {
		t.Fatalf("List = %+v, %v", list, err)
	}
	if err := r.Delete(ctx, "/preco"); err != nil {
		t.Fatal(err)
	}
	if err := r.Delete(ctx, "preco"); !errors.Is(err, persistence.ErrNotFound) {
		t.Errorf("second Delete = %v, want ErrNotFound", err)
	}
	if list, _ := r.List(ctx); len(list) != 1 {
		t.Errorf("after Delete: %+v", list)
	}
}
