// Package erp is Intake's client of the management system (ERP): when a
// session's registration completes, it makes sure the customer exists in the
// ERP's /contatos resource, from the customer payload the projection package
// builds.
//
// EnsureCustomer looks the customer up by document first
// (GET /contatos?numeroDocumento=<digits>) and creates it only when absent
// (POST /contatos with the payload), so a retry after a lost answer finds the
// customer instead of creating a second one. A payload without a document
// (the spec lets the builder omit cpfcnpj) cannot be looked up and is created
// directly; the conversation rules only complete a registration with a valid
// CPF or CNPJ, so that path is for data entered some other way.
//
// Answers are read in the ERP's envelope, {"data": [...]} for a lookup and
// {"data": {"id": N}} for a create, IDs as numbers or strings. Results are the
// spec's domain.AdapterResult with the customer's ID in MockID; pacing
// (MaxRPS, ERP_MAX_RPS default 3/s), 429 waits and the error kinds are those
// of the crm package. [Stub] stands in when ERP_ENABLED=false.
//
// Of Intake's packages it imports persistence and internal/httpcall (the outbound HTTP
// core).
package erp
