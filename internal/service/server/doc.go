// Package server is the Sudoku service: an HTTP JSON API (solve, count,
// check, rate, hint, generate, exact cover), Prometheus metrics, the
// embedded web page, and the muduo-compatible line protocol (package
// internal/service/lineproto), all in one process with limits on body size,
// search time and concurrent searches, and a graceful shutdown.
//
// See docs/service.md for the API with examples.
package server
