// Package crmtest is a fake HubSpot-style CRM for tests, in the manner of
// net/http/httptest: an httptest server that speaks the calls the crm client
// makes (contact and deal create, update and search), keeps what they wrote,
// captures every request, counts deal creates per session, and lets a test
// inject faults (an error status, or an answer withheld after the request
// took effect).
//
// It is test support: production code never imports it.
package crmtest
