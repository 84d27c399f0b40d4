// Package e2e holds the end-to-end tests of the web page: a real headless
// Chromium (Debian's chromium, found on the PATH or at /usr/bin/chromium)
// driven with chromedp against the service started in process. The tests
// skip with a message when no Chromium is installed, and fail when one is
// installed but does not start.
//
// Set SUDOKU_SCREENSHOT=path to save a screenshot of a game in progress
// (docs/screenshot.png is made that way).
package e2e
