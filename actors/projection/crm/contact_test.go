package crm_test

import (
	"net/http"
	"slices"
	"testing"

	"github.com/intake-runtime/intake/actors/projection/crm/crmtest"
	"github.com/intake-runtime/intake/domain"
)

const (
	searchContacts = "POST /crm/v3/objects/contacts/search"
	createContact  = "POST /crm/v3/objects/contacts"
)

func TestSyncContact(t *testing.T) {
	tests := []struct {
		name    string
		seed    map[string]any // a contact the CRM already holds
		id      string         // the ID the projection knows
		payload map[string]any
		fault   func(crmtest.Request) crmtest.Fault
		calls   []string
		want    string // MockID; "new" is the created contact's
		kind    domain.ErrorKind
	}{
		{
			name:    "known ID is updated",
			seed:    map[string]any{"email": "old@exemplo.com"},
			id:      "1",
			payload: contactPayload("maria@exemplo.com", "+5511987654321"),
			calls:   []string{"PATCH /crm/v3/objects/contacts/1"},
			want:    "1",
		},
		{
			name:    "found by email",
			seed:    map[string]any{"email": "maria@exemplo.com"},
			payload: contactPayload("maria@exemplo.com", "+5511987654321"),
			calls:   []string{searchContacts, "PATCH /crm/v3/objects/contacts/1"},
			want:    "1",
		},
		{
			name:    "found by phone",
			seed:    map[string]any{"phone": "+5511987654321"},
			payload: contactPayload("maria@exemplo.com", "+5511987654321"),
			calls:   []string{searchContacts, searchContacts, "PATCH /crm/v3/objects/contacts/1"},
			want:    "1",
		},
		{
			name:    "created without e-mail",
			payload: contactPayload(nil, "+5511987654321"),
			calls:   []string{searchContacts, createContact},
			want:    "new",
		},
		{
			name:    "409 names the existing contact",
			seed:    map[string]any{"email": "maria@exemplo.com"},
			payload: contactPayload("maria@exemplo.com", nil),
			fault: func(r crmtest.Request) crmtest.Fault {
				if r.String() == searchContacts { // the search index lags
					return crmtest.Fault{Status: http.StatusOK, Body: `{"total":0,"results":[]}`}
				}
				return crmtest.Fault{}
			},
			calls: []string{searchContacts, createContact, "PATCH /crm/v3/objects/contacts/1"},
			want:  "1",
		},
		{
			name:    "409 without an ID",
			payload: contactPayload("maria@exemplo.com", nil),
			fault: func(r crmtest.Request) crmtest.Fault {
				if r.String() == createContact {
					return crmtest.Fault{Status: http.StatusConflict, Body: `{"message":"Conflict","category":"CONFLICT"}`}
				}
				return crmtest.Fault{}
			},
			calls: []string{searchContacts, createContact},
			kind:  domain.ErrorKindPermanent,
		},
		{
			name:    "deleted contact",
			id:      "404404",
			payload: contactPayload("maria@exemplo.com", nil),
			calls:   []string{"PATCH /crm/v3/objects/contacts/404404"},
			kind:    domain.ErrorKindPermanent,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := crmtest.New(t)
			if tt.seed != nil {
				srv.AddContact(tt.seed)
			}
			srv.Inject(tt.fault)
			resp, err := newClient(t, srv, nil).SyncContact(t.Context(), tt.id, tt.payload)
			if err != nil {
				t.Fatal(err)
			}
			if got := srv.Calls(); !slices.Equal(got, tt.calls) {
				t.Errorf("calls = %q\nwant %q", got, tt.calls)
			}
			want := tt.want
			if want == "new" {
				contacts := srv.Contacts()
				want = contacts[len(contacts)-1].ID
			}
			if resp.Success != (tt.kind == "") || string(resp.MockID) != want || resp.ErrorKind != tt.kind {
				t.Errorf("response = %+v; want id %q, kind %q", resp, want, tt.kind)
			}
			for _, r := range srv.Requests() {
				props, _ := r.Body["properties"].(map[string]any)
				for k, v := range props {
					if v == nil {
						t.Errorf("%s sent %s = null", r, k)
					}
				}
			}
		})
	}
}

func TestExistingID(t *testing.T) {
	tests := []struct {
		body string
		id   string
		ok   bool
	}{
		{`{"status":"error","message":"Contact already exists. Existing ID: 123","category":"CONFLICT"}`, "123", true},
		{`{"message":"Contact already exists. Existing ID:987"}`, "987", true},
		{`{"message":"Contact already exists."}`, "", false},
		{`Existing ID: 5`, "", false},
		{``, "", false},
	}
	for _, tt := range tests {
		id, ok := crmExistingID(tt.body)
		if id != tt.id || ok != tt.ok {
			t.Errorf("ExistingID(%q) = %q, %v; want %q, %v", tt.body, id, ok, tt.id, tt.ok)
		}
	}
}

func FuzzExistingID(f *testing.F) {
	f.Add(`{"message":"Contact already exists. Existing ID: 123","category":"CONFLICT"}`)
	f.Add(`{"message":"Existing ID: 1 Existing ID: 2"}`)
	f.Add(`{"error":{"message":"Existing ID: 77"}}`)
	f.Fuzz(func(t *testing.T, body string) {
		id, ok := crmExistingID(body)
		if ok != (id != "") {
			t.Fatalf("ExistingID(%q) = %q, %v", body, id, ok)
		}
		for _, r := range id {
			if r < '0' || r > '9' {
				t.Fatalf("ExistingID(%q) = %q: not digits", body, id)
			}
		}
	})
}
