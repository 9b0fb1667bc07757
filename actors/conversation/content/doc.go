// Package content owns the data that steers the conversation agents: the
// prompts of each agent, the service catalogue (canonical service names,
// aliases, segments, intents and the knowledge packages of each service) and
// the knowledge packages themselves.
//
// These are data, not code. Every file is embedded in the binary; when a content directory is configured
// (CONTENT_DIR, passed in as a path), a file there with the same relative path
// wins over the embedded one:
//
//	<dir>/catalogue.yaml
//	<dir>/prompts/<AGENT>.md             TRIAGE, QUALIFIER, REGISTRAR, SUMMARIZER
//	<dir>/knowledge/<id>.md              one knowledge package; the first "# " line is its title
//
// The files are the seed. What the owner edits in /admin (the prompts, the
// catalogue, the knowledge packages) is versioned in the table by the
// layer above and applied here in memory, winning over every file; that
// layer checks an edit here first (CheckCatalogue, CheckPackage). A Store
// is safe for concurrent use.
//
// The package reads files only; it must not import http, runtime, actor or
// session packages.
package content
