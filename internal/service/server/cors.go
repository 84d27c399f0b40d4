package server

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/dlxkit/dlx/internal/quote"
)

// ErrOrigin: a CORS origin that is not "*" nor scheme://host[:port] with
// scheme http or https.
var ErrOrigin = errors.New("bad CORS origin")

// CheckOrigins checks a list of Config.CORSOrigins: each "*" or an origin
// as a browser sends it, "https://example.org" or "http://localhost:3000"
// (no path, query or user).
func CheckOrigins(origins []string) error {
	for _, o := range origins {
		if _, err := normOrigin(o); err != nil {
			return err
		}
	}
	return nil
}

// normOrigin returns an allowed origin in the form a browser's Origin
// header has: scheme and host in lower case, no default port.
func normOrigin(o string) (string, error) {
	if o == "*" {
		return o, nil
	}
	u, err := url.Parse(o)
	bad := func(why string) error {
		return fmt.Errorf("%w %s: %s (want scheme://host[:port], or *)", ErrOrigin, quote.Short(o), why)
	}
	switch {
	case err != nil:
		return "", bad("not a URL")
	case u.Scheme != "http" && u.Scheme != "https":
		return "", bad("the scheme is not http or https")
	case u.Host == "" || u.Hostname() == "":
		return "", bad("no host")
	case u.User != nil || (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" || u.Opaque != "":
		return "", bad("an origin has no user, path, query or fragment")
	}
	host := strings.ToLower(u.Host)
	if p := u.Port(); (u.Scheme == "http" && p == "80") || (u.Scheme == "https" && p == "443") {
		host = strings.ToLower(u.Hostname())
		if strings.Contains(host, ":") {
			host = "[" + host + "]"
		}
	}
	return u.Scheme + "://" + host, nil
}

// cors answers the cross-origin requests of browsers for the API: off
// (nil) unless origins are allowed.
type cors struct {
	any     bool            // "*" allowed
	origins map[string]bool // normalized
}

func newCORS(origins []string) *cors {
	if len(origins) == 0 {
		return nil
	}
	c := &cors{origins: map[string]bool{}}
	for _, o := range origins {
		n, err := normOrigin(o)
		switch {
		case err != nil: // CheckOrigins' job; never matches
		case n == "*":
			c.any = true
		default:
			c.origins[n] = true
		}
	}
	return c
}

// allow sets the headers that let the request's origin read the reply,
// when it is allowed, and reports whether it is.
func (c *cors) allow(w http.ResponseWriter, r *http.Request) bool {
	if c == nil {
		return false
	}
	h := w.Header()
	if !c.any {
		h.Add("Vary", "Origin")
	}
	origin := r.Header.Get("Origin")
	if origin == "" || (!c.any && !c.origins[strings.ToLower(origin)]) {
		return false
	}
	if c.any {
		h.Set("Access-Control-Allow-Origin", "*")
	} else {
		h.Set("Access-Control-Allow-Origin", origin)
	}
	h.Set("Access-Control-Expose-Headers", "Retry-After")
	return true
}

// preflight answers the headers of a preflight request (OPTIONS with
// Access-Control-Request-Method) from an allowed origin for a method of
// the endpoint; the caller writes the status.
func (c *cors) preflight(w http.ResponseWriter, r *http.Request, methods []string) {
	h := w.Header()
	if !c.allow(w, r) {
		return
	}
	h.Add("Vary", "Access-Control-Request-Method")
	h.Add("Vary", "Access-Control-Request-Headers")
	m := r.Header.Get("Access-Control-Request-Method")
	if !slices.Contains(methods, m) && !(m == http.MethodHead && slices.Contains(methods, http.MethodGet)) {
		// Not a method of the endpoint: no permission.
		h.Del("Access-Control-Allow-Origin")
		h.Del("Access-Control-Expose-Headers")
		return
	}
	h.Set("Access-Control-Allow-Methods", strings.Join(methods, ", "))
	h.Set("Access-Control-Allow-Headers", "Content-Type")
	h.Set("Access-Control-Max-Age", "600")
}
