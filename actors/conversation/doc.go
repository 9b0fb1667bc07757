// Package conversation owns the conversation rules of Intake: the state
// machine of the conversation contract in docs/architecture.md (states, agents, action
// codes, handoff reasons), the merge of the data agents collect, the checks of
// registration data (CPF/CNPJ check digits, e-mail, phone), the model requests
// of each agent, and the operational summary. Its sub-package content owns the
// prompts, the service catalogue and the knowledge packages.
//
// It is pure logic: an Engine turns an Input (the session, its history, the
// customer's burst) and a parsed model answer into an Outcome (the new session,
// the reply, and the side effects the session actor must carry out). It does
// no I/O beyond reading content files, and must not import http, runtime,
// emulator, actors/session or any actor library.
//
// # Transitions
//
// Every (state, action code) pair, as rules in transitions.go implements it
// and the table test checks it:
//
//	state            s=0      s=1     s=2      s=3      s=4       s=5     s=6      s=9     other
//	NEW              QUALIFY  SERVICE refused  PERSON   DEMAND    ENRICH  refused  CLOSE   refused
//	QUALIFYING       stay     SERVICE refused  PERSON   DEMAND    ENRICH  HOLD     CLOSE   refused
//	DATA_COLLECT     stay     refused CHECK    PERSON   refused   ENRICH  HOLD     CLOSE   refused
//	COMPLETED        stay     refused CHECK    PERSON   refused   ENRICH  refused  CLOSE   refused
//	CONFIRM_SUBJECT  CONFIRM  refused refused  PERSON   refused   ENRICH  HOLD     CLOSE   refused
//	HANDOFF          silent for every code: nothing sent, nothing changed, Illegal set
//	HUMAN            silent (an operator holds the conversation)
//	CLOSED           silent (the actor starts a new session instead: Engine.NewSession)
//
//	stay     send the model's text, keep the state
//	QUALIFY  send the text; -> QUALIFYING, agent QUALIFIER (triage's first answer is done)
//	SERVICE  service = the catalogue's canonical name (matched case- and accent-insensitively
//	         on name or alias), segment = the service's, intent if the catalogue knows it;
//	         -> DATA_COLLECT, agent REGISTRAR; a service outside the catalogue is refused
//	CHECK    validate cadastral_data (nome, CPF/CNPJ check digits, e-mail, optional phone):
//	         valid -> normalised, COMPLETED, Project (from DATA_COLLECT also handoff
//	         DATA_COMPLETE and a summary); invalid -> RETRY, same state
//	PERSON   send the text; -> HANDOFF, handoff CUSTOMER_REQUEST, summary
//	DEMAND   record an OutOfPortfolioDemand; send the text; -> CLOSED (closed_at), summary
//	ENRICH   Enrich = the named packages that exist and are not injected yet; nothing sent,
//	         same state, context_enrichment_count+1; past MaxEnrichments, or with nothing
//	         new to inject: EnrichmentExhausted (configured text, same state), Illegal set
//	HOLD     pending_subject_change_text = the customer's burst; send the text
//	         (the confirmation question); -> CONFIRM_SUBJECT, agent unchanged
//	CONFIRM  "confirm": true restarts qualification, false returns to the interrupted
//	         state, absent keeps asking (see subject.go for the yes/no word lists that
//	         decide plain answers before the model is called)
//	CLOSE    send the text; -> CLOSED (closed_at), summary
//	refused  Failure: configured fallback text, -> HANDOFF AGENT_FAILURE, summary, Illegal set
//
//	RETRY    retry_count+1, the configured retry text naming the invalid fields instead
//	         of the model's; at MaxValidationFailures -> HANDOFF VALIDATION_FAILED with a
//	         summary
//
// In every legal step qualification_data and cadastral_data are merged key by
// key from the answer, sanitized (markup and control characters removed); a
// null or blank value never erases a collected one. The CPF/CNPJ and the
// e-mail are checked as soon as reported, whatever s: an invalid one is not
// stored, and a step that leaves the bot waiting for the customer (in NEW,
// QUALIFYING, DATA_COLLECT or COMPLETED, with a text) becomes RETRY, so the
// customer hears it in the same turn. An answer whose action needs text and
// has none is refused too.
//
// # Operators
//
// Operate is the rule of the operator commands (claim, send, release, close)
// and of their typed refusal codes; WindowAt is the 24-hour customer-service
// window outside which an operator's free text is refused. The session actor
// applies them to the loaded session; the operator console shows the window
// and who may claim (Claimable) or act (HeldBy), takes the commands by the
// names OperatorAction knows, and answers each refusal code with its HTTP
// status.
//
// # Agents
//
// TRIAGE answers in NEW, QUALIFIER in QUALIFYING, REGISTRAR in DATA_COLLECT
// and COMPLETED; in CONFIRM_SUBJECT the agent of the interrupted state keeps
// answering. SUMMARIZER writes the operational summary when a conversation
// closes or goes to a person; it does not use action codes.
//
// # One turn
//
// The session actor calls Request, sends it to the model, and calls Apply with
// the parsed answer, or Failure when there is none. While Apply returns
// Enrich it injects those packages (Input.Packages) and asks again. When the
// Outcome asks for a summary it calls SummaryRequest and ApplySummary. The
// Engine keeps no state between calls.
package conversation
