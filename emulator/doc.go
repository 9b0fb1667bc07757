// Package emulator is the local runner of the spec ("Local emulator", "Local
// runner behaviour"): it runs the same application as production in one
// process over a simulated cloud context, so a fresh checkout needs no
// container runtime, database or cloud account.
//
// It owns:
//
//   - the env file (ParseEnv, LoadEnvFile) and the emulator's view of the
//     environment (Lookup): set-if-absent, so exported variables win;
//     DEV_UI_ENABLED=true only when undefined; the key-value endpoint
//     overrides removed so the in-memory table is the one used;
//   - the simulated cloud context (Cloud): the memory table (whose expired
//     items Run purges every memory.DefaultPurgeInterval, as DynamoDB's TTL
//     deletes them), the in-process queue, an in-memory mailer (MemoryMailer,
//     which also answers SES's SendEmail) and an in-memory parameter store
//     (MemoryParameters, which answers SSM's parameter calls);
//   - the adapters' fallbacks (Adapters): an enabled adapter without
//     credentials runs as its local stub instead of failing every call (a
//     CRM so substituted is crm.Stub, through which the sync job still
//     converges, so the dashboard shows the CRM and ERP effects); the
//     smokes are told which adapters were substituted;
//   - the defaults of a newcomer's first run (Lookup): the demo model when
//     no LLM_API_KEY is set, a development operator (DevOperator);
//   - the banner (WriteBanner) and the graceful stop (Emulator.Run).
//
// There is no auto-reload: the context lives as long as the process, and
// restarting loses the table. External provider HTTP traffic (the language
// model, enabled adapters) is not blocked.
//
// It may import runtime and the packages below it, never cmd.
package emulator
