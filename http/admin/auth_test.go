package admin_test

import (
	"testing"

	"github.com/intake-runtime/intake/http/admin"
)

func TestAPIKey(t *testing.T) {
	f := newFixture(t, admin.Config{})
	tests := []struct {
		key    string
		status int
		code   string
	}{
		{"", 401, "missing_admin_key"},
		{"wrong", 401, "invalid_admin_key"},
		{testKey[:len(testKey)-1], 401, "invalid_admin_key"},
		{testKey, 200, ""},
	}
	for _, tt := range tests {
		status, body := f.do("GET", "/admin/api/demands", "", map[string]string{admin.KeyHeader: tt.key})
		if status != tt.status || (tt.code != "" && errorOf(t, body).Code != tt.code) {
			t.Errorf("key %q: %d %s, want %d %s", tt.key, status, body, tt.status, tt.code)
		}
	}
	// A path that only starts like the API is not the API.
	if status, body := f.do("GET", "/admin/apix", "", nil); status != 404 {
		t.Errorf("GET /admin/apix = %d %s, want 404", status, body)
	}
	// Pages are not behind the key (the development gate hides them instead).
	if status, _ := f.do("GET", "/admin", "", nil); status != 200 {
		t.Errorf("GET /admin = %d", status)
	}
}

func TestNewRequiresItsDependencies(t *testing.T) {
	f := newFixture(t, admin.Config{})
	if _, err := admin.New(admin.Config{RenotifyAfter: 1}, nil, f.content, nil); err == nil {
		t.Error("New without a table succeeded")
	}
	if _, err := admin.New(admin.Config{RenotifyAfter: 1}, f.table, nil, nil); err == nil {
		t.Error("New without a prompt store succeeded")
	}
	if _, err := admin.New(admin.Config{}, f.table, f.content, nil); err == nil {
		t.Error("New without RenotifyAfter succeeded")
	}
	if _, err := admin.New(admin.Config{RenotifyAfter: 1}, f.table, f.content, nil); err == nil {
		t.Error("New without settings succeeded")
	}
}
