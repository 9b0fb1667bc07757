package session_test

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"sync"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/projection"
	"github.com/intake-runtime/intake/actors/projection/crm"
	"github.com/intake-runtime/intake/actors/projection/crm/crmtest"
	"github.com/intake-runtime/intake/actors/projection/erp"
	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/httpcall"
	"github.com/intake-runtime/intake/internal/leaktest"
	"github.com/intake-runtime/intake/internal/llmtest"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
)

func registrationAnswers(n int) string {
	switch n {
	case 1:
		return `{"s":1,"service":"Pesquisa de mercado","segment":"pesquisa","intent":"contratar","qualification_data":{"tema":"varejo"}} Ótimo! Qual é o seu nome completo?`
	case 2:
		return `{"s":2,"qualification_data":{},"cadastral_data":{"nome":"Maria Silva","email":"maria@example.com","cpf_cnpj":"529.982.247-25"}} Cadastro concluído!`
	}
	return `{"motivo_encerramento":"cadastro","pontos_chave":[],"proxima_acao":"contato","resumo_texto":"Cadastro completo."}`
}

// wantCustomer is the ERP customer of registrationAnswers' session on phone:
// the validated data, with the WhatsApp number as the phone.
func wantCustomer(phone string) map[string]any {
	return map[string]any{
		"nome": "Maria Silva", "tipo": []any{"cliente"}, "cpfcnpj": "52998224725",
		"emails": []any{"maria@example.com"}, "fones": []any{phone},
	}
}

// txRecorder is a table that remembers the targets of every transaction.
type txRecorder struct {
	persistence.Table
	mu  sync.Mutex
	txs [][]persistence.Key
}

func (r *txRecorder) Transact(ctx context.Context, writes []persistence.TxWrite) error {
	err := r.Table.Transact(ctx, writes)
	if err == nil {
		keys := make([]persistence.Key, 0, len(writes))
		for _, w := range writes {
			keys = append(keys, w.Target())
		}
		r.mu.Lock()
		r.txs = append(r.txs, keys)
		r.mu.Unlock()
	}
	return err
}

// last returns the targets of the last committed transaction that wrote key.
func (r *txRecorder) last(key persistence.Key) []persistence.Key {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i := len(r.txs) - 1; i >= 0; i-- {
		if slices.Contains(r.txs[i], key) {
			return r.txs[i]
		}
	}
	return nil
}

// TestRegistrationCommitsTheCustomerIntent: the turn that completes the
// registration commits the session's erp_payload and the projection that
// carries the customer in one transaction; nothing calls the ERP.
func TestRegistrationCommitsTheCustomerIntent(t *testing.T) {
	leaktest.Check(t)
	rec := &txRecorder{Table: memory.New()}
	h := &harness{t: t, table: rec, model: llmtest.NewServer(t, registrationAnswers), sender: messaging.NewStub(zap.NewNop()), notices: handoff.NewStub(zap.NewNop())}
	h.start()
	phone := "+5511900000060"
	ctx := context.Background()
	projections := persistence.NewProjections(h.table)

	reply := h.chat(phone, "p1", "quero uma pesquisa de mercado")
	p, err := projections.Get(ctx, reply.GetSessionId())
	if err != nil || p.Status != persistence.ProjectionPending || p.Desired.Customer != nil {
		t.Fatalf("projection after the service was identified = %+v, %v; want PENDING without a customer", p, err)
	}

	reply = h.chat(phone, "p2", "Maria Silva, maria@example.com, CPF 529.982.247-25")
	if reply.GetState() != string(domain.StateCompleted) {
		t.Fatalf("state after registration = %q (reply %q)", reply.GetState(), reply.GetReply())
	}
	s, err := persistence.NewSessions(h.table).Active(ctx, phone)
	if err != nil {
		t.Fatal(err)
	}
	if got := generic(t, s.ERPPayload); !reflect.DeepEqual(got, wantCustomer(phone)) {
		t.Errorf("erp_payload = %v\nwant %v", got, wantCustomer(phone))
	}
	if s.ERPSynced {
		t.Error("erp_synced set by the session actor; only the sync job confirms the customer")
	}
	p, err = projections.Get(ctx, s.SessionID)
	if err != nil {
		t.Fatal(err)
	}
	if got := generic(t, p.Desired.Customer); !reflect.DeepEqual(got, wantCustomer(phone)) {
		t.Errorf("projection's desired customer = %v\nwant %v", got, wantCustomer(phone))
	}
	desired, err := projection.Desired(s)
	if err != nil {
		t.Fatal(err)
	}
	if rev, _ := domain.Revision(desired); p.Status != persistence.ProjectionPending || p.Revision != rev ||
		p.Desired.Stage != projection.StageRegistered {
		t.Errorf("projection after registration = %+v; want PENDING at the session's revision", p)
	}
	sessionKey := persistence.Key{PK: persistence.SessionPK(phone), SK: persistence.SessionSK(s.SessionID)}
	if tx := rec.last(p.Key()); !slices.Contains(tx, sessionKey) {
		t.Errorf("the projection with the customer was written in a transaction without the session: %v", tx)
	}
}

// TestCommitRefusesAnUnknownState: a turn that projects a session in a state
// this release does not know fails to commit, like any commit that cannot be
// built (the conversation keeps its messages and retries), and writes
// nothing: no wrong CRM stage, no snapshot. The same commit in a known state
// writes both.
func TestCommitRefusesAnUnknownState(t *testing.T) {
	ctx := t.Context()
	table := memory.New()
	store := session.NewTableStore(table)
	const phone = "+5511987654321"
	now := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	begun, err := persistence.NewSessions(table).Create(ctx, domain.NewSession("s1", phone, "instance_a", now))
	if err != nil {
		t.Fatal(err)
	}
	next := begun.Clone()
	next.State, next.ServiceIdentified = "FROM_A_NEWER_RELEASE", "Pesquisa de mercado"
	if _, err := store.Commit(ctx, session.Commit{Phone: phone, Session: next, Project: true, Now: now}); !errors.Is(err, projection.ErrUnknownState) {
		t.Fatalf("commit in an unknown state: %v, want %v", err, projection.ErrUnknownState)
	}
	projections := persistence.NewProjections(table)
	if p, err := projections.Get(ctx, "s1"); !errors.Is(err, persistence.ErrNotFound) {
		t.Errorf("projection written: %+v, %v", p, err)
	}
	if loaded, err := store.Load(ctx, phone); err != nil || loaded.Session.State != domain.StateNew {
		t.Errorf("session after the refused commit: %+v, %v; want it unchanged in NEW", loaded.Session, err)
	}

	next.State = domain.StateDataCollect
	if _, err := store.Commit(ctx, session.Commit{Phone: phone, Session: next, Project: true, Now: now}); err != nil {
		t.Fatal(err)
	}
	if p, err := projections.Get(ctx, "s1"); err != nil || p.Desired.Stage != projection.StageQualified {
		t.Errorf("projection in DATA_COLLECT: %+v, %v; want stage %s", p, err, projection.StageQualified)
	}
}

// TestMovedOnSessionGetsItsCustomer: a customer who asks for a person right
// after registering moves the conversation to HANDOFF before any sync run;
// the job still makes the ERP customer, once, and readers see erp_synced.
func TestMovedOnSessionGetsItsCustomer(t *testing.T) {
	answers := func(n int) string {
		if n == 4 {
			return `{"s":3,"qualification_data":{},"cadastral_data":{}} Vou chamar um atendente.`
		}
		return registrationAnswers(n)
	}
	h := newHarness(t, session.Config{}, answers)
	phone := "+5511900000061"
	h.chat(phone, "p1", "quero uma pesquisa de mercado")
	if reply := h.chat(phone, "p2", "Maria Silva, maria@example.com, CPF 529.982.247-25"); reply.GetState() != string(domain.StateCompleted) {
		t.Fatalf("state after registration = %q", reply.GetState())
	}
	if reply := h.chat(phone, "p3", "quero falar com uma pessoa"); reply.GetState() != string(domain.StateHandoff) {
		t.Fatalf("state after asking for a person = %q", reply.GetState())
	}

	ctx := context.Background()
	crmServer := crmtest.New(t)
	crmClient, err := crm.New(crm.Config{Config: httpcall.Config{BaseURL: crmServer.URL, AccessToken: "test", MaxRPS: 1_000_000}}, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	stub := &erp.Stub{}
	job, err := projection.NewJob(projection.JobConfig{Table: h.table, CRM: crmClient, ERP: stub}, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if _, err := job.Run(ctx, nil); err != nil {
			t.Fatal(err)
		}
	}
	if got := stub.Received(); len(got) != 1 || !reflect.DeepEqual(generic(t, got[0]), wantCustomer(phone)) {
		t.Errorf("the ERP received %v; want the one customer %v", got, wantCustomer(phone))
	}
	s, err := persistence.NewSessions(h.table).Active(ctx, phone)
	if err != nil {
		t.Fatal(err)
	}
	p, err := persistence.NewProjections(h.table).Get(ctx, s.SessionID)
	if err != nil {
		t.Fatal(err)
	}
	if p.Status != persistence.ProjectionSynced || p.Desired.Stage != projection.StageInService || p.ERPCustomerID != "stub-1" {
		t.Errorf("projection = %+v; want SYNCED in service with the ERP customer", p)
	}
	if shown := projection.ReadBack(s, p); !shown.ERPSynced || !shown.CRMSynced {
		t.Errorf("read back: erp_synced %v, crm_synced %v; want both", shown.ERPSynced, shown.CRMSynced)
	}
}

// generic is v as JSON decodes it, to compare payloads built in memory with
// payloads read back from the table.
func generic(t *testing.T, v any) any {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatal(err)
	}
	return out
}
