package memory

import (
	"fmt"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/intake-runtime/intake/persistence"
)

// predicate is a validated condition whose values are clean, ready to be
// evaluated against stored items.
type predicate struct {
	op       persistence.Op
	name     string
	value    types.AttributeValue
	children []predicate
}

// compile validates c as DynamoDB validates a condition expression; a nil c
// compiles to a nil predicate, which always holds.
func compile(c *persistence.Condition) (*predicate, error) {
	if c == nil {
		return nil, nil
	}
	if err := c.Validate(); err != nil {
		return nil, fmt.Errorf("invalid condition: %w", err)
	}
	p, err := compileNode(*c)
	if err != nil {
		return nil, fmt.Errorf("invalid condition: %w", err)
	}
	return &p, nil
}

func compileNode(c persistence.Condition) (predicate, error) {
	p := predicate{op: c.Op, name: c.Name}
	switch c.Op {
	case persistence.OpExists, persistence.OpNotExists:
		if c.Name == "" {
			return p, fmt.Errorf("empty attribute name")
		}
	case persistence.OpEqual, persistence.OpLess:
		if c.Name == "" {
			return p, fmt.Errorf("empty attribute name")
		}
		v, err := clean(c.Value)
		if err != nil {
			return p, fmt.Errorf("value of %q: %w", c.Name, err)
		}
		if c.Op == persistence.OpLess && !ordered(v) {
			return p, fmt.Errorf("incorrect operand type for operator <: %T", v)
		}
		p.value = v
	case persistence.OpAnd, persistence.OpOr:
		if len(c.Children) == 0 {
			return p, fmt.Errorf("AND/OR without operands")
		}
		for _, child := range c.Children {
			cp, err := compileNode(child)
			if err != nil {
				return p, err
			}
			p.children = append(p.children, cp)
		}
	default:
		return p, fmt.Errorf("unknown operator %d", c.Op)
	}
	return p, nil
}

// ordered reports whether "<" accepts values of v's type.
func ordered(v types.AttributeValue) bool {
	switch v.(type) {
	case *types.AttributeValueMemberS, *types.AttributeValueMemberN, *types.AttributeValueMemberB:
		return true
	}
	return false
}

// holds evaluates p against item; a nil item is an absent one.
func (p *predicate) holds(item persistence.Item) bool {
	if p == nil {
		return true
	}
	v, present := item[p.name]
	switch p.op {
	case persistence.OpExists:
		return present
	case persistence.OpNotExists:
		return !present
	case persistence.OpEqual:
		return present && equal(v, p.value)
	case persistence.OpLess:
		return present && less(v, p.value)
	case persistence.OpAnd:
		for i := range p.children {
			if !p.children[i].holds(item) {
				return false
			}
		}
		return true
	case persistence.OpOr:
		for i := range p.children {
			if p.children[i].holds(item) {
				return true
			}
		}
	}
	return false
}
