package memory

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/intake-runtime/intake/persistence"
)

// Update applies upd to the item under key when cond holds, creating the item
// when absent, and returns the item after the update, as DynamoDB's
// UpdateItem with ReturnValues ALL_NEW does (nothing with upd.NoReturn, as
// with ReturnValues NONE).
func (t *Table) Update(ctx context.Context, key persistence.Key, upd persistence.Update, cond *persistence.Condition) (persistence.Item, error) {
	if err := ctx.Err(); err != nil {
		return nil, opError("update", key, err)
	}
	if err := checkKey(key); err != nil {
		return nil, opError("update", key, err)
	}
	set, err := compileUpdate(upd)
	if err != nil {
		return nil, opError("update", key, err)
	}
	p, err := compile(cond)
	if err != nil {
		return nil, opError("update", key, err)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	cur := t.current(key)
	if !p.holds(cur) {
		return nil, opError("update", key, persistence.ErrConflict)
	}
	next, rec, err := applyUpdate(key, cur, upd, set)
	if err != nil {
		return nil, opError("update", key, err)
	}
	t.items.put(key, rec)
	if upd.NoReturn {
		return nil, nil
	}
	// next is this call's own: a copy, or built from clean values.
	return next, nil
}

// applyUpdate applies upd, whose Set values compileUpdate cleaned into set,
// to next, the visible item under key or nil when there is none, and returns
// the item after the update (next itself, changed, unless it was nil) and its
// record. It fails where DynamoDB fails on the stored item: ADD to a value
// that is not a number, a sum out of range, an item grown past 400 KB.
func applyUpdate(key persistence.Key, next persistence.Item, upd persistence.Update, set map[string]types.AttributeValue) (persistence.Item, record, error) {
	if next == nil {
		next = keyAttrs(key)
	}
	for name, v := range set {
		next[name] = v
	}
	for _, name := range upd.Remove {
		delete(next, name)
	}
	for name, delta := range upd.Add {
		sum := numberFromInt(delta)
		if old, ok := next[name]; ok {
			n, ok := old.(*types.AttributeValueMemberN)
			if !ok {
				return nil, record{}, fmt.Errorf("ADD %s: an operand in the update expression has an incorrect data type", name)
			}
			d, _ := parseNumber(n.Value) // stored numbers are valid
			sum = d.add(sum)
		}
		if err := sum.check(); err != nil {
			return nil, record{}, fmt.Errorf("ADD %s: %w", name, err)
		}
		next[name] = &types.AttributeValueMemberN{Value: sum.String()}
	}
	rec, _, err := prepare(next)
	if err != nil {
		return nil, record{}, err
	}
	return next, rec, nil
}

// compileUpdate validates upd as DynamoDB validates an update expression and
// returns the clean values to set: no key attributes, no empty names, no
// attribute named twice, values that marshal to valid attribute values.
func compileUpdate(upd persistence.Update) (map[string]types.AttributeValue, error) {
	seen := make(map[string]bool)
	claim := func(name string) error {
		switch {
		case name == "":
			return fmt.Errorf("empty attribute name")
		case name == persistence.AttrPK || name == persistence.AttrSK:
			return fmt.Errorf("cannot update attribute %s; this attribute is part of the key", name)
		case seen[name]:
			return fmt.Errorf("two document paths overlap: %s", name)
		}
		seen[name] = true
		return nil
	}
	set := make(map[string]types.AttributeValue, len(upd.Set))
	for name, v := range upd.Set {
		if err := claim(name); err != nil {
			return nil, err
		}
		av, err := attributevalue.Marshal(v)
		if err != nil {
			return nil, fmt.Errorf("SET %s: %w", name, err)
		}
		if set[name], err = clean(av); err != nil {
			return nil, fmt.Errorf("SET %s: %w", name, err)
		}
	}
	for _, name := range upd.Remove {
		if err := claim(name); err != nil {
			return nil, err
		}
	}
	for name := range upd.Add {
		if err := claim(name); err != nil {
			return nil, err
		}
	}
	return set, nil
}
