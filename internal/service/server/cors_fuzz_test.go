package server

import (
	"net/http/httptest"
	"testing"
)

// FuzzCORS: for any origin the operator allows and any Origin header and
// preflight method a client sends, nothing panics; an accepted origin is
// normalized for good (normalizing it again changes nothing); a reply
// names in Access-Control-Allow-Origin only "*" or the client's own
// Origin, and only when it is allowed; a preflight grants only the
// endpoint's methods.
func FuzzCORS(f *testing.F) {
	f.Add("https://a.example:443", "https://a.example", "POST")
	f.Add("HTTP://LocalHost:3000", "http://localhost:3000", "GET")
	f.Add("*", "null", "DELETE")
	f.Add("http://[::1]:80", "http://[::1]", "POST")
	f.Add("https://a.example/x", "https://a.example", "")
	f.Fuzz(func(t *testing.T, allowed, origin, method string) {
		n, err := normOrigin(allowed)
		if err == nil {
			if n2, err := normOrigin(n); err != nil || n2 != n {
				t.Fatalf("normOrigin(%q) = %q, again %q, %v", allowed, n, n2, err)
			}
		}
		c := newCORS([]string{allowed})
		req := httptest.NewRequest("OPTIONS", "/api/solve", nil)
		if origin != "" {
			req.Header["Origin"] = []string{origin}
		}
		req.Header["Access-Control-Request-Method"] = []string{method}
		rec := httptest.NewRecorder()
		c.preflight(rec, req, []string{"POST"})
		got := rec.Header().Get("Access-Control-Allow-Origin")
		switch {
		case got == "":
		case err != nil:
			t.Fatalf("%q refused, yet %q allowed", allowed, got)
		case got != "*" && got != origin:
			t.Fatalf("allowed %q for Origin %q", got, origin)
		case got == "*" && n != "*":
			t.Fatalf("* for %q", allowed)
		case method != "POST":
			t.Fatalf("preflight for %q granted", method)
		case rec.Header().Get("Access-Control-Allow-Methods") != "POST":
			t.Fatalf("methods %q", rec.Header().Get("Access-Control-Allow-Methods"))
		}
	})
}
