package persistence

import (
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// Op is the operator of a Condition.
type Op int

// The operators a Condition can use. They are the subset of DynamoDB's
// condition expressions that Intake needs, so every backend can evaluate them
// exactly as DynamoDB does.
const (
	OpExists    Op = iota + 1 // attribute_exists(name)
	OpNotExists               // attribute_not_exists(name)
	OpEqual                   // name = value (false when absent)
	OpLess                    // name < value (false when absent or of another type)
	OpAnd                     // every child holds
	OpOr                      // some child holds
)

// Condition is a predicate over one stored item, evaluated by the backend at
// write time. Build it with the constructors below; attribute names are
// top-level attributes only.
type Condition struct {
	Op       Op
	Name     string
	Value    types.AttributeValue
	Children []Condition
	// Err holds a value that could not be marshalled; backends return it.
	Err error
}

// Exists holds when the item has the attribute.
func Exists(name string) Condition { return Condition{Op: OpExists, Name: name} }

// NotExists holds when the item lacks the attribute, or the item is absent.
func NotExists(name string) Condition { return Condition{Op: OpNotExists, Name: name} }

// Equal holds when the attribute equals v.
func Equal(name string, v any) Condition { return compare(OpEqual, name, v) }

// Less holds when the attribute sorts before v (strings by bytes, numbers by value).
func Less(name string, v any) Condition { return compare(OpLess, name, v) }

// And holds when every condition holds.
func And(cs ...Condition) Condition { return Condition{Op: OpAnd, Children: cs} }

// Or holds when at least one condition holds.
func Or(cs ...Condition) Condition { return Condition{Op: OpOr, Children: cs} }

// Ptr returns a pointer to c, for the optional condition arguments of Table.
func (c Condition) Ptr() *Condition { return &c }

// Validate returns the first marshalling error inside the condition tree.
func (c Condition) Validate() error {
	if c.Err != nil {
		return c.Err
	}
	for _, child := range c.Children {
		if err := child.Validate(); err != nil {
			return err
		}
	}
	return nil
}

func compare(op Op, name string, v any) Condition {
	av, err := MarshalValue(v)
	return Condition{Op: op, Name: name, Value: av, Err: err}
}
