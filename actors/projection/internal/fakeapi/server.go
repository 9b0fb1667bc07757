// Package fakeapi is what the fake providers of the projection tests
// (crm/crmtest, erp/erptest) share: an httptest server that captures every
// request, lets a test inject faults, and serves the rest with the fake's
// own route. It is test support: production code never imports it.
package fakeapi

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
)

// Request is one captured request.
type Request struct {
	Method string
	// Path is the path below the API root the fake was started with.
	Path  string
	Query url.Values
	// Authorization is the header as received.
	Authorization string
	// IfMatch is the If-Match header as received, "" without one.
	IfMatch string
	// Body is the decoded JSON body; nil without one.
	Body map[string]any
}

// String is "METHOD /path", for comparing sequences of calls.
func (r Request) String() string { return r.Method + " " + r.Path }

// Fault is what an injected hook asks the server to do with one request. The
// zero Fault serves the request normally.
type Fault struct {
	// Status answers with this status and Body (and Header) instead of
	// serving the request, when not zero.
	Status int
	Header http.Header
	Body   string
	// Hang serves the request (its effect is stored) and then withholds the
	// answer until the client gives up, as a timeout after the write does.
	Hang bool
}

// Route serves a request no fault stopped: the status and the JSON body of
// the answer. The Server holds none of its locks while it runs.
// Answer is a route's body with response headers (an ETag).
type Answer struct {
	Header http.Header
	Body   any
}

type Route func(Request) (status int, body any)

// Server is a fake provider. It is safe for concurrent use.
type Server struct {
	// URL is the API root to configure the client with.
	URL string

	root  string
	route Route

	mu       sync.Mutex
	requests []Request
	inject   func(Request) Fault
}

// New starts a fake provider whose API lives under root ("" or a path such
// as "/Api/v3") and that serves requests with route; it closes when the test
// ends.
func New(t testing.TB, root string, route Route) *Server {
	s := &Server{root: root, route: route}
	hs := httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(hs.Close)
	s.URL = hs.URL + root
	return s
}

// Inject sets the hook consulted for every request before it is served; nil
// removes it. The hook runs under no lock and may count calls itself.
func (s *Server) Inject(hook func(Request) Fault) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.inject = hook
}

// Requests returns the captured requests, in arrival order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.requests)
}

// Calls returns the captured requests as "METHOD /path" strings.
func (s *Server) Calls() []string {
	var out []string
	for _, r := range s.Requests() {
		out = append(out, r.String())
	}
	return out
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	req := Request{
		Method:        r.Method,
		Path:          strings.TrimPrefix(r.URL.Path, s.root),
		Query:         r.URL.Query(),
		Authorization: r.Header.Get("Authorization"),
		IfMatch:       r.Header.Get("If-Match"),
	}
	if data, _ := io.ReadAll(r.Body); len(data) > 0 {
		if err := json.Unmarshal(data, &req.Body); err != nil {
			http.Error(w, `{"message":"invalid JSON"}`, http.StatusBadRequest)
			return
		}
	}
	s.mu.Lock()
	s.requests = append(s.requests, req)
	hook := s.inject
	s.mu.Unlock()

	var f Fault
	if hook != nil {
		f = hook(req)
	}
	if f.Status != 0 {
		for k, vs := range f.Header {
			w.Header()[k] = vs
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(f.Status)
		_, _ = io.WriteString(w, f.Body)
		return
	}
	status, body := s.route(req)
	if f.Hang {
		<-r.Context().Done()
		return
	}
	if a, ok := body.(Answer); ok {
		for k, vs := range a.Header {
			w.Header()[k] = vs
		}
		body = a.Body
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(body)
}
