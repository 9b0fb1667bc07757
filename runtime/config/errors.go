package config

// Error is one problem with one environment variable. Load and Validate
// return every Error they find, joined with errors.Join; errors.As finds the
// first.
type Error struct {
	// Var is the variable's name, e.g. DEBOUNCE_WINDOW.
	Var string
	// Problem says what is wrong and what was expected.
	Problem string
}

// Error renders as `config: DEBOUNCE_WINDOW: "abc" is not a duration (e.g. 2s, 500ms)`.
func (e *Error) Error() string {
	return "config: " + e.Var + ": " + e.Problem
}
