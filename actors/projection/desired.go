package projection

import (
	"context"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// subjectKey is the qualification_data key in which the qualifier keeps the
// customer's request in their own words (actors/conversation).
const subjectKey = "assunto"

// Desired is the state the CRM and the ERP should hold for a session: its
// Stage, the contact and deal payloads built from its data, and the ERP
// customer once registration completed (the session's erp_payload, which
// the turn that completed it prepared; see CustomerPayload). Record it with
// persistence.Projections.PutDesired, or DesiredTx in a turn's commit: a new
// revision (the SHA-256 of this value, domain.Revision) makes the
// projection PENDING and due at once while keeping its CRM and ERP IDs; the
// same value again changes nothing.
//
// Only what the session holds goes in, so the revision changes when the
// customer's data or the stage does and not on every message: the deal's
// historico_conversa is the operational summary's text, not the transcript,
// and the deal carries no association, which the sync job adds once the
// contact exists (the contact's ID is an outcome of the sync, not part of the
// intent). The customer comes from erp_payload rather than the current state,
// so it stays in the intent whatever the conversation does after COMPLETED,
// and the ERP gets the customer as registered. A session that older releases
// marked erp_synced has its customer already and wants none. A session in
// an unknown state has no desired state: Desired returns Stage's
// ErrUnknownState.
func Desired(s domain.Session) (domain.Desired, error) {
	stage, terminal, err := Stage(s)
	if err != nil {
		return domain.Desired{}, err
	}
	contact := BuildContactPayload(s.CadastralData, string(s.Segment), s.PhoneNumber)
	props := contact["properties"].(map[string]any)
	phone, _ := props["phone"].(string)
	email, _ := props["email"].(string)
	document, _ := props["cpf_cnpj"].(string)
	deal := BuildDealPayload(DealInput{
		Service:       string(s.ServiceIdentified),
		ContactName:   field(s.CadastralData, nameKeys),
		Segment:       string(s.Segment),
		Description:   domain.DataText(s.QualificationData[subjectKey]),
		History:       domain.SummaryText(s.OperationalSummary),
		Qualification: s.QualificationData,
		Phone:         phone,
		Email:         email,
		Document:      document,
	})
	d := domain.Desired{Stage: stage, Terminal: terminal, Contact: contact, Deal: deal}
	if !s.ERPSynced {
		d.Customer = s.ERPPayload
	}
	return d, nil
}

// Prepared returns s with the CRM fields the spec keeps on the session, taken
// from its desired state d in the commit that records d: crm_payload, the
// prepared contact and deal with their logical stage, and, once the session
// is closed, crm_terminal_stage, the stage its deal ends in. Desired never
// reads crm_payload, so writing it does not change the revision.
func Prepared(s domain.Session, d domain.Desired) domain.Session {
	s.CRMPayload = map[string]any{"stage": d.Stage, "contact": d.Contact, "deal": d.Deal}
	if d.Terminal {
		s.CRMTerminalStage = domain.NullString(d.Stage)
	}
	return s
}

// Wanted reports whether s is projected: a session with a service
// identified, one holding an ERP customer intent (which the conversation
// rules only reach through a service, and which must never be dropped), and
// one whose deal was prepared already (crm_payload), so that a subject change
// that clears the service, or a reset that closes the session, still moves
// the deal. A greeting never becomes a CRM deal.
func Wanted(s domain.Session) bool {
	return s.ServiceIdentified != "" || s.ERPPayload != nil || s.CRMPayload != nil
}

// Intent returns s prepared (see Prepared) with the write that records its
// desired state in a transaction with s, nil when the projection holds it
// already or s is not projected (Wanted): the intent path of every writer
// that changes a session outside a turn.
func Intent(ctx context.Context, projections *persistence.Projections, s domain.Session, now time.Time) (domain.Session, *persistence.TxWrite, error) {
	if !Wanted(s) {
		return s, nil, nil
	}
	d, err := Desired(s)
	if err != nil {
		return s, nil, err
	}
	w, err := projections.DesiredTx(ctx, s.SessionID, d, now)
	return Prepared(s, d), w, err
}
