// Package config turns Intake's environment variables into one validated
// Config value. It is the only place that knows the variable names, their
// defaults (an adapter's base URL, version and rate are taken from the
// adapter) and their rules (validate.go); everything else
// receives typed values from it.
//
// Load takes a lookup function instead of reading the process environment so
// that main passes os.LookupEnv, the emulator layers its env file on top, and
// tests pass a map. Errors name the variable and say what was expected, and
// all of them are reported at once, so a bad deployment is fixed in one pass.
// What a command needs beyond a well-formed configuration (ServeNeeds: a
// model, a signed webhook, the credentials of every enabled adapter;
// SyncNeeds) is passed to Load and checked in the same pass.
//
// Secrets are held as Secret values, which never print themselves.
//
// With PARAMETER_PREFIX set, `serve` and `sync` also read the parameter
// store (WithParameterStore, parameters.go): every parameter under the
// prefix, named by its last path element, the environment winning.
//
// Of Intake's packages it imports only the adapters whose defaults it takes
// (actors/messaging/cloudapi, actors/projection/crm and erp, internal/recent)
// and actors/projection, whose logical stages CRM_STAGES must name, and
// actors/messaging, whose rules read DEFAULT_COUNTRY and OPERATOR_PHONES as
// the console reads a typed number, so each default, each name list and the
// phone rule have one home. Nothing below runtime imports it.
package config
