// Package crmtest is a fake HubSpot-style CRM for tests, in the manner of
// net/http/httptest: an httptest server that speaks the calls the crm client
// makes (contact and deal create, update and search, a probe's page, the
// pipeline and deal property of the setup check), keeps what they wrote,
// captures every request, counts deal creates per session, and lets a test
// inject faults (an error status, or an answer withheld after the request
// took effect). Run is the contract suite of projection.CRM, which the crm
// client (against this fake) and crm.Stub both run.
//
// It is test support: production code never imports it.
package crmtest
