package dynamo

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/intake-runtime/intake/persistence"
)

// exprBuilder writes DynamoDB expressions with placeholders only (#n0, :v0),
// so attribute names never clash with DynamoDB's reserved words and values
// never need quoting. One builder serves all expressions of one request,
// which share the name and value maps.
type exprBuilder struct {
	names  map[string]string
	values map[string]types.AttributeValue
	byName map[string]string
}

// name returns the placeholder of an attribute name.
func (b *exprBuilder) name(n string) string {
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

// value returns a new placeholder for v.
func (b *exprBuilder) value(v types.AttributeValue) string {
	if b.values == nil {
		b.values = make(map[string]types.AttributeValue)
	}
	p := ":v" + strconv.Itoa(len(b.values))
	b.values[p] = v
	return p
}

// conditionExpr returns the condition expression of c, or nil when c is nil.
func (b *exprBuilder) conditionExpr(c *persistence.Condition) (*string, error) {
	if c == nil {
		return nil, nil
	}
	if err := c.Validate(); err != nil {
		return nil, fmt.Errorf("invalid condition: %w", err)
	}
	s, err := b.condition(*c)
	if err != nil {
		return nil, fmt.Errorf("invalid condition: %w", err)
	}
	return &s, nil
}

func (b *exprBuilder) condition(c persistence.Condition) (string, error) {
	switch c.Op {
	case persistence.OpExists, persistence.OpNotExists:
		if c.Name == "" {
			return "", fmt.Errorf("empty attribute name")
		}
		if c.Op == persistence.OpExists {
			return "attribute_exists(" + b.name(c.Name) + ")", nil
		}
		return "attribute_not_exists(" + b.name(c.Name) + ")", nil
	case persistence.OpEqual, persistence.OpLess:
		if c.Name == "" {
			return "", fmt.Errorf("empty attribute name")
		}
		if c.Value == nil {
			return "", fmt.Errorf("no value to compare %q with", c.Name)
		}
		if c.Op == persistence.OpEqual {
			return b.name(c.Name) + " = " + b.value(c.Value), nil
		}
		if !ordered(c.Value) {
			// DynamoDB rejects this expression; so does every backend, with this message.
			return "", fmt.Errorf("incorrect operand type for operator <: %T", c.Value)
		}
		return b.name(c.Name) + " < " + b.value(c.Value), nil
	case persistence.OpAnd, persistence.OpOr:
		if len(c.Children) == 0 {
			return "", fmt.Errorf("AND/OR without operands")
		}
		join := " AND "
		if c.Op == persistence.OpOr {
			join = " OR "
		}
		parts := make([]string, len(c.Children))
		for i, child := range c.Children {
			s, err := b.condition(child)
			if err != nil {
				return "", err
			}
			parts[i] = "(" + s + ")"
		}
		return strings.Join(parts, join), nil
	}
	return "", fmt.Errorf("unknown operator %d", c.Op)
}

// ordered reports whether "<" accepts values of v's type.
func ordered(v types.AttributeValue) bool {
	switch v.(type) {
	case *types.AttributeValueMemberS, *types.AttributeValueMemberN, *types.AttributeValueMemberB:
		return true
	}
	return false
}

// updateExpr returns the update expression of u (SET, REMOVE and ADD
// clauses, attributes in byte order so requests are deterministic), or nil
// when u changes nothing: UpdateItem then only creates the item's keys.
func (b *exprBuilder) updateExpr(u persistence.Update) (*string, error) {
	var clauses []string
	if len(u.Set) > 0 {
		var sets []string
		for _, name := range slices.Sorted(maps.Keys(u.Set)) {
			av, err := persistence.MarshalValue(u.Set[name])
			if err != nil {
				return nil, fmt.Errorf("SET %s: %w", name, err)
			}
			if err := checkIndexKey(name, av); err != nil {
				return nil, err
			}
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
		return nil, nil
	}
	return aws.String(strings.Join(clauses, " ")), nil
}
