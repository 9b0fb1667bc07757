// Package content owns the data that steers the conversation agents: the
// prompts of each agent, the service catalogue (canonical service names,
// aliases, segments, intents and the knowledge packages of each service) and
// the knowledge packages themselves.
//
// These are data files, not code, so the dashboard can show and edit them.
// Every file is embedded in the binary; when a content directory is configured
// (CONTENT_DIR, passed in as a path), a file there with the same relative path
// wins over the embedded one:
//
//	<dir>/catalogue.yaml
//	<dir>/prompts/<AGENT>.md             TRIAGE, QUALIFIER, REGISTRAR, SUMMARIZER
//	<dir>/knowledge/<id>.md              one knowledge package; the first "# " line is its title
//	<dir>/knowledge/history/<id>/<t>.md  previous versions kept by WritePackage
//
// A Store is safe for concurrent use. Prompt overrides set in memory (the
// versioned prompts the admin API keeps in the table) win over every file.
//
// The package reads files only; it must not import http, runtime, actor or
// session packages.
package content
