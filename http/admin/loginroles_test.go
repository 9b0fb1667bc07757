package admin_test

import (
	"net/http"
	"testing"

	"github.com/intake-runtime/intake/persistence"
)

// Who may log in to /admin is the roster's: an enabled person with role
// admin. An operator, a disabled admin and a stranger get the same page and
// no code.
func TestAdminLoginFollowsTheRoster(t *testing.T) {
	const person = "+5511977770000"
	for _, tc := range []struct {
		name   string
		record *persistence.OperatorRecord
		admits bool
	}{
		{"enabled admin", &persistence.OperatorRecord{Phone: person, Role: persistence.RoleAdmin}, true},
		{"disabled admin", &persistence.OperatorRecord{Phone: person, Role: persistence.RoleAdmin, Disabled: true}, false},
		{"operator", &persistence.OperatorRecord{Phone: person, Role: persistence.RoleOperator}, false},
		{"record from before roles", &persistence.OperatorRecord{Phone: person}, false},
		{"not on the roster", nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newLoginEnv(t)
			if tc.record != nil {
				e.putOperator(*tc.record)
			}
			res, codes := e.requestCode(person, person)
			if res.status != http.StatusOK || (len(codes) == 1) != tc.admits {
				t.Fatalf("code request = %d with %d codes; want 200 and a code: %v", res.status, len(codes), tc.admits)
			}
			if !tc.admits {
				return
			}
			if in := e.verify(person, codes[0]); in.status != http.StatusSeeOther || in.cookie("intake_admin") == nil {
				t.Errorf("verify = %d, want a session", in.status)
			}
		})
	}
}

// An admin disabled or made an operator on the people page loses their
// open session at its next request, on whatever node it lands.
func TestAdminSessionEndsWithTheRole(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change persistence.OperatorRecord
	}{
		{"disabled", persistence.OperatorRecord{Phone: owner, Role: persistence.RoleAdmin, Disabled: true}},
		{"made an operator", persistence.OperatorRecord{Phone: owner, Role: persistence.RoleOperator}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newLoginEnv(t)
			_, codes := e.requestCode(ownerTyped, owner)
			cookie := e.verify(owner, codes[0]).cookie("intake_admin")
			if cookie == nil {
				t.Fatal("no session")
			}
			if res := e.send("GET", "/admin", nil, cookie.Value); res.status != http.StatusOK {
				t.Fatalf("GET /admin = %d, want the overview", res.status)
			}
			e.putOperator(tc.change)
			if res := e.send("GET", "/admin", nil, cookie.Value); res.status != http.StatusSeeOther || res.header.Get("Location") != "/admin/login" {
				t.Errorf("GET /admin after %s = %d to %q, want the login", tc.name, res.status, res.header.Get("Location"))
			}
		})
	}
}
