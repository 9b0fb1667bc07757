// Package e2e holds the dashboard's browser test: the whole application
// (runtime.New over a memory table, the messaging stub and a replay model)
// served on 127.0.0.1, driven by headless Chromium through chromedp.
//
// It has tests only. They import runtime, which the dashboard itself must
// never do: an end-to-end test stands above every layer it exercises.
//
// The test skips when Chromium is missing, and fails instead when CI is set.
// Screenshots of a failed step go to test-artifacts/ at the module root;
// with UPDATE_SCREENSHOT=1 it also writes docs/dashboard.png for the README.
package e2e
