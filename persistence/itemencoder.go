package persistence

import (
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// itemEncoder builds one item of a record the hand-written encoders write
// (messages, receipts). Its string and number values come from arrays of
// its own, so that a record's dozen strings and handful of numbers cost one
// allocation.
type itemEncoder struct {
	item    Item
	strings [32]types.AttributeValueMemberS
	numbers [8]types.AttributeValueMemberN
	usedS   int
	usedN   int
	err     error
}

// str sets a string attribute, empty or not.
func (e *itemEncoder) str(name, v string) {
	s := &e.strings[e.usedS] // the test sets every field: an index out of range there means grow the array
	e.usedS++
	s.Value = v
	e.item[name] = s
}

// optStr sets a string attribute tagged omitempty: an empty one is left out.
func (e *itemEncoder) optStr(name, v string) {
	if v != "" {
		e.str(name, v)
	}
}

// num sets a number attribute tagged omitempty: zero is left out.
func (e *itemEncoder) num(name string, v int64) {
	if v != 0 {
		n := &e.numbers[e.usedN] // as in str
		e.usedN++
		n.Value = strconv.FormatInt(v, 10)
		e.item[name] = n
	}
}

// strs sets a list of strings tagged omitempty: a nil one is left out (an
// empty one is kept, as the reflective encoder keeps it).
func (e *itemEncoder) strs(name string, vs []string) {
	if vs == nil {
		return
	}
	list := make([]types.AttributeValue, len(vs))
	members := make([]types.AttributeValueMemberS, len(vs))
	for i, v := range vs {
		members[i].Value = v
		list[i] = &members[i]
	}
	e.item[name] = &types.AttributeValueMemberL{Value: list}
}

// nested sets, when present, an attribute whose value has a shape of its
// own, through the reflective encoder.
func (e *itemEncoder) nested(name string, present bool, v any) {
	if !present || e.err != nil {
		return
	}
	av, err := recordEncoder.Encode(v)
	if err != nil {
		e.err = err
		return
	}
	if _, null := av.(*types.AttributeValueMemberNULL); !null {
		e.item[name] = av
	}
}

// optTime sets a timestamp attribute tagged omitempty: a nil one is left out.
func (e *itemEncoder) optTime(name string, t *time.Time) {
	if t != nil {
		e.str(name, FormatTime(*t))
	}
}

// numAlways sets a number attribute without omitempty: zero is written.
func (e *itemEncoder) numAlways(name string, v int64) {
	n := &e.numbers[e.usedN]
	e.usedN++
	n.Value = strconv.FormatInt(v, 10)
	e.item[name] = n
}
