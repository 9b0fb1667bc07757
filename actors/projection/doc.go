// Package projection owns how a session is projected to the CRM (contact and
// deal) and to the ERP (customer): the spec's payload builders, the desired
// state of a session, and the sync job that converges the CRM and the ERP to
// it. Its sub-packages crm and erp are the HTTP clients. It has no actor:
// the session actor commits the desired state with each turn, and the job
// does every provider call.
//
// # Payloads
//
// [BuildContactPayload], [BuildDealPayload] and [BuildCustomerPayload] are
// the spec's build_contact_payload, build_deal_payload and
// build_customer_payload, pure functions over cadastral_data (see
// cadastral.go for the keys each reads, Portuguese and English). The clients
// turn them into the final form of each request.
//
// # The CRM projection
//
// Each turn of a qualified session commits [Desired] (stage, terminal,
// contact, deal, and the ERP customer once registration completed) in its
// transaction (persistence.Projections.DesiredTx); the CRM_SYNC#<session_id>
// / META record is the durable intent of both systems, and there is no other
// queue. The logical stage follows the session state ([Stage] has the
// table); crm.Config.Stages maps it to the pipeline's stage IDs. The turn
// that completes registration stores the customer payload
// ([CustomerPayload]) as the session's erp_payload, and the intent carries
// it from then on, whatever state the conversation moves to.
//
// [Job.Run] is the sync job. It lists the due projections through gsi1
// (PENDING or UNCERTAIN with next_attempt_at reached), leases each with a
// conditional update (owner and expiry; only a projection still due can be
// leased, so two workers never sync one record and a released backoff is
// respected), then converges: the ERP customer when one is wanted and not
// confirmed yet (EnsureCustomer, found by document or created; its ID is
// checkpointed at once as erp_customer_id and erp_synced_at, so it is never
// asked again), then, unless the CRM confirmed this revision already,
// contact upsert, deal create or update with the association to the contact,
// stage. The outcome is stored with a write conditional on still holding the
// lease and on the revision being unchanged; the gravest failure of the two
// systems decides the status (erp_last_error keeps the ERP's own):
//
//	success            SYNCED (CRM and ERP confirmed), confirmed_revision = revision,
//	                   contact_id, deal_id
//	transient          PENDING, attempts counted, next_attempt_at after a jittered
//	                   exponential backoff (JobConfig.BackoffBase..BackoffMax)
//	uncertain          UNCERTAIN, retried after at least JobConfig.ReconcileDelay
//	permanent          BLOCKED: a person must look; a new revision unblocks it
//	attempts spent     BLOCKED as well, after JobConfig.MaxAttempts attempts of one
//	                   revision (so 5xx forever ends in BLOCKED, not an endless loop)
//	revision changed   the IDs learned are carried to the new revision, due at once
//
// Idempotency. A deal is created only after creation_started is stored on the
// leased projection; an attempt that finds it set without a deal ID first
// searches the CRM by the deal's intake_session_id property, which the create
// sets (the reconciliation key: unique per session, unlike a deal name), and
// updates the deal it finds. Contacts are found by e-mail, then phone, and a
// 409 resolves to the existing contact. Hence a timeout after a create was
// sent leaves the projection UNCERTAIN, and the next attempt reconciles to the
// deal it made instead of creating a second one. The ERP customer is looked
// up by its document before it is created (erp.Client.EnsureCustomer), so an
// uncertain create is found, not repeated, by the next attempt.
//
// The job runs only with a CRM (CRM_ENABLED); disabled, it leaves every
// intent, the ERP's included, in the table for a later run. Its ERP is the
// erp.Stub when ERP_ENABLED=false, which records and succeeds.
//
// [ReadBack] shows a session's CRM and ERP fields as the projection knows
// them.
//
// It imports persistence only; the CRM and ERP clients come in through the
// small [CRM] and [ERP] interfaces. It must not import http, runtime,
// emulator or another actor package.
package projection
