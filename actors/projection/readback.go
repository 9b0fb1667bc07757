package projection

import "github.com/intake-runtime/intake/persistence"

// ReadBack is the session as it should be shown: its CRM fields enriched from
// its projection, which the sync job keeps and the session record does not
// (spec: crm_synced and the IDs are historical on the session). crm_synced
// says whether the CRM holds the session's current desired state (the
// projection is SYNCED); crm_contact_id and crm_deal_id are the projection's
// IDs when it has them. A zero projection (none stored) or another session's
// leaves s unchanged.
func ReadBack(s persistence.Session, p persistence.CRMProjection) persistence.Session {
	if p.SessionID == "" || p.SessionID != s.SessionID {
		return s
	}
	s.CRMSynced = p.Status == persistence.ProjectionSynced
	if p.ContactID != "" {
		s.CRMContactID = persistence.NullString(p.ContactID)
	}
	if p.DealID != "" {
		s.CRMDealID = persistence.NullString(p.DealID)
	}
	return s
}
