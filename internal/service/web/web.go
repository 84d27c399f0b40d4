// Package web holds the service's web page: plain HTML, CSS and
// JavaScript embedded in the binary, with no build step.
package web

import (
	"embed"
	"io/fs"
	"net/http"
	"path"
)

//go:embed static
var static embed.FS

// FS returns the page's files (index.html, app.js, rules.js, style.css, the
// service worker sw.js, manifest.webmanifest and icon.svg).
func FS() fs.FS {
	f, err := fs.Sub(static, "static")
	if err != nil {
		panic(err) // the embedded directory exists
	}
	return f
}

// Handler serves the page's files, index.html at "/".
func Handler() http.Handler {
	fsrv := http.FileServerFS(FS())
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		switch path.Ext(r.URL.Path) {
		case ".webmanifest":
			w.Header().Set("Content-Type", "application/manifest+json")
		case ".svg":
			w.Header().Set("Content-Type", "image/svg+xml")
		}
		fsrv.ServeHTTP(w, r)
	})
}
