// Package smoke checks the adapters a configuration wires up, for the
// dashboard's smoke buttons: messaging, llm, crm, erp, handoff and table.
//
// Each target has two modes. Preflight reads only the configuration and
// reports what is missing or how the adapter will behave; it has no side
// effect and makes no call. Real makes at most one harmless call (a one-word
// model request, a read of the sender number, a one-record page of contacts,
// a read of a key that does not exist) and says exactly what it called and
// what came back. A target whose every call would have a side effect (the
// handoff notifiers send e-mails and messages) makes none, and says so.
//
// A Detail never holds a secret: it says whether a credential is set, never
// its value.
//
// The real call of the messaging, CRM and ERP targets is the Probe of the
// application's own client (Deps), and their preflight names the variables
// each adapter reports Missing, so no provider path, settings list or client
// construction is repeated here.
//
// Every detail passes through internal/redact with every configured secret.
//
// It reads a runtime/config.Config and imports persistence, internal/redact
// and the model's replay reader and SDK; never an adapter it probes, http,
// emulator or cmd.
package smoke
