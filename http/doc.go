// Package http holds Intake's fiber applications: the platform webhook, the
// chat endpoint, the development dashboard, the operator console (/atendimento),
// and the admin pages and JSON API.
//
// Handlers reach conversations through the addressing interface of the actors
// layer and never hold a PID. They may import actors and persistence, never
// runtime, emulator or cmd.
package http
