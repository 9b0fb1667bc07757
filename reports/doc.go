// Package reports is what the owner reads about the business: the funnel
// (conversations, qualified, data complete, registered, handed off, closed,
// abandoned), the handoff wait and the handling time in business hours, the
// operators' figures, the model's cost per conversation, per registered lead
// and per service, and the demands the catalogue does not cover.
//
// A report never reads the sessions. A rollup, run on a schedule by one node
// at a time, sums the sessions of each local day into a day item (one cell
// per service and operator); a report merges the day items of its period, so
// it costs one table query however many conversations the period holds. A
// conversation counts in the day it started, and its day is summed again
// while any of its conversations can still change.
package reports
