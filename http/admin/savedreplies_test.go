package admin_test

import (
	"strings"
	"testing"

	"github.com/intake-runtime/intake/http/admin"
)

// Admins put, list and delete saved replies through the key-checked API;
// bad codes, empty texts and unknown codes get their statuses, and no key
// gets nothing.
func TestSavedRepliesAPI(t *testing.T) {
	f := newFixture(t, admin.Config{})
	for _, c := range []struct {
		method, target, body string
		want                 int
	}{
		{"PUT", "/admin/api/saved-replies/preco", `{"text": "A consulta custa R$ 200."}`, 200},
		{"PUT", "/admin/api/saved-replies/horario", `{"text": "Das 8h às 18h."}`, 200},
		{"PUT", "/admin/api/saved-replies/pre%20co", `{"text": "x"}`, 422},
		{"PUT", "/admin/api/saved-replies/vazio", `{"text": " "}`, 422},
		{"PUT", "/admin/api/saved-replies/x", `not json`, 400},
		{"DELETE", "/admin/api/saved-replies/horario", "", 204},
		{"DELETE", "/admin/api/saved-replies/horario", "", 404},
	} {
		if status, body := f.do(c.method, c.target, c.body, nil); status != c.want {
			t.Errorf("%s %s = %d %s, want %d", c.method, c.target, status, body, c.want)
		}
	}
	var got struct {
		SavedReplies []struct{ Code, Text string } `json:"saved_replies"`
	}
	f.getJSON("/admin/api/saved-replies", &got)
	if len(got.SavedReplies) != 1 || got.SavedReplies[0].Code != "preco" || got.SavedReplies[0].Text != "A consulta custa R$ 200." {
		t.Errorf("list = %+v", got.SavedReplies)
	}
	if status, _ := f.do("GET", "/admin/api/saved-replies", "", map[string]string{admin.KeyHeader: "wrong"}); status != 401 {
		t.Errorf("without the key: %d", status)
	}
}

// Admins add, rename and disable operators; a bad number or a name too long
// is refused.
func TestOperatorsAPI(t *testing.T) {
	f := newFixture(t, admin.Config{})
	for _, c := range []struct {
		target, body string
		want         int
	}{
		{"/admin/api/operators/%2B5511400000009", `{"name":"Ana","signature":true}`, 200},
		{"/admin/api/operators/5511400000009", `{"name":"Ana Paula","disabled":true}`, 200},
		{"/admin/api/operators/abc", `{"name":"x"}`, 400},
		{"/admin/api/operators/5511400000008", `{"name":"` + strings.Repeat("a", 61) + `"}`, 422},
		{"/admin/api/operators/5511400000008", `nope`, 400},
	} {
		if status, body := f.do("PUT", c.target, c.body, nil); status != c.want {
			t.Errorf("PUT %s = %d %s, want %d", c.target, status, body, c.want)
		}
	}
	var got struct {
		Operators []struct {
			Phone, Name         string
			Disabled, Signature bool
		} `json:"operators"`
	}
	f.getJSON("/admin/api/operators", &got)
	if len(got.Operators) != 1 || got.Operators[0].Phone != "+5511400000009" || got.Operators[0].Name != "Ana Paula" ||
		!got.Operators[0].Disabled || got.Operators[0].Signature {
		t.Errorf("operators = %+v", got.Operators)
	}
}
