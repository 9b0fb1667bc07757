// Package http holds Intake's fiber applications: the platform webhook, the
// chat endpoint, the development dashboard, the operator console (/atendimento),
// and the admin pages and JSON API.
//
// Handlers reach conversations through the addressing interface of the actors
// layer and never hold a PID; inbound messages go through package inbound.
// They may import inbound, actors, persistence, domain and locale, never
// runtime, emulator or cmd.
package http
