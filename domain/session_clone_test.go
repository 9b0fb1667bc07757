package domain_test

import (
	"reflect"
	"testing"

	"github.com/intake-runtime/intake/domain"
)

// A clone is equal to its session and shares nothing mutable with it: every
// map, list, nested value, summary and time the session holds can change
// afterwards without the clone seeing it.
func TestSessionCloneSharesNothing(t *testing.T) {
	s := fullSession()
	s.HandoffAt = at(t1)
	c := s.Clone()
	if !reflect.DeepEqual(c, s) {
		t.Fatalf("clone differs from its session\n got: %#v\nwant: %#v", c, s)
	}

	s.QualificationData["telhado"] = "metal"
	s.CadastralData["contatos"].([]any)[1].(map[string]any)["email"] = "other@example.com"
	s.CollectedPackages[0] = "pkg-other"
	s.ERPPayload["tipo"].([]any)[0] = "fornecedor"
	s.CRMPayload["properties"].(map[string]any)["firstname"] = "Joana"
	s.OperationalSummary.Structured.PontosChave[0] = "changed"
	s.OperationalSummary.Structured.DadosColetados["nome"] = "Joana"
	*s.ClosedAt = t0
	*s.HandoffAt = t0
	*s.HandoffRenotifiedAt = t0
	*s.HandoffCustomerRenotifiedAt = t0
	want := fullSession()
	want.HandoffAt = at(t1)
	if !reflect.DeepEqual(c, want) {
		t.Errorf("changing the session changed its clone\n got: %#v\nwant: %#v", c, want)
	}
}

// The data maps and package list of a clone can be written to at once, even
// when the session's were nil; the payloads, whose nil means "none", stay nil.
func TestSessionCloneOfNilData(t *testing.T) {
	c := domain.Session{}.Clone()
	if c.QualificationData == nil || c.CadastralData == nil || c.CollectedPackages == nil {
		t.Errorf("clone data = %#v, %#v, %#v; want empty, not nil", c.QualificationData, c.CadastralData, c.CollectedPackages)
	}
	if c.ERPPayload != nil || c.CRMPayload != nil || c.OperationalSummary.Structured != nil || c.ClosedAt != nil {
		t.Errorf("clone invented values: %#v", c)
	}
}

// Every list, map and pointer a clone holds is its own, whatever the field:
// a field added to Session and not to Clone fails here.
func TestSessionCloneCopiesEveryReference(t *testing.T) {
	s := fullSession()
	s.HandoffAt, s.AssignedAt = at(t1), at(t1)
	s.CSATAskedAt, s.CSATAnsweredAt, s.CSATCommentAt = at(t1), at(t1), at(t1)
	s.SearchKeys = []string{"SEARCH#name|x"}
	s.Labels = []string{"vip"}
	s.AssignmentPassed = []string{"5511988887777"}
	c := s.Clone()
	sv, cv := reflect.ValueOf(s), reflect.ValueOf(c)
	for i := range sv.NumField() {
		f := sv.Field(i)
		switch f.Kind() {
		case reflect.Slice, reflect.Map, reflect.Pointer:
		default:
			continue
		}
		name := sv.Type().Field(i).Name
		if f.IsNil() || (f.Kind() != reflect.Pointer && f.Len() == 0) {
			t.Errorf("fullSession leaves %s empty: give it a value so its copy is checked", name)
			continue
		}
		if f.Pointer() == cv.Field(i).Pointer() {
			t.Errorf("the clone shares %s with its session", name)
		}
	}
}
