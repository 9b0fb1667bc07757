// Package digest is the weekly report e-mail: every Monday from 08:00
// local it sends the owners (REPORT_EMAILS) last week's funnel, handoff
// wait, cost per registration and most common demands outside the
// catalogue, through the same SES call as the handoff e-mails. Every node
// runs it; a conditional mark per week in the table lets one send.
//
// It imports reports, locale and persistence; never http or runtime.
package digest
