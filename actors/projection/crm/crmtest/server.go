package crmtest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
)

// Request is one captured request.
type Request struct {
	Method string
	Path   string
	// Authorization is the header as received.
	Authorization string
	// Body is the decoded JSON body; nil without one.
	Body map[string]any
}

// String is "METHOD /path", for comparing sequences of calls.
func (r Request) String() string { return r.Method + " " + r.Path }

// Object is a stored contact or deal.
type Object struct {
	ID         string
	Properties map[string]any
	// Associations lists the associated contact IDs of a deal.
	Associations []string
}

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

// Server is the fake CRM. It is safe for concurrent use.
type Server struct {
	// URL is the base URL to configure the crm client with.
	URL string
	// SessionProperty is the deal property that names the session; creates
	// are counted per its value. Default "intake_session_id".
	SessionProperty string

	mu       sync.Mutex
	seq      int
	contacts []Object
	deals    []Object
	requests []Request
	creates  map[string]int
	inject   func(Request) Fault
}

// New starts a fake CRM that closes when the test ends.
func New(t testing.TB) *Server {
	s := &Server{SessionProperty: "intake_session_id", creates: map[string]int{}}
	hs := httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(hs.Close)
	s.URL = hs.URL
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

// DealCreates is how many deals were created for a session.
func (s *Server) DealCreates(sessionID string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.creates[sessionID]
}

// Deals returns the stored deals, in creation order.
func (s *Server) Deals() []Object {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.deals)
}

// Contacts returns the stored contacts, in creation order.
func (s *Server) Contacts() []Object {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.contacts)
}

// AddContact stores a contact as if created earlier, and returns its ID.
func (s *Server) AddContact(props map[string]any) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.seq++
	id := fmt.Sprint(s.seq)
	s.contacts = append(s.contacts, Object{ID: id, Properties: props})
	return id
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	req := Request{Method: r.Method, Path: r.URL.Path, Authorization: r.Header.Get("Authorization")}
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
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(body)
}

// route serves a request against the store.
func (s *Server) route(r Request) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	const objects = "/crm/v3/objects/"
	rest, ok := strings.CutPrefix(r.Path, objects)
	if !ok {
		return http.StatusNotFound, errorBody("no such route")
	}
	kind, id, _ := strings.Cut(rest, "/")
	var store *[]Object
	switch kind {
	case "contacts":
		store = &s.contacts
	case "deals":
		store = &s.deals
	default:
		return http.StatusNotFound, errorBody("no such object type")
	}
	switch {
	case r.Method == http.MethodPost && id == "":
		return s.create(kind, store, r.Body)
	case r.Method == http.MethodPost && id == "search":
		return http.StatusOK, search(*store, r.Body)
	case r.Method == http.MethodPatch && id != "":
		for i := range *store {
			if (*store)[i].ID == id {
				props, _ := r.Body["properties"].(map[string]any)
				for k, v := range props {
					(*store)[i].Properties[k] = v
				}
				return http.StatusOK, map[string]any{"id": id, "properties": (*store)[i].Properties}
			}
		}
		return http.StatusNotFound, errorBody("object not found")
	}
	return http.StatusMethodNotAllowed, errorBody("method not allowed")
}

func (s *Server) create(kind string, store *[]Object, body map[string]any) (int, any) {
	props, _ := body["properties"].(map[string]any)
	if props == nil {
		return http.StatusBadRequest, errorBody("properties required")
	}
	if kind == "contacts" {
		if email, _ := props["email"].(string); email != "" {
			for _, c := range *store {
				if c.Properties["email"] == email {
					return http.StatusConflict, map[string]any{
						"status": "error", "category": "CONFLICT",
						"message": "Contact already exists. Existing ID: " + c.ID,
					}
				}
			}
		}
	}
	s.seq++
	obj := Object{ID: fmt.Sprint(s.seq), Properties: props}
	if kind == "deals" {
		obj.Associations = associated(body)
		if sid, _ := props[s.SessionProperty].(string); sid != "" {
			s.creates[sid]++
		}
	}
	*store = append(*store, obj)
	return http.StatusCreated, map[string]any{"id": obj.ID, "properties": props}
}

// associated reads the contact IDs of a create's associations.
func associated(body map[string]any) []string {
	var ids []string
	list, _ := body["associations"].([]any)
	for _, a := range list {
		m, _ := a.(map[string]any)
		to, _ := m["to"].(map[string]any)
		if id, ok := to["id"].(string); ok {
			ids = append(ids, id)
		}
	}
	return ids
}

// search serves one EQ filter, oldest first, as the client sends it.
func search(store []Object, body map[string]any) map[string]any {
	groups, _ := body["filterGroups"].([]any)
	results := []any{}
	for _, o := range store {
		if matches(o, groups) {
			results = append(results, map[string]any{"id": o.ID, "properties": o.Properties})
		}
	}
	total := len(results)
	if limit, ok := body["limit"].(float64); ok && int(limit) < len(results) {
		results = results[:int(limit)]
	}
	return map[string]any{"total": total, "results": results}
}

// matches reports whether o satisfies any filter group (all EQ filters of it).
func matches(o Object, groups []any) bool {
	for _, g := range groups {
		filters, _ := g.(map[string]any)["filters"].([]any)
		all := len(filters) > 0
		for _, f := range filters {
			fm, _ := f.(map[string]any)
			name, _ := fm["propertyName"].(string)
			if fm["operator"] != "EQ" || o.Properties[name] != fm["value"] {
				all = false
			}
		}
		if all {
			return true
		}
	}
	return false
}

func errorBody(msg string) map[string]any {
	return map[string]any{"status": "error", "message": msg}
}
