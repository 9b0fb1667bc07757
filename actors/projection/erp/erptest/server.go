// Package erptest is a fake ERP for tests, in the manner of
// net/http/httptest: an httptest server that answers the /contatos calls of
// the erp client (lookup by document, create), keeps the customers it
// created, captures every request, and lets a test inject faults (an error
// status, or an answer withheld after the create took effect). Run is the
// contract suite of projection.ERP, which the erp client (against this fake)
// and erp.Stub both run.
//
// It is test support: production code never imports it.
package erptest

import (
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"testing"

	"github.com/intake-runtime/intake/actors/projection/internal/fakeapi"
)

// Request is one captured request; String gives "METHOD /path", the path
// below the API root ("/contatos").
type Request = fakeapi.Request

// Fault is what an injected hook asks the server to do with one request:
// answer Status (with Header and Body) instead, or Hang after serving it. The
// zero Fault serves the request normally.
type Fault = fakeapi.Fault

// Customer is a customer the fake holds.
type Customer struct {
	ID      string
	Payload map[string]any
}

// Server is the fake ERP: URL is the API root to configure the erp client
// with, and Inject, Requests and Calls come with the embedded fake server. It
// is safe for concurrent use.
type Server struct {
	*fakeapi.Server

	mu        sync.Mutex
	customers []Customer
}

// New starts a fake ERP that closes when the test ends. Its API root has a
// path, as the provider's has.
func New(t testing.TB) *Server {
	s := &Server{}
	s.Server = fakeapi.New(t, "/Api/v3", s.route)
	return s
}

// Customers returns the customers created so far, oldest first.
func (s *Server) Customers() []Customer {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.customers)
}

// route serves a lookup by numeroDocumento or a create, in the ERP's
// envelope.
func (s *Server) route(r Request) (int, any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case r.Path != "/contatos":
		return http.StatusNotFound, errorBody("no such resource")
	case r.Method == http.MethodGet:
		found := []any{}
		doc := r.Query.Get("numeroDocumento")
		for _, c := range s.customers {
			if c.Payload["cpfcnpj"] == doc && doc != "" {
				found = append(found, map[string]any{"id": json.Number(c.ID)})
			}
		}
		return http.StatusOK, map[string]any{"data": found}
	case r.Method == http.MethodPost:
		id := strconv.Itoa(len(s.customers) + 1)
		s.customers = append(s.customers, Customer{ID: id, Payload: r.Body})
		return http.StatusCreated, map[string]any{"data": map[string]any{"id": json.Number(id)}}
	}
	return http.StatusMethodNotAllowed, errorBody("method not allowed")
}

func errorBody(msg string) map[string]any {
	return map[string]any{"error": map[string]any{"description": msg}}
}
