package persistence_test

import (
	"context"
	"slices"
	"testing"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// transactions counts the transactions made through the table it wraps.
type transactions struct {
	persistence.Table
	n int
}

func (t *transactions) Transact(ctx context.Context, writes []persistence.TxWrite) error {
	t.n++
	return t.Table.Transact(ctx, writes)
}

func TestSearchFindsSessionsByDocumentAndName(t *testing.T) {
	ctx := t.Context()
	table := &transactions{Table: newTable(t)}
	sessions := persistence.NewSessions(table)
	old, err := sessions.Create(ctx, domain.NewSession("old", phone, "instance_a", t0))
	must(t, err)
	old.CadastralData = map[string]any{"cpf_cnpj": "123.456.789-09", "nome": "Márcia  Souza"}
	old.State = domain.StateClosed
	_, err = sessions.Save(ctx, old)
	must(t, err)
	s := domain.NewSession("new", "+5511988887777", "instance_a", t1)
	s.CadastralData = map[string]any{"cpfCnpj": 12345678909, "name": "MARCIA SOUZA"}
	s, err = sessions.Create(ctx, s)
	must(t, err)

	for _, tt := range []struct {
		find  func(context.Context, string, int) ([]domain.Session, error)
		query string
		want  []string
	}{
		{sessions.FindByDocument, "12345678909", []string{"new", "old"}},
		{sessions.FindByDocument, "123.456.789-09", []string{"new", "old"}},
		{sessions.FindByDocument, "1234567890", []string{}}, // too short to mean anything
		{sessions.FindByDocument, "98765432100", []string{}},
		{sessions.FindByName, "marcia", []string{"new", "old"}},
		{sessions.FindByName, "Márcia Sou", []string{"new", "old"}},
		{sessions.FindByName, "souza", []string{}}, // the first word is whole
		{sessions.FindByName, "  ", []string{}},
	} {
		got, err := tt.find(ctx, tt.query, 10)
		must(t, err)
		if !slices.Equal(ids(got), tt.want) {
			t.Errorf("find %q = %v, want %v", tt.query, ids(got), tt.want)
		}
	}

	// A save that changes neither document nor name writes no lookup: a
	// plain put, no transaction.
	before := table.n
	s.State = domain.StateQualifying
	s, err = sessions.Save(ctx, s)
	must(t, err)
	if table.n != before {
		t.Errorf("a save without new data made %d transactions, want a single put", table.n-before)
	}
	// A corrected name moves the lookup.
	s.CadastralData["name"] = "Ana Lima"
	_, err = sessions.Save(ctx, s)
	must(t, err)
	if got, _ := sessions.FindByName(ctx, "marcia", 10); !slices.Equal(ids(got), []string{"old"}) {
		t.Errorf("after the correction, marcia finds %v, want [old]", ids(got))
	}
	if got, _ := sessions.FindByName(ctx, "ana lima", 10); !slices.Equal(ids(got), []string{"new"}) {
		t.Errorf("after the correction, ana lima finds %v, want [new]", ids(got))
	}
}

func TestTurnCommitWritesTheSearchLookups(t *testing.T) {
	ctx := context.Background()
	f := newTurnFixture(t)
	c := f.commit()
	c.Session.CadastralData = map[string]any{"cpf_cnpj": "529.982.247-25"}
	_, err := f.turns.Commit(ctx, c)
	must(t, err)
	got, err := persistence.NewSessions(f.table).FindByDocument(ctx, "52998224725", 10)
	must(t, err)
	if !slices.Equal(ids(got), []string{f.session.SessionID}) {
		t.Errorf("the document collected in a turn finds %v, want [%s]", ids(got), f.session.SessionID)
	}
}
