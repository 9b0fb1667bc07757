package dynamo

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/intake-runtime/intake/persistence"
)

// referenceBuilder is the expression builder as it was written first, by
// joining strings, kept here as the specification the one-buffer builder
// must match byte for byte.
type referenceBuilder struct {
	names  map[string]string
	values map[string]types.AttributeValue
	byName map[string]string
}

func (b *referenceBuilder) name(n string) string {
	if p, ok := b.byName[n]; ok {
		return p
	}
	if b.names == nil {
		b.names, b.byName = make(map[string]string), make(map[string]string)
	}
	p := "#n" + strconv.Itoa(len(b.names))
	b.names[p], b.byName[n] = n, p
	return p
}

func (b *referenceBuilder) value(v types.AttributeValue) string {
	if b.values == nil {
		b.values = make(map[string]types.AttributeValue)
	}
	p := ":v" + strconv.Itoa(len(b.values))
	b.values[p] = v
	return p
}

func (b *referenceBuilder) updateExpr(u persistence.Update) *string {
	var clauses []string
	if len(u.Set) > 0 {
		var sets []string
		for _, name := range slices.Sorted(maps.Keys(u.Set)) {
			av, _ := persistence.MarshalValue(u.Set[name])
			sets = append(sets, b.name(name)+" = "+b.value(av))
		}
		clauses = append(clauses, "SET "+strings.Join(sets, ", "))
	}
	if len(u.Remove) > 0 {
		removes := make([]string, len(u.Remove))
		for i, name := range u.Remove {
			removes[i] = b.name(name)
		}
		clauses = append(clauses, "REMOVE "+strings.Join(removes, ", "))
	}
	if len(u.Add) > 0 {
		var adds []string
		for _, name := range slices.Sorted(maps.Keys(u.Add)) {
			n := &types.AttributeValueMemberN{Value: strconv.FormatInt(u.Add[name], 10)}
			adds = append(adds, b.name(name)+" "+b.value(n))
		}
		clauses = append(clauses, "ADD "+strings.Join(adds, ", "))
	}
	if len(clauses) == 0 {
		return nil
	}
	return aws.String(strings.Join(clauses, " "))
}

func (b *referenceBuilder) condition(c persistence.Condition) string {
	switch c.Op {
	case persistence.OpExists:
		return "attribute_exists(" + b.name(c.Name) + ")"
	case persistence.OpNotExists:
		return "attribute_not_exists(" + b.name(c.Name) + ")"
	case persistence.OpEqual:
		return b.name(c.Name) + " = " + b.value(c.Value)
	case persistence.OpLess:
		return b.name(c.Name) + " < " + b.value(c.Value)
	}
	join := " AND "
	if c.Op == persistence.OpOr {
		join = " OR "
	}
	parts := make([]string, len(c.Children))
	for i, child := range c.Children {
		parts[i] = "(" + b.condition(child) + ")"
	}
	return strings.Join(parts, join)
}

// many is an update of n attributes of each kind, past the placeholders
// written once for the process.
func many(n int) persistence.Update {
	u := persistence.Update{Set: map[string]any{}, Add: map[string]int64{}}
	for i := range n {
		u.Set[fmt.Sprintf("set_%03d", i)] = i
		u.Remove = append(u.Remove, fmt.Sprintf("gone_%03d", i))
		u.Add[fmt.Sprintf("add_%03d", i)] = int64(i)
	}
	return u
}

func TestUpdateExprMatchesTheReference(t *testing.T) {
	// NoReturn asks for the answer, not for a change: it is not in the expression.
	if n := reflect.TypeFor[persistence.Update]().NumField(); n != 4 {
		t.Fatalf("persistence.Update has %d fields; updateExpr and this test write Set, Remove and Add only", n)
	}
	now := persistence.Update{Set: map[string]any{"outbox_status": "sent"}}
	tests := []struct {
		name string
		upd  persistence.Update
		cond *persistence.Condition
	}{
		{"nothing", persistence.Update{}, nil},
		{"set", persistence.Update{Set: map[string]any{"b": "x", "a": int64(3), "c": true}}, nil},
		{"remove only: no values", persistence.Update{Remove: []string{"error", "gsi1pk"}}, persistence.Exists(persistence.AttrPK).Ptr()},
		{"add", persistence.Update{Add: map[string]int64{"z": 1, "y": -2}}, nil},
		{"a send's result", persistence.Update{
			Set:    map[string]any{"outbox_status": "sent", "provider_message_id": "wamid.1", persistence.AttrGSI1PK: "PMID#wamid.1", persistence.AttrGSI1SK: "MSG#s#t#m", persistence.AttrTTL: int64(1700000000)},
			Remove: []string{"error"},
		}, persistence.Exists(persistence.AttrPK).Ptr()},
		{"a begun send", persistence.Update{Set: map[string]any{"outbox_status": "sending"}, Add: map[string]int64{"outbox_attempts": 1, "outbox_uncertain": 1}},
			persistence.Equal("outbox_status", "pending").Ptr()},
		{"one attribute in two clauses", persistence.Update{Set: map[string]any{"n": 1}, Remove: []string{"n"}, Add: map[string]int64{"n": 1}}, nil},
		{"condition names an updated attribute", now, persistence.Equal("outbox_status", "sending").Ptr()},
		{"more attributes than sorted on the stack", many(20), nil},
		{"more placeholders than written once", many(40), persistence.Exists("set_039").Ptr()},
		{"a condition past the placeholders written once", many(40), persistence.And(
			persistence.NotExists("new"), persistence.Exists("gone_000"), persistence.Equal("add_001", 1)).Ptr()},
		{"a condition alone", persistence.Update{}, persistence.Or(
			persistence.NotExists(persistence.AttrPK), persistence.Less("version", 3), persistence.Exists("version")).Ptr()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got exprBuilder
			expr, err := got.updateExpr(tt.upd)
			if err != nil {
				t.Fatal(err)
			}
			cond, err := got.conditionExpr(tt.cond)
			if err != nil {
				t.Fatal(err)
			}
			var want referenceBuilder
			wantExpr := want.updateExpr(tt.upd)
			var wantCond *string
			if tt.cond != nil {
				wantCond = aws.String(want.condition(*tt.cond))
			}
			if aws.ToString(expr) != aws.ToString(wantExpr) || (expr == nil) != (wantExpr == nil) {
				t.Errorf("update expression = %q; want %q", aws.ToString(expr), aws.ToString(wantExpr))
			}
			if aws.ToString(cond) != aws.ToString(wantCond) {
				t.Errorf("condition = %q; want %q", aws.ToString(cond), aws.ToString(wantCond))
			}
			if !reflect.DeepEqual(got.names, want.names) {
				t.Errorf("names = %v; want %v", got.names, want.names)
			}
			if !reflect.DeepEqual(got.values, want.values) || (got.values == nil) != (want.values == nil) {
				t.Errorf("values = %v; want %v", got.values, want.values)
			}
		})
	}
}

// BenchmarkUpdateExpr measures the expressions of a send's result.
func BenchmarkUpdateExpr(b *testing.B) {
	upd := persistence.Update{
		Set:    map[string]any{"outbox_status": "sent", "provider_message_id": "wamid.1", persistence.AttrGSI1PK: "PMID#wamid.1", persistence.AttrGSI1SK: "MSG#s#t#m", persistence.AttrTTL: int64(1700000000)},
		Remove: []string{"error"},
	}
	cond := persistence.Exists(persistence.AttrPK).Ptr()
	b.ReportAllocs()
	for b.Loop() {
		var eb exprBuilder
		if _, err := eb.updateExpr(upd); err != nil {
			b.Fatal(err)
		}
		if _, err := eb.conditionExpr(cond); err != nil {
			b.Fatal(err)
		}
	}
}
