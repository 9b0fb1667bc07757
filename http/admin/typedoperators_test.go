package admin_test

import (
	"net/url"
	"testing"

	"github.com/intake-runtime/intake/http/admin"
)

// An admin types an operator's number as they would dial it; every form of
// one Brazilian mobile (the ninth digit or not, punctuation, +55 or not) is
// one operator, the one the console's login looks up.
func TestOperatorsAPIReadsNumbersAsTyped(t *testing.T) {
	f := newFixture(t, admin.Config{})
	for _, c := range []struct {
		typed, name string
		want        int
	}{
		{"(11) 98888-7777", "Ana", 200},
		{"551188887777", "Ana Paula", 200},
		{"+55 11 98888-7777", "Ana Paula Souza", 200},
		{"98888-7777", "sem DDD", 400},
		{"operadora", "sem número", 400},
	} {
		target := "/admin/api/operators/" + url.PathEscape(c.typed)
		status, body := f.do("PUT", target, `{"name":"`+c.name+`"}`, nil)
		if status != c.want {
			t.Errorf("PUT %s = %d %s, want %d", target, status, body, c.want)
		}
		if c.want == 400 && errorOf(t, body).Code != "invalid_phone" {
			t.Errorf("PUT %s: error %s, want invalid_phone", target, body)
		}
	}
	var got struct {
		Operators []struct{ Phone, Name string } `json:"operators"`
	}
	f.getJSON("/admin/api/operators", &got)
	if len(got.Operators) != 1 || got.Operators[0].Phone != "+5511988887777" || got.Operators[0].Name != "Ana Paula Souza" {
		t.Errorf("operators = %+v, want one, +5511988887777, last named", got.Operators)
	}
}
