// Package crm is Intake's client of the HubSpot-style CRM (v3 REST under a
// base URL, bearer token): it upserts the contact and creates or updates the
// deal of a session from the payloads the projection package builds. It is
// the one writer of deals; the sync job in actors/projection drives it.
//
// The calls, and what makes each idempotent:
//
//   - SyncContact: PATCH /crm/v3/objects/contacts/{id} when the ID is known;
//     otherwise POST /crm/v3/objects/contacts/search by email, then by phone,
//     and PATCH what it finds, else POST /crm/v3/objects/contacts. A 409
//     ("Contact already exists. Existing ID: N") means the contact exists
//     (created meanwhile, or not yet visible to search): the client updates N.
//   - FindDeal: POST /crm/v3/objects/deals/search on the session property
//     (intake_session_id), oldest first. The sync job calls it before any
//     create that follows an attempt whose outcome is unknown.
//   - CreateDeal: POST /crm/v3/objects/deals with the association to the
//     contact (deal to contact, type 3), pipeline and hubspot_owner_id from
//     the configuration, dealstage from the logical stage, and the session
//     property. A 409 (the property made unique in the CRM) resolves to the
//     existing deal.
//   - UpdateDeal: PATCH /crm/v3/objects/deals/{id} with the properties and
//     dealstage; pipeline and owner are left as the CRM has them.
//
// The payloads' "final form per operation" (spec): null properties are
// dropped (a null never erases what the CRM holds), the builder's legacy
// crm_owner_id becomes hubspot_owner_id, and the builder's null pipeline and
// dealstage are filled from the configuration and the stage.
//
// Every call returns the spec's domain.AdapterResult, with the CRM's ID
// in MockID on success. Requests are paced by a token bucket per account
// (MaxRPS, CRM_MAX_RPS default 9/s); a 429 waits as its Retry-After or
// X-HubSpot-RateLimit-* headers ask, up to MaxRetries times. Failures carry
// the error kinds of internal/httpcall: transient (429 after the
// retries, 408, 5xx, 401/403, network before the request was written),
// permanent (other 4xx: validation, a deleted record), uncertain (no answer
// after the request was written). The error result is non-nil only when the
// caller's context ended.
//
// Of Intake's packages it imports persistence and internal/httpcall (the outbound HTTP
// core); it does not import actors/projection, whose payloads it receives as
// maps.
package crm
