package crmtest

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/intake-runtime/intake/actors/projection/internal/fakeapi"
)

// Request is one captured request; String gives "METHOD /path".
type Request = fakeapi.Request

// Object is a stored contact or deal.
type Object struct {
	ID         string
	Properties map[string]any
	// Associations lists the associated contact IDs of a deal.
	Associations []string
	// Version counts the object's writes; its ETag is "v<Version>".
	Version int
}

// ETag is the version tag the server sends with the object.
func (o Object) ETag() string { return fmt.Sprintf(`"v%d"`, o.Version) }

// tagged is an object's answer with its ETag header.
func tagged(o Object) fakeapi.Answer {
	return fakeapi.Answer{Header: http.Header{"Etag": {o.ETag()}}, Body: map[string]any{"id": o.ID, "properties": o.Properties}}
}

// Edit changes a stored deal as a person in the CRM would, bumping its
// version, and reports whether it exists.
func (s *Server) Edit(id string, props map[string]any) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := range s.deals {
		if s.deals[i].ID == id {
			for k, v := range props {
				s.deals[i].Properties[k] = v
			}
			s.deals[i].Version++
			return true
		}
	}
	return false
}

// Fault is what an injected hook asks the server to do with one request:
// answer Status (with Header and Body) instead, or Hang after serving it. The
// zero Fault serves the request normally.
type Fault = fakeapi.Fault

// Server is the fake CRM: URL is the base URL to configure the crm client
// with, and Inject, Requests and Calls come with the embedded fake server. It
// is safe for concurrent use.
type Server struct {
	*fakeapi.Server
	// SessionProperty is the deal property that names the session; creates
	// are counted per its value. Default "intake_session_id".
	SessionProperty string

	mu       sync.Mutex
	seq      int
	contacts []Object
	deals    []Object
	creates  map[string]int
	// pipelines and properties are what Pipeline and Property declared.
	pipelines  map[string][]string
	properties map[string]bool
}

// Pipeline declares a deal pipeline with its stage IDs, for the setup
// check (GET /crm/v3/pipelines/deals/{id}); an undeclared one answers 404.
func (s *Server) Pipeline(id string, stages ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.pipelines == nil {
		s.pipelines = map[string][]string{}
	}
	s.pipelines[id] = stages
}

// Property declares a deal property, for the setup check (GET
// /crm/v3/properties/deals/{name}); an undeclared one answers 404.
func (s *Server) Property(name string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.properties == nil {
		s.properties = map[string]bool{}
	}
	s.properties[name] = true
}

// setup serves the reads of the setup check.
func (s *Server) setup(r Request) (int, any, bool) {
	if r.Method != http.MethodGet {
		return 0, nil, false
	}
	if id, ok := strings.CutPrefix(r.Path, "/crm/v3/pipelines/deals/"); ok {
		ids, found := s.pipelines[id]
		if !found {
			return http.StatusNotFound, errorBody("no such pipeline"), true
		}
		stages := make([]any, len(ids))
		for i, sid := range ids {
			stages[i] = map[string]any{"id": sid}
		}
		return http.StatusOK, map[string]any{"id": id, "stages": stages}, true
	}
	if name, ok := strings.CutPrefix(r.Path, "/crm/v3/properties/deals/"); ok {
		if !s.properties[name] {
			return http.StatusNotFound, errorBody("no such property"), true
		}
		return http.StatusOK, map[string]any{"name": name}, true
	}
	return 0, nil, false
}

// New starts a fake CRM that closes when the test ends.
func New(t testing.TB) *Server {
	s := &Server{SessionProperty: "intake_session_id", creates: map[string]int{}}
	s.Server = fakeapi.New(t, "", s.route)
	return s
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

// route serves a request against the store.
func (s *Server) route(r Request) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if status, body, ok := s.setup(r); ok {
		return status, body
	}
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
	case r.Method == http.MethodGet && id == "":
		return http.StatusOK, search(*store, map[string]any{"limit": float64(1)}) // a probe's page: none match
	case r.Method == http.MethodPost && id == "search":
		return http.StatusOK, search(*store, r.Body)
	case r.Method == http.MethodPatch && id != "":
		for i := range *store {
			if (*store)[i].ID == id {
				if r.IfMatch != "" && r.IfMatch != (*store)[i].ETag() {
					return http.StatusPreconditionFailed, errorBody("the object changed since version " + r.IfMatch)
				}
				props, _ := r.Body["properties"].(map[string]any)
				for k, v := range props {
					(*store)[i].Properties[k] = v
				}
				(*store)[i].Version++
				return http.StatusOK, tagged((*store)[i])
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
	obj := Object{ID: fmt.Sprint(s.seq), Properties: props, Version: 1}
	if kind == "deals" {
		obj.Associations = associated(body)
		if sid, _ := props[s.SessionProperty].(string); sid != "" {
			s.creates[sid]++
		}
	}
	*store = append(*store, obj)
	return http.StatusCreated, tagged(obj)
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
