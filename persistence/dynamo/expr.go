package dynamo

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

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
}

// preset is how many placeholders of each kind are written once for the
// process instead of per request: more than any request of Intake uses.
const preset = 64

// namePlaceholders and valuePlaceholders are #n0… and :v0…, and exists and
// notExists the conditions on the presence of #n0…, so a request builds
// none of them.
var (
	namePlaceholders  = numbered{"#n", ""}.written()
	valuePlaceholders = numbered{":v", ""}.written()
	exists            = numbered{"attribute_exists(#n", ")"}.written()
	notExists         = numbered{"attribute_not_exists(#n", ")"}.written()
)

// numbered is a text around a placeholder's number.
type numbered struct{ prefix, suffix string }

func (n numbered) format(i int) string { return n.prefix + strconv.Itoa(i) + n.suffix }

// written is the text of the first preset numbers.
func (n numbered) written() []string {
	ps := make([]string, preset)
	for i := range ps {
		ps[i] = n.format(i)
	}
	return ps
}

// placeholder is written[i], or the text of i past the preset ones.
func placeholder(written []string, i int, n numbered) string {
	if i < len(written) {
		return written[i]
	}
	return n.format(i)
}

// reserve sizes the maps for names and values to come, so a request's maps
// are allocated once at their size instead of grown. A request without
// values keeps a nil map: DynamoDB refuses an empty one.
func (b *exprBuilder) reserve(names, values int) {
	if b.names == nil {
		b.names = make(map[string]string, names)
	}
	if b.values == nil && values > 0 {
		b.values = make(map[string]types.AttributeValue, values)
	}
}

// name returns the placeholder of an attribute name. A request names a
// handful of attributes: looking through them costs less than a second map
// from name to placeholder.
func (b *exprBuilder) name(n string) string {
	for p, known := range b.names {
		if known == n {
			return p
		}
	}
	if b.names == nil {
		b.names = make(map[string]string)
	}
	p := placeholder(namePlaceholders, len(b.names), numbered{"#n", ""})
	b.names[p] = n
	return p
}

// value returns a new placeholder for v.
func (b *exprBuilder) value(v types.AttributeValue) string {
	if b.values == nil {
		b.values = make(map[string]types.AttributeValue)
	}
	p := placeholder(valuePlaceholders, len(b.values), numbered{":v", ""})
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
		i, _ := strconv.Atoi(b.name(c.Name)[len("#n"):])
		if c.Op == persistence.OpExists {
			return placeholder(exists, i, numbered{"attribute_exists(#n", ")"}), nil
		}
		return placeholder(notExists, i, numbered{"attribute_not_exists(#n", ")"}), nil
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
// when u changes nothing: UpdateItem then only creates the item's keys. It
// writes the expression in one buffer: every item write of a turn comes
// through here.
func (b *exprBuilder) updateExpr(u persistence.Update) (*string, error) {
	if len(u.Set)+len(u.Remove)+len(u.Add) == 0 {
		return nil, nil
	}
	// One name more for a condition's; the attributes of SET or ADD are
	// sorted on the stack for most updates.
	b.reserve(len(u.Set)+len(u.Remove)+len(u.Add)+1, len(u.Set)+len(u.Add))
	var sorted [16]string
	var expr strings.Builder
	expr.Grow(16 * (len(u.Set) + len(u.Remove) + len(u.Add)))
	if len(u.Set) > 0 {
		expr.WriteString("SET ")
		for i, name := range sortedKeys(sorted[:0], u.Set) {
			av, err := persistence.MarshalValue(u.Set[name])
			if err != nil {
				return nil, fmt.Errorf("SET %s: %w", name, err)
			}
			if err := checkIndexKey(name, av); err != nil {
				return nil, err
			}
			if i > 0 {
				expr.WriteString(", ")
			}
			expr.WriteString(b.name(name))
			expr.WriteString(" = ")
			expr.WriteString(b.value(av))
		}
	}
	if len(u.Remove) > 0 {
		if expr.Len() > 0 {
			expr.WriteByte(' ')
		}
		expr.WriteString("REMOVE ")
		for i, name := range u.Remove {
			if i > 0 {
				expr.WriteString(", ")
			}
			expr.WriteString(b.name(name))
		}
	}
	if len(u.Add) > 0 {
		if expr.Len() > 0 {
			expr.WriteByte(' ')
		}
		expr.WriteString("ADD ")
		for i, name := range sortedKeys(sorted[:0], u.Add) {
			if i > 0 {
				expr.WriteString(", ")
			}
			expr.WriteString(b.name(name))
			expr.WriteByte(' ')
			expr.WriteString(b.value(&types.AttributeValueMemberN{Value: strconv.FormatInt(u.Add[name], 10)}))
		}
	}
	s := expr.String()
	return &s, nil
}

// sortedKeys appends m's keys to buf in byte order.
func sortedKeys[V any](buf []string, m map[string]V) []string {
	for k := range m {
		buf = append(buf, k)
	}
	slices.Sort(buf)
	return buf
}
