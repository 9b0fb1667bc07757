// Package locale is the language and time zone of the pages operators and
// admins read (UI_LANG, UI_TIMEZONE): a catalogue of texts in Brazilian
// Portuguese and English, and dates in the business's zone with the
// language's formatting.
//
// Each page package keeps its texts next to its templates as Catalogues,
// one per area, merged at construction (Merge refuses a key defined twice),
// and hands a Locale's Funcs to its template engine. Every text exists in
// both languages: New refuses a catalogue with a missing translation, so a
// switch of UI_LANG never shows a key.
package locale
