// Package locale is the language and time zone of what people read
// (UI_LANG, UI_TIMEZONE): a catalogue of texts in Brazilian Portuguese and
// English, and dates in the business's zone with the language's formatting.
// The console and admin pages render through it, and so do the handoff
// notices operators receive by e-mail and on their phones, so an operator
// reads one language and one clock everywhere.
//
// Each package keeps its texts next to the code that shows them, as
// Catalogues, one per area, merged at construction (Merge refuses a key
// defined twice). Every text exists in both languages: New refuses a
// catalogue with a missing translation, so a switch of UI_LANG never shows a
// key.
//
// It sits below every layer, actors included, and imports no other Intake
// package.
package locale
