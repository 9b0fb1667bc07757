package projection_test

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/projection"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
)

var t0 = time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)

// completedSession is a session whose registration is complete, as the
// conversation rules leave it.
func completedSession(id, email string) domain.Session {
	s := domain.NewSession(id, "+5511987654321", "instance_a", t0)
	s.State = domain.StateCompleted
	s.Segment = "pesquisa"
	s.ServiceIdentified = "Pesquisa de mercado"
	s.QualificationData = map[string]any{"assunto": "padarias em Campinas", "prazo": "30 dias"}
	s.CadastralData = map[string]any{"nome": "Maria Souza", "email": email, "cpf_cnpj": "52998224725", "cidade": "Campinas"}
	return s
}

// TestStage: each state has its CRM stage; a state this release does not
// know has none, and no guess.
func TestStage(t *testing.T) {
	tests := []struct {
		state    domain.SessionState
		service  domain.NullString
		terminal domain.NullString
		want     string
		final    bool
		err      error
	}{
		{state: domain.StateNew, want: projection.StageNew},
		{state: domain.StateQualifying, want: projection.StageNew},
		{state: domain.StateDataCollect, want: projection.StageQualified},
		{state: domain.StateConfirmSubject, want: projection.StageNew},
		{state: domain.StateConfirmSubject, service: "Consultoria", want: projection.StageQualified},
		{state: domain.StateCompleted, want: projection.StageRegistered},
		{state: domain.StateHandoff, want: projection.StageInService},
		{state: domain.StateHuman, want: projection.StageInService},
		{state: domain.StateClosed, want: projection.StageClosed, final: true},
		{state: domain.StateClosed, terminal: "ganho", want: "ganho", final: true},
		{state: "FROM_A_NEWER_RELEASE", err: projection.ErrUnknownState},
		{state: "", err: projection.ErrUnknownState},
	}
	for _, tt := range tests {
		s := domain.NewSession("s1", "+5511987654321", "instance_a", t0)
		s.State, s.ServiceIdentified, s.CRMTerminalStage = tt.state, tt.service, tt.terminal
		stage, terminal, err := projection.Stage(s)
		if stage != tt.want || terminal != tt.final || !errors.Is(err, tt.err) {
			t.Errorf("Stage(%s, service %q, terminal stage %q) = %q, %v, %v; want %q, %v, %v",
				tt.state, tt.service, tt.terminal, stage, terminal, err, tt.want, tt.final, tt.err)
		}
	}
}

// TestStageOfEveryState: every state of the one list has a CRM stage, so a
// new state is mapped here before any session can reach it.
func TestStageOfEveryState(t *testing.T) {
	for _, state := range domain.States() {
		s := domain.NewSession("s1", "+5511987654321", "instance_a", t0)
		s.State = state
		if _, _, err := projection.Stage(s); err != nil {
			t.Errorf("%s: %v", state, err)
		}
	}
}

// TestDesiredUnknownState: a session in an unknown state has no desired
// state at all.
func TestDesiredUnknownState(t *testing.T) {
	s := completedSession("s1", "maria@exemplo.com")
	s.State = "FROM_A_NEWER_RELEASE"
	if d, err := projection.Desired(s); !errors.Is(err, projection.ErrUnknownState) {
		t.Errorf("Desired = %+v, %v; want %v", d, err, projection.ErrUnknownState)
	}
}

func TestDesiredGolden(t *testing.T) {
	s := completedSession("s1", "maria@exemplo.com")
	s.OperationalSummary = domain.StructuredSummary(domain.OperationalSummary{ResumoTexto: "Cadastro completo; quer proposta."})
	golden(t, "desired_completed", desired(t, s))
}

// TestDesiredCustomer: the customer of the intent is the session's
// erp_payload, whatever state the session is in; without one (or for a
// session older releases marked erp_synced) there is none, and the revision
// is the one a desired state without a customer always had.
func TestDesiredCustomer(t *testing.T) {
	s := completedSession("s1", "maria@exemplo.com")
	before := desired(t, s)
	if before.Customer != nil {
		t.Fatalf("a session without erp_payload wants customer %v", before.Customer)
	}
	s.ERPPayload = map[string]any{"nome": "Maria Souza", "tipo": []string{"cliente"}, "cpfcnpj": "52998224725"}
	for _, state := range []domain.SessionState{domain.StateCompleted, domain.StateHandoff, domain.StateHuman, domain.StateClosed} {
		s.State = state
		if got := desired(t, s).Customer; !reflect.DeepEqual(got, s.ERPPayload) {
			t.Errorf("%s: desired customer = %v, want erp_payload %v", state, got, s.ERPPayload)
		}
	}
	s.State = domain.StateCompleted
	with, _ := domain.Revision(desired(t, s))
	without, _ := domain.Revision(before)
	if with == without {
		t.Error("the customer does not change the revision")
	}
	s.ERPSynced = true
	if got, _ := domain.Revision(desired(t, s)); got != without {
		t.Errorf("an erp_synced session wants a customer: revision %s, want %s", got, without)
	}
}

// TestDesiredRevisions checks the write rule through PutDesired: the same
// session gives the same revision (a no-op), a new stage gives a new one that
// is PENDING, due now, and keeps the CRM IDs.
func TestDesiredRevisions(t *testing.T) {
	ctx := context.Background()
	table := memory.New()
	projections := persistence.NewProjections(table)
	s := completedSession("s1", "maria@exemplo.com")

	first, err := projections.PutDesired(ctx, s.SessionID, desired(t, s), t0)
	if err != nil {
		t.Fatal(err)
	}
	again, err := projections.PutDesired(ctx, s.SessionID, desired(t, s), t0.Add(time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(again, first) {
		t.Errorf("the same session rewrote its projection:\n got %+v\nwant %+v", again, first)
	}

	// The sync job confirmed it and stored the CRM IDs.
	p := first
	p.Status, p.ConfirmedRevision, p.ContactID, p.DealID = persistence.ProjectionSynced, p.Revision, "c-1", "d-1"
	p.PendingSince = nil
	item, err := persistence.EncodeProjection(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := table.Put(ctx, item, nil); err != nil {
		t.Fatal(err)
	}

	s.State = domain.StateHandoff
	t2 := t0.Add(time.Hour)
	next, err := projections.PutDesired(ctx, s.SessionID, desired(t, s), t2)
	if err != nil {
		t.Fatal(err)
	}
	if next.Revision == first.Revision || next.Desired.Stage != projection.StageInService {
		t.Errorf("a stage change kept revision %s, stage %q", next.Revision, next.Desired.Stage)
	}
	if next.Status != persistence.ProjectionPending || !next.NextAttemptAt.Equal(t2) {
		t.Errorf("new revision: status %s, next attempt %v; want PENDING at %v", next.Status, next.NextAttemptAt, t2)
	}
	if next.ContactID != "c-1" || next.DealID != "d-1" || next.ConfirmedRevision != first.Revision {
		t.Errorf("new revision lost the CRM state: %+v", next)
	}
}

func TestReadBack(t *testing.T) {
	s := completedSession("s1", "maria@exemplo.com")
	s.CRMContactID = "old-contact"
	legacy := s
	legacy.ERPSynced = true
	confirmed := t0
	tests := []struct {
		name    string
		s       domain.Session
		p       persistence.CRMProjection
		synced  bool
		erp     bool
		contact domain.NullString
		deal    domain.NullString
	}{
		{name: "no projection", s: s, contact: "old-contact"},
		{
			name:    "another session's",
			s:       s,
			p:       persistence.CRMProjection{SessionID: "s2", Status: persistence.ProjectionSynced, Revision: "r1", ConfirmedRevision: "r1", DealID: "d-9"},
			contact: "old-contact",
		},
		{
			name:    "synced",
			s:       s,
			p:       persistence.CRMProjection{SessionID: "s1", Status: persistence.ProjectionSynced, Revision: "r1", ConfirmedRevision: "r1", ContactID: "c-1", DealID: "d-1"},
			synced:  true,
			contact: "c-1", deal: "d-1",
		},
		{
			name:    "pending after a sync",
			s:       s,
			p:       persistence.CRMProjection{SessionID: "s1", Status: persistence.ProjectionPending, Revision: "r2", ConfirmedRevision: "r1", ContactID: "c-1", DealID: "d-1"},
			contact: "c-1", deal: "d-1",
		},
		{
			name:    "uncertain before any ID",
			s:       s,
			p:       persistence.CRMProjection{SessionID: "s1", Status: persistence.ProjectionUncertain, Revision: "r1"},
			contact: "old-contact",
		},
		{
			// The ERP refused the customer: blocked, but the CRM holds the revision.
			name: "CRM confirmed, ERP blocked",
			s:    s,
			p: persistence.CRMProjection{SessionID: "s1", Status: persistence.ProjectionBlocked, Revision: "r1", ConfirmedRevision: "r1",
				ContactID: "c-1", DealID: "d-1", ERPLastError: "erp: POST /contatos: HTTP 422"},
			synced:  true,
			contact: "c-1", deal: "d-1",
		},
		{
			name: "ERP confirmed, CRM pending",
			s:    s,
			p: persistence.CRMProjection{SessionID: "s1", Status: persistence.ProjectionPending, Revision: "r1",
				ERPCustomerID: "77", ERPSyncedAt: &confirmed},
			erp:     true,
			contact: "old-contact",
		},
		{
			name:    "erp_synced by an older release",
			s:       legacy,
			p:       persistence.CRMProjection{SessionID: "s1", Status: persistence.ProjectionPending, Revision: "r1"},
			erp:     true,
			contact: "old-contact",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := projection.ReadBack(tt.s, tt.p)
			if got.CRMSynced != tt.synced || got.ERPSynced != tt.erp || got.CRMContactID != tt.contact || got.CRMDealID != tt.deal {
				t.Errorf("ReadBack = crm_synced %v, erp_synced %v, contact %q, deal %q; want %v, %v, %q, %q",
					got.CRMSynced, got.ERPSynced, got.CRMContactID, got.CRMDealID, tt.synced, tt.erp, tt.contact, tt.deal)
			}
		})
	}
}
