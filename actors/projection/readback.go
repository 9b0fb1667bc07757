package projection

import (
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// ReadBack is the session as it should be shown: its CRM and ERP fields
// enriched from its projection, which the sync job keeps and the session
// record does not (spec: erp_synced, crm_synced and the IDs are historical
// on the session). crm_synced says whether the CRM holds the session's
// current desired revision (whatever the ERP did); erp_synced is true once
// the ERP confirmed the customer, or when the session says so already (older
// releases set it there); crm_contact_id and crm_deal_id are the projection's
// IDs when it has them. A zero projection (none stored) or another session's
// leaves s unchanged.
func ReadBack(s domain.Session, p persistence.CRMProjection) domain.Session {
	if p.SessionID == "" || p.SessionID != s.SessionID {
		return s
	}
	s.CRMSynced = p.CRMConfirmed()
	s.ERPSynced = s.ERPSynced || p.ERPSyncedAt != nil
	if p.ContactID != "" {
		s.CRMContactID = domain.NullString(p.ContactID)
	}
	if p.DealID != "" {
		s.CRMDealID = domain.NullString(p.DealID)
	}
	return s
}
