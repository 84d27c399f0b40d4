package web

import (
	"encoding/json"
	"io"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestHandler: each file of the page is served with its type; the
// manifest is JSON naming the start page and an icon the page serves.
func TestHandler(t *testing.T) {
	h := Handler()
	get := func(path string) (string, string, int) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		body, _ := io.ReadAll(rec.Body)
		return rec.Header().Get("Content-Type"), string(body), rec.Code
	}
	for _, tc := range []struct{ path, ctype string }{
		{"/", "text/html"},
		{"/app.js", "text/javascript"},
		{"/rules.js", "text/javascript"},
		{"/sw.js", "text/javascript"},
		{"/style.css", "text/css"},
		{"/icon.svg", "image/svg+xml"},
		{"/manifest.webmanifest", "application/manifest+json"},
	} {
		ct, _, code := get(tc.path)
		if code != 200 || !strings.HasPrefix(ct, tc.ctype) {
			t.Errorf("%s: status %d, type %q; want 200, %s", tc.path, code, ct, tc.ctype)
		}
	}
	_, body, _ := get("/manifest.webmanifest")
	var m struct {
		StartURL string `json:"start_url"`
		Icons    []struct{ Src string }
	}
	if err := json.Unmarshal([]byte(body), &m); err != nil || m.StartURL == "" || len(m.Icons) == 0 {
		t.Fatalf("manifest: %v %+v", err, m)
	}
	if _, _, code := get("/" + m.Icons[0].Src); code != 200 {
		t.Errorf("manifest icon %s: status %d", m.Icons[0].Src, code)
	}
	// The service worker caches exactly files that exist.
	_, sw, _ := get("/sw.js")
	i := strings.Index(sw, "const FILES = [")
	if i < 0 {
		t.Fatal("sw.js: no FILES list")
	}
	list := sw[i+len("const FILES = [") : i+strings.Index(sw[i:], "]")]
	for _, f := range strings.Split(list, ",") {
		f = strings.Trim(strings.TrimSpace(f), `"`)
		if _, _, code := get("/" + strings.TrimPrefix(f, "./")); code != 200 {
			t.Errorf("sw.js caches %q: status %d", f, code)
		}
	}
}
