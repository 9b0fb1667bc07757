package projection_test

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/projection"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
)

var t0 = time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)

// completedSession is a session whose registration is complete, as the
// conversation rules leave it.
func completedSession(id, email string) persistence.Session {
	s := persistence.NewSession(id, "+5511987654321", "instance_a", t0)
	s.State = persistence.StateCompleted
	s.Segment = "pesquisa"
	s.ServiceIdentified = "Pesquisa de mercado"
	s.QualificationData = map[string]any{"assunto": "padarias em Campinas", "prazo": "30 dias"}
	s.CadastralData = map[string]any{"nome": "Maria Souza", "email": email, "cpf_cnpj": "52998224725", "cidade": "Campinas"}
	return s
}

func TestStage(t *testing.T) {
	tests := []struct {
		state    persistence.SessionState
		service  persistence.NullString
		terminal persistence.NullString
		want     string
		final    bool
	}{
		{state: persistence.StateNew, want: projection.StageNew},
		{state: persistence.StateQualifying, want: projection.StageNew},
		{state: persistence.StateDataCollect, want: projection.StageQualified},
		{state: persistence.StateConfirmSubject, want: projection.StageNew},
		{state: persistence.StateConfirmSubject, service: "Consultoria", want: projection.StageQualified},
		{state: persistence.StateCompleted, want: projection.StageRegistered},
		{state: persistence.StateHandoff, want: projection.StageInService},
		{state: persistence.StateHuman, want: projection.StageInService},
		{state: persistence.StateClosed, want: projection.StageClosed, final: true},
		{state: persistence.StateClosed, terminal: "ganho", want: "ganho", final: true},
		{state: "FROM_A_NEWER_RELEASE", want: projection.StageNew},
	}
	for _, tt := range tests {
		s := persistence.NewSession("s1", "+5511987654321", "instance_a", t0)
		s.State, s.ServiceIdentified, s.CRMTerminalStage = tt.state, tt.service, tt.terminal
		stage, terminal := projection.Stage(s)
		if stage != tt.want || terminal != tt.final {
			t.Errorf("Stage(%s, service %q, terminal stage %q) = %q, %v; want %q, %v",
				tt.state, tt.service, tt.terminal, stage, terminal, tt.want, tt.final)
		}
	}
}

func TestDesiredGolden(t *testing.T) {
	s := completedSession("s1", "maria@exemplo.com")
	s.OperationalSummary = persistence.StructuredSummary(persistence.OperationalSummary{ResumoTexto: "Cadastro completo; quer proposta."})
	golden(t, "desired_completed", projection.Desired(s))
}

// TestDesiredRevisions checks the write rule through PutDesired: the same
// session gives the same revision (a no-op), a new stage gives a new one that
// is PENDING, due now, and keeps the CRM IDs.
func TestDesiredRevisions(t *testing.T) {
	ctx := context.Background()
	table := memory.New()
	projections := persistence.NewProjections(table)
	s := completedSession("s1", "maria@exemplo.com")

	first, err := projections.PutDesired(ctx, s.SessionID, projection.Desired(s), t0)
	if err != nil {
		t.Fatal(err)
	}
	again, err := projections.PutDesired(ctx, s.SessionID, projection.Desired(s), t0.Add(time.Minute))
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

	s.State = persistence.StateHandoff
	t2 := t0.Add(time.Hour)
	next, err := projections.PutDesired(ctx, s.SessionID, projection.Desired(s), t2)
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
	tests := []struct {
		name    string
		p       persistence.CRMProjection
		synced  bool
		contact persistence.NullString
		deal    persistence.NullString
	}{
		{name: "no projection", contact: "old-contact"},
		{
			name:    "another session's",
			p:       persistence.CRMProjection{SessionID: "s2", Status: persistence.ProjectionSynced, DealID: "d-9"},
			contact: "old-contact",
		},
		{
			name:    "synced",
			p:       persistence.CRMProjection{SessionID: "s1", Status: persistence.ProjectionSynced, ContactID: "c-1", DealID: "d-1"},
			synced:  true,
			contact: "c-1", deal: "d-1",
		},
		{
			name:    "pending after a sync",
			p:       persistence.CRMProjection{SessionID: "s1", Status: persistence.ProjectionPending, ContactID: "c-1", DealID: "d-1"},
			contact: "c-1", deal: "d-1",
		},
		{
			name:    "uncertain before any ID",
			p:       persistence.CRMProjection{SessionID: "s1", Status: persistence.ProjectionUncertain},
			contact: "old-contact",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := projection.ReadBack(s, tt.p)
			if got.CRMSynced != tt.synced || got.CRMContactID != tt.contact || got.CRMDealID != tt.deal {
				t.Errorf("ReadBack = synced %v, contact %q, deal %q; want %v, %q, %q",
					got.CRMSynced, got.CRMContactID, got.CRMDealID, tt.synced, tt.contact, tt.deal)
			}
		})
	}
}
